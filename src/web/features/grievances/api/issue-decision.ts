import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecisionInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** POST /api/committee/grievances/:number/decision: issued once; the student receives it as a dated PDF and in the thread. */
export function useIssueDecision(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionInput) => apiFetch(`/api/committee/grievances/${encodeURIComponent(number)}/decision`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
