import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffIncidentSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { incidentsKey } from './incidents-list';

/** POST /api/staff/incidents/:id/withdraw: takes a notice down; its complaints stay open. */
export function useWithdrawIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}/withdraw`, { method: 'POST', schema: staffIncidentSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
