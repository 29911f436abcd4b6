import { queryOptions, useQuery } from '@tanstack/react-query';
import { universityAdminSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminUniversityKey } from '../../../lib/query-keys';

/** GET /api/admin/university: what the admin saved, what is in effect, and what the environment overrides. */
export const universityQueryOptions = queryOptions({
  queryKey: adminUniversityKey,
  queryFn: ({ signal }) => apiFetch('/api/admin/university', { schema: universityAdminSchema, signal }),
});

export function useUniversity() {
  return useQuery(universityQueryOptions);
}
