import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../../shared/mail';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { LoadError } from '../../../components/ui/LoadError';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Controls';
import { card, fieldLabel, textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useOutbox } from '../api/get-outbox';
import { useOutboxMessage } from '../api/get-outbox-message';
import { useRetryOutboxMessage } from '../api/retry-outbox-message';
import { SectionHeader } from './SectionHeader';
import { mailPurposeLabel } from '../lib/mail-purpose';

/**
 * Who a mail went to as this page shows it: mail to a confidential report's reporter comes without
 * their address to an admin without the anti-ragging duty (decision 63), and is named for what it is.
 */
const recipients = (mail: { to: string[]; toReporter: boolean }) => [...(mail.toReporter ? [i18n._('the reporter')] : []), ...mail.to].join(', ');

/** Translated when shown. */
const statusLabels = (): Record<OutboxStatus, string> => ({ held: i18n._('Held'), queued: i18n._('Queued'), sent: i18n._('Sent'), failed: i18n._('Failed') });
const noMailLabels = (): Record<OutboxStatus, string> => ({
  held: i18n._('No held mail.'),
  queued: i18n._('No queued mail.'),
  sent: i18n._('No sent mail.'),
  failed: i18n._('No failed mail.'),
});
const STATUS_TONES = { held: 'neutral', queued: 'info', sent: 'success', failed: 'danger' } as const;

const isStatus = (value: string | null): value is OutboxStatus => (OUTBOX_STATUSES as readonly (string | null)[]).includes(value);

function StatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{statusLabels()[status]}</Badge>;
}

/** Route /admin/mail: what the portal sent or would have sent, newest first. */
export function MailPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const status = isStatus(raw) ? raw : '';
  const outbox = useOutbox(status);
  const items = outbox.data?.pages.flatMap((p) => p.items) ?? [];
  const moreError = outbox.isFetchNextPageError ? outbox.error : null;

  return (
    <section aria-labelledby="mail-heading">
      <SectionHeader title={i18n._('Mail')} id="mail-heading">
        <WithSlots
          text={i18n._('Every mail the portal sends, newest first. Without a mail server ({variable}) mail is {held} here and sent once one is set; {failed} mail can be tried again.', {
            variable: slot('variable'),
            held: slot('held'),
            failed: slot('failed'),
          })}
          slots={{ variable: <code className="font-mono">SMTP_URL</code>, held: <em>{i18n._('held')}</em>, failed: <em>{i18n._('failed')}</em> }}
        />
        {outbox.data?.pages[0] && (
          <span className="mt-1 block" data-testid="mail-keep-days">
            {i18n._('Sent and failed mail is kept for {days, plural, one {# day} other {# days}}, then removed; mail still to go out is kept until it goes.', {
              days: outbox.data.pages[0].keepDays,
            })}
          </span>
        )}
      </SectionHeader>
      <div className="mt-6 max-w-xs">
        <label htmlFor="mail-status" className={fieldLabel}>
          {i18n._('Show')}
        </label>
        <Select
          id="mail-status"
          className="mt-1"
          value={status}
          onChange={(event) => {
            const next = event.target.value;
            void setSearchParams(next ? { status: next } : {}, { preventScrollReset: true });
          }}
        >
          <option value="">{i18n._('All mail')}</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabels()[s]}
            </option>
          ))}
        </Select>
      </div>
      {outbox.isPending ? (
        <LoadingStatus label={i18n._('Loading the mail…')} />
      ) : outbox.isError ? (
        <LoadError error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : items.length === 0 ? (
        <p className={cn(card, 'mt-4 text-slate-800')} data-testid="mail-empty">
          {status ? noMailLabels()[status] : i18n._('No mail yet.')}
        </p>
      ) : (
        <>
          <ul className="mt-4 grid gap-3" aria-label={i18n._('Mail, newest first')}>
            {items.map((m) => (
              <li key={m.id} className={card} data-testid="mail-row">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <Link to={`/admin/mail/${m.id}`} className={cn(textLink, 'min-w-0 break-words')}>
                    {m.subject}
                  </Link>
                  <StatusBadge status={m.status} />
                </div>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
                  <div className="min-w-0">
                    <dt className="inline font-medium text-slate-600">{i18n._('To:')} </dt>
                    <dd className="inline break-all text-slate-900">{recipients(m)}</dd>
                  </div>
                  {m.cc.length > 0 && (
                    <div className="min-w-0">
                      <dt className="inline font-medium text-slate-600">{i18n._('Cc:')} </dt>
                      <dd className="inline break-all text-slate-900">{m.cc.join(', ')}</dd>
                    </div>
                  )}
                  <div>
                    <dt className="inline font-medium text-slate-600">{i18n._('Written:')} </dt>
                    <dd className="inline text-slate-900">
                      <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium text-slate-600">{i18n._('Attempts:')} </dt>
                    <dd className="inline text-slate-900">{m.attempts}</dd>
                  </div>
                  {m.complaintNumber && (
                    <div>
                      <dt className="inline font-medium text-slate-600">{i18n._('Complaint:')} </dt>
                      <dd className="inline font-mono text-slate-900">{m.complaintNumber}</dd>
                    </div>
                  )}
                  {m.lastError && (
                    <div className="min-w-0 sm:col-span-2">
                      <dt className="inline font-medium text-slate-600">{i18n._('Last error:')} </dt>
                      <dd className="inline break-words text-red-800">{m.lastError}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
          {outbox.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more mail…')} />}
          {moreError !== null && (
            <Alert className="mt-4">
              <p>{errorMessage(moreError)}</p>
            </Alert>
          )}
          {outbox.hasNextPage && !outbox.isFetchingNextPage && (
            <Button className="mt-4 w-full sm:w-auto" onClick={() => void outbox.fetchNextPage()}>
              {i18n._('Load more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function Header({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="min-w-0 sm:grid sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="font-medium text-slate-600">{name}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Route /admin/mail/:id: one message as it went (or would go) out. */
export function MailMessagePage() {
  const { id = '' } = useParams();
  const message = useOutboxMessage(id);
  const retry = useRetryOutboxMessage(id);
  const [retried, setRetried] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function handleRetry() {
    setProblem(null);
    setRetried(null);
    try {
      await retry.mutateAsync();
      setRetried(i18n._('The message is queued to be sent again.'));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="mail-message-heading">
      <p className="mb-4">
        <Link to="/admin/mail" className={textLink}>
          {i18n._('Back to all mail')}
        </Link>
      </p>
      <SectionHeader title={i18n._('Mail message')} id="mail-message-heading" />
      {message.isPending ? (
        <LoadingStatus label={i18n._('Loading the message…')} />
      ) : message.isError ? (
        <LoadError error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <div className="mt-6 space-y-6">
          <section aria-labelledby="mail-headers-heading" className={card}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="mail-headers-heading" className="text-lg font-semibold text-slate-900">
                {i18n._('Headers')}
              </h2>
              <StatusBadge status={message.data.status} />
            </div>
            <dl className="mt-3 space-y-2 text-sm" data-testid="mail-headers">
              <Header name={i18n._('Subject')}>{message.data.subject}</Header>
              <Header name={i18n._({ id: 'mail.to', message: 'To' })}>
                <span className="break-all">{recipients(message.data)}</span>
              </Header>
              {message.data.cc.length > 0 && (
                <Header name={i18n._('Cc')}>
                  <span className="break-all">{message.data.cc.join(', ')}</span>
                </Header>
              )}
              {message.data.replyTo && (
                <Header name={i18n._('Replies go to')}>
                  <span className="break-all">{message.data.replyTo}</span>
                </Header>
              )}
              <Header name={i18n._('Message ID')}>
                <code className="font-mono break-all">{message.data.messageId}</code>
              </Header>
              <Header name={i18n._('Purpose')}>{mailPurposeLabel(message.data.purpose)}</Header>
              {message.data.complaintNumber && <Header name={i18n._('Complaint')}>{message.data.complaintNumber}</Header>}
              <Header name={i18n._('Written')}>{formatDateTime(message.data.createdAt)}</Header>
              <Header name={i18n._('Attempts')}>{message.data.attempts}</Header>
              {message.data.status !== 'sent' && message.data.status !== 'held' && (
                <Header name={i18n._('Next attempt')}>{formatDateTime(message.data.nextAttemptAt)}</Header>
              )}
              {message.data.sentAt && <Header name={i18n._('Sent')}>{formatDateTime(message.data.sentAt)}</Header>}
              {message.data.smtpResponse && <Header name={i18n._('Server answer')}>{message.data.smtpResponse}</Header>}
              {message.data.lastError && (
                <Header name={i18n._('Last error')}>
                  <span className="text-red-800">{message.data.lastError}</span>
                </Header>
              )}
            </dl>
            {message.data.status === 'failed' && (
              <div className="mt-4">
                <Button variant="primary" pending={retry.isPending} pendingLabel={i18n._('Queuing…')} onClick={() => void handleRetry()}>
                  {i18n._('Retry sending')}
                </Button>
              </div>
            )}
            <StatusMessage message={retried} className="mt-3" />
            {problem && (
              <Alert className="mt-3">
                <p>{problem}</p>
              </Alert>
            )}
          </section>
          {message.data.toReporter ? (
            <section className={card} data-testid="mail-to-reporter">
              <p className="text-sm text-slate-800">
                {i18n._('This mail went to the reporter of a confidential report: who they are, and what the mail said to them, is for the anti-ragging duty alone.')}
              </p>
            </section>
          ) : (
            <>
              <section aria-labelledby="mail-text-heading" className={card}>
                <h2 id="mail-text-heading" className="text-lg font-semibold text-slate-900">
                  {i18n._('Text part')}
                </h2>
                <pre className="mt-3 overflow-x-auto font-sans text-sm whitespace-pre-wrap break-words text-slate-900" data-testid="mail-text">
                  {message.data.text}
                </pre>
              </section>
              <section aria-labelledby="mail-html-heading" className={card}>
                <h2 id="mail-html-heading" className="text-lg font-semibold text-slate-900">
                  {i18n._('HTML part')}
                </h2>
                <p className="mt-1 text-sm text-slate-600">{i18n._("Shown as the recipient's mail program would, with scripts and links switched off.")}</p>
                {/*
                  Loaded from its own address, whose CSP lets the mail's inline styles apply (this page's
                  CSP would refuse them in a srcdoc frame); sandbox="" still gives it an opaque origin with
                  no scripts, forms or navigation.
                */}
                <iframe
                  title={i18n._('HTML part of the message')}
                  sandbox=""
                  src={`/api/admin/outbox/${encodeURIComponent(message.data.id)}/html`}
                  className="mt-3 h-96 w-full rounded-lg border border-slate-300 bg-white"
                  data-testid="mail-html"
                />
              </section>
            </>
          )}
        </div>
      )}
    </section>
  );
}
