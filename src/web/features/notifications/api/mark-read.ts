import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationsKey } from '../../../lib/query-keys';

/** POST /api/notifications/read with some ids, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => apiFetch('/api/notifications/read', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
