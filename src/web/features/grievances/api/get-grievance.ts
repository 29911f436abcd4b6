import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceViewSchema } from './answers';
import { grievanceKey } from './keys';

/** GET /api/grievances/:number: one of the student's grievances with its thread (404 when not theirs). */
export function useGrievance(number: string) {
  return useQuery({
    queryKey: grievanceKey(number),
    queryFn: ({ signal }) => apiFetch(`/api/grievances/${encodeURIComponent(number)}`, { schema: grievanceViewSchema, signal }),
  });
}
