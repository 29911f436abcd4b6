import { useMemo } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { INCIDENT_DETAILS_MAX, INCIDENT_TITLE_MAX, endsAtProblem, incidentUpdateSchema, type IncidentUpdate, type StaffIncident } from '../../../../../shared/incidents';
import { fromZonedInputValue, toZonedInputValue } from '../../../../../shared/time';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { TextAreaField, TextField } from '../../../../components/ui/FormFields';
import { Button } from '../../../../components/ui/Button';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { i18n } from '../../../../lib/i18n';
import { useUpdateIncident } from '../../api/incidents-update';
import { ExpectedFixField, FloorChips } from './NoticeForm';

interface EditDraft {
  title: string;
  details: string;
  /** The university's wall time, as the field holds it ("2026-11-28T18:00"). */
  endsAt: string;
  floors: number[];
}

const draftOf = (notice: StaffIncident, timeZone: string): EditDraft => ({
  title: notice.title,
  details: notice.details,
  endsAt: toZonedInputValue(new Date(notice.endsAt), timeZone),
  floors: notice.floors,
});

const sameFloors = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((f, i) => f === b[i]);

/** Only what the form changed goes to the server: the audit entry then says what changed, and nothing else. */
function changesOf(draft: EditDraft, was: EditDraft, timeZone: string): Record<string, unknown> {
  return {
    ...(draft.title !== was.title ? { title: draft.title } : {}),
    ...(draft.details !== was.details ? { details: draft.details } : {}),
    ...(draft.endsAt !== was.endsAt ? { endsAt: fromZonedInputValue(draft.endsAt, timeZone)?.toISOString() ?? draft.endsAt } : {}),
    ...(!sameFloors(draft.floors, was.floors) ? { floors: draft.floors } : {}),
  };
}

function EditFloorChips({ control, floors }: { control: Control<EditDraft, unknown, IncidentUpdate>; floors: number[] }) {
  const { field, fieldState } = useController({ control, name: 'floors' });
  return <FloorChips id="edit-notice-floors" floors={floors} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}

/**
 * Changing an active notice: its words, expected end (on the university's clock, `timeZone`) and
 * floors; its hostel and category stay (a notice elsewhere is another notice). Checked by the shared
 * schema before it is sent, and again on the server.
 */
export function NoticeEditForm(props: { notice: StaffIncident; timeZone: string; floors: number[]; onSaved: (message: string) => void; onCancel: () => void }) {
  const { notice, timeZone, floors, onSaved, onCancel } = props;
  const update = useUpdateIncident();
  const was = useMemo(() => draftOf(notice, timeZone), [notice, timeZone]);
  const resolver = useMemo(
    () =>
      draftResolver(
        incidentUpdateSchema.superRefine((changes, ctx) => {
          if (changes.endsAt === undefined) return;
          const problem = endsAtProblem(new Date(changes.endsAt), new Date());
          if (problem) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: problem });
        }),
        (draft: EditDraft) => changesOf(draft, was, timeZone),
      ),
    [was, timeZone],
  );
  const form = useForm<EditDraft, unknown, IncidentUpdate>({ defaultValues: was, resolver, reValidateMode: 'onChange' });

  const submit = form.handleSubmit(async (changes) => {
    try {
      const saved = await update.mutateAsync({ id: notice.id, changes });
      onSaved(i18n._('Saved “{title}”: students see the change now.', { title: saved.title }));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label={i18n._('Change “{title}”', { title: notice.title })}
      className="mt-4 space-y-4 border-t border-slate-200 pt-4"
      data-testid="notice-edit-form"
      onSubmit={(event) => void submit(event)}
    >
      <TextField control={form.control} name="title" label={i18n._('Title')} maxLength={INCIDENT_TITLE_MAX} autoComplete="off" />
      <TextAreaField control={form.control} name="details" label={i18n._('Details (optional)')} rows={3} maxLength={INCIDENT_DETAILS_MAX} />
      <ExpectedFixField control={form.control} timeZone={timeZone} />
      <EditFloorChips control={form.control} floors={floors} />
      <FormAlert control={form.control} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="primary" pending={update.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save the changes')}
        </Button>
        <Button disabled={update.isPending} onClick={onCancel}>
          {i18n._('Cancel')}
        </Button>
      </div>
    </form>
  );
}
