import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { STATUSES, STATUS_LABELS, type ComplaintStatus } from '../../../../shared/constants';
import type { StaffComplaint } from '../../../../shared/staff';
import { CONFIDENTIAL_STUDENT } from '../../../../shared/staff';
import { StatusBadge } from '../../../components/StatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCatalog } from '../../../lib/catalog';
import { formatDateTime } from '../../../lib/format';
import { useBulkAction } from '../api/actions';
import { useQueue, useStatusCounts } from '../api/queue';
import { ageLabel } from '../lib/age';
import { EMPTY_FILTERS, filtersToParams, hasFilters, parseFilters, type QueueFilters } from '../lib/filters';
import { QueueFilterBar } from './QueueFilterBar';
import { ConfidentialBadge, StaffRequestError, WorkerGate } from './WorkerGate';

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

function QueueRow({
  complaint,
  now,
  selected,
  onToggle,
  queueSearch,
}: {
  complaint: StaffComplaint;
  now: number;
  selected: boolean;
  onToggle: () => void;
  /** The queue's filters, so the detail page's back link returns to the same view. */
  queueSearch: string;
}) {
  const checkboxId = `select-${complaint.number}`;
  const student = complaint.confidential
    ? CONFIDENTIAL_STUDENT
    : [complaint.fname, complaint.id].filter(Boolean).join(' ') || complaint.userEmail;
  const where = [
    complaint.hostel,
    `floor ${complaint.floor}`,
    complaint.roomNo ? `room ${complaint.roomNo}` : '',
  ].filter(Boolean);
  return (
    <li
      className={cn('rounded-xl border bg-white p-4 shadow-sm', selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200')}
      data-testid="queue-row"
    >
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${complaint.number}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              to={`/staff/complaints/${encodeURIComponent(complaint.number)}`}
              state={{ queueSearch }}
              className="font-mono text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
            >
              {complaint.number}
            </Link>
            <StatusBadge status={complaint.status} />
          </div>
          <p className="mt-1 font-semibold text-slate-900">
            {complaint.complaintHead}
            {complaint.subCategory && complaint.subCategory !== complaint.complaintHead ? ` · ${complaint.subCategory}` : ''}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-slate-700">{complaint.complaint}</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div className="min-w-0">
              <dt className="inline font-medium text-slate-600">Where: </dt>
              <dd className="inline text-slate-900">{where.join(', ')}</dd>
            </div>
            <div className="min-w-0">
              <dt className="inline font-medium text-slate-600">Student: </dt>
              <dd className="inline text-slate-900">
                {student} {complaint.confidential && <ConfidentialBadge />}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="inline font-medium text-slate-600">Assigned to: </dt>
              <dd className="inline text-slate-900">{complaint.assignee?.name ?? 'Nobody'}</dd>
            </div>
            <div className="min-w-0">
              <dt className="inline font-medium text-slate-600">Age: </dt>
              <dd className="inline text-slate-900">
                <time dateTime={complaint.createdAt} title={formatDateTime(complaint.createdAt)}>
                  {ageLabel(complaint.createdAt, now)}
                </time>
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </li>
  );
}

function describeBulk(action: 'acknowledge' | 'assign', done: string[], skipped: string[]): string {
  const verb = action === 'acknowledge' ? 'Acknowledged' : 'Assigned to you';
  const parts = [`${verb}: ${done.length === 0 ? 'none' : done.join(', ')}.`];
  if (skipped.length) parts.push(`Skipped (not possible in their status): ${skipped.join(', ')}.`);
  return parts.join(' ');
}

function QueueList({ filters, user, onClear }: { filters: QueueFilters; user: User; onClear: () => void }) {
  const queueSearch = filtersToParams(filters).toString();
  const queue = useQueue(filters, { enabled: true });
  const bulk = useBulkAction();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<string | null>(null);
  // "Now" for the ages, fixed when the list was shown (re-rendering must not change it).
  const [now] = useState(() => Date.now());

  if (queue.isPending) return <LoadingStatus label="Loading the queue…" />;
  if (queue.isError && !queue.isFetchNextPageError) {
    return <StaffRequestError error={queue.error} onRetry={() => void queue.refetch()} />;
  }

  const complaints = queue.data.pages.flatMap((page) => page.items);
  if (complaints.length === 0) {
    return (
      <div className={cn(card, 'mt-6')} data-testid="queue-empty">
        {hasFilters(filters) ? (
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
  const chosen = [...selected].filter((number) => shown.has(number));
  const allChosen = chosen.length === complaints.length;

  function toggle(number: string) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(number)) next.delete(number);
      else next.add(number);
      return next;
    });
  }

  async function run(action: 'acknowledge' | 'assign') {
    setResult(null);
    const body =
      action === 'acknowledge'
        ? { numbers: chosen, action }
        : { numbers: chosen, action, assigneeId: user.id };
    try {
      const answer = await bulk.mutateAsync(body);
      setSelected(new Set());
      setResult(describeBulk(action, answer.done, answer.skipped));
    } catch {
      // Shown from bulk.error below.
    }
  }

  return (
    <>
      <div
        className="z-10 mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur sm:sticky sm:top-0 sm:flex-row sm:flex-wrap sm:items-center"
        data-testid="bulk-bar"
      >
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-900">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={allChosen}
            onChange={() => setSelected(allChosen ? new Set() : shown)}
          />
          Select all {complaints.length} shown
        </label>
        <p className="text-sm text-slate-700 sm:mr-auto" aria-live="polite">
          {chosen.length} selected
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <button
            type="button"
            className={buttonPrimary}
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => void run('acknowledge')}
          >
            Acknowledge
          </button>
          <button
            type="button"
            className={buttonSecondary}
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => void run('assign')}
          >
            Assign to me
          </button>
        </div>
      </div>
      <StatusMessage tone="neutral" className="mt-3" message={bulk.isPending ? 'Working…' : result} />
      {bulk.isError && (
        <Alert className="mt-3">
          <p>{errorMessage(bulk.error)}</p>
        </Alert>
      )}

      <ul className="mt-4 grid gap-3" aria-label="Complaints in your queue">
        {complaints.map((complaint) => (
          <QueueRow
            key={complaint.number}
            complaint={complaint}
            now={now}
            selected={selected.has(complaint.number)}
            onToggle={() => toggle(complaint.number)}
            queueSearch={queueSearch}
          />
        ))}
      </ul>
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
    </>
  );
}

function Queue({ user }: { user: User }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const catalog = useCatalog();
  const filters = parseFilters(searchParams, catalog.data);
  const key = filtersToParams(filters).toString();

  const change = (next: QueueFilters) => void setSearchParams(filtersToParams(next), { preventScrollReset: true });

  return (
    <>
      <StatusChips filters={filters} onChange={(status) => change({ ...filters, status })} />
      <QueueFilterBar filters={filters} onChange={change} />
      <QueueList key={key} filters={filters} user={user} onClear={() => change({ ...EMPTY_FILTERS, sort: filters.sort })} />
    </>
  );
}

/** Route /staff: the complaints in the user's scope, filtered and worked in bulk. */
export function StaffQueuePage() {
  return (
    <section aria-labelledby="staff-heading" className="mx-auto max-w-5xl">
      <PageHeading id="staff-heading" title="Staff console · Hostel Complaint Portal">
        Staff console
      </PageHeading>
      <WorkerGate>{(user) => <Queue user={user} />}</WorkerGate>
    </section>
  );
}
