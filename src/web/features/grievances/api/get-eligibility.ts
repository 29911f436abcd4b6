import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { eligibilitySchema } from './answers';
import { eligibilityKey } from './keys';

/** GET /api/complaints/:number/grievance: whether the complaint may go to the committee, or why not (the server decides). */
export function useGrievanceEligibility(complaintNumber: string) {
  return useQuery({
    queryKey: eligibilityKey(complaintNumber),
    queryFn: ({ signal }) => apiFetch(`/api/complaints/${encodeURIComponent(complaintNumber)}/grievance`, { schema: eligibilitySchema, signal }),
  });
}
