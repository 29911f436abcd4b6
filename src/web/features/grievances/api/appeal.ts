import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceViewSchema } from './answers';
import { appealKey } from './keys';

/** GET /api/ombudsperson/appeals/:number: everything the committee saw, its decision and the appeal. */
export function useAppeal(number: string) {
  return useQuery({
    queryKey: appealKey(number),
    queryFn: ({ signal }) => apiFetch(`/api/ombudsperson/appeals/${encodeURIComponent(number)}`, { schema: grievanceViewSchema, signal }),
  });
}
