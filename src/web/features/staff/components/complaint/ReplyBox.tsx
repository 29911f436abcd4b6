import { useState } from 'react';
import type { FormEvent } from 'react';
import { replyBodySchema } from '../../../../../shared/staff';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, card, fieldControl } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useReply } from '../../api/actions';
import { useDraft } from '../../lib/drafts';
import { sectionHeading, type Detail } from './types';

/**
 * A reply the student sees (and gets by e-mail), or an internal note only staff see. What is typed
 * is a draft kept on this device until the server confirmed it: a failed send keeps it (with the
 * reason beside the form), and sending it again reuses its Idempotency-Key.
 */
export function ReplyBox({ complaint, onDone }: { complaint: Detail; onDone?: () => void }) {
  const reply = useReply(complaint.number);
  const { draft, setDraft, keyFor, clear } = useDraft(complaint.number, 'reply');
  const text = draft.text;
  const internal = draft.internal === true;
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reply.isPending) return;
    setDone(null);
    setFailure(null);
    const parsed = replyBodySchema.safeParse({ text, internal });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a reply');
      document.getElementById('reply-text')?.focus();
      return;
    }
    setError(undefined);
    const idempotencyKey = keyFor(parsed.data);
    try {
      await reply.mutateAsync({ ...parsed.data, idempotencyKey });
      clear();
      setDone(parsed.data.internal ? 'Internal note added.' : 'Reply sent to the student.');
      onDone?.();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.text) {
        setError(caught.fields.text);
        document.getElementById('reply-text')?.focus();
        return;
      }
      setFailure(`Not sent: ${errorMessage(caught)} Your text is kept on this device; send it again when you are ready.`);
    }
  }

  return (
    <section aria-labelledby="reply-heading" className={cn(card, 'mt-6')}>
      <h2 id="reply-heading" className={sectionHeading}>
        Reply or add a note
      </h2>
      <form noValidate className="mt-3 space-y-4" onSubmit={(event) => void handleSubmit(event)} data-testid="reply-form">
        <Field
          id="reply-text"
          label={internal ? 'Internal note' : 'Reply to the student'}
          error={error}
          hint={
            (internal
              ? 'Only staff see internal notes. The student never sees them.'
              : 'The student sees this reply on the portal and gets it by e-mail.') +
            ' Kept as a draft on this device until it is sent.'
          }
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={4000}
              className={fieldControl}
              value={text}
              onChange={(event) => setDraft({ text: event.target.value })}
            />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-amber-600"
            checked={internal}
            onChange={(event) => setDraft({ internal: event.target.checked })}
          />
          Internal note (not shown to the student)
        </label>
        <button type="submit" className={buttonPrimary} disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : internal ? 'Add internal note' : 'Send reply'}
        </button>
      </form>
      <StatusMessage message={done} className="mt-3" data-testid="reply-result" />
      {failure && (
        <Alert className="mt-3" data-testid="reply-failure">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}
