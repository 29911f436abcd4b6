import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { STATUSES, STATUS_LABELS, type ComplaintStatus } from '../../../../shared/constants';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonSecondary, card } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCatalog } from '../../../lib/catalog';
import { useBulkAction } from '../api/actions';
import { useQueue, useStatusCounts } from '../api/queue';
import { MY_WORK_FILTERS, filtersToApiParams, hasFilters, isMyWork, parseQueueView, viewToParams, type QueueFilters } from '../lib/filters';
import { rememberQueue } from '../lib/queue-session';
import { useIsDesk } from '../lib/use-desk';
import { useNow } from './DueBadge';
import { BulkBar } from './queue/BulkBar';
import { DeskTable, PhoneRows, ROW_LINK } from './queue/QueueRows';
import { ShortcutsDialog } from './queue/ShortcutsDialog';
import { ViewChips } from './queue/ViewChips';
import { QueueFilterBar } from './QueueFilterBar';
import { StaffRequestError, WorkerGate } from './WorkerGate';

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
        aria-label="Show complaints by status"
        className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap sm:overflow-visible"
        data-testid="status-chips"
      >
        <button
          type="button"
          className={chip(selected.size === 0)}
          aria-pressed={selected.size === 0}
          onClick={() => onChange([])}
        >
          All {count(counts.data?.total, selected.size === 0)}
        </button>
        {STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={chip(selected.has(status))}
            aria-pressed={selected.has(status)}
            onClick={() => toggle(status)}
          >
            {STATUS_LABELS[status]} {count(counts.data?.counts[status], selected.has(status))}
          </button>
        ))}
      </div>
      {counts.isError && (
        <p className="mt-2 text-sm text-slate-700">The numbers per status could not be loaded: {errorMessage(counts.error)}</p>
      )}
    </div>
  );
}

function QueueList({ filters, user, onClear }: { filters: QueueFilters; user: User; onClear: () => void }) {
  const queueSearch = viewToParams(filters).toString();
  const queue = useQueue(filters, { enabled: true });
  const acknowledgeOne = useBulkAction();
  const desk = useIsDesk();
  const now = useNow();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const helpRef = useRef<HTMLDialogElement>(null);

  const complaints = useMemo(() => queue.data?.pages.flatMap((page) => page.items) ?? [], [queue.data]);

  // The view's numbers, for "Next complaint" on a complaint's page.
  useEffect(() => {
    if (queue.data) rememberQueue({ search: queueSearch, numbers: complaints.map((c) => c.number) });
  }, [queue.data, complaints, queueSearch]);

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
        acknowledgeOne.mutate(
          { numbers: [number], action: 'acknowledge' },
          {
            onSuccess: (answer) =>
              setResult(
                answer.done.length
                  ? `Acknowledged: ${number}. It is yours if nobody had it.`
                  : `${number} could not be acknowledged in its status.`,
              ),
            onError: (error) => setResult(`${number} was not acknowledged: ${errorMessage(error)}`),
          },
        );
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [acknowledgeOne]);

  if (queue.isPending) return <LoadingStatus label="Loading the queue…" />;
  if (queue.isError && !queue.isFetchNextPageError && complaints.length === 0) {
    return <StaffRequestError error={queue.error} onRetry={() => void queue.refetch()} />;
  }

  if (complaints.length === 0) {
    return (
      <div className={cn(card, 'mt-4')} data-testid="queue-empty">
        {isMyWork(filters) ? (
          <>
            <p className="font-semibold text-slate-900">Nothing open is waiting for you.</p>
            <p className="mt-1 text-slate-700">New complaints in your categories and hostels, and those given to you, appear here.</p>
          </>
        ) : hasFilters(filters) ? (
          <>
            <p className="font-semibold text-slate-900">No complaints match these filters.</p>
            <button type="button" className={cn(buttonSecondary, 'mt-4')} onClick={onClear}>
              Clear filters
            </button>
          </>
        ) : (
          <>
            <p className="font-semibold text-slate-900">There are no complaints in your queue.</p>
            <p className="mt-1 text-slate-700">Complaints in your categories and hostels appear here as students file them.</p>
          </>
        )}
      </div>
    );
  }

  const shown = new Set(complaints.map((c) => c.number));
  const chosen = complaints.filter((c) => selected.has(c.number));
  const allChosen = chosen.length === complaints.length;

  function toggle(number: string) {
    setResult(null);
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(number)) next.delete(number);
      else next.add(number);
      return next;
    });
  }

  const Rows = desk ? DeskTable : PhoneRows;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={allChosen}
            onChange={() => setSelected(allChosen ? new Set() : shown)}
          />
          Select all {complaints.length} shown
        </label>
        <button
          type="button"
          className="ml-auto hidden min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 lg:inline-flex"
          aria-keyshortcuts="?"
          onClick={() => helpRef.current?.showModal()}
        >
          Keyboard shortcuts
        </button>
      </div>
      {chosen.length > 0 && <BulkBar chosen={chosen} user={user} onClear={() => setSelected(new Set())} onResult={setResult} />}
      <StatusMessage tone="neutral" className="mt-3" message={acknowledgeOne.isPending ? 'Working…' : result} />

      <div ref={listRef}>
        <Rows complaints={complaints} now={now} selected={selected} onToggle={toggle} queueSearch={queueSearch} />
      </div>
      {queue.isFetchNextPageError && (
        <Alert className="mt-4">
          <p>{errorMessage(queue.error)}</p>
        </Alert>
      )}
      {queue.isFetchingNextPage && <LoadingStatus label="Loading more complaints…" />}
      {queue.hasNextPage && !queue.isFetchingNextPage && (
        <button type="button" className={cn(buttonSecondary, 'mt-4 w-full sm:w-auto')} onClick={() => void queue.fetchNextPage()}>
          Load more
        </button>
      )}
      <ShortcutsDialog ref={helpRef} />
    </>
  );
}

/** Typing in a field (or a select, or an editable region) is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const QUEUE_LINK = 'inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950';

function Queue({ user }: { user: User }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const catalog = useCatalog();
  const filters = parseQueueView(searchParams, catalog.data);
  const key = viewToParams(filters).toString();

  const change = (next: QueueFilters) => void setSearchParams(viewToParams(next), { preventScrollReset: true });

  return (
    <>
      <ViewChips filters={filters} onChange={change} />
      <StatusChips filters={filters} onChange={(status) => change({ ...filters, status })} />
      <QueueFilterBar filters={filters} onChange={change} />
      <div className="mt-2 flex flex-wrap items-center gap-x-5">
        {/* Every page of this view, streamed by the server; the browser's download shows the progress. */}
        <a href={`/api/staff/complaints.csv?${filtersToApiParams(filters).toString()}`} download className={QUEUE_LINK}>
          Download this view as CSV
        </a>
        {(user.role === 'warden' || user.role === 'admin') && (
          <Link to="/insights" className={QUEUE_LINK}>
            Insights
          </Link>
        )}
      </div>
      <QueueList key={key} filters={filters} user={user} onClear={() => change({ ...MY_WORK_FILTERS })} />
    </>
  );
}

/** Route /staff: the complaints in the user's scope, filtered and worked in bulk. */
export function StaffQueuePage() {
  return (
    <section aria-labelledby="staff-heading" className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <PageHeading id="staff-heading" title="Staff console · Hostel Complaint Portal">
          Staff console
        </PageHeading>
        <Link to="/staff/notices" className="ml-auto inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950">Notices</Link>
        <Link
          to="/staff/settings"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
        >
          Notification settings
        </Link>
      </div>
      <WorkerGate>{(user) => <Queue user={user} />}</WorkerGate>
    </section>
  );
}
