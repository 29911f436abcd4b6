import { useId, useState, type FormEvent } from 'react';
import {
  BULK_ACTIONS,
  BULK_ACTION_WORDS,
  BULK_NOTE_MAX,
  bulkApplies,
  bulkTellsStudents,
  type BulkAction,
  type BulkActionKind,
} from '../../../../../shared/queue';
import type { StaffComplaint } from '../../../../../shared/staff';
import { Alert } from '../../../../components/ui/Alert';
import { buttonPrimary, buttonSecondary, fieldControl, fieldError, fieldLabel } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useScheduleBulk } from '../../api/bulk';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The students a change tells: each complaint's own and those following it. */
const studentsOf = (complaints: readonly StaffComplaint[]) => complaints.reduce((sum, c) => sum + 1 + c.followerCount, 0);

/** "Resolve 12 of 14 (2 cannot be resolved)", or "Resolve 14" when all of them can. */
export function offerLabel(action: BulkActionKind, applies: number, chosen: number): string {
  const words = BULK_ACTION_WORDS[action];
  return applies === chosen ? `${words.button} ${applies}` : `${words.button} ${applies} of ${chosen} (${chosen - applies} cannot be ${words.done})`;
}

/** "Resolve 12, mail 12 students", or "Take 3: nobody is told". */
export function confirmLabel(action: BulkActionKind, applies: readonly StaffComplaint[]): string {
  const start = `${BULK_ACTION_WORDS[action].button} ${applies.length}`;
  return bulkTellsStudents(action) ? `${start}, mail ${plural(studentsOf(applies), 'student')}` : `${start}: nobody is told`;
}

/**
 * What can be done to the selected complaints at once: each action some of them allow (the shared
 * state machine decides), saying how many. Choosing one asks for a confirmation on the page, with
 * the note for the students before the button; then the action waits out its undo window on the
 * server (BulkProgress shows it) and nothing happens before.
 */
export function BulkBar({
  chosen,
  onClear,
  onScheduled,
}: {
  chosen: StaffComplaint[];
  onClear: () => void;
  onScheduled: (action: BulkAction) => void;
}) {
  const schedule = useScheduleBulk();
  const [confirming, setConfirming] = useState<BulkActionKind | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const ids = { note: useId(), heading: useId() };
  const offers = BULK_ACTIONS.map((action) => ({ action, applies: chosen.filter((c) => bulkApplies(action, c.status, c.assignee !== null)) })).filter(
    (offer) => offer.applies.length > 0,
  );
  const offer = offers.find((o) => o.action === confirming);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!offer) return;
    setNoteError(null);
    if (offer.action === 'rejected' && note.trim() === '') {
      setNoteError('Give a reason to reject: every student is told it');
      document.getElementById(ids.note)?.focus();
      return;
    }
    try {
      const scheduled = await schedule.mutateAsync({ action: offer.action, note: note.trim(), numbers: offer.applies.map((c) => c.number) });
      setConfirming(null);
      setNote('');
      onScheduled(scheduled);
      onClear();
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
      {offer ? (
        <form className="mt-2" aria-labelledby={ids.heading} onSubmit={(event) => void submit(event)}>
          <p id={ids.heading} className="font-semibold text-slate-900">
            {confirmLabel(offer.action, offer.applies)}?
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {offer.applies.length < chosen.length
              ? `${plural(chosen.length - offer.applies.length, 'selected complaint')} cannot be ${BULK_ACTION_WORDS[offer.action].done} and ${chosen.length - offer.applies.length === 1 ? 'stays' : 'stay'} as ${chosen.length - offer.applies.length === 1 ? 'it is' : 'they are'}. `
              : ''}
            You can undo it for a few seconds; until then nothing changes and nobody is told.
          </p>
          {bulkTellsStudents(offer.action) && (
            <div className="mt-3">
              <label htmlFor={ids.note} className={fieldLabel}>
                {offer.action === 'rejected' ? 'Reason for the students (required)' : 'Note for the students (optional)'}
              </label>
              <textarea
                id={ids.note}
                className={cn(fieldControl, 'mt-1')}
                rows={2}
                value={note}
                maxLength={BULK_NOTE_MAX}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? `${ids.note}-error` : undefined}
                onChange={(event) => setNote(event.target.value)}
              />
              {noteError && (
                <p id={`${ids.note}-error`} className={fieldError}>
                  {noteError}
                </p>
              )}
            </div>
          )}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <button type="submit" className={buttonPrimary} disabled={schedule.isPending}>
              {confirmLabel(offer.action, offer.applies)}
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                setConfirming(null);
                setNoteError(null);
                schedule.reset();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {offers.map(({ action, applies }) => (
            <button
              key={action}
              type="button"
              className={action === 'acknowledged' ? buttonPrimary : buttonSecondary}
              onClick={() => {
                setConfirming(action);
                schedule.reset();
              }}
            >
              {offerLabel(action, applies.length, chosen.length)}
            </button>
          ))}
          {offers.length === 0 && <p className="text-sm text-slate-700">None of these can be changed as they are now.</p>}
        </div>
      )}
      {schedule.isError && (
        <Alert className="mt-2">
          <p>{errorMessage(schedule.error)}</p>
        </Alert>
      )}
    </div>
  );
}
