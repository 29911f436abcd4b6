import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { STATUS_LABELS } from '../../../../shared/constants';
import { studentMay } from '../../../../shared/lifecycle';
import { studentReplyBodySchema, type ComplaintDetail, type StudentReplyBody, type TimelineEntry } from '../../../../shared/complaints';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/catalog';
import { ChatBubble } from '../../../components/ChatBubble';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/FormFields';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { draftResolver } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useIdempotencyKey } from '../../../lib/submission';
import { useReplyToComplaint } from '../api/reply-to-complaint';
import { clockNoteText } from '../../../lib/clock-notes';

function entryTitle(entry: TimelineEntry): string {
  if (entry.kind === 'reply') {
    if (entry.fromStudent) return entry.byMail ? i18n._('Your reply (by e-mail)') : i18n._('Your reply');
    return entry.byMail ? i18n._('Reply from the hostel team (by e-mail)') : i18n._('Reply from the hostel team');
  }
  return i18n._(STATUS_LABELS[entry.status]);
}

/** The team asked something and the student has not answered since (the list's "Reply needed"). */
export function teamAwaitsReply(complaint: ComplaintDetail): boolean {
  const spoken = complaint.timeline.filter((e) => e.kind === 'reply' || e.fromStudent);
  const last = spoken.at(-1);
  return Boolean(last && last.kind === 'reply' && !last.fromStudent);
}

/** The reply box as the form holds it. */
interface ReplyDraft {
  text: string;
}

/**
 * The student's side of the conversation: what to add, sent with a key so a retry is written once.
 * `bare`: inside another card (the team's question at the top). `onSent`: the page says "sent" where
 * it stays, for a box that goes away once the question is answered.
 */
export function ReplyForm({ number, bare = false, onSent }: { number: string; bare?: boolean; onSent?: (message: string) => void }) {
  const send = useReplyToComplaint(number);
  const idempotency = useIdempotencyKey();
  const resolver = useMemo(() => draftResolver(studentReplyBodySchema, (draft: ReplyDraft) => draft), []);
  const form = useForm<ReplyDraft, unknown, StudentReplyBody>({ defaultValues: { text: '' }, resolver, reValidateMode: 'onChange' });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    if (send.isPending) return;
    try {
      await send.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.reset();
      form.reset({ text: '' });
      const sent = i18n._('Reply sent. The hostel team has been told.');
      if (onSent) onSent(sent);
      else setDone(sent);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.text) {
        form.setError('text', { type: caught.code, message: caught.fields.text }, { shouldFocus: true });
        return;
      }
      setFailure(i18n._('Not sent: {reason}', { reason: errorMessage(caught) }));
    }
  });

  return (
    <form
      noValidate
      className={cn(!bare && card, 'mt-4 space-y-4')}
      onSubmit={(event) => {
        setDone(null);
        setFailure(null);
        void submit(event);
      }}
      data-testid="student-reply-form"
    >
      <TextAreaField
        control={form.control}
        name="text"
        id="student-reply"
        label={i18n._('Your reply')}
        hint={i18n._('Answer a question from the hostel team or add something you forgot. They see it in the portal and get it by e-mail.')}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
      />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={send.isPending} pendingLabel={i18n._('Sending…')}>
        {i18n._('Send reply')}
      </Button>
      <StatusMessage message={done} data-testid="student-reply-result" />
      {failure && (
        <Alert>
          <p>{failure}</p>
        </Alert>
      )}
    </form>
  );
}

/** The words of a status change worth a line of their own (the filing's "Sent to …" is not one). */
const isChatEntry = (entry: TimelineEntry) => entry.fromStatus !== null;

/**
 * The complaint as a chat, oldest first: the student's message (and photos) as the first bubble,
 * then the team's questions, the student's answers and the team's notes as bubbles (the student's
 * on the right), status changes as short lines between them, and the reply box at the bottom while
 * the complaint takes replies.
 */
export function ComplaintThread({ complaint, photos, replyBox = true }: { complaint: ComplaintDetail; photos?: ReactNode; replyBox?: boolean }) {
  return (
    <section aria-labelledby="thread-heading" className="mt-6">
      <h2 id="thread-heading" className="sr-only">
        {i18n._('Conversation')}
      </h2>
      <ol className="space-y-3" data-testid="timeline">
        <li data-kind="message" className="flex flex-col items-end">
          <div className="max-w-[85%] min-w-0 rounded-2xl rounded-br-sm bg-brand-700 px-4 py-3 text-white shadow-sm">
            <p className="text-xs font-semibold text-brand-50">
              {i18n._('You')} · {i18n._(STATUS_LABELS.submitted)} · <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line wrap-anywhere">{complaint.complaint}</p>
          </div>
          {photos && <div className="w-full">{photos}</div>}
        </li>
        {complaint.timeline.filter(isChatEntry).map((entry, index) =>
          entry.kind === 'photos' ? (
            // Photos added after filing: when they came, between the words they go with (they are in the gallery).
            <li key={`${entry.at}-${index}`} data-kind="photos" className="text-center text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{i18n._('You')}</span>:{' '}
              {i18n._('{count, plural, one {added a photo} other {added # photos}}', { count: Number(entry.note) || 1 })} ·{' '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ) : entry.kind === 'visit' ? (
            <li key={`${entry.at}-${index}`} data-kind="visit" className="text-center text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{entry.fromStudent ? i18n._('You') : i18n._('Hostel team')}</span>: {entry.note} ·{' '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ) : entry.kind === 'clock' ? (
            <li key={`${entry.at}-${index}`} data-kind="clock" className="text-center text-sm text-slate-700">
              {clockNoteText(entry.note)} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ) : entry.kind === 'reply' ? (
            <ChatBubble key={`${entry.at}-${index}`} kind="reply" mine={entry.fromStudent} title={entryTitle(entry)} at={entry.at}>
              {entry.note}
            </ChatBubble>
          ) : entry.note && !entry.fromStudent ? (
            <ChatBubble key={`${entry.at}-${index}`} kind="status" mine={false} title={i18n._('Hostel team · {status}', { status: i18n._(STATUS_LABELS[entry.status]) })} at={entry.at}>
              {entry.note}
            </ChatBubble>
          ) : (
            <li key={`${entry.at}-${index}`} data-kind="status" className="text-center text-sm text-slate-600">
              <span className="font-semibold text-slate-800">{i18n._(STATUS_LABELS[entry.status])}</span>
              {entry.note ? `: ${entry.note}` : ''} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ),
        )}
      </ol>
      {studentMay(complaint.status, 'reply') ? (
        // The box is at the top, with the question, while the team waits for an answer.
        replyBox && <ReplyForm number={complaint.number} />
      ) : (
        <p className="mt-4 text-slate-700">
          {i18n._('This complaint is {status}: it takes no more replies. If something is still wrong, file a new complaint.', {
            status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase(),
          })}
        </p>
      )}
    </section>
  );
}
