import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ComplaintStatus } from '../../../../shared/constants';
import { identitySchema, staffComplaintSchema } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { notificationsKey, staffKey } from '../../../lib/query-keys';

const path = (number: string, action: string) => `/api/staff/complaints/${encodeURIComponent(number)}/${action}`;

const bulkResultSchema = z.object({ done: z.array(z.string()), skipped: z.array(z.string()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Every change refreshes the queue, the counts and the open complaint. */
function useStaffMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKey }),
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
      ]);
    },
  });
}

export function useTransition(number: string) {
  return useStaffMutation((body: { to: ComplaintStatus; note: string }) =>
    apiFetch(path(number, 'transitions'), { method: 'POST', body, schema: staffComplaintSchema }),
  );
}

export function useReply(number: string) {
  return useStaffMutation((body: { text: string; internal: boolean }) =>
    apiFetch(path(number, 'replies'), { method: 'POST', body }),
  );
}

export function useAssign(number: string) {
  return useStaffMutation((body: { assigneeId: string | null }) =>
    apiFetch(path(number, 'assign'), { method: 'POST', body }),
  );
}

export function useBulkAction() {
  return useStaffMutation(
    (body: { numbers: string[]; action: 'acknowledge' } | { numbers: string[]; action: 'assign'; assigneeId: string }) =>
      apiFetch('/api/staff/complaints/bulk', { method: 'POST', body, schema: bulkResultSchema }),
  );
}

/** POST …/reveal: the student behind a confidential complaint; the server records every reveal. */
export function useRevealIdentity(number: string) {
  return useMutation({
    mutationFn: () => apiFetch(path(number, 'reveal'), { method: 'POST', schema: identitySchema }),
  });
}
