import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followResultSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { noticesKey } from './get-notices';

/** DELETE /api/incidents/:id/follow: the Undo of "Affects me too". */
export function useUnfollowNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/incidents/${encodeURIComponent(id)}/follow`, { method: 'DELETE', schema: followResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
