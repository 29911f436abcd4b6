import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { HEARING_PLACE_MAX, hearingSchema, type HearingInput } from '../../../../shared/grievances';
import { dayIn, zonedInstant } from '../../../../shared/time';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextField } from '../../../components/ui/FormFields';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors, draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useScheduleHearing } from '../api/schedule-hearing';
import { zonedIso } from '../lib/words';

interface Draft {
  date: string;
  time: string;
  place: string;
}

/** The day and time as the university's clock reads them, sent as an instant with its offset. */
const draftSchema = (timeZone: string) =>
  z
    .object({
      date: z.string().min(1, /*i18n*/ 'Give the day of the hearing'),
      time: z.string().min(1, /*i18n*/ 'Give the time of the hearing'),
      place: hearingSchema.shape.place,
    })
    .transform((draft, ctx): HearingInput => {
      const at = zonedIso(zonedInstant(draft.date, draft.time, timeZone), `${draft.date}T${draft.time}`);
      if (!at) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: /*i18n*/ 'Give the date and time of the hearing' });
        return z.NEVER;
      }
      return { at, place: draft.place };
    });

/** Scheduling a hearing: the day, the time on the university's clock, and a room or the link of an online hearing. The student is told. */
export function HearingForm({ number, timeZone, onScheduled }: { number: string; timeZone: string; onScheduled: (message: string) => void }) {
  const schedule = useScheduleHearing(number);
  const resolver = draftResolver(draftSchema(timeZone), (draft: Draft) => draft);
  const form = useForm<Draft, unknown, HearingInput>({ defaultValues: { date: '', time: '', place: '' }, resolver, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit(async (payload) => {
    try {
      await schedule.mutateAsync(payload);
      form.reset({ date: '', time: '', place: '' });
      onScheduled(i18n._('The hearing is scheduled. The student has been told.'));
    } catch (error) {
      // The server's message about the instant belongs beside the day the member gave.
      const fields = error instanceof ApiError ? error.fields : undefined;
      const { at, ...rest } = fields ?? {};
      applyServerErrors(form, error instanceof ApiError && at ? new ApiError(error.status, error.code, error.message, { ...rest, date: at }) : error);
    }
  });
  return (
    <form noValidate aria-label={i18n._('Schedule a hearing')} className="mt-3 space-y-4" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="date" type="date" label={i18n._('Day')} min={dayIn(new Date(), timeZone)} />
        <TextField control={form.control} name="time" type="time" label={i18n._('Time')} hint={i18n._("On the university's clock ({timeZone}).", { timeZone })} />
      </div>
      <TextField
        control={form.control}
        name="place"
        label={i18n._('Place or link')}
        hint={i18n._('A room, or the link of an online hearing.')}
        maxLength={HEARING_PLACE_MAX}
        autoComplete="off"
      />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" className="w-full sm:w-auto" pending={schedule.isPending} pendingLabel={i18n._('Scheduling…')}>
        {i18n._('Schedule the hearing')}
      </Button>
    </form>
  );
}
