import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** POST /api/grievances/:number/withdraw: the student takes it back, before the committee decides. */
export function useWithdrawGrievance(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/grievances/${encodeURIComponent(number)}/withdraw`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
