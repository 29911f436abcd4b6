import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceListSchema } from './answers';
import { appealsKey } from './keys';

/** GET /api/ombudsperson/appeals: the appeals before the Ombudsperson. */
export function useAppeals() {
  return useQuery({
    queryKey: appealsKey,
    queryFn: ({ signal }) => apiFetch('/api/ombudsperson/appeals', { schema: grievanceListSchema, signal }),
  });
}
