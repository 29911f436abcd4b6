import { useMutation, useQueryClient } from '@tanstack/react-query';
import { incidentResolvedSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

/** POST /api/staff/incidents/:id/resolve: resolves its open complaints and tells everyone concerned once. */
export function useResolveIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: { note }, schema: incidentResolvedSchema }),
    // The queue changes too: the linked complaints are resolved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
