import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { STATUSES, STATUS_LABELS, type ComplaintStatus } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Controls';
import { card } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCatalog } from '../../../lib/catalog';
import { useMe } from '../../../lib/me';
import type { Attention, BulkAction } from '../../../../shared/queue';
import type { StaffComplaint } from '../../../../shared/staff';
import { useAcknowledgeOne } from '../api/acknowledge';
import { useAttention } from '../api/attention';
import { useQueue, useStatusCounts } from '../api/queue';
import {
  MY_WORK_FILTERS,
  NEW_FILTERS,
  filtersToApiParams,
  hasFilters,
  isMyWork,
  parseQueueView,
  viewToParams,
  type QueueFilters,
} from '../lib/filters';
import { rememberQueue } from '../lib/queue-session';
import { useIsDesk } from '../lib/use-desk';
import { useNow } from './DueBadge';
import { AttentionStrip } from './queue/AttentionStrip';
import { BulkBar } from './queue/BulkBar';
import { BulkProgress } from './queue/BulkProgress';
import { DeskTable, PhoneRows, ROW_LINK } from './queue/QueueRows';
import { ShortcutsDialog } from './queue/ShortcutsDialog';
import { RaggingClocks } from './queue/RaggingClocks';
import { ViewChips } from './queue/ViewChips';
import { QueueFilterBar } from './QueueFilterBar';
import { StaffRequestError, WorkerGate } from './WorkerGate';
import { i18n } from '../../../lib/i18n';
import { can } from '../../../../shared/permissions';

function StatusChips({ filters, onChange }: { filters: QueueFilters; onChange: (status: ComplaintStatus[]) => void }) {
  const counts = useStatusCounts({ enabled: true });
  const selected = new Set(filters.status);

  function toggle(status: ComplaintStatus) {
    const next = new Set(selected);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onChange(STATUSES.filter((s) => next.has(s)));
  }

  const chip = (pressed: boolean) =>
    cn(
      'inline-flex min-h-11 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap',
      pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
    );
  const count = (n: number | undefined, pressed: boolean) =>
    n === undefined ? null : (
      <span
        className={cn('rounded-full px-2 py-0.5 text-xs tabular-nums', pressed ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-800')}
      >
        {n}
      </span>
    );

  return (
    <div className="mt-4">
      <div
        role="group"
        aria-label={i18n._('Show complaints by status')}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap sm:overflow-visible"
        data-testid="status-chips"
      >
        <Button variant="plain" className={chip(selected.size === 0)} aria-pressed={selected.size === 0} onClick={() => onChange([])}>
          {i18n._('All')} {count(counts.data?.total, selected.size === 0)}
        </Button>
        {STATUSES.map((status) => (
          <Button key={status} variant="plain" className={chip(selected.has(status))} aria-pressed={selected.has(status)} onClick={() => toggle(status)}>
            {i18n._(STATUS_LABELS[status])} {count(counts.data?.counts[status], selected.has(status))}
          </Button>
        ))}
      </div>
      {counts.isError && (
        <p className="mt-2 text-sm text-slate-700">{i18n._('The numbers per status could not be loaded: {error}', { error: errorMessage(counts.error) })}</p>
      )}
    </div>
  );
}

const SECTION_HEADING = 'flex items-center gap-2 text-lg font-semibold text-slate-900';
/** How many new complaints the first screen shows above "My open work"; the New view has them all. */
const NEW_ON_FIRST_SCREEN = 5;

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm tabular-nums text-slate-800">{n}</span>;
}

/**
 * The first screen's top section: the newest complaints nobody has acknowledged, in the same rows
 * as the list below (selectable, opened with a tap or Enter), and a link to all of them.
 */
function NewSection({
  count,
  now,
  selected,
  onToggle,
  onComplaints,
  onAll,
}: {
  count: number | undefined;
  now: number;
  selected: ReadonlySet<string>;
  onToggle: (number: string) => void;
  onComplaints: (complaints: StaffComplaint[]) => void;
  onAll: () => void;
}) {
  const queue = useQueue(NEW_FILTERS, { enabled: true });
  const desk = useIsDesk();
  const shown = useMemo(() => queue.data?.pages[0]?.items.slice(0, NEW_ON_FIRST_SCREEN) ?? [], [queue.data]);
  useEffect(() => onComplaints(shown), [shown, onComplaints]);
  const Rows = desk ? DeskTable : PhoneRows;
  return (
    <section aria-labelledby="new-heading" className="mt-4" data-testid="new-section">
      <h2 id="new-heading" className={SECTION_HEADING}>
        {i18n._('New')} <Count n={count} />
      </h2>
      {queue.isPending ? (
        <LoadingStatus label={i18n._('Loading new complaints…')} />
      ) : queue.isError ? (
        <StaffRequestError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : shown.length === 0 ? (
        <p className="mt-1 text-slate-700">{i18n._('Nothing new: every complaint in your categories and hostels has been acknowledged.')}</p>
      ) : (
        <>
          <Rows complaints={shown} now={now} selected={selected} onToggle={onToggle} queueSearch={viewToParams(NEW_FILTERS).toString()} label={i18n._('New complaints')} timeZone={queue.data?.pages[0]?.timeZone} />
          {(count ?? 0) > shown.length && (
            <Button variant="plain" className={cn(QUEUE_LINK, 'mt-1')} onClick={onAll}>
              {i18n._('All {count} new complaints', { count })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function QueueList({
  filters,
  counts,
  openFirst,
  onOpenHandled,
  onScheduled,
  onChange,
}: {
  filters: QueueFilters;
  counts: Attention | undefined;
  /** A search was just made with Enter: open its first result. */
  openFirst: boolean;
  onOpenHandled: () => void;
  onScheduled: (action: BulkAction) => void;
  onChange: (filters: QueueFilters) => void;
}) {
  const queueSearch = viewToParams(filters).toString();
  const queue = useQueue(filters, { enabled: true });
  const acknowledgeOne = useAcknowledgeOne();
  const navigate = useNavigate();
  const desk = useIsDesk();
  const now = useNow();
  const firstScreen = isMyWork(filters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [newOnes, setNewOnes] = useState<StaffComplaint[]>([]);
  const [result, setResult] = useState<string | null>(null);
  // A row acknowledged from the keyboard may leave "New": its row in the list below takes the focus.
  const [refocus, setRefocus] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const helpRef = useRef<HTMLDialogElement>(null);

  const complaints = useMemo(() => queue.data?.pages.flatMap((page) => page.items) ?? [], [queue.data]);

  // The view's numbers, for "Next complaint" on a complaint's page.
  useEffect(() => {
    if (queue.data) rememberQueue({ search: queueSearch, numbers: complaints.map((c) => c.number) });
  }, [queue.data, complaints, queueSearch]);

  // After a search made with Enter: its first result opens (the queue keeps the results for
  // "Next complaint" and the way back); with none, the focus stays in the search box.
  useEffect(() => {
    if (!openFirst || queue.isFetching || !queue.data) return;
    onOpenHandled();
    const [first] = complaints;
    if (first) void navigate(`/staff/complaints/${encodeURIComponent(first.number)}`, { state: { queueSearch } });
  }, [openFirst, queue.isFetching, queue.data, complaints, navigate, onOpenHandled, queueSearch]);

  useEffect(() => {
    if (!refocus) return;
    const link = listRef.current?.querySelector<HTMLAnchorElement>(`[data-testid="queue-list"] a[${ROW_LINK}="${CSS.escape(refocus)}"]`);
    if (!link) return;
    setRefocus(null);
    if (!(document.activeElement instanceof HTMLAnchorElement && document.activeElement.hasAttribute(ROW_LINK))) link.focus();
  }, [refocus, complaints, newOnes]);

  // j/k move between rows, Enter opens (the row's link has the focus), a acknowledges, / searches, ? helps.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || helpRef.current?.open) return;
      const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>(`a[${ROW_LINK}]`) ?? [])];
      const current = links.findIndex((link) => link === document.activeElement);
      if (event.key === 'j' || event.key === 'k') {
        if (links.length === 0) return;
        event.preventDefault();
        const next = current === -1 ? 0 : Math.min(links.length - 1, Math.max(0, current + (event.key === 'j' ? 1 : -1)));
        links[next]?.focus();
        links[next]?.closest('[data-testid="queue-row"]')?.scrollIntoView({ block: 'nearest' });
      } else if (event.key === '/') {
        event.preventDefault();
        document.getElementById('queue-q')?.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        helpRef.current?.showModal();
      } else if (event.key === 'a') {
        const number = links[current]?.getAttribute(ROW_LINK);
        if (!number) return;
        event.preventDefault();
        setResult(null);
        acknowledgeOne.mutate(number, {
          onSuccess: () => {
            setResult(i18n._('Acknowledged: {number}. It is yours if nobody had it.', { number }));
            setRefocus(number);
          },
          onError: (error) => setResult(i18n._('{number} was not acknowledged: {error}', { number, error: errorMessage(error) })),
        });
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [acknowledgeOne]);

  const onNewComplaints = useCallback((items: StaffComplaint[]) => setNewOnes(items), []);

  function toggle(number: string) {
    setResult(null);
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(number)) next.delete(number);
      else next.add(number);
      return next;
    });
  }

  if (queue.isPending) return <LoadingStatus label={i18n._('Loading the queue…')} />;
  if (queue.isError && !queue.isFetchNextPageError && complaints.length === 0) {
    return <StaffRequestError error={queue.error} onRetry={() => void queue.refetch()} />;
  }

  // A complaint shown in both sections is one complaint.
  const everyShown = [...new Map([...(firstScreen ? newOnes : []), ...complaints].map((c) => [c.number, c])).values()];
  const chosen = everyShown.filter((c) => selected.has(c.number));
  const allChosen = complaints.length > 0 && complaints.every((c) => selected.has(c.number));
  const Rows = desk ? DeskTable : PhoneRows;

  const empty = (
    <div className={cn(card, 'mt-3')} data-testid="queue-empty">
      {firstScreen ? (
        <>
          <p className="font-semibold text-slate-900">{i18n._('Nothing open is waiting for you.')}</p>
          <p className="mt-1 text-slate-700">{i18n._('New complaints in your categories and hostels, and those given to you, appear here.')}</p>
        </>
      ) : hasFilters(filters) ? (
        <>
          <p className="font-semibold text-slate-900">{i18n._('No complaints match these filters.')}</p>
          <Button className="mt-4" onClick={() => onChange({ ...MY_WORK_FILTERS })}>
            {i18n._('Clear filters')}
          </Button>
        </>
      ) : (
        <>
          <p className="font-semibold text-slate-900">{i18n._('There are no complaints in your queue.')}</p>
          <p className="mt-1 text-slate-700">{i18n._('Complaints in your categories and hostels appear here as students file them.')}</p>
        </>
      )}
    </div>
  );

  return (
    <div ref={listRef}>
      {chosen.length > 0 && <BulkBar chosen={chosen} onClear={() => setSelected(new Set())} onScheduled={onScheduled} />}
      <StatusMessage tone="neutral" className="mt-3" message={acknowledgeOne.isPending ? i18n._('Working…') : result} />
      {firstScreen && (
        <NewSection
          count={counts?.new}
          now={now}
          selected={selected}
          onToggle={toggle}
          onComplaints={onNewComplaints}
          onAll={() => onChange({ ...NEW_FILTERS, status: [...NEW_FILTERS.status] })}
        />
      )}
      <section aria-labelledby="list-heading" className={firstScreen ? 'mt-6' : 'mt-3'} data-testid="queue-list">
        <h2 id="list-heading" className={cn(SECTION_HEADING, !firstScreen && 'sr-only')}>
          {firstScreen ? (
            <>
              {i18n._('My open work')} <Count n={counts?.mine} />
            </>
          ) : (
            i18n._('Complaints in this view')
          )}
        </h2>
        {complaints.length === 0 ? (
          empty
        ) : (
          <>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
                <Checkbox
                  checked={allChosen}
                  onChange={() =>
                    setSelected((previous) => {
                      const next = new Set(previous);
                      for (const c of complaints) {
                        if (allChosen) next.delete(c.number);
                        else next.add(c.number);
                      }
                      return next;
                    })
                  }
                />
                {i18n._('Select all {count} shown', { count: complaints.length })}
              </label>
              <Button
                variant="plain"
                className="ml-auto hidden min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 lg:inline-flex"
                aria-keyshortcuts="?"
                onClick={() => helpRef.current?.showModal()}
              >
                {i18n._('Keyboard shortcuts')}
              </Button>
            </div>
            <Rows complaints={complaints} now={now} selected={selected} onToggle={toggle} queueSearch={queueSearch} label={i18n._('Complaints in your queue')} timeZone={queue.data?.pages[0]?.timeZone} />
            {queue.isFetchNextPageError && (
              <Alert className="mt-4">
                <p>{errorMessage(queue.error)}</p>
              </Alert>
            )}
            {queue.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more complaints…')} />}
            {queue.hasNextPage && !queue.isFetchingNextPage && (
              <Button className="mt-4 w-full sm:w-auto" onClick={() => void queue.fetchNextPage()}>
                {i18n._('Load more')}
              </Button>
            )}
          </>
        )}
      </section>
      <ShortcutsDialog ref={helpRef} />
    </div>
  );
}

/** Typing in a field (text of any kind, a select, an editable region) is never a shortcut; a checkbox is not typing. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

const QUEUE_LINK = 'inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950';

function Queue({ user }: { user: User }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const catalog = useCatalog();
  const filters = parseQueueView(searchParams, catalog.data);
  const key = viewToParams(filters).toString();
  const attention = useAttention({ enabled: true });
  // Kept here, not in the list: a bulk action goes on (and can be undone) whichever view is shown.
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [openFirst, setOpenFirst] = useState(false);
  const onOpenHandled = useCallback(() => setOpenFirst(false), []);

  const change = (next: QueueFilters) => void setSearchParams(viewToParams(next), { preventScrollReset: true });

  return (
    <>
      <RaggingClocks user={user} />
      <QueueFilterBar filters={filters} onChange={change} onSearch={() => setOpenFirst(true)} />
      {can(user.role, 'queue.oversee') && <AttentionStrip counts={attention.data} />}
      <ViewChips filters={filters} counts={attention.data} onChange={change} />
      <StatusChips filters={filters} onChange={(status) => change({ ...filters, status })} />
      {bulk && <BulkProgress key={bulk.id} scheduled={bulk} onDismiss={() => setBulk(null)} />}
      <QueueList
        key={key}
        filters={filters}
        counts={attention.data}
        openFirst={openFirst}
        onOpenHandled={onOpenHandled}
        onScheduled={setBulk}
        onChange={change}
      />
      <div className="mt-2 flex flex-wrap items-center gap-x-5">
        {/* Every page of this view, streamed by the server; the browser's download shows the progress. */}
        <a href={`/api/staff/complaints.csv?${filtersToApiParams(filters).toString()}`} download className={QUEUE_LINK}>
          {i18n._('Download this view as CSV')}
        </a>
        {can(user.role, 'queue.oversee') && (
          <Link to="/insights" className={QUEUE_LINK}>
            {i18n._('Insights')}
          </Link>
        )}
      </div>
    </>
  );
}

/** Route /staff: the complaints in the user's scope, filtered and worked in bulk. */
export function StaffQueuePage() {
  // The committees' reports are the anti-ragging duty's and the admins' (the server refuses anyone else).
  const me = useMe();
  const onDuty = me.data?.antiRagging === true || (me.data ? can(me.data.role, 'scope.everything') : false);
  return (
    <section aria-labelledby="staff-heading" className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <PageHeading id="staff-heading" title={i18n._('Staff console · Hostel Complaint Portal')}>
          {i18n._('Staff console')}
        </PageHeading>
        <Link to="/staff/notices" className="ml-auto inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950">{i18n._('Notices')}</Link>
        <Link to="/staff/cleaning" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950">{i18n._('Cleaning')}</Link>
        {onDuty && <Link to="/staff/anti-ragging" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950">{i18n._('Anti-ragging')}</Link>}
        <Link
          to="/staff/settings"
          aria-label={i18n._('Notification settings')}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
        >
          {/* Short on a phone, so the heading keeps one line. */}
          <span className="sm:hidden">{i18n._('Settings')}</span>
          <span className="hidden sm:inline">{i18n._('Notification settings')}</span>
        </Link>
      </div>
      <WorkerGate>{(user) => <Queue user={user} />}</WorkerGate>
    </section>
  );
}
