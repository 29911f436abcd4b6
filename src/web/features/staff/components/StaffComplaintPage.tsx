import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { RAGGING_CATEGORY, STATUS_LABELS, isOpenStatus } from '../../../../shared/constants';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { buttonPrimary } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useMarkComplaintSeen } from '../../../lib/mark-complaint-seen';
import { useStaffComplaint } from '../api/detail';
import { useAnswerVisit, useProposeVisit } from '../api/visits';
import { VisitPanel } from '../../../components/visits/VisitPanel';
import { nextNumber, recalledQueue } from '../lib/queue-session';
import { Assignment } from './complaint/Assignment';
import { ComplaintDetails } from './complaint/ComplaintDetails';
import { ComplaintHeader } from './complaint/ComplaintHeader';
import { MergePanel, MergedDuplicates } from './complaint/MergePanel';
import { RaggingRecord } from './complaint/RaggingRecord';
import { ReplyBox, type ReplyBoxHandle } from './complaint/ReplyBox';
import { StaffThread } from './complaint/StaffThread';
import { StatusActions } from './complaint/StatusActions';
import { StudentIdentity } from './complaint/StudentIdentity';
import type { Detail } from './complaint/types';
import { ShortcutsDialog, type Shortcut } from './queue/ShortcutsDialog';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { StaffRequestError, WorkerGate } from './WorkerGate';
import { i18n } from '../../../lib/i18n';

/** The names printed on the keys. */
const ESCAPE_KEY = 'Esc';

/** Built at render time, in the reader's language. */
const complaintShortcuts = (): readonly Shortcut[] => [
  { keys: ['r'], what: i18n._('Write a reply (go to the reply box)') },
  { keys: ['e'], what: i18n._('Mark resolved (asks first; what the box holds is sent with it)') },
  { keys: ['n'], what: i18n._('Next complaint of the queue you came from') },
  { keys: [ESCAPE_KEY], what: i18n._('Leave the field you are typing in') },
  { keys: ['?'], what: i18n._('Show this list') },
];

/** Typing in a field (or a select, or an editable region) is never a shortcut. */
function isTyping(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The queue view this complaint was opened from (same tab), and the complaint after it there. */
function queueAfter(number: string, queueSearch: string | null) {
  const session = recalledQueue();
  if (!session || (queueSearch !== null && session.search !== queueSearch)) return null;
  return { search: session.search, next: nextNumber(session.numbers, number) };
}

const kbd = cn('rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs text-slate-900');

const queueLink = (search: string) => `/staff${search ? `?${search}` : ''}`;
const complaintLink = (number: string) => `/staff/complaints/${encodeURIComponent(number)}`;

/** After an action: the next complaint of the queue view this one was opened from. */
function NextComplaint({ number, queueSearch }: { number: string; queueSearch: string | null }) {
  const after = queueAfter(number, queueSearch);
  if (!after) return null;
  if (!after.next) {
    return (
      <p className="mt-4 text-slate-700" data-testid="next-complaint">
        {i18n._('That was the last complaint in this view.')}{' '}
        <Link to={queueLink(after.search)} className="font-semibold text-brand-800 underline">
          {i18n._('Back to the queue')}
        </Link>
      </p>
    );
  }
  return (
    <div className="mt-4" data-testid="next-complaint">
      <Link to={complaintLink(after.next)} state={{ queueSearch: after.search }} className={cn(buttonPrimary, 'w-full sm:w-auto')}>
        <WithSlots
          text={i18n._('Next complaint: {number}', { number: slot('number') })}
          slots={{ number: <span className="ml-1 font-mono">{after.next}</span> }}
        />
      </Link>
    </div>
  );
}

/**
 * r, e, n and ? on the complaint page; none of them while typing in a field, where Escape leaves
 * the field instead (and the keys work again). The handlers are read at the key press, so the
 * listener is added once.
 */
function useComplaintKeys(handlers: Record<'r' | 'e' | 'n' | '?', () => void>, help: RefObject<HTMLDialogElement | null>) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) {
        if (event.key === 'Escape') event.target.blur();
        return;
      }
      if (help.current?.open) return;
      const key = event.key;
      if (key !== 'r' && key !== 'e' && key !== 'n' && key !== '?') return;
      event.preventDefault();
      latest.current[key]();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [help]);
}

/** The visit for in-room work: propose a time, answer the student's, see the agreed one. */
function StaffVisit({ complaint }: { complaint: Detail }) {
  const propose = useProposeVisit(complaint.number);
  const answer = useAnswerVisit(complaint.number);
  if (!complaint.visit) return null;
  return (
    <VisitPanel
      state={complaint.visit}
      side="staff"
      open={isOpenStatus(complaint.status)}
      actions={{ propose: (body) => propose.mutateAsync(body), answer: (id, which) => answer.mutateAsync({ id, answer: which }) }}
    />
  );
}

/**
 * Phone first, top to bottom: the header (status, due, how many it affects, who has it and "Take
 * it"), the conversation from the student's message on, the reply box, then the actions and the
 * details. At a desk the conversation and the reply box keep the main column and the actions and
 * details sit beside them; the order in the page (and of the keyboard) stays the phone's.
 */
function Loaded({ complaint, user, queueSearch }: { complaint: Detail; user: User; queueSearch: string | null }) {
  const { number } = complaint;
  const [acted, setActed] = useState(false);
  const [keyMessage, setKeyMessage] = useState<string | null>(null);
  const onDone = () => setActed(true);
  const replyBox = useRef<ReplyBoxHandle>(null);
  const help = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useComplaintKeys(
    {
      r: () => replyBox.current?.focus(),
      e: () => {
        setKeyMessage(null);
        if (!replyBox.current?.askResolve()) {
          setKeyMessage(i18n._('It cannot be marked resolved while it is {status}.', { status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase() }));
        }
      },
      n: () => {
        const after = queueAfter(number, queueSearch);
        if (after?.next) {
          void navigate(complaintLink(after.next), { state: { queueSearch: after.search } });
          return;
        }
        setKeyMessage(after ? i18n._('That was the last complaint in this view.') : i18n._('Open a complaint from the queue: n then goes on to the next one there.'));
      },
      '?': () => help.current?.showModal(),
    },
    help,
  );

  return (
    <>
      <div className="lg:flex lg:items-start lg:justify-between lg:gap-4">
        <ComplaintHeader complaint={complaint} user={user} />
        <p className="mt-3 hidden shrink-0 items-center gap-1.5 text-sm text-slate-700 lg:flex" data-testid="key-hints">
          <kbd className={kbd}>r</kbd> {i18n._('reply')} · <kbd className={kbd}>e</kbd> {i18n._('resolve')} · <kbd className={kbd}>n</kbd> {i18n._('next')} ·
          <Button
            variant="plain"
            className="min-h-11 font-semibold text-brand-800 underline underline-offset-2"
            aria-keyshortcuts="?"
            onClick={() => help.current?.showModal()}
          >
            {i18n._('All shortcuts')}
          </Button>
        </p>
      </div>
      <StatusMessage tone="neutral" className="mt-2" message={keyMessage} data-testid="key-result" />
      <div className="lg:mt-2 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6">
        <div data-testid="staff-main">
          {complaint.category === RAGGING_CATEGORY && <RaggingRecord number={number} />}
          <StaffThread complaint={complaint} />
          <ReplyBox ref={replyBox} complaint={complaint} onDone={onDone} />
          {acted && <NextComplaint number={number} queueSearch={queueSearch} />}
          <MergedDuplicates complaint={complaint} />
        </div>
        <div data-testid="staff-sidebar" className="lg:mt-6">
          <div data-testid="staff-actions">
            <StatusActions complaint={complaint} onDone={onDone} />
            <StaffVisit complaint={complaint} />
            <Assignment complaint={complaint} user={user} />
            <MergePanel complaint={complaint} />
          </div>
          <ComplaintDetails complaint={complaint} />
          <StudentIdentity complaint={complaint} />
        </div>
      </div>
      <ShortcutsDialog ref={help} shortcuts={complaintShortcuts()} where="complaint" />
    </>
  );
}

function Workspace({ number, user, queueSearch }: { number: string; user: User; queueSearch: string | null }) {
  const detail = useStaffComplaint(number);
  const { mutate: markSeen } = useMarkComplaintSeen();
  const shown = detail.data ? `${detail.data.number} ${detail.data.updatedAt}` : null;
  // Opening a complaint is reading what the bell said about it (a student's answer, its lateness).
  useEffect(() => {
    if (shown) markSeen(number);
  }, [markSeen, number, shown]);

  if (detail.isPending) return <LoadingStatus label={i18n._('Loading the complaint…')} />;
  // A failed refresh (after an action, on a flaky connection) keeps the page and what is typed in it.
  if (detail.isError && detail.data === undefined) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <NotFoundCard title={i18n._('Complaint not found')} to="/staff" linkLabel={i18n._('Go to the queue')} data-testid="complaint-not-found">
          {i18n._('There is no complaint {number} in your queue. It may belong to another category or hostel.', { number })}
        </NotFoundCard>
      );
    }
    return <StaffRequestError error={detail.error} onRetry={() => void detail.refetch()} />;
  }

  return (
    <>
      {detail.isError && (
        <Alert className="mt-4" tone="info">
          <p>
            {i18n._('This page could not be refreshed ({error}). What you see may be out of date.', { error: errorMessage(detail.error) })}{' '}
            <Button variant="plain" className="font-semibold underline" onClick={() => void detail.refetch()}>
              {i18n._('Try again')}
            </Button>
          </p>
        </Alert>
      )}
      <Loaded complaint={detail.data} user={user} queueSearch={queueSearch} />
    </>
  );
}

/** Route /staff/complaints/:number: one complaint, its conversation and what can be done. */
export function StaffComplaintPage() {
  const { number = '' } = useParams();
  const state: unknown = useLocation().state;
  const passed = (state as { queueSearch?: unknown } | null)?.queueSearch;
  const queueSearch = typeof passed === 'string' ? passed : null;
  const back = queueSearch ? `/staff?${queueSearch}` : '/staff';
  return (
    <section aria-labelledby="staff-complaint-heading" className="mx-auto max-w-3xl lg:max-w-7xl">
      <BackLink to={back}>{i18n._('Back to the queue')}</BackLink>
      <PageHeading id="staff-complaint-heading" title={i18n._('Complaint {number} · Staff console · Hostel Complaint Portal', { number })}>
        <WithSlots text={i18n._('Complaint {number}', { number: slot('number') })} slots={{ number: <span className="font-mono">{number}</span> }} />
      </PageHeading>
      <WorkerGate>{(user) => <Workspace key={number} number={number} user={user} queueSearch={queueSearch} />}</WorkerGate>
    </section>
  );
}
