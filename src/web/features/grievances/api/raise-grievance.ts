import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RaiseGrievance } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievanceViewSchema } from './answers';
import { grievancesKey } from './keys';

/**
 * POST /api/grievances: a grievance on a complaint (its number) or about a hostel matter (hostel and
 * subject). 201 with the grievance; 400 with field messages; 409 when the complaint may not go to the
 * committee or already went, with the reason.
 */
export function useRaiseGrievance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RaiseGrievance) => apiFetch('/api/grievances', { method: 'POST', body, schema: grievanceViewSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
