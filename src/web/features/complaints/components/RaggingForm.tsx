import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { MESSAGE_MAX_LENGTH, PLACE_TEXT_MAX_LENGTH, ROOM_NO_MAX_LENGTH, hostelByName, localName, localNameOr } from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import type { Complaint, CreateComplaint } from '../../../../shared/complaints';
import { PLACE_KINDS, RAGGING_CATEGORY } from '../../../../shared/constants';
import { PLACE_KIND_LABELS } from '../../../../shared/ragging';
import { FormProblem } from '../../../components/FormProblem';
import { PhotoPicker, type PhotoSelection } from '../../../components/photos/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/FormFields';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { card, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { floorHint, floorSpan, roomHint } from '../../../lib/catalog-hints';
import { serverField, sortMessages } from '../../../lib/field-messages';
import { checkResolver, formMessage } from '../../../lib/form';
import { useHydrated } from '../../../lib/hydration';
import { i18n, useLocale } from '../../../lib/i18n';
import { meQueryKey } from '../../../lib/me';
import { WaitingToSend } from '../../../lib/offline-queue';
import { usePlace } from '../../../lib/place';
import { useIdempotencyKey, useRefocusWhenIdle, useSignedInSubmission, type SubmissionProblem } from '../../../lib/submission';
import { useCreateComplaint } from '../api/create-complaint';
import { clearDraft } from '../lib/draft';
import {
  EMPTY_RAGGING,
  RAGGING_FIELDS,
  checkRaggingDraft,
  isRaggingField,
  placeHostelToFill,
  raggingFieldFor,
  raggingFieldId,
  type RaggingDraft,
} from '../lib/ragging-check';
import { checkResultOf, focusFirst, showErrors, useKeptDraft, useRecheckAfterSubmit } from '../lib/student-form';
import { ChipsField } from './ChipsField';

/** R2's signed-out form: a report that carries no name at all (decision 41). */
export const ANONYMOUS_REPORT_PATH = '/ragging/anonymous';

type RaggingForm = UseFormReturn<RaggingDraft, unknown, CreateComplaint>;
type RaggingControl = Control<RaggingDraft, unknown, CreateComplaint>;

const WHERE_LABELS: Record<string, { label: () => string; hint: () => string }> = {
  hostel: { label: () => i18n._('Where in the hostel?'), hint: () => i18n._('For example: floor 3 corridor, the common room, room 310.') },
  campus: { label: () => i18n._('Where on campus?'), hint: () => i18n._('For example: behind the library, the bus stop, the sports ground.') },
  other: { label: () => i18n._('Where?'), hint: () => i18n._('For example: a WhatsApp group, a rented flat, the railway station.') },
};

function HostelChoice({ control, hostels, name, label, className }: { control: RaggingControl; hostels: PublicCatalog['hostels']; name: 'placeHostel' | 'hostel'; label: string; className?: string }) {
  const locale = useLocale();
  return (
    <SelectField control={control} name={name} id={raggingFieldId(name)} label={label} className={className}>
      <option value="">{i18n._('Choose a hostel')}</option>
      {hostels.map((h) => (
        <option key={h.name} value={h.name}>
          {localName(locale, h, 'name')}
        </option>
      ))}
    </SelectField>
  );
}

/** What happened and where it happened: in a hostel (which one, where in it), elsewhere on campus, somewhere else. */
function WhatAndWhere({ control, catalog, category }: { control: RaggingControl; catalog: PublicCatalog; category: CategoryInfo }) {
  const locale = useLocale();
  const placeKind = useWatch({ control, name: 'placeKind' });
  const where = WHERE_LABELS[placeKind];
  return (
    <>
      <ChipsField
        control={control}
        name="subCategory"
        id={raggingFieldId('subCategory')}
        label={i18n._('What happened?')}
        options={category.subCategories.map((sub) => sub.name)}
        optionLabel={(name) => localNameOr(locale, name, category.subCategories.find((sub) => sub.name === name), 'name')}
      />
      <ChipsField
        control={control}
        name="placeKind"
        id={raggingFieldId('placeKind')}
        label={i18n._('Where did it happen?')}
        options={PLACE_KINDS}
        optionLabel={(kind) => i18n._(PLACE_KIND_LABELS[kind as keyof typeof PLACE_KIND_LABELS])}
      />
      {placeKind === 'hostel' && <HostelChoice control={control} hostels={catalog.hostels} name="placeHostel" label={i18n._('Which hostel?')} />}
      {where && (
        <TextField
          control={control}
          name="placeWhere"
          id={raggingFieldId('placeWhere')}
          label={where.label()}
          hint={where.hint()}
          autoComplete="off"
          maxLength={PLACE_TEXT_MAX_LENGTH}
        />
      )}
      <TextAreaField
        control={control}
        name="complaint"
        id={raggingFieldId('complaint')}
        label={i18n._('Tell the committee what happened')}
        hint={i18n._('Who, when, and anyone who saw it, as far as you can.')}
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH}
      />
    </>
  );
}

/** The reporter's own room, only if they want to give it (it decides nothing but who may call them). */
function OwnRoom({ control, catalog }: { control: RaggingControl; catalog: PublicCatalog }) {
  const hostel = hostelByName(catalog, useWatch({ control, name: 'hostel' }));
  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby="ragging-room-hint">
      <legend className={fieldLabel}>{i18n._('Your own room (optional)')}</legend>
      <p id="ragging-room-hint" className={fieldHint}>
        {i18n._('Leave it out if you prefer: the committee answers you here. If you give it, only the anti-ragging duty sees it, with your name, and every look is recorded.')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="floor" id={raggingFieldId('floor')} label={i18n._('Floor')} hint={floorHint(hostel ?? floorSpan(catalog.hostels))} type="number" inputMode="numeric" step={1} />
        <TextField
          control={control}
          name="roomNo"
          id={raggingFieldId('roomNo')}
          label={i18n._('Room number')}
          hint={roomHint(hostel, catalog.hostels)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={ROOM_NO_MAX_LENGTH}
        />
      </div>
    </fieldset>
  );
}

/**
 * Filing the report: signed in first (asked of the server), then every problem of the draft at once
 * (the schema's and the catalogue's), then the report, sent once whatever the retries. The form
 * starts again with the reporter's hostel once it went through.
 */
function useFileRagging(form: RaggingForm, photos: PhotoSelection, clearPhotos: () => void, onFiled: (filed: Pick<Complaint, 'number'>) => void) {
  const queryClient = useQueryClient();
  const create = useCreateComplaint();
  const idempotency = useIdempotencyKey();
  const [problem, setProblem] = useState<SubmissionProblem | null>(null);
  const [photoPickerKey, setPhotoPickerKey] = useState(0);
  const { submitting, begin } = useSignedInSubmission(setProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (photos.busy) {
      setProblem({ kind: 'message', message: i18n._('Wait for the photos to finish uploading, then send.') });
      return;
    }
    const started = await begin();
    if (!started) return;
    const { finish } = started;

    await form.handleSubmit(
      async (data) => {
        try {
          const complaint = await create.mutateAsync({ data, idempotencyKey: idempotency.keyFor(data) });
          finish();
          idempotency.reset();
          clearDraft(RAGGING_CATEGORY);
          // The next report starts quiet, like the first.
          form.reset({ ...EMPTY_RAGGING, hostel: form.getValues('hostel') });
          setPhotoPickerKey((key) => key + 1);
          clearPhotos();
          onFiled({ number: complaint.number });
        } catch (error) {
          finish();
          if (error instanceof ApiError && error.status === 401) {
            setProblem({ kind: 'sign-in' });
            void queryClient.invalidateQueries({ queryKey: meQueryKey });
            return;
          }
          if (error instanceof ApiError && error.fields) {
            const values = form.getValues();
            const split = sortMessages(
              Object.entries(error.fields).map(([path, message]) => [raggingFieldFor(serverField(path), values), message] as const),
              isRaggingField,
            );
            showErrors(form, RAGGING_FIELDS, split.errors);
            if (split.other.length > 0 || Object.keys(split.errors).length === 0) setProblem({ kind: 'message', message: split.other.join(' ') || error.message });
            focusFirst(RAGGING_FIELDS, split.errors, raggingFieldId);
            return;
          }
          // Kept in the device's outbox, it will be sent: the kept draft must not offer it again.
          if (error instanceof WaitingToSend) clearDraft(RAGGING_CATEGORY);
          setProblem({ kind: 'message', message: errorMessage(error) });
        }
      },
      (errors) => {
        finish();
        const other = formMessage(errors);
        if (other) setProblem({ kind: 'message', message: other });
        const messages = Object.fromEntries(RAGGING_FIELDS.map((field) => [field, errors[field]?.message]));
        focusFirst(RAGGING_FIELDS, messages, raggingFieldId);
      },
    )();
  }

  return { handleSubmit, submitting, problem, photoPickerKey };
}

/**
 * The report's draft, held by the page so that it outlives the form under the filed screen (the
 * next report starts with the reporter's hostel): react-hook-form with the draft's check as its
 * resolver, kept for the tab, checked again on each change once a submit has shown messages.
 */
export function useRaggingForm(catalog: PublicCatalog) {
  const [photos, setPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const resolver = useMemo(() => checkResolver((draft: RaggingDraft) => checkResultOf(checkRaggingDraft(catalog, draft, photos.ids))), [catalog, photos.ids]);
  // Checked at a submit; after one, every change is checked again below, as the seed did.
  const form = useForm<RaggingDraft, unknown, CreateComplaint>({ defaultValues: EMPTY_RAGGING, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });

  const { restored } = useKeptDraft(form, RAGGING_CATEGORY, EMPTY_RAGGING, (values) => values);
  useRecheckAfterSubmit(
    form,
    RAGGING_FIELDS,
    (values) => checkRaggingDraft(catalog, values, photos.ids).errors,
    {
      onChange: (name, values) => {
        const fill = name === 'placeKind' ? placeHostelToFill(values) : null;
        if (fill !== null) form.setValue('placeHostel', fill);
      },
    },
  );

  // The remembered hostel fills an untouched hostel field; never the room, which is the reporter's to give.
  const place = usePlace();
  useEffect(() => {
    if (!place || !restored.current || form.getValues('hostel')) return;
    // The place arrives from the server after the first render; filling it then is the point.
    form.setValue('hostel', place.hostel);
  }, [place, form, restored]);

  return { form, photos, setPhotos };
}

export type RaggingFormState = ReturnType<typeof useRaggingForm>;

/** The report's form: what and where, photos, the reporter's hostel and (if they like) room, who sees it. */
export function RaggingForm({
  catalog,
  category,
  state,
  onFiled,
}: {
  catalog: PublicCatalog;
  category: CategoryInfo;
  state: RaggingFormState;
  onFiled: (filed: Pick<Complaint, 'number'>) => void;
}) {
  const hydrated = useHydrated();
  const { form, photos, setPhotos } = state;
  const { handleSubmit, submitting, problem, photoPickerKey } = useFileRagging(form, photos, () => setPhotos({ ids: [], busy: false }), onFiled);
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6`}>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <WhatAndWhere control={form.control} catalog={catalog} category={category} />

        <PhotoPicker
          key={photoPickerKey}
          label={i18n._('Photos or screenshots (optional)')}
          hint={i18n._('Up to 4. They are made smaller on your phone first, without the location.')}
          onChange={setPhotos}
        />

        {/* The photo picker is a fieldset without margins: the next field keeps its distance from it. */}
        <HostelChoice control={form.control} hostels={catalog.hostels} name="hostel" label={i18n._('Your hostel')} className="mt-5" />

        <OwnRoom control={form.control} catalog={catalog} />

        <div role="note" aria-labelledby="ragging-who-sees" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-900" data-testid="who-sees">
          <p id="ragging-who-sees" className="font-semibold">
            {i18n._('Who can see this report')}
          </p>
          <p className="mt-1">
            {i18n._('It goes to the anti-ragging committee, never the hostel office. The staff who work it see what you write and where it happened, but not your name, registration number, e-mail, room or phone number, even where you wrote them. Only the anti-ragging duty can see who filed it, each time giving a reason that is recorded.')}
          </p>
        </div>

        <FormProblem
          problem={problem}
          signInNote={
            <p className="mt-1 text-sm">
              <WithSlots
                text={i18n._('What you typed is kept and will be here when you come back. Or {link}.', { link: slot('link') })}
                slots={{
                  link: (
                    <Link to={ANONYMOUS_REPORT_PATH} className="font-semibold underline">
                      {i18n._('report without your name')}
                    </Link>
                  ),
                }}
              />
            </p>
          }
        />

        <Button ref={submitButton} type="submit" variant="primary" className="w-full sm:w-auto" pending={submitting} pendingLabel={i18n._('Sending…')}>
          {i18n._('Send the report')}
        </Button>
      </fieldset>
    </form>
  );
}
