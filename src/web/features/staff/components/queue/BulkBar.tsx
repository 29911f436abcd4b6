import { useId, useState } from 'react';
import type { User } from '../../../../../shared/auth';
import { STATUS_LABELS, type ComplaintStatus } from '../../../../../shared/constants';
import type { StaffComplaint } from '../../../../../shared/staff';
import { Alert } from '../../../../components/ui/Alert';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, fieldControl, fieldLabel } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useBulkAction, useBulkTransition } from '../../api/actions';
import { coversAll, useColleagues } from '../../api/colleagues';

const STATUS_TARGETS: ComplaintStatus[] = ['acknowledged', 'in_progress', 'resolved', 'rejected'];

const list = (numbers: readonly string[]) => (numbers.length === 0 ? 'none' : numbers.join(', '));

/**
 * What can be done to the selected complaints at once: acknowledge, resolve, any status change,
 * and give them to someone whose scope covers every one of them. Shown only while something is
 * selected; the outcome is announced in the queue's status line (`onResult`).
 */
export function BulkBar({
  chosen,
  user,
  onClear,
  onResult,
}: {
  chosen: StaffComplaint[];
  user: User;
  onClear: () => void;
  onResult: (message: string) => void;
}) {
  const bulk = useBulkAction();
  const bulkTransition = useBulkTransition();
  const colleagues = useColleagues({ enabled: true });
  const [assignee, setAssignee] = useState(user.id);
  const [target, setTarget] = useState<ComplaintStatus>('in_progress');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const ids = { assignee: useId(), status: useId(), note: useId() };
  const numbers = chosen.map((c) => c.number);
  const busy = bulk.isPending || bulkTransition.isPending;
  const error = bulk.error ?? bulkTransition.error;

  const people = [
    { id: user.id, label: `Me (${user.name || user.email})` },
    ...(colleagues.data ?? [])
      .filter((person) => person.id !== user.id && coversAll(person, chosen))
      .map((person) => ({ id: person.id, label: `${person.name} (${person.role})` })),
    { id: 'nobody', label: 'Nobody (unassign)' },
  ];

  async function acknowledge() {
    try {
      const answer = await bulk.mutateAsync({ numbers, action: 'acknowledge' });
      onClear();
      const parts = [`Acknowledged: ${list(answer.done)}.`];
      if (answer.done.length) parts.push('Those nobody had are yours now.');
      if (answer.skipped.length) parts.push(`Skipped (not possible in their status): ${answer.skipped.join(', ')}.`);
      onResult(parts.join(' '));
    } catch {
      // Shown below.
    }
  }

  async function assign() {
    const assigneeId = assignee === 'nobody' ? null : assignee;
    try {
      const answer = await bulk.mutateAsync({ numbers, action: 'assign', assigneeId });
      onClear();
      const who = people.find((p) => p.id === assignee)?.label ?? '';
      onResult(assigneeId === null ? `Unassigned: ${list(answer.done)}.` : `Assigned to ${who === people[0]?.label ? 'you' : who}: ${list(answer.done)}.`);
    } catch {
      // Shown below.
    }
  }

  async function changeStatus(to: ComplaintStatus) {
    setNoteError(null);
    if (to === 'rejected' && note.trim() === '') {
      setNoteError('Give a reason to reject');
      document.getElementById(ids.note)?.focus();
      return;
    }
    try {
      const answer = await bulkTransition.mutateAsync({
        complaints: chosen.map((c) => ({ number: c.number, status: c.status })),
        to,
        note: note.trim(),
      });
      onClear();
      setNote('');
      const parts = [`${STATUS_LABELS[to]}: ${list(answer.done)}.`];
      if (answer.skipped.length) parts.push(`Skipped (not possible in their status): ${answer.skipped.join(', ')}.`);
      for (const failed of answer.failed) parts.push(`${failed.number}: ${failed.message}`);
      onResult(parts.join(' '));
    } catch {
      // Shown below.
    }
  }

  return (
    <div
      className="sticky top-0 z-20 mt-3 rounded-xl border border-brand-300 bg-white/95 p-3 shadow-md backdrop-blur"
      data-testid="bulk-bar"
      role="region"
      aria-label="Act on the selected complaints"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm font-semibold text-slate-900">{chosen.length} selected</p>
        <button type="button" className={cn(buttonSecondary, 'min-h-9 px-3 py-1 text-sm')} onClick={onClear}>
          Clear selection
        </button>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <button type="button" className={buttonPrimary} disabled={busy} onClick={() => void acknowledge()}>
          Acknowledge
        </button>
        <button type="button" className={buttonSecondary} disabled={busy} onClick={() => void changeStatus('resolved')}>
          Mark resolved
        </button>
      </div>
      <details className="mt-2 group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-800">
          Assign or change status…
        </summary>
        <div className="mt-2 grid gap-3 lg:grid-cols-2">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor={ids.assignee} className={fieldLabel}>
                Give them to
              </label>
              <select id={ids.assignee} className={cn(fieldControl, 'mt-1')} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.label}
                  </option>
                ))}
              </select>
              {user.role !== 'admin' && (
                <p className="mt-1 text-xs text-slate-600">To give them to a colleague, open a complaint or ask an administrator.</p>
              )}
            </div>
            <button type="button" className={buttonSecondary} disabled={busy} onClick={() => void assign()}>
              Assign
            </button>
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <div className="min-w-0 flex-1">
                <label htmlFor={ids.status} className={fieldLabel}>
                  New status
                </label>
                <select
                  id={ids.status}
                  className={cn(fieldControl, 'mt-1')}
                  value={target}
                  onChange={(e) => setTarget(e.target.value as ComplaintStatus)}
                >
                  {STATUS_TARGETS.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" className={buttonSecondary} disabled={busy} onClick={() => void changeStatus(target)}>
                Change status
              </button>
            </div>
            <div>
              <label htmlFor={ids.note} className={fieldLabel}>
                Note for the students {target === 'rejected' ? '(required to reject)' : '(optional)'}
              </label>
              <input
                id={ids.note}
                className={cn(fieldControl, 'mt-1')}
                value={note}
                maxLength={2000}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? `${ids.note}-error` : undefined}
                onChange={(e) => setNote(e.target.value)}
              />
              {noteError && (
                <p id={`${ids.note}-error`} className="mt-1 text-sm font-medium text-red-800">
                  {noteError}
                </p>
              )}
            </div>
          </div>
        </div>
      </details>
      <StatusMessage tone="neutral" className="mt-2" message={busy ? 'Working…' : null} />
      {error && !busy && (
        <Alert className="mt-2">
          <p>{errorMessage(error)}</p>
        </Alert>
      )}
    </div>
  );
}
