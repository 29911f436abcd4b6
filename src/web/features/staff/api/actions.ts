import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ComplaintStatus } from '../../../../shared/constants';
import { identitySchema, staffComplaintSchema, type RevealBody } from '../../../../shared/staff';
import { allowedTransitions } from '../../../../shared/lifecycle';
import { ApiError, NetworkError, apiFetch } from '../../../lib/api-client';
import { notificationsKey, staffKey } from '../../../lib/query-keys';

const path = (number: string, action: string) => `/api/staff/complaints/${encodeURIComponent(number)}/${action}`;

const bulkResultSchema = z.object({ done: z.array(z.string()), skipped: z.array(z.string()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Every change refreshes the queue, the counts and the open complaint (and the bell it may have rung). */
export function useStaffMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  retry?: Pick<UseMutationOptions<TResult, Error, TInput>, 'retry' | 'retryDelay'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...retry,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKey }),
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
      ]);
    },
  });
}

/**
 * A failure worth one more try with the same Idempotency-Key: no answer at all, or the server
 * (or a proxy) failing or asking to slow down. A refusal (4xx) is final.
 */
export const isTransient = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && (error.status >= 500 || error.status === 429));

/** Retried twice (after 1 s, then 3 s) when the failure is transient; the draft stays until success. */
const retrying = {
  retry: (failures: number, error: unknown) => failures < 2 && isTransient(error),
  retryDelay: (attempt: number) => (attempt === 0 ? 1000 : 3000),
};

/** Sent text carries the draft's Idempotency-Key, the same on every retry of the same draft. */
const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

export function useReply(number: string) {
  return useStaffMutation(
    (body: { text: string; internal: boolean; idempotencyKey: string }) =>
      apiFetch(path(number, 'replies'), {
        method: 'POST',
        body: { text: body.text, internal: body.internal },
        headers: keyed(body.idempotencyKey),
      }),
    retrying,
  );
}

/**
 * A status change with retries and its note: the reply box's words when it resolves ("Send and mark
 * resolved", one request, so the student gets one mail), a rejection's reason. Drafts like a reply.
 */
export function useKeyedTransition(number: string) {
  return useStaffMutation(
    (body: { to: ComplaintStatus; note: string; photoIds?: string[]; idempotencyKey: string }) =>
      apiFetch(path(number, 'transitions'), {
        method: 'POST',
        body: { to: body.to, note: body.note, ...(body.photoIds?.length ? { photoIds: body.photoIds } : {}) },
        headers: keyed(body.idempotencyKey),
        schema: staffComplaintSchema,
      }),
    retrying,
  );
}

export function useAssign(number: string) {
  return useStaffMutation((body: { assigneeId: string | null }) =>
    apiFetch(path(number, 'assign'), { method: 'POST', body }),
  );
}

export function useBulkAction() {
  return useStaffMutation(
    (body: { numbers: string[]; action: 'acknowledge' } | { numbers: string[]; action: 'assign'; assigneeId: string | null }) =>
      apiFetch('/api/staff/complaints/bulk', { method: 'POST', body, schema: bulkResultSchema }),
  );
}

export interface BulkTransitionResult extends BulkResult {
  /** Numbers the server refused, with its message. */
  failed: Array<{ number: string; message: string }>;
}

/**
 * Moves several complaints to one status (the bulk API only acknowledges and assigns): one
 * transition each, those whose status does not allow it skipped without asking.
 */
export function useBulkTransition() {
  return useStaffMutation(
    async (body: { complaints: Array<{ number: string; status: ComplaintStatus }>; to: ComplaintStatus; note: string }) => {
      const result: BulkTransitionResult = { done: [], skipped: [], failed: [] };
      for (const complaint of body.complaints) {
        if (!allowedTransitions(complaint.status, 'staff').some((t) => t.to === body.to)) {
          result.skipped.push(complaint.number);
          continue;
        }
        try {
          await apiFetch(path(complaint.number, 'transitions'), {
            method: 'POST',
            body: { to: body.to, note: body.note },
            schema: staffComplaintSchema,
          });
          result.done.push(complaint.number);
        } catch (error) {
          if (error instanceof NetworkError) throw error;
          result.failed.push({ number: complaint.number, message: error instanceof Error ? error.message : 'Refused' });
        }
      }
      return result;
    },
  );
}

/** POST …/reveal: the student behind a confidential complaint; the server records every reveal with its reason. */
export function useRevealIdentity(number: string) {
  return useMutation({
    mutationFn: (body: RevealBody) => apiFetch(path(number, 'reveal'), { method: 'POST', body, schema: identitySchema }),
  });
}
