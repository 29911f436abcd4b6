import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anonymousThreadSchema, type AnonymousReplyBody, type AnonymousThread } from '../../../../shared/anonymous';
import { IDEMPOTENCY_HEADER } from '../../../../shared/constants';
import { apiFetch } from '../../../lib/api-client';
import { anonymousReportKey, reportPath } from './keys';

export interface ReplyInput {
  body: AnonymousReplyBody;
  idempotencyKey: string;
}

/** POST …/:code/replies: the reporter answers in the thread; the answer is the thread as it now stands. */
export function replyToAnonymousReport(code: string, { body, idempotencyKey }: ReplyInput): Promise<AnonymousThread> {
  return apiFetch(`${reportPath(code)}/replies`, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, schema: anonymousThreadSchema });
}

export function useReplyToAnonymousReport(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) => replyToAnonymousReport(code, input),
    onSuccess: (thread) => queryClient.setQueryData(anonymousReportKey(code), thread),
  });
}
