import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { anonymousReplyBodySchema, type AnonymousReplyBody, type AnonymousThread } from '../../../../shared/anonymous';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/catalog';
import { STATUS_LABELS } from '../../../../shared/constants';
import { PLACE_KIND_LABELS, type ClockState } from '../../../../shared/ragging';
import { ChatBubble } from '../../../components/ChatBubble';
import { StatusBadge } from '../../../components/StatusBadge';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextAreaField } from '../../../components/ui/FormFields';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { slot, WithSlots } from '../../../components/ui/WithSlots';
import { Button } from '../../../components/ui/Button';
import { card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useLocalPlaceNames } from '../../../lib/local-names';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { useIdempotencyKey } from '../../../lib/submission';
import { useReplyToAnonymousReport } from '../api/reply';

type Entry = AnonymousThread['timeline'][number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2 py-1">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** A statutory deadline in words: when it is due, or that it was met. */
function clockText(state: ClockState, dueAt: string | null, done: string): ReactNode {
  if (state === 'done') return done;
  if (state === 'stopped' || !dueAt) return i18n._('Not running (the report was closed first)');
  const when = <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>;
  return (
    <WithSlots
      text={
        state === 'overdue'
          ? i18n._('Late: it was due {when}; the nodal officer has been told', { when: slot('when') })
          : i18n._('Due by {when}', { when: slot('when') })
      }
      slots={{ when }}
    />
  );
}

/** One entry of the thread: a reply, the committee's words with a change of status, or a bare change of status. */
function ThreadEntry({ entry, committee }: { entry: Entry; committee: string }) {
  if (entry.kind === 'reply') {
    return (
      <ChatBubble kind="reply" mine={entry.fromReporter} title={entry.fromReporter ? i18n._('You') : committee} at={entry.at}>
        {entry.note}
      </ChatBubble>
    );
  }
  if (entry.note && !entry.fromReporter) {
    return (
      <ChatBubble kind="status" mine={false} title={`${committee} · ${i18n._(STATUS_LABELS[entry.status])}`} at={entry.at}>
        {entry.note}
      </ChatBubble>
    );
  }
  return (
    <li className="text-center text-sm text-slate-700" data-kind="status">
      {i18n._(STATUS_LABELS[entry.status])} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
    </li>
  );
}

function ReplyForm({ code }: { code: string }) {
  const send = useReplyToAnonymousReport(code);
  const idempotency = useIdempotencyKey();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<AnonymousReplyBody, unknown, AnonymousReplyBody>({
    defaultValues: { text: '' },
    resolver: draftResolver(anonymousReplyBodySchema, (draft: AnonymousReplyBody) => draft),
  });
  const submit = form.handleSubmit(async (payload) => {
    setDone(null);
    try {
      await send.mutateAsync({ body: payload, idempotencyKey: idempotency.keyFor(payload) });
      idempotency.reset();
      form.reset({ text: '' });
      setDone(i18n._('Reply sent. The committee has been told.'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form
      noValidate
      aria-label={i18n._('Reply to the committee')}
      className={cn(card, 'mt-4 space-y-4')}
      data-testid="anonymous-reply-form"
      onSubmit={(event) => void submit(event)}
    >
      <TextAreaField
        control={form.control}
        name="text"
        label={i18n._('Your reply')}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        hint={i18n._("Answer the committee's questions or add what you remember. Your name is not attached.")}
      />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={send.isPending} pendingLabel={i18n._('Sending…')}>
        {i18n._('Send reply')}
      </Button>
      <StatusMessage message={done} data-testid="anonymous-reply-result" />
    </form>
  );
}

/**
 * An anonymous report as its reporter follows it: where it stands, the statutory deadlines, the
 * conversation (their words on the right), and the reply box while the report takes replies.
 */
export function ReportThread({ thread, committee }: { thread: AnonymousThread; committee: string }) {
  const { hostelName } = useLocalPlaceNames();
  return (
    <div data-testid="anonymous-thread">
      <section aria-labelledby="report-facts" className={cn(card, 'mt-4')}>
        <h2 id="report-facts" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
          <span className="font-mono whitespace-nowrap">{thread.trackingCode}</span> <StatusBadge status={thread.status} />
        </h2>
        <dl className="mt-2 text-sm">
          <Fact label={i18n._('Report number')}>
            <span className="font-mono whitespace-nowrap">{thread.number}</span>
          </Fact>
          <Fact label={i18n._('What happened')}>{thread.subCategory}</Fact>
          <Fact label={i18n._('Where')}>
            {thread.placeKind ? `${i18n._(PLACE_KIND_LABELS[thread.placeKind])}: ` : ''}
            {thread.placeText}
            {thread.hostel ? ` (${hostelName(thread.hostel)})` : ''}
          </Fact>
          <Fact label={i18n._('Decision on a police report (FIR)')}>
            {clockText(thread.clocks.fir.state, thread.clocks.fir.dueAt, i18n._('Made'))}
          </Fact>
          <Fact label={i18n._('Enquiry')}>{clockText(thread.clocks.enquiry.state, thread.clocks.enquiry.dueAt, i18n._('Finished'))}</Fact>
        </dl>
      </section>

      <section aria-labelledby="report-conversation" className="mt-6">
        <h2 id="report-conversation" className="sr-only">
          {i18n._('Conversation')}
        </h2>
        <ol className="space-y-3" data-testid="anonymous-timeline">
          <ChatBubble kind="message" mine title={`${i18n._('You')} · ${i18n._(STATUS_LABELS.submitted)}`} at={thread.createdAt}>
            {thread.message}
          </ChatBubble>
          {thread.timeline
            .filter((entry) => entry.fromStatus !== null || entry.kind === 'reply')
            .map((entry, index) => (
              <ThreadEntry key={`${entry.at}-${index}`} entry={entry} committee={committee} />
            ))}
        </ol>
      </section>

      {thread.canReply ? (
        <ReplyForm code={thread.trackingCode} />
      ) : (
        <p className={cn(card, 'mt-4')} data-testid="anonymous-no-replies">
          {i18n._('This report is {status}: it takes no more replies. If it happens again, send a new report.', {
            status: i18n.locale === 'en' ? STATUS_LABELS[thread.status].toLowerCase() : i18n._(STATUS_LABELS[thread.status]),
          })}
        </p>
      )}
    </div>
  );
}
