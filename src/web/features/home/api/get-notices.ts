import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeNoticesSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

/** Under the student's complaints: filing one (which may link it to a notice) refreshes the counts. */
export const noticesKey = [...complaintsKey, 'notices'] as const;

/** GET /api/incidents/active: the notices up where the student lives (their remembered place). */
export const noticesQueryOptions = queryOptions({
  queryKey: noticesKey,
  queryFn: ({ signal }) => apiFetch('/api/incidents/active', { schema: activeNoticesSchema, signal }),
});

export function useNotices() {
  return useQuery(noticesQueryOptions);
}
