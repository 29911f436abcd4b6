import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { INCIDENT_NOTE_MAX, floorsText, type StaffIncident } from '../../../../../shared/incidents';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { useResolveIncident } from '../../api/incidents-resolve';
import { useWithdrawIncident } from '../../api/incidents-withdraw';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A confirmation's two buttons: do it (a submit, or a click) and cancel; both wait while it is being done. */
function ConfirmButtons(props: { label: string; busyLabel: string; busy: boolean; onCancel: () => void; onConfirm?: () => void }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <button type={props.onConfirm ? 'button' : 'submit'} className={buttonPrimary} disabled={props.busy} onClick={props.onConfirm}>
        {props.busy ? props.busyLabel : props.label}
      </button>
      <button type="button" className={buttonSecondary} disabled={props.busy} onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * One notice with what it concerns, and for an active one the two ways it ends, each confirmed in
 * the page: resolving (a note for the students, and how many complaints and students it touches)
 * or taking it down (its complaints stay open, nobody is told).
 */
export function NoticeCard({ notice, category, onDone }: { notice: StaffIncident; category: string; onDone: (message: string) => void }) {
  const [panel, setPanel] = useState<'resolve' | 'withdraw' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const resolve = useResolveIncident();
  const withdraw = useWithdrawIncident();
  const openRef = useRef<HTMLButtonElement>(null);
  const { counts } = notice;
  const noteId = `resolve-note-${notice.id}`;

  function open(which: 'resolve' | 'withdraw') {
    setFailure(null);
    setPanel(which);
    if (which === 'resolve') requestAnimationFrame(() => document.getElementById(noteId)?.focus());
  }
  function cancel() {
    setPanel(null);
    setFailure(null);
    requestAnimationFrame(() => openRef.current?.focus());
  }

  async function confirmResolve(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setNoteError(undefined);
    if (!note.trim()) {
      setNoteError('Say what was done');
      document.getElementById(noteId)?.focus();
      return;
    }
    try {
      const result = await resolve.mutateAsync({ id: notice.id, note: note.trim() });
      onDone(
        `Resolved “${notice.title}”: ${plural(result.resolved, 'complaint', 'complaints')} resolved, ${plural(result.told, 'student', 'students')} told.`,
      );
    } catch (error) {
      if (error instanceof ApiError && error.fields?.note) setNoteError(error.fields.note);
      else setFailure(`Not resolved: ${errorMessage(error)}`);
    }
  }

  async function confirmWithdraw() {
    setFailure(null);
    try {
      await withdraw.mutateAsync(notice.id);
      onDone(`Took down “${notice.title}”. Its complaints stay open.`);
    } catch (error) {
      setFailure(`Not taken down: ${errorMessage(error)}`);
    }
  }

  return (
    <li className={card} data-testid="staff-notice">
      <h3 className="text-lg font-semibold text-slate-900 wrap-anywhere">{notice.title}</h3>
      <p className="text-sm text-slate-700">
        {notice.hostel} · {floorsText(notice.floors) || 'all floors'} · {category}
      </p>
      <p className="mt-1 text-sm text-slate-800">
        Expected fix {notice.endsAtText} · posted by <span className="wrap-anywhere">{notice.postedBy}</span>
      </p>
      <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="notice-counts">
        {plural(counts.open, 'open complaint', 'open complaints')} linked · {plural(counts.followers, 'student', 'students')} said it affects them
      </p>
      {notice.details && <p className="mt-2 whitespace-pre-line text-slate-800 wrap-anywhere">{notice.details}</p>}
      {notice.status === 'resolved' && notice.resolvedAt && (
        <p className="mt-2 text-slate-800 wrap-anywhere">
          Resolved <time dateTime={notice.resolvedAt}>{formatDateTime(notice.resolvedAt)}</time>: {notice.resolutionNote}
        </p>
      )}

      {notice.status === 'active' && panel === null && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <button ref={openRef} type="button" className={buttonPrimary} onClick={() => open('resolve')}>
            Resolve…
          </button>
          <button type="button" className={buttonSecondary} onClick={() => open('withdraw')}>
            Take down…
          </button>
        </div>
      )}

      {panel === 'resolve' && (
        <form noValidate aria-label={`Resolve “${notice.title}”`} className="mt-4 space-y-3 border-t border-slate-200 pt-4" onSubmit={(event) => void confirmResolve(event)}>
          <Field id={noteId} label="What was done" hint="Sent to every student told, with their complaint's number." error={noteError}>
            {(control) => <textarea {...control} rows={3} maxLength={INCIDENT_NOTE_MAX} className={fieldControl} value={note} onChange={(e) => setNote(e.target.value)} />}
          </Field>
          <p className="font-semibold text-slate-900" data-testid="resolve-summary">
            Resolve {plural(counts.open, 'linked complaint', 'linked complaints')} and tell {plural(counts.toTell, 'student', 'students')}.
          </p>
          <ConfirmButtons label="Resolve and tell them" busyLabel="Resolving…" busy={resolve.isPending} onCancel={cancel} />
        </form>
      )}

      {panel === 'withdraw' && (
        <div role="group" aria-label={`Take “${notice.title}” down`} className="mt-4 space-y-3 border-t border-slate-200 pt-4">
          <p className="text-slate-800">
            Take this notice down? Its {plural(counts.open, 'open complaint stays', 'open complaints stay')} open and nobody is told.
          </p>
          <ConfirmButtons label="Take it down" busyLabel="Taking it down…" busy={withdraw.isPending} onCancel={cancel} onConfirm={() => void confirmWithdraw()} />
        </div>
      )}

      {failure && (
        <Alert className="mt-3">
          <p>{failure}</p>
        </Alert>
      )}
    </li>
  );
}
