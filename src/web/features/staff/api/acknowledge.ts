import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffComplaintSchema } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { notificationsKey, staffKey } from '../../../lib/query-keys';

/**
 * The queue's `a` shortcut: POST /api/staff/complaints/:number/transitions to 'acknowledged' for
 * the focused row (one complaint, one deliberate key: no undo window; it becomes the worker's if
 * nobody had it).
 */
export function useAcknowledgeOne() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: string) =>
      apiFetch(`/api/staff/complaints/${encodeURIComponent(number)}/transitions`, {
        method: 'POST',
        body: { to: 'acknowledged', note: '' },
        schema: staffComplaintSchema,
      }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: staffKey }), queryClient.invalidateQueries({ queryKey: notificationsKey })]);
    },
  });
}
