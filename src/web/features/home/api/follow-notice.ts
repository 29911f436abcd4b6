import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followResultSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { noticesKey } from './get-notices';

/** POST /api/incidents/:id/follow: "Affects me too" (told once when it is resolved). */
export function useFollowNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/incidents/${encodeURIComponent(id)}/follow`, { method: 'POST', schema: followResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
