import { useState } from 'react';
import type { FormEvent } from 'react';
import { STATUS_LABELS } from '../../../../shared/constants';
import { studentMay } from '../../../../shared/lifecycle';
import { studentReplyBodySchema, type ComplaintDetail, type TimelineEntry } from '../../../../shared/complaints';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/catalog';
import { ComplaintTimeline } from '../../../components/ComplaintTimeline';
import { Alert } from '../../../components/ui/Alert';
import { Field } from '../../../components/ui/Field';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonPrimary, card, fieldControl } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useIdempotencyKey } from '../../../lib/submission';
import { useReplyToComplaint } from '../api/reply-to-complaint';

function entryTitle(entry: TimelineEntry): string {
  const how = entry.byMail ? ' (by e-mail)' : '';
  if (entry.kind === 'reply') return entry.fromStudent ? `Your reply${how}` : `Reply from the hostel team${how}`;
  return STATUS_LABELS[entry.status];
}

/** The student's side of the conversation: what to add, sent with a key so a retry is written once. */
function ReplyForm({ number }: { number: string }) {
  const send = useReplyToComplaint(number);
  const idempotency = useIdempotencyKey();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setDone(null);
    setFailure(null);
    const parsed = studentReplyBodySchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write your reply');
      document.getElementById('student-reply')?.focus();
      return;
    }
    setError(undefined);
    try {
      await send.mutateAsync({ body: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) });
      idempotency.reset();
      setText('');
      setDone('Reply sent. The hostel team has been told.');
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.text) {
        setError(caught.fields.text);
        document.getElementById('student-reply')?.focus();
        return;
      }
      setFailure(`Not sent: ${errorMessage(caught)}`);
    }
  }

  return (
    <form noValidate className={cn(card, 'mt-4 space-y-4')} onSubmit={(event) => void handleSubmit(event)} data-testid="student-reply-form">
      <Field
        id="student-reply"
        label="Your reply"
        error={error}
        hint="Answer a question from the hostel team or add something you forgot. They see it in the portal and get it by e-mail."
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            className={fieldControl}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className={cn(buttonPrimary, 'w-full sm:w-auto')} disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send reply'}
      </button>
      <StatusMessage message={done} data-testid="student-reply-result" />
      {failure && (
        <Alert>
          <p>{failure}</p>
        </Alert>
      )}
    </form>
  );
}

/**
 * The complaint's one conversation as its student sees it: status changes, the team's replies and
 * their own, oldest first, and a box to answer while the complaint is not finished.
 */
export function ComplaintThread({ complaint }: { complaint: ComplaintDetail }) {
  return (
    <>
      <ComplaintTimeline
        data-testid="timeline"
        items={complaint.timeline.map((entry, index) => ({
          key: `${entry.at}-${index}`,
          kind: entry.kind,
          tone: entry.kind === 'reply' ? 'reply' : 'plain',
          title: entryTitle(entry),
          at: entry.at,
          by: entry.by,
          note: entry.note,
        }))}
      />
      {studentMay(complaint.status, 'reply') ? (
        <ReplyForm number={complaint.number} />
      ) : (
        <p className="mt-4 text-slate-700">This complaint is {STATUS_LABELS[complaint.status].toLowerCase()}: it takes no more replies. If something is still wrong, file a new complaint.</p>
      )}
    </>
  );
}
