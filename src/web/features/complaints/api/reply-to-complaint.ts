import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../shared/complaints';
import type { StudentReplyBody } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintDetailKey } from '../../../lib/query-keys';

export interface ReplyInput {
  body: StudentReplyBody;
  /** The same key for every retry of one reply: it is written once. */
  idempotencyKey: string;
}

/** POST /api/complaints/:number/replies: the student adds to the conversation (204). */
export function replyToComplaint(number: string, { body, idempotencyKey }: ReplyInput): Promise<void> {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}/replies`, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useReplyToComplaint(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) => replyToComplaint(number, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintDetailKey(number) }),
  });
}
