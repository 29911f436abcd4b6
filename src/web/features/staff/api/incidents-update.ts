import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffIncidentSchema, type IncidentUpdate } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { incidentsKey } from './incidents-list';

/** PATCH /api/staff/incidents/:id: changes an active notice's title, details, expected end or floors. */
export function useUpdateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: IncidentUpdate }) =>
      apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, schema: staffIncidentSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentsKey }),
  });
}
