import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffIncidentSchema, type IncidentCreate } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { incidentsKey } from './incidents-list';

/** POST /api/staff/incidents: post a notice. */
export function usePostIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IncidentCreate) => apiFetch('/api/staff/incidents', { method: 'POST', body, schema: staffIncidentSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
