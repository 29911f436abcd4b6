import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../shared/complaints';
import type { StudentReplyBody } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-queue';
import { complaintDetailKey } from '../../../lib/query-keys';
import { i18n } from '../../../lib/i18n';

export interface ReplyInput {
  body: StudentReplyBody;
  /** The same key for every retry of one reply: it is written once. */
  idempotencyKey: string;
}

/** POST /api/complaints/:number/replies: the student adds to the conversation (204); offline it waits in the outbox. */
export function replyToComplaint(number: string, { body, idempotencyKey }: ReplyInput): Promise<void> {
  const path = `/api/complaints/${encodeURIComponent(number)}/replies`;
  const send = () => apiFetch(path, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  return sendOrQueue(send, { key: idempotencyKey, kind: 'reply', path, body, label: i18n._('Reply on {number}', { number }) });
}

export function useReplyToComplaint(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) => replyToComplaint(number, input),
    // Offline the request must still run, so that it lands in the outbox rather than pausing in memory.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintDetailKey(number) }),
  });
}
