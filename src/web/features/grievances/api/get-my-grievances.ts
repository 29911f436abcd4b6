import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievanceListSchema } from './answers';
import { myGrievancesKey } from './keys';

/** GET /api/grievances: the signed-in student's grievances, the latest first. */
export function useMyGrievances() {
  return useQuery({
    queryKey: myGrievancesKey,
    queryFn: ({ signal }) => apiFetch('/api/grievances', { schema: grievanceListSchema, signal }),
  });
}
