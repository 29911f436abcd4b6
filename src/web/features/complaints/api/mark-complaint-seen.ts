import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { notificationsKey } from '../../../lib/query-keys';

/** POST /api/notifications/read for one complaint: the student has seen it, so its bell notifications are read. */
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
