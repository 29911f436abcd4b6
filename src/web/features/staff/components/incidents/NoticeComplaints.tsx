import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { StaffIncident } from '../../../../../shared/incidents';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextInput } from '../../../../components/ui/Controls';
import { Field } from '../../../../components/ui/Field';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { textLink } from '../../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { draftResolver } from '../../../../lib/form';
import { i18n } from '../../../../lib/i18n';
import { useIncidentDetail, useLinkComplaint } from '../../api/incidents-links';

interface LinkDraft {
  number: string;
}

/** A number typed in any case is the complaint's (HC-2026-000123); the server checks the rest. */
const linkResolver = draftResolver(
  z.object({ number: z.string().trim().min(1, /*i18n*/ 'Give the complaint number').toUpperCase() }),
  (draft: LinkDraft) => draft,
);

/**
 * The complaints linked to a notice, each to its page, and for an active notice the hand that
 * links one more by its number or unlinks one (it is then worked on its own; Undo links it again).
 * The server checks the complaint is open and of the notice's hostel and category.
 */
export function NoticeComplaints({ notice }: { notice: StaffIncident }) {
  const detail = useIncidentDetail(notice.id, { enabled: true });
  const link = useLinkComplaint();
  const form = useForm<LinkDraft, unknown, LinkDraft>({ defaultValues: { number: '' }, resolver: linkResolver, reValidateMode: 'onChange' });
  const [status, setStatus] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const active = notice.status === 'active';
  const inputId = `link-number-${notice.id}`;

  async function setLinked(target: string, linked: boolean, undoable: boolean) {
    setFailure(null);
    setStatus(null);
    try {
      await link.mutateAsync({ id: notice.id, number: target, linked });
      setStatus(
        linked ? (
          i18n._('Linked {number}: resolving the notice resolves it too.', { number: target })
        ) : (
          <>
            {i18n._('Unlinked {number}: it is worked on its own again.', { number: target })}{' '}
            {undoable && (
              <Button variant="link" onClick={() => void setLinked(target, true, false)}>
                {i18n._('Undo')}
              </Button>
            )}
          </>
        ),
      );
      return true;
    } catch (error) {
      if (linked && error instanceof ApiError && error.fields?.number) form.setError('number', { type: error.code, message: error.fields.number });
      else setFailure(linked ? i18n._('Not linked: {error}', { error: errorMessage(error) }) : i18n._('Not unlinked: {error}', { error: errorMessage(error) }));
      return false;
    }
  }

  const submit = form.handleSubmit(async ({ number }) => {
    if (await setLinked(number, true, false)) form.reset({ number: '' });
  });

  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4" data-testid="notice-complaints">
      {detail.isPending ? (
        <LoadingStatus compact label={i18n._('Loading its complaints…')} />
      ) : detail.isError ? (
        <Alert>
          <p>{i18n._('Its complaints could not be loaded: {error}', { error: errorMessage(detail.error) })}</p>
        </Alert>
      ) : detail.data.complaints.length === 0 ? (
        <p className="text-slate-700">{i18n._('No complaint is linked to it.')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={i18n._('Complaints linked to “{title}”', { title: notice.title })}>
          {detail.data.complaints.map((complaint) => (
            <li key={complaint.number} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="linked-complaint">
              <span className="min-w-0">
                <Link to={`/staff/complaints/${encodeURIComponent(complaint.number)}`} className={textLink}>
                  <span className="font-mono">{complaint.number}</span>
                </Link>{' '}
                <StatusBadge status={complaint.status} />
                <span className="block text-sm text-slate-700">
                  {complaint.roomNo
                    ? i18n._('Floor {floor}, room {room}', { floor: complaint.floor, room: complaint.roomNo })
                    : i18n._('Floor {floor}', { floor: complaint.floor })}
                </span>
              </span>
              {active && (
                <Button
                  disabled={link.isPending}
                  aria-label={i18n._('Unlink {number}', { number: complaint.number })}
                  onClick={() => void setLinked(complaint.number, false, true)}
                >
                  {i18n._('Unlink')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {active && (
        <form noValidate aria-label={i18n._('Link a complaint to “{title}”', { title: notice.title })} className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(event) => void submit(event)}>
          {/* The kit's Field, not a TextField: its error is announced at once (alertError). */}
          <Field
            id={inputId}
            label={i18n._('Complaint number')}
            hint={i18n._('An open complaint of this hostel and category.')}
            error={form.formState.errors.number?.message}
            alertError
            className="flex-1"
          >
            {(control) => <TextInput {...control} {...form.register('number')} autoComplete="off" inputMode="text" />}
          </Field>
          <Button type="submit" pending={link.isPending} pendingLabel={i18n._('Linking…')}>
            {i18n._('Link')}
          </Button>
        </form>
      )}
      <StatusMessage message={status} />
      {failure && (
        <Alert>
          <p>{failure}</p>
        </Alert>
      )}
    </div>
  );
}
