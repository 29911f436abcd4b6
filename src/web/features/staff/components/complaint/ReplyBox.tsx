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
import { sectionHeading, type Detail } from './types';

/** A reply the student sees (and gets by e-mail), or an internal note only staff see. */
export function ReplyBox({ complaint }: { complaint: Detail }) {
  const reply = useReply(complaint.number);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const parsed = replyBodySchema.safeParse({ text, internal });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a reply');
      document.getElementById('reply-text')?.focus();
      return;
    }
    setError(undefined);
    try {
      await reply.mutateAsync(parsed.data);
      setText('');
      setDone(parsed.data.internal ? 'Internal note added.' : 'Reply sent to the student.');
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.text) {
        setError(caught.fields.text);
        document.getElementById('reply-text')?.focus();
      }
    }
  }

  return (
    <section aria-labelledby="reply-heading" className={cn(card, 'mt-8')}>
      <h2 id="reply-heading" className={sectionHeading}>
        Reply or add a note
      </h2>
      <form noValidate className="mt-3 space-y-4" onSubmit={(event) => void handleSubmit(event)}>
        <Field
          id="reply-text"
          label={internal ? 'Internal note' : 'Reply to the student'}
          error={error}
          hint={
            internal
              ? 'Only staff see internal notes. The student never sees them.'
              : 'The student sees this reply on the portal and gets it by e-mail.'
          }
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={4000}
              className={fieldControl}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-amber-600"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
          />
          Internal note (not shown to the student)
        </label>
        <button type="submit" className={buttonPrimary} disabled={reply.isPending}>
          {internal ? 'Add internal note' : 'Send reply'}
        </button>
      </form>
      <StatusMessage message={done} className="mt-3" data-testid="reply-result" />
      {reply.isError && !(reply.error instanceof ApiError && reply.error.fields?.text) && (
        <Alert className="mt-3">
          <p>{errorMessage(reply.error)}</p>
        </Alert>
      )}
    </section>
  );
}
