import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceListSchema } from './answers';
import { committeeListKey } from './keys';

export type CommitteeListState = 'open' | 'decided' | 'all';

/** GET /api/committee/grievances?state=: the committee's grievances (open: still to decide). */
export function useCommitteeGrievances(state: CommitteeListState) {
  return useQuery({
    queryKey: committeeListKey(state),
    queryFn: ({ signal }) => apiFetch(`/api/committee/grievances?state=${state}`, { schema: grievanceListSchema, signal }),
  });
}
