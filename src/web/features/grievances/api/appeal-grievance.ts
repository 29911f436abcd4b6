import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppealInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** POST /api/grievances/:number/appeal: to the Ombudsperson, within 15 days of the decision (409 after, with the reason). */
export function useAppealGrievance(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealInput) => apiFetch(`/api/grievances/${encodeURIComponent(number)}/appeal`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
