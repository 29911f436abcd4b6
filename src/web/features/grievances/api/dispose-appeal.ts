import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisposalInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** POST /api/ombudsperson/appeals/:number/disposal: the Ombudsperson's order, issued once, as a dated PDF and in the thread. */
export function useDisposeAppeal(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisposalInput) => apiFetch(`/api/ombudsperson/appeals/${encodeURIComponent(number)}/disposal`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
