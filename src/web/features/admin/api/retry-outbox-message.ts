import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminOutboxKey } from '../../../lib/query-keys';

/**
 * POST /api/admin/outbox/:id/retry: queues a failed message again. The answer's body is not
 * needed (the message is read again), so this works whether the server sends 204 or the message.
 */
export function retryOutboxMessage(id: string) {
  return apiFetch(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useRetryOutboxMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryOutboxMessage(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOutboxKey }),
  });
}
