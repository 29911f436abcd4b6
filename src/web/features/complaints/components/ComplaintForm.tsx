import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { hostelByName, localName, localNameOr, MESSAGE_MAX_LENGTH } from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import type { Complaint, CreateComplaint } from '../../../../shared/complaints';
import { isInRoomCategory } from '../../../../shared/visits';
import { FormProblem } from '../../../components/FormProblem';
import { PhotoPicker, type PhotoSelection } from '../../../components/photos/PhotoPicker';
import { Button } from '../../../components/ui/Button';
import { ChipLink } from '../../../components/ui/ChipLink';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { TextAreaField } from '../../../components/ui/FormFields';
import { EntryFields } from '../../../components/visits/EntryFields';
import { card } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { checkResolver, formMessage } from '../../../lib/form';
import { useHydrated } from '../../../lib/hydration';
import { i18n, useLocale } from '../../../lib/i18n';
import { meQueryKey, useMe } from '../../../lib/me';
import { WaitingToSend } from '../../../lib/offline-queue';
import { refreshPlace, usePlace } from '../../../lib/place';
import { useIdempotencyKey, useRefocusWhenIdle, useSignedInSubmission, type SubmissionProblem, type useTimedConfirmation } from '../../../lib/submission';
import { useCreateComplaint } from '../api/create-complaint';
import {
  EMPTY_VALUES,
  FIELD_ORDER,
  checkDraft,
  draftOf,
  fieldId,
  placeDraft,
  raggingFormRoute,
  splitServerFields,
  whereOf,
  type ComplaintValues,
} from '../lib/complaint-check';
import { EMPTY_DRAFT, clearDraft } from '../lib/draft';
import { readPlacePrefill, type PlacePrefill } from '../lib/place-prefill';
import { checkResultOf, focusFirst, showErrors, useKeptDraft, useRecheckAfterSubmit } from '../lib/student-form';
import { AlreadyReported } from './AlreadyReported';
import { ChipsField } from './ChipsField';
import { ComplaintPlaceFields } from './ComplaintPlaceFields';

type ComplaintForm = UseFormReturn<ComplaintValues, unknown, CreateComplaint>;
export type Confirmation = ReturnType<typeof useTimedConfirmation<string>>;

/**
 * The complaint's draft, held by the page so that it outlives the form under the filed screen:
 * react-hook-form with the draft's check (schema and catalogue) as its resolver, kept for the tab,
 * checked again on each change once a submit has shown messages. A scanned label's place (the scan
 * page links here with it) wins over a kept draft and the remembered place, once; the remembered
 * place fills an untouched form once it is known (the page is prerendered without it).
 */
export function useComplaintDraft(catalog: PublicCatalog, category: CategoryInfo) {
  const categoryKey = category.key;
  const [photos, setPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const resolver = useMemo(
    () => checkResolver((values: ComplaintValues) => checkResultOf(checkDraft(catalog, categoryKey, values, photos.ids, whereOf(catalog, values)))),
    [catalog, categoryKey, photos.ids],
  );
  const form = useForm<ComplaintValues, unknown, CreateComplaint>({ defaultValues: EMPTY_VALUES, resolver, reValidateMode: 'onSubmit', shouldFocusError: false });

  const { restored } = useKeptDraft(form, categoryKey, EMPTY_DRAFT, draftOf);
  useRecheckAfterSubmit(form, FIELD_ORDER, (values) => checkDraft(catalog, categoryKey, values, photos.ids, whereOf(catalog, values)).errors, {
    // Choosing a floor's area says its floor.
    onChange: (name, values) => {
      if (name !== 'commonAreaId') return;
      const area = hostelByName(catalog, values.hostel)?.commonAreas?.find((a) => a.id === values.commonAreaId);
      if (area && area.floor !== null) form.setValue('floor', String(area.floor));
    },
    changedAs: (name) => (name === 'whereKind' ? 'commonAreaId' : name),
  });

  const prefilled = useRef(false);
  const [search] = useSearchParams();
  const [fromLabel, setFromLabel] = useState<PlacePrefill | null>(null);
  useEffect(() => {
    const prefill = readPlacePrefill(search, catalog);
    if (!prefill) return;
    prefilled.current = true;
    form.setValue('hostel', prefill.hostel);
    form.setValue('floor', prefill.floor);
    form.setValue('roomNo', prefill.roomNo);
    form.setValue('whereKind', prefill.areaId ? 'area' : 'room');
    form.setValue('commonAreaId', prefill.areaId);
    // The address is read after mount (the page may be prerendered without it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFromLabel(prefill);
    // Only the address the page opened with: later changes are the student's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const place = usePlace();
  useEffect(() => {
    if (!place || prefilled.current || !restored.current) return;
    prefilled.current = true;
    // The place arrives from the server after the first render; filling it then is the point.
    const { hostel, floor, roomNo } = form.getValues();
    if (hostel || floor || roomNo) return;
    const remembered = placeDraft(place);
    form.setValue('hostel', remembered.hostel);
    form.setValue('floor', remembered.floor);
    form.setValue('roomNo', remembered.roomNo);
  }, [place, form, restored]);

  /** After a filing: the next complaint starts quiet and empty, like the first (the place is not filled in again). */
  function startAgain() {
    prefilled.current = true;
    form.reset(EMPTY_VALUES);
    setFromLabel(null);
  }

  /** "Report something else": the remembered place filled in again. */
  function another() {
    form.reset({ ...EMPTY_VALUES, ...placeDraft(place) });
  }

  return { form, photos, setPhotos, fromLabel, place, startAgain, another };
}

export type ComplaintDraftState = ReturnType<typeof useComplaintDraft>;

/**
 * Filing the complaint: photos done first, signed in (asked of the server), then every problem of
 * the draft at once, then the complaint, sent once whatever the retries. The short "registered"
 * card shows for its time before the filed screen replaces the form.
 */
function useFileComplaint(state: ComplaintDraftState, category: CategoryInfo, confirmation: Confirmation, onFiled: (filed: Pick<Complaint, 'number' | 'dueAt'>) => void) {
  const { form, photos } = state;
  const queryClient = useQueryClient();
  const create = useCreateComplaint();
  const idempotency = useIdempotencyKey();
  const [problem, setProblem] = useState<SubmissionProblem | null>(null);
  // A new key empties the picker once the complaint (and its photos) went through.
  const [photoPickerKey, setPhotoPickerKey] = useState(0);
  const { submitting, begin } = useSignedInSubmission(setProblem);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirmation.clear();
    setProblem(null);
    const waitingPhotos = photos.waiting ?? [];
    // Online, photos that waited for the network are on their way up; offline they wait with the complaint.
    if (photos.busy || (waitingPhotos.length > 0 && navigator.onLine)) {
      setProblem({ kind: 'message', message: i18n._('Wait for the photos to finish uploading, then submit.') });
      return;
    }

    const started = await begin();
    if (!started) return;
    const { finish, submittedAt } = started;

    await form.handleSubmit(
      async (data) => {
        try {
          const complaint = await create.mutateAsync({ data, idempotencyKey: idempotency.keyFor(data), waitingPhotos });
          idempotency.reset();
          refreshPlace(queryClient);
          state.startAgain();
          setPhotoPickerKey((key) => key + 1);
          clearDraft(category.key);
          confirmation.show(complaint.number, submittedAt, () => {
            finish();
            onFiled({ number: complaint.number, dueAt: complaint.dueAt });
          });
        } catch (error) {
          finish();
          if (error instanceof ApiError && error.status === 401) {
            setProblem({ kind: 'sign-in' });
            void queryClient.invalidateQueries({ queryKey: meQueryKey });
            return;
          }
          if (error instanceof ApiError && error.fields) {
            const split = splitServerFields(error.fields);
            showErrors(form, FIELD_ORDER, split.errors);
            if (split.other.length > 0 || Object.keys(split.errors).length === 0) {
              setProblem({ kind: 'message', message: split.other.join(' ') || error.message });
            }
            focusFirst(FIELD_ORDER, split.errors, fieldId);
            return;
          }
          // Kept in the outbox, it will be filed: the kept draft must not offer it again after a restart.
          if (error instanceof WaitingToSend) {
            clearDraft(category.key);
            // Its photos wait with it in the outbox now, not in the picker (which would upload them again).
            if (waitingPhotos.length > 0) setPhotoPickerKey((key) => key + 1);
          }
          setProblem({ kind: 'message', message: errorMessage(error) });
        }
      },
      (errors) => {
        finish();
        const other = formMessage(errors);
        if (other) setProblem({ kind: 'message', message: other });
        focusFirst(FIELD_ORDER, Object.fromEntries(FIELD_ORDER.map((field) => [field, errors[field]?.message])), fieldId);
      },
    )();
  }

  return { handleSubmit, submitting, problem, photoPickerKey };
}

/** In-room work's two questions (decision 47), bound to the form. */
function EntryAnswers({ form }: { form: ComplaintForm }) {
  const consent = useController({ control: form.control, name: 'entryConsent' });
  const slots = useController({ control: form.control, name: 'entrySlots' });
  return (
    <EntryFields
      consentId={fieldId('entryConsent')}
      slotsId={fieldId('entrySlots')}
      consent={consent.field.value}
      slots={slots.field.value}
      errors={{ consent: consent.fieldState.error?.message, slots: slots.fieldState.error?.message }}
      onConsent={consent.field.onChange}
      onSlots={slots.field.onChange}
    />
  );
}

/** The confidential note: for a category (or a kind of problem) whose reporter's name the team never sees. */
function WhoSees() {
  return (
    <div role="note" aria-labelledby="who-sees-heading" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-900" data-testid="who-sees">
      <p id="who-sees-heading" className="font-semibold">
        {i18n._('Who can see this report')}
      </p>
      <p className="mt-1">
        {i18n._('The hostel staff who act on it see the hostel and what you write, but not your name, registration number, e-mail, room or phone number, even where you wrote them. Only the anti-ragging duty can see who filed it, and every time they look it is recorded. Replies keep it that way: staff answer through the portal, never to your own address.')}
      </p>
    </div>
  );
}

/** One category's complaint form, its choices (hostels, floors, rooms, kinds) from the catalogue. */
export function ComplaintForm({
  catalog,
  category,
  state,
  confirmation,
  onFiled,
}: {
  catalog: PublicCatalog;
  category: CategoryInfo;
  state: ComplaintDraftState;
  confirmation: Confirmation;
  onFiled: (filed: Pick<Complaint, 'number' | 'dueAt'>) => void;
}) {
  const { form, setPhotos } = state;
  const locale = useLocale();
  const me = useMe();
  const hydrated = useHydrated();
  const { handleSubmit, submitting, problem, photoPickerKey } = useFileComplaint(state, category, confirmation, onFiled);
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);
  const [hostelName, floor, roomNo, complaint, subCategory, whereKind, commonAreaId] = useWatch({
    control: form.control,
    name: ['hostel', 'floor', 'roomNo', 'complaint', 'subCategory', 'whereKind', 'commonAreaId'],
  });
  const hostel = hostelByName(catalog, hostelName);
  const where = whereOf(catalog, { hostel: hostelName, whereKind, commonAreaId });
  const inArea = where.kind === 'area';
  const chosenArea = inArea ? hostel?.commonAreas?.find((a) => a.id === where.areaId) : undefined;
  const raggingForm = raggingFormRoute(catalog, category);

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6 space-y-5`}>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <ComplaintPlaceFields catalog={catalog} form={form} />

        <ChipsField
          control={form.control}
          name="subCategory"
          id={fieldId('subCategory')}
          options={category.subCategories.map((sub) => sub.name)}
          optionLabel={(name) => localNameOr(locale, name, category.subCategories.find((sub) => sub.name === name), 'name')}
          before={raggingForm ? <ChipLink to={`/complaints/${raggingForm}`}>{i18n._('Ragging')}</ChipLink> : undefined}
        />

        {(category.confidential || category.subCategories.some((sub) => sub.confidential && sub.name === subCategory)) && <WhoSees />}

        <PhotoPicker
          key={photoPickerKey}
          label={i18n._('Photos (optional)')}
          hint={i18n._('Up to 4. They are made smaller on your phone first, without the location.')}
          takeShared
          waitOffline
          onChange={setPhotos}
        />

        {/* The photo picker is a fieldset without margins: the message keeps its distance from it. */}
        <TextAreaField
          control={form.control}
          name="complaint"
          id={fieldId('complaint')}
          label={i18n._('Message')}
          className="mt-5"
          rows={5}
          required
          maxLength={MESSAGE_MAX_LENGTH}
        />

        {/* A common area is nobody's room: no one is asked whether staff may enter it. */}
        {isInRoomCategory(category.key) && !inArea && <EntryAnswers form={form} />}

        {me.data?.role === 'student' && hostel && (
          <AlreadyReported
            category={category.key}
            hostel={hostel.name}
            hostelLabel={localName(locale, hostel, 'name')}
            floor={chosenArea ? String(chosenArea.floor ?? hostel.floorMin) : floor}
            room={inArea ? '' : roomNo}
            text={complaint}
          />
        )}

        <FormProblem
          problem={problem}
          signInNote={<p className="mt-1 text-sm">{i18n._('What you typed is kept and will be here when you come back.')}</p>}
        />

        <Button ref={submitButton} type="submit" variant="primary" className="w-full sm:w-auto" pending={submitting} pendingLabel={i18n._('Submitting…')}>
          {i18n._('Submit')}
        </Button>

        <ConfirmationCard
          number={confirmation.shown}
          title={i18n._('Your complaint is registered')}
          message={i18n._('Thank you for submitting your complaint.')}
        />
      </fieldset>
    </form>
  );
}
