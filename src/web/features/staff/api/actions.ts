import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ComplaintStatus } from '../../../../shared/constants';
import { identitySchema, staffComplaintSchema, type RevealBody } from '../../../../shared/staff';
import { ApiError, NetworkError, apiFetch } from '../../../lib/api-client';
import { notificationsKey, staffKey } from '../../../lib/query-keys';

const path = (number: string, action: string) => `/api/staff/complaints/${encodeURIComponent(number)}/${action}`;

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
    (body: { text: string; internal: boolean; waitForStudent: boolean; idempotencyKey: string }) =>
      apiFetch(path(number, 'replies'), {
        method: 'POST',
        body: { text: body.text, internal: body.internal, waitForStudent: body.waitForStudent },
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

/** POST …/clock/resume: a waiting complaint's clock runs again with the time it had. */
export function useResumeClock(number: string) {
  return useStaffMutation(() => apiFetch(path(number, 'clock/resume'), { method: 'POST' }));
}

export function useAssign(number: string) {
  return useStaffMutation((body: { assigneeId: string | null }) =>
    apiFetch(path(number, 'assign'), { method: 'POST', body }),
  );
}

/** POST …/reveal: the student behind a confidential complaint; the server records every reveal with its reason. */
export function useRevealIdentity(number: string) {
  return useMutation({
    mutationFn: (body: RevealBody) => apiFetch(path(number, 'reveal'), { method: 'POST', body, schema: identitySchema }),
  });
}
