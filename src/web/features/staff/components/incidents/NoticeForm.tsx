import { useEffect, useMemo } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { Control, Path } from 'react-hook-form';
import type { PublicCatalog } from '../../../../../shared/catalog';
import { INCIDENT_DETAILS_MAX, INCIDENT_TITLE_MAX, endsAtProblem, incidentCreateSchema, type IncidentCreate } from '../../../../../shared/incidents';
import { fromZonedInputValue, toZonedInputValue } from '../../../../../shared/time';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/FormFields';
import { Button } from '../../../../components/ui/Button';
import { fieldError, fieldHint, fieldLabel } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { usePostIncident } from '../../api/incidents-post';
import { i18n } from '../../../../lib/i18n';
import { useLocalNames } from '../../../../lib/local-names';

/** The notice as the form holds it: the expected end as the university's wall time ("2026-11-28T18:00"). */
interface NoticeDraft {
  hostel: string;
  floors: number[];
  category: string;
  title: string;
  details: string;
  endsAt: string;
}

/** A few hours ahead on the hour, on the university's clock: most outages are fixed the same day. */
function defaultEnd(timeZone: string): string {
  return `${toZonedInputValue(new Date(Date.now() + 3 * 3_600_000), timeZone).slice(0, 14)}00`;
}

const emptyDraft = (timeZone: string): NoticeDraft => ({ hostel: '', floors: [], category: '', title: '', details: '', endsAt: defaultEnd(timeZone) });

export const chipClass = (pressed: boolean) =>
  cn(
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap',
    pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  );

/** The hostel's floors as chips, several at once; none chosen is the whole hostel. For the notice forms, posting and editing. */
export function FloorChips({ id, floors, value, onChange, error }: { id: string; floors: number[]; value: number[]; onChange: (floors: number[]) => void; error?: string | undefined }) {
  const chosen = new Set(value);
  const toggle = (floor: number) => onChange(chosen.has(floor) ? value.filter((f) => f !== floor) : [...value, floor].sort((a, b) => a - b));
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className={fieldLabel}>{i18n._('Floors')}</legend>
      <p id={`${id}-hint`} className={fieldHint}>
        {floors.length ? i18n._('None chosen: the whole hostel.') : i18n._('Choose the hostel first.')}
      </p>
      <div className="mt-2 flex flex-wrap gap-2" data-testid="floor-chips">
        {floors.map((floor) => (
          <Button key={floor} variant="plain" className={chipClass(chosen.has(floor))} aria-pressed={chosen.has(floor)} onClick={() => toggle(floor)}>
            <span className="sr-only">{i18n._('Floor')} </span>
            {floor}
          </Button>
        ))}
      </div>
      {error && <p className={fieldError}>{error}</p>}
    </fieldset>
  );
}

/** The floors of a form's draft, as chips. */
function DraftFloorChips({ control, floors }: { control: Control<NoticeDraft, unknown, IncidentCreate>; floors: number[] }) {
  const { field, fieldState } = useController({ control, name: 'floors' });
  return <FloorChips id="notice-floors" floors={floors} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}

/** The expected end of a notice, on the university's clock, in both notice forms (each has an `endsAt` wall time). */
export function ExpectedFixField<T extends { endsAt: string }, P>({ control, timeZone }: { control: Control<T, unknown, P>; timeZone: string }) {
  return (
    <TextField
      control={control}
      name={'endsAt' as Path<T>}
      type="datetime-local"
      label={i18n._('Expected fix')}
      hint={i18n._('On the university\'s clock ({timeZone}), within 30 days.', { timeZone })}
      min={toZonedInputValue(new Date(), timeZone)}
    />
  );
}

/** The floors a hostel has, lowest first. */
export const floorsOf = (hostel: { floorMin: number; floorMax: number } | undefined): number[] =>
  hostel ? Array.from({ length: hostel.floorMax - hostel.floorMin + 1 }, (_, i) => hostel.floorMin + i) : [];

/**
 * Posting a notice: hostel, floors, category, title, details and the expected end on the
 * university's clock (`timeZone`). Checked by the shared schema, and the end against now, before
 * it is sent; the server checks it all again (and the scope).
 */
export function NoticeForm({ catalog, timeZone, onPosted }: { catalog: PublicCatalog; timeZone: string; onPosted: (message: string) => void }) {
  const post = usePostIncident();
  const names = useLocalNames();
  const resolver = useMemo(
    () =>
      draftResolver(
        incidentCreateSchema.superRefine((notice, ctx) => {
          const problem = endsAtProblem(new Date(notice.endsAt), new Date());
          if (problem) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: problem });
        }),
        (d: NoticeDraft) => ({ ...d, endsAt: fromZonedInputValue(d.endsAt, timeZone)?.toISOString() ?? d.endsAt }),
      ),
    [timeZone],
  );
  const form = useForm<NoticeDraft, unknown, IncidentCreate>({ defaultValues: emptyDraft(timeZone), resolver, reValidateMode: 'onChange' });
  const hostelName = useWatch({ control: form.control, name: 'hostel' });
  const hostel = catalog.hostels.find((h) => h.name === hostelName);
  const floors = floorsOf(hostel);

  // Another hostel may not have the floors chosen for the last one.
  useEffect(() => {
    const kept = form.getValues('floors').filter((f) => hostel && f >= hostel.floorMin && f <= hostel.floorMax);
    form.setValue('floors', kept);
  }, [hostel, form]);

  const submit = form.handleSubmit(async (payload) => {
    try {
      const posted = await post.mutateAsync(payload);
      form.reset(emptyDraft(timeZone));
      onPosted(
        i18n._('Posted “{title}”: students of {hostel} see it now, and complaints filed meanwhile link to it.', {
          title: posted.title,
          hostel: names.hostel(posted.hostel),
        }),
      );
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form noValidate aria-label={i18n._('Post a notice')} className="mt-4 space-y-4" data-testid="notice-form" onSubmit={(event) => void submit(event)}>
      <SelectField control={form.control} name="hostel" label={i18n._('Hostel')}>
        <option value="">{i18n._('Choose the hostel')}</option>
        {catalog.hostels.map((h) => (
          <option key={h.name} value={h.name}>
            {names.hostel(h.name)}
          </option>
        ))}
      </SelectField>
      <DraftFloorChips control={form.control} floors={floors} />
      <SelectField control={form.control} name="category" label={i18n._('Category')}>
        <option value="">{i18n._('Choose the category')}</option>
        {catalog.categories
          .filter((c) => !c.confidential)
          .map((c) => (
            <option key={c.key} value={c.key}>
              {names.category(c.key, c.cardTitle)}
            </option>
          ))}
      </SelectField>
      <TextField control={form.control} name="title" label={i18n._('Title')} hint={i18n._('What students see first, e.g. “Wi-Fi outage on floor 2”.')} maxLength={INCIDENT_TITLE_MAX} autoComplete="off" />
      <TextAreaField control={form.control} name="details" label={i18n._('Details (optional)')} rows={3} maxLength={INCIDENT_DETAILS_MAX} />
      <ExpectedFixField control={form.control} timeZone={timeZone} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={post.isPending} pendingLabel={i18n._('Posting…')}>
        {i18n._('Post the notice')}
      </Button>
    </form>
  );
}
