import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceViewSchema } from './answers';
import { committeeGrievanceKey } from './keys';

/** GET /api/committee/grievances/:number: the grievance as members see it, the student and the complaint's history with it. */
export function useCommitteeGrievance(number: string) {
  return useQuery({
    queryKey: committeeGrievanceKey(number),
    queryFn: ({ signal }) => apiFetch(`/api/committee/grievances/${encodeURIComponent(number)}`, { schema: grievanceViewSchema, signal }),
  });
}
