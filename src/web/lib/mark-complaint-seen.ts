import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { notificationsKey } from './query-keys';

/** POST /api/notifications/read for one complaint: whoever opened it has seen it, so their bell notifications about it are read. */
export function markComplaintSeen(complaintNumber: string): Promise<void> {
  return apiFetch('/api/notifications/read', { method: 'POST', body: { complaintNumber } });
}

export function useMarkComplaintSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markComplaintSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
