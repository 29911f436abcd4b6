import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { STATUS_LABELS } from '../../../../shared/constants';
import { CONFIDENTIAL_STUDENT, replyBodySchema } from '../../../../shared/staff';
import type { z } from 'zod';
import type { staffComplaintDetailSchema } from '../../../../shared/staff';
import { ComplaintFacts, DetailRow } from '../../../components/ComplaintFacts';
import { Alert } from '../../../components/ui/Alert';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, buttonSecondary, card, fieldControl, textLink } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAssign, useReply, useRevealIdentity, useTransition } from '../api/actions';
import { useColleagues } from '../api/colleagues';
import { useStaffComplaint } from '../api/detail';
import { ConfidentialBadge, StaffRequestError, WorkerGate } from './WorkerGate';

type Detail = z.infer<typeof staffComplaintDetailSchema>;
type TimelineEntry = Detail['timeline'][number];

const sectionHeading = 'text-lg font-semibold text-slate-900';

/** A polite live region that is always in the page, so what appears in it is announced. */
function Announcement({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div role="status" className="empty:hidden" data-testid={testId}>
      {children}
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span>
      <span aria-hidden="true" className="tracking-widest text-accent-500">
        {'★'.repeat(rating)}
        <span className="text-slate-300">{'★'.repeat(Math.max(0, 5 - rating))}</span>
      </span>{' '}
      {rating} of 5
    </span>
  );
}

function ComplaintDetails({ complaint }: { complaint: Detail }) {
  return (
    <div className={`${card} mt-6`}>
      <dl data-testid="staff-complaint-details">
        <ComplaintFacts complaint={complaint}>
          <DetailRow label="Assigned to">{complaint.assignee?.name ?? 'Nobody'}</DetailRow>
          <DetailRow label="Last change">
            <time dateTime={complaint.updatedAt}>{formatDateTime(complaint.updatedAt)}</time>
          </DetailRow>
          {complaint.rating !== null && (
            <DetailRow label="Student's rating">
              <Stars rating={complaint.rating} />
              {complaint.ratingComment && <p className="mt-1 whitespace-pre-line">{complaint.ratingComment}</p>}
            </DetailRow>
          )}
        </ComplaintFacts>
      </dl>
    </div>
  );
}

function StudentIdentity({ complaint }: { complaint: Detail }) {
  const reveal = useRevealIdentity(complaint.number);

  if (!complaint.confidential) {
    return (
      <section aria-labelledby="student-heading" className={`${card} mt-6`}>
        <h2 id="student-heading" className={sectionHeading}>
          Student
        </h2>
        <dl className="mt-2" data-testid="student-identity">
          <DetailRow label="Name">{complaint.fname || '—'}</DetailRow>
          <DetailRow label="Registration number">{complaint.id || '—'}</DetailRow>
          <DetailRow label="E-mail">{complaint.userEmail}</DetailRow>
        </dl>
      </section>
    );
  }

  return (
    <section aria-labelledby="student-heading" className={`${card} mt-6`}>
      <h2 id="student-heading" className={sectionHeading}>
        Student
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-900" data-testid="student-identity">
        {CONFIDENTIAL_STUDENT} <ConfidentialBadge />
      </p>
      <p className="mt-2 text-sm text-slate-700">
        This complaint is confidential. Only the anti-ragging duty and administrators may see who filed it.
      </p>
      {/* The server says whether the reveal would be allowed: no button that can only fail. */}
      {!complaint.canRevealIdentity ? null : reveal.data ? (
        <dl className="mt-3 rounded-lg bg-purple-50 p-3" data-testid="revealed-identity">
          <DetailRow label="Name">{reveal.data.name || reveal.data.fname}</DetailRow>
          <DetailRow label="Registration number">{reveal.data.id || '—'}</DetailRow>
          <DetailRow label="E-mail">{reveal.data.userEmail}</DetailRow>
        </dl>
      ) : (
        <div className="mt-3">
          <button
            type="button"
            className={buttonSecondary}
            aria-describedby="reveal-recorded"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate()}
          >
            Reveal identity
          </button>
          <p id="reveal-recorded" className="mt-2 text-sm text-slate-700">
            Every reveal is recorded: who asked, when, and for which complaint.
          </p>
        </div>
      )}
      {reveal.isError && (
        <Alert className="mt-3">
          <p>{errorMessage(reveal.error)}</p>
        </Alert>
      )}
    </section>
  );
}

function StatusActions({ complaint }: { complaint: Detail }) {
  const transition = useTransition(complaint.number);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noteId = 'transition-note';
  const needsReason = complaint.allowedTransitions.filter((t) => t.reasonRequired).map((t) => t.label.toLowerCase());

  async function take(to: Detail['allowedTransitions'][number]) {
    setDone(null);
    setNoteError(undefined);
    if (to.reasonRequired && note.trim() === '') {
      setNoteError('Give a reason');
      document.getElementById(noteId)?.focus();
      return;
    }
    try {
      await transition.mutateAsync({ to: to.to, note: note.trim() });
      setNote('');
      setDone(`Status changed to ${STATUS_LABELS[to.to]}.`);
      headingRef.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.note) {
        setNoteError(error.fields.note);
        document.getElementById(noteId)?.focus();
      }
    }
  }

  return (
    <section aria-labelledby="status-heading" className={`${card} mt-6`}>
      <h2 id="status-heading" ref={headingRef} tabIndex={-1} className={sectionHeading}>
        Change status
      </h2>
      {complaint.allowedTransitions.length === 0 ? (
        <p className="mt-2 text-slate-700">
          Nothing more to do: the complaint is {STATUS_LABELS[complaint.status].toLowerCase()}.
        </p>
      ) : (
        <>
          <Field
            id={noteId}
            label={needsReason.length ? `Note for the student (a reason is required to ${needsReason.join(' or ')})` : 'Note for the student (optional)'}
            hint="Sent to the student by e-mail with the status change."
            error={noteError}
            className="mt-3"
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={2000}
                className={fieldControl}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {complaint.allowedTransitions.map((t) => (
              <button
                key={t.to}
                type="button"
                className={t.to === 'rejected' ? buttonSecondary : buttonPrimary}
                disabled={transition.isPending}
                onClick={() => void take(t)}
              >
                {t.label}
              </button>
            ))}
          </div>
        </>
      )}
      <Announcement testId="status-result">{done && <p className="mt-3 text-green-800">{done}</p>}</Announcement>
      {transition.isError && !(transition.error instanceof ApiError && transition.error.fields?.note) && (
        <Alert className="mt-3">
          <p>{errorMessage(transition.error)}</p>
        </Alert>
      )}
    </section>
  );
}

function Assignment({ complaint, user }: { complaint: Detail; user: User }) {
  const assign = useAssign(complaint.number);
  const isAdmin = user.role === 'admin';
  const colleagues = useColleagues({ enabled: isAdmin });
  const current = complaint.assignee?.id ?? '';
  const [choice, setChoice] = useState(current);
  const [seen, setSeen] = useState(current);
  const [done, setDone] = useState<string | null>(null);
  // Someone (here or elsewhere) changed the assignee: the picker follows.
  if (seen !== current) {
    setSeen(current);
    setChoice(current);
  }
  const selectId = useId();

  const options: Array<{ id: string; label: string }> = [
    { id: '', label: 'Nobody' },
    { id: user.id, label: `Me (${user.name || user.email})` },
  ];
  for (const person of colleagues.data ?? []) {
    if (person.id !== user.id) options.push({ id: person.id, label: `${person.name || person.email} (${person.role})` });
  }
  if (complaint.assignee && !options.some((o) => o.id === complaint.assignee?.id)) {
    options.push({ id: complaint.assignee.id, label: complaint.assignee.name });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    try {
      await assign.mutateAsync({ assigneeId: choice || null });
      const label = options.find((o) => o.id === choice)?.label ?? '';
      setDone(choice ? `Assigned to ${label}.` : 'Nobody is assigned now.');
    } catch {
      // Shown below.
    }
  }

  const fieldError = assign.error instanceof ApiError ? assign.error.fields?.assigneeId : undefined;

  return (
    <section aria-labelledby="assign-heading" className={`${card} mt-6`}>
      <h2 id="assign-heading" className={sectionHeading}>
        Assignment
      </h2>
      <p className="mt-1 text-slate-700">
        Assigned to <strong>{complaint.assignee?.name ?? 'nobody'}</strong>.
      </p>
      <form className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void handleSubmit(event)}>
        <Field id={selectId} label="Assign to" error={fieldError} className="min-w-0 flex-1">
          {(control) => (
            <select {...control} className={fieldControl} value={choice} onChange={(event) => setChoice(event.target.value)}>
              {options.map((option) => (
                <option key={option.id || 'nobody'} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className={buttonPrimary} disabled={assign.isPending || choice === current}>
          Assign
        </button>
      </form>
      {isAdmin && colleagues.isPending && <LoadingStatus label="Loading colleagues…" className="py-2" />}
      {colleagues.isError && (
        <p className="mt-2 text-sm text-slate-700">Colleagues could not be listed: {errorMessage(colleagues.error)}</p>
      )}
      <Announcement>{done && <p className="mt-3 text-green-800">{done}</p>}</Announcement>
      {assign.isError && (
        <Alert className="mt-3">
          <p>{errorMessage(assign.error)}</p>
        </Alert>
      )}
    </section>
  );
}

function entryTitle(entry: TimelineEntry): string {
  if (entry.kind === 'reply') return 'Reply to the student';
  if (entry.kind === 'note') return 'Internal note — the student never sees this';
  if (entry.kind === 'assignment') return 'Assignment';
  if (entry.fromStatus && entry.fromStatus !== entry.status) {
    return `${STATUS_LABELS[entry.fromStatus]} → ${STATUS_LABELS[entry.status]}`;
  }
  return STATUS_LABELS[entry.status];
}

function Timeline({ complaint }: { complaint: Detail }) {
  return (
    <section aria-labelledby="timeline-heading" className="mt-8">
      <h2 id="timeline-heading" className="text-xl font-semibold text-slate-900">
        Timeline
      </h2>
      {complaint.timeline.length === 0 ? (
        <p className="mt-3 text-slate-700">Nothing has happened to this complaint yet.</p>
      ) : (
        <ol className="mt-4 space-y-4 border-l-2 border-brand-200 pl-5" data-testid="staff-timeline">
          {complaint.timeline.map((entry, index) => {
            const internal = entry.internal || entry.kind === 'note';
            return (
              <li
                key={`${entry.at}-${index}`}
                className={`relative ${internal && entry.kind === 'note' ? 'rounded-lg border border-amber-300 bg-amber-50 p-3' : ''}`}
                data-kind={entry.kind}
              >
                <span
                  aria-hidden="true"
                  className={`absolute top-1.5 -left-[1.72rem] size-3 rounded-full border-2 border-white ${
                    entry.kind === 'note' ? 'bg-amber-500' : 'bg-brand-700'
                  }`}
                />
                <p className={`font-semibold ${entry.kind === 'note' ? 'text-amber-950' : 'text-slate-900'}`}>
                  {entry.kind === 'note' && (
                    <span className="mr-2 inline-flex rounded-full bg-amber-200 px-2 py-0.5 text-xs font-bold text-amber-950 uppercase">
                      Internal
                    </span>
                  )}
                  {entryTitle(entry)}
                </p>
                <p className="text-sm text-slate-700">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.by ? ` · ${entry.by}` : ''}
                </p>
                {entry.note && <p className="mt-1 whitespace-pre-line text-slate-900">{entry.note}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function ReplyBox({ complaint }: { complaint: Detail }) {
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
    <section aria-labelledby="reply-heading" className={`${card} mt-8`}>
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
      <Announcement testId="reply-result">{done && <p className="mt-3 text-green-800">{done}</p>}</Announcement>
      {reply.isError && !(reply.error instanceof ApiError && reply.error.fields?.text) && (
        <Alert className="mt-3">
          <p>{errorMessage(reply.error)}</p>
        </Alert>
      )}
    </section>
  );
}

function Workspace({ number, user }: { number: string; user: User }) {
  const detail = useStaffComplaint(number);

  if (detail.isPending) return <LoadingStatus label="Loading the complaint…" />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <div className={`${card} mt-6`} data-testid="complaint-not-found">
          <h2 className="text-lg font-semibold text-slate-900">Complaint not found</h2>
          <p className="mt-2 text-slate-700">
            There is no complaint {number} in your queue. It may belong to another category or hostel.
          </p>
          <Link to="/staff" className={`${buttonPrimary} mt-4`}>
            Go to the queue
          </Link>
        </div>
      );
    }
    return <StaffRequestError error={detail.error} onRetry={() => void detail.refetch()} />;
  }

  const complaint = detail.data;
  return (
    <>
      <ComplaintDetails complaint={complaint} />
      <StudentIdentity complaint={complaint} />
      <StatusActions complaint={complaint} />
      <Assignment complaint={complaint} user={user} />
      <Timeline complaint={complaint} />
      <ReplyBox complaint={complaint} />
    </>
  );
}

/** Route /staff/complaints/:number: one complaint, its student, its timeline and what can be done. */
export function StaffComplaintPage() {
  const { number = '' } = useParams();
  const state: unknown = useLocation().state;
  const queueSearch = (state as { queueSearch?: unknown } | null)?.queueSearch;
  const back = typeof queueSearch === 'string' && queueSearch ? `/staff?${queueSearch}` : '/staff';
  return (
    <section aria-labelledby="staff-complaint-heading" className="mx-auto max-w-3xl">
      <title>{`Complaint ${number} · Staff console · Hostel Complaint Portal`}</title>
      <Link to={back} className={`${textLink} inline-flex min-h-11 items-center gap-1`}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0" />
        </svg>
        Back to the queue
      </Link>
      <h1 id="staff-complaint-heading" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Complaint <span className="font-mono">{number}</span>
      </h1>
      <WorkerGate>{(user) => <Workspace key={number} number={number} user={user} />}</WorkerGate>
    </section>
  );
}
