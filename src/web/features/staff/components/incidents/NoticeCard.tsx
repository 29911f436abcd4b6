import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { INCIDENT_NOTE_MAX, incidentResolveSchema, type IncidentResolve, type StaffIncident } from '../../../../../shared/incidents';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextAreaField } from '../../../../components/ui/FormFields';
import { card } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { draftResolver } from '../../../../lib/form';
import { formatDateTime } from '../../../../lib/format';
import { useResolveIncident } from '../../api/incidents-resolve';
import { useWithdrawIncident } from '../../api/incidents-withdraw';
import { i18n } from '../../../../lib/i18n';
import { useLocalNames } from '../../../../lib/local-names';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { floorsWords } from '../../../../lib/floors-words';
import { NoticeComplaints } from './NoticeComplaints';
import { NoticeEditForm } from './NoticeEditForm';

/** A confirmation's two buttons: do it (a submit, or a click) and cancel; both wait while it is being done. */
function ConfirmButtons(props: { label: string; busyLabel: string; busy: boolean; onCancel: () => void; onConfirm?: () => void }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button type={props.onConfirm ? 'button' : 'submit'} variant="primary" pending={props.busy} pendingLabel={props.busyLabel} onClick={props.onConfirm}>
        {props.label}
      </Button>
      <Button disabled={props.busy} onClick={props.onCancel}>
        {i18n._('Cancel')}
      </Button>
    </div>
  );
}

type Panel = 'resolve' | 'withdraw' | 'edit' | 'complaints';

const resolveResolver = draftResolver(incidentResolveSchema, (draft: IncidentResolve) => draft);

/**
 * One notice with what it concerns, and for an active one the two ways it ends, each confirmed in
 * the page: resolving (a note for the students, and how many complaints and students it touches)
 * or taking it down (its complaints stay open, nobody is told); and changing it, or the complaints
 * linked to it, by hand. `timeZone` is the university's, `floors` its hostel's.
 */
export function NoticeCard(props: { notice: StaffIncident; category: string; timeZone: string | undefined; floors: number[]; onDone: (message: string) => void }) {
  const { notice, category, timeZone, floors, onDone } = props;
  const [panel, setPanel] = useState<Panel | null>(null);
  // Held here, not in the resolve panel: a note typed, cancelled and opened again is still there.
  const form = useForm<IncidentResolve, unknown, IncidentResolve>({ defaultValues: { note: '' }, resolver: resolveResolver, reValidateMode: 'onChange' });
  const [failure, setFailure] = useState<string | null>(null);
  const resolve = useResolveIncident();
  const withdraw = useWithdrawIncident();
  const openRef = useRef<HTMLButtonElement>(null);
  const { counts } = notice;
  const names = useLocalNames();
  const noteId = `resolve-note-${notice.id}`;

  function open(which: Panel) {
    setFailure(null);
    setPanel(which);
    if (which === 'resolve') requestAnimationFrame(() => document.getElementById(noteId)?.focus());
  }
  function cancel() {
    setPanel(null);
    setFailure(null);
    requestAnimationFrame(() => openRef.current?.focus());
  }

  const confirmResolve = form.handleSubmit(async ({ note }) => {
    setFailure(null);
    try {
      const result = await resolve.mutateAsync({ id: notice.id, note });
      onDone(
        i18n._(
          'Resolved “{title}”: {resolved, plural, one {# complaint} other {# complaints}} resolved, {told, plural, one {# student} other {# students}} told.',
          { title: notice.title, resolved: result.resolved, told: result.told },
        ),
      );
    } catch (error) {
      if (error instanceof ApiError && error.fields?.note) form.setError('note', { type: error.code, message: error.fields.note });
      else setFailure(i18n._('Not resolved: {error}', { error: errorMessage(error) }));
    }
  });

  async function confirmWithdraw() {
    setFailure(null);
    try {
      await withdraw.mutateAsync(notice.id);
      onDone(i18n._('Took down “{title}”. Its complaints stay open.', { title: notice.title }));
    } catch (error) {
      setFailure(i18n._('Not taken down: {error}', { error: errorMessage(error) }));
    }
  }

  return (
    <li className={card} data-testid="staff-notice">
      <h3 className="text-lg font-semibold text-slate-900 wrap-anywhere">{notice.title}</h3>
      <p className="text-sm text-slate-700">
        {names.hostel(notice.hostel)} · {floorsWords(notice.floors) || i18n._('all floors')} · {category}
      </p>
      <p className="mt-1 text-sm text-slate-800">
        <WithSlots
          text={i18n._('Expected fix {time} · posted by {name}', { time: notice.endsAtText, name: slot('name') })}
          slots={{ name: <span className="wrap-anywhere">{notice.postedBy}</span> }}
        />
      </p>
      <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="notice-counts">
        {i18n._(
          '{open, plural, one {# open complaint} other {# open complaints}} linked · {followers, plural, one {# student} other {# students}} said it affects them',
          { open: counts.open, followers: counts.followers },
        )}
      </p>
      {notice.details && <p className="mt-2 whitespace-pre-line text-slate-800 wrap-anywhere">{notice.details}</p>}
      {notice.status === 'resolved' && notice.resolvedAt && (
        <p className="mt-2 text-slate-800 wrap-anywhere">
          <WithSlots
            text={i18n._('Resolved {time}: {note}', { time: slot('time'), note: notice.resolutionNote })}
            slots={{ time: <time dateTime={notice.resolvedAt}>{formatDateTime(notice.resolvedAt)}</time> }}
          />
        </p>
      )}

      {panel === null && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {notice.status === 'active' && (
            <>
              <Button ref={openRef} variant="primary" onClick={() => open('resolve')}>
                {i18n._('Resolve…')}
              </Button>
              {timeZone && <Button onClick={() => open('edit')}>{i18n._('Change…')}</Button>}
              <Button onClick={() => open('withdraw')}>{i18n._('Take down…')}</Button>
            </>
          )}
          <Button onClick={() => open('complaints')}>{i18n._('Complaints ({count})', { count: counts.linked })}</Button>
        </div>
      )}

      {panel === 'edit' && timeZone && (
        <NoticeEditForm
          notice={notice}
          timeZone={timeZone}
          floors={floors}
          onCancel={cancel}
          onSaved={(message) => {
            setPanel(null);
            onDone(message);
          }}
        />
      )}

      {panel === 'complaints' && (
        <>
          <NoticeComplaints notice={notice} />
          <Button className="mt-3" onClick={cancel}>
            {i18n._('Hide its complaints')}
          </Button>
        </>
      )}

      {panel === 'resolve' && (
        <form noValidate aria-label={i18n._('Resolve “{title}”', { title: notice.title })} className="mt-4 space-y-3 border-t border-slate-200 pt-4" onSubmit={(event) => void confirmResolve(event)}>
          <TextAreaField
            control={form.control}
            name="note"
            id={noteId}
            label={i18n._('What was done')}
            hint={i18n._('Sent to every student told, with their complaint\'s number.')}
            rows={3}
            maxLength={INCIDENT_NOTE_MAX}
          />
          <p className="font-semibold text-slate-900" data-testid="resolve-summary">
            {i18n._(
              'Resolve {open, plural, one {# linked complaint} other {# linked complaints}} and tell {toTell, plural, one {# student} other {# students}}.',
              { open: counts.open, toTell: counts.toTell },
            )}
          </p>
          <ConfirmButtons label={i18n._('Resolve and tell them')} busyLabel={i18n._('Resolving…')} busy={resolve.isPending} onCancel={cancel} />
        </form>
      )}

      {panel === 'withdraw' && (
        <div role="group" aria-label={i18n._('Take “{title}” down', { title: notice.title })} className="mt-4 space-y-3 border-t border-slate-200 pt-4">
          <p className="text-slate-800">
            {i18n._(
              '{open, plural, one {Take this notice down? Its # open complaint stays open and nobody is told.} other {Take this notice down? Its # open complaints stay open and nobody is told.}}',
              { open: counts.open },
            )}
          </p>
          <ConfirmButtons label={i18n._('Take it down')} busyLabel={i18n._('Taking it down…')} busy={withdraw.isPending} onCancel={cancel} onConfirm={() => void confirmWithdraw()} />
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
