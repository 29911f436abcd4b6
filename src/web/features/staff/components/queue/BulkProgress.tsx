import { useState } from 'react';
import { Link } from 'react-router';
import type { BulkAction, BulkActionKind } from '../../../../../shared/queue';
import { Alert } from '../../../../components/ui/Alert';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useBulkAction, useUndoBulk } from '../../api/bulk';
import { useNow } from '../DueBadge';
import { i18n } from '../../../../lib/i18n';

// Each action's sentences are whole messages: every language words them its own way.

function undoneText(action: BulkActionKind): string {
  switch (action) {
    case 'acknowledged':
      return i18n._('Undone: nothing was acknowledged and nobody was told.');
    case 'in_progress':
      return i18n._('Undone: nothing was started and nobody was told.');
    case 'resolved':
      return i18n._('Undone: nothing was resolved and nobody was told.');
    case 'rejected':
      return i18n._('Undone: nothing was rejected and nobody was told.');
    case 'take':
      return i18n._('Undone: nothing was taken and nobody was told.');
  }
}

function doneText(action: BulkActionKind, done: number, count: number): string {
  switch (action) {
    case 'acknowledged':
      return i18n._('Acknowledged: {done} of {count}.', { done, count });
    case 'in_progress':
      return i18n._('Started: {done} of {count}.', { done, count });
    case 'resolved':
      return i18n._('Resolved: {done} of {count}.', { done, count });
    case 'rejected':
      return i18n._('Rejected: {done} of {count}.', { done, count });
    case 'take':
      return i18n._('Taken: {done} of {count}.', { done, count });
  }
}

function doingText(action: BulkActionKind, count: number): string {
  switch (action) {
    case 'acknowledged':
      return i18n._('Acknowledging {count}…', { count });
    case 'in_progress':
      return i18n._('Starting work on {count}…', { count });
    case 'resolved':
      return i18n._('Resolving {count}…', { count });
    case 'rejected':
      return i18n._('Rejecting {count}…', { count });
    case 'take':
      return i18n._('Taking {count}…', { count });
  }
}

/** Seconds left in the undo window, by the server's clock (the device's may be off). */
function useSecondsLeft(scheduled: BulkAction): number {
  // How far the device's clock is ahead of the server's, taken when the answer arrived.
  const [skew] = useState(() => Date.now() - Date.parse(scheduled.now));
  const now = useNow(250);
  return Math.max(0, Math.ceil((Date.parse(scheduled.runAt) - (now - skew)) / 1000));
}

/**
 * A bulk action after it was confirmed: "Resolving 12… Undo (10 s)" while it waits, then what
 * happened to each complaint, or that it was undone and nobody was told. Kept by the queue page
 * across views, so changing the view does not lose it.
 */
export function BulkProgress({ scheduled, onDismiss }: { scheduled: BulkAction; onDismiss: () => void }) {
  const left = useSecondsLeft(scheduled);
  const undo = useUndoBulk(scheduled.id);
  const query = useBulkAction(scheduled, { windowOver: left === 0 });
  const action = query.data;
  const count = action.numbers.length;
  const waiting = action.status === 'pending' && left > 0 && !undo.isPending;
  const tooLate = undo.error instanceof ApiError && undo.error.status === 409;
  const done = action.results.filter((r) => r.outcome === 'done').length;

  const message =
    action.status === 'cancelled'
      ? undoneText(action.action)
      : action.status === 'done'
        ? doneText(action.action, done, count)
        : doingText(action.action, count);

  return (
    <div
      className="sticky top-0 z-20 mt-3 rounded-xl border border-brand-300 bg-white/95 p-3 shadow-md backdrop-blur"
      role="region"
      aria-label={i18n._('Bulk action')}
      data-testid="bulk-progress"
      data-status={action.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusMessage tone="neutral" className="mr-auto font-semibold" message={message} />
        {waiting && (
          <Button variant="primary" onClick={() => undo.mutate()}>
            {i18n._('Undo ({left} s)', { left })}
          </Button>
        )}
        {(action.status === 'done' || action.status === 'cancelled') && (
          <Button onClick={onDismiss}>{i18n._('Close')}</Button>
        )}
      </div>
      {undo.isError && (
        <Alert className="mt-2">
          <p>{tooLate ? i18n._('Too late to undo: it has already run. Change a complaint back on its own page.') : errorMessage(undo.error)}</p>
        </Alert>
      )}
      {query.isError && (
        <Alert className="mt-2">
          <p>{i18n._('Could not see how it went: {error}. It runs on the server all the same; asking again…', { error: errorMessage(query.error) })}</p>
        </Alert>
      )}
      {action.status === 'done' && (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label={i18n._('What happened to each complaint')} data-testid="bulk-results">
          {action.results.map((result) => (
            <li key={result.number} className="flex flex-wrap gap-x-2 py-1.5" data-outcome={result.outcome}>
              <Link
                to={`/staff/complaints/${encodeURIComponent(result.number)}`}
                className="font-mono font-semibold text-brand-800 underline underline-offset-2"
              >
                {result.number}
              </Link>
              <span className={result.outcome === 'done' ? 'text-slate-800' : 'font-medium text-amber-900'}>{result.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
