import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  MESSAGE_MAX_LENGTH,
  ROOM_NO_MAX_LENGTH,
  categoryByKey,
  categoryByRoute,
  checkComplaintPlace,
  hostelByName,
  localName,
  localNameOr,
} from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import { createComplaintSchema } from '../../../../shared/complaints';
import { localAreaLabel } from '../../../lib/local-names';
import { checkFiledPlace } from '../../../../shared/report-place';
import type { Complaint } from '../../../../shared/complaints';
import { CatalogGate } from '../../../components/CatalogGate';
import { CategoryIcon } from '../../../components/CategoryIcon';
import { FormProblem } from '../../../components/FormProblem';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { Field } from '../../../components/ui/Field';
import { PhotoPicker, type PhotoSelection } from '../../../components/photos/PhotoPicker';
import { EntryFields, entryAnswers } from '../../../components/visits/EntryFields';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { buttonPrimary, card, fieldControl } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { WaitingToSend } from '../../../lib/offline-queue';
import { floorHint, floorSpan, roomHint } from '../../../lib/catalog-hints';
import { focusFirstError, issueField, serverField, sortMessages } from '../../../lib/field-messages';
import { meQueryKey, useMe } from '../../../lib/me';
import { refreshPlace, usePlace } from '../../../lib/place';
import type { Place } from '../../../../shared/auth';
import {
  useIdempotencyKey,
  useRefocusWhenIdle,
  useSignedInSubmission,
  useTimedConfirmation,
  type SubmissionProblem,
} from '../../../lib/submission';
import { useHydrated } from '../../../lib/hydration';
import { i18n, useLocale } from '../../../lib/i18n';
import { useCreateComplaint } from '../api/create-complaint';
import { EMPTY_DRAFT, clearDraft, loadDraft, saveDraft } from '../lib/draft';
import type { ComplaintDraft } from '../lib/draft';
import { prefillName, readPlacePrefill, type PlacePrefill } from '../lib/place-prefill';
import { RAGGING_CATEGORY } from '../../../../shared/constants';

/** The Others form's Ragging chip (seed §9): not a sub-category of Others, the way to the ragging form. */
const RAGGING_CHOICE = 'Ragging';
const OTHER_CATEGORY = 'other';
import { AlreadyReported } from './AlreadyReported';
import { FiledScreen } from './FiledScreen';
import { RaggingFormPage } from './RaggingFormPage';
import { SubCategoryChips } from './SubCategoryChips';
import { ChipLink } from '../../../components/ui/ChipLink';
import type { EntrySlot } from '../../../../shared/constants';
import { ENTRY_CONSENT_MISSING, entryProblems, isInRoomCategory } from '../../../../shared/visits';

/*
 * A path segment that names no category gets the app's own 404 page. It lives in src/web/components
 * (the router's catch-all route loads it the same way), and loading it lazily shares that chunk
 * instead of copying the page, or its illustration, into the form's.
 */
const NotFoundPage = lazy(async () => ({ default: (await import('../../../components/NotFoundPage')).NotFoundPage }));

type FieldName = keyof ComplaintDraft | 'commonAreaId';
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: readonly FieldName[] = ['hostel', 'floor', 'roomNo', 'commonAreaId', 'subCategory', 'complaint', 'entryConsent', 'entrySlots'];

/**
 * Where the complaint is (decision 45): the student's room, or one of the hostel's common areas
 * (`areaId`, '' until one is chosen). Kept beside the draft: a label's address sets it.
 */
interface Where {
  kind: 'room' | 'area';
  areaId: string;
}
const MY_ROOM: Where = { kind: 'room', areaId: '' };
const isFieldName = (name: string): name is FieldName => (FIELD_ORDER as readonly string[]).includes(name);

/** The form's field ids, one per field, unique on the page. */
const fieldId = (name: FieldName) => `complaint-${name}`;

/** "Wifi Complaint" → "Wifi complaint". */
export function formHeading(complaintHead: string): string {
  return complaintHead.replace(/ Complaint$/, ' complaint');
}

/**
 * The form's heading starts with the card the student chose ("Washroom (water)"); the complaint's
 * own heading, which the team's mail carries ("Water complaint"), follows as a second line. When
 * the two say the same ("Wifi" and "Wifi complaint"), one line is enough.
 */
export function formTitle(category: Pick<CategoryInfo, 'cardTitle' | 'complaintHead'>): { card: string | null; head: string } {
  const head = formHeading(category.complaintHead);
  const cardTitle = category.cardTitle.trim();
  return { card: head.toLowerCase().startsWith(`${cardTitle.toLowerCase()} `) ? null : cardTitle, head };
}

/**
 * The heading in the reader's language: the administrator's Hindi names when they gave them. The
 * English pair ("Wifi" and "Wifi complaint" read as one line) decides whether the card line shows.
 */
export function localFormTitle(locale: string, category: CategoryInfo): { card: string | null; head: string } {
  const title = formTitle(category);
  return {
    card: title.card === null ? null : localNameOr(locale, title.card, category, 'cardTitle'),
    head: localNameOr(locale, title.head, category, 'complaintHead'),
  };
}

/** An empty floor asks for one; a floor out of range keeps the catalogue's message (the server's). */
export function emptyFloorMessage(floors: { floorMin: number; floorMax: number } | null | undefined): string {
  return floors ? i18n._('Enter the floor ({min} to {max})', { min: floors.floorMin, max: floors.floorMax }) : i18n._('Enter the floor');
}

/** The consent fields as the server takes them: only for in-room work, and only what was answered. */
function entryOf(categoryKey: string, values: ComplaintDraft): { entryConsent?: boolean; entrySlots?: EntrySlot[] } {
  return isInRoomCategory(categoryKey) ? entryAnswers(values.entryConsent, values.entrySlots) : {};
}

/** The form's place fields filled from the student's remembered place. */
const placeDraft = (place: Place | null): ComplaintDraft =>
  place ? { ...EMPTY_DRAFT, hostel: place.hostel, floor: String(place.floor), roomNo: place.roomNo } : EMPTY_DRAFT;

function toFloor(raw: string): number | undefined {
  return raw.trim() === '' ? undefined : Number(raw);
}

const focusFirstProblem = (errors: FieldErrors) => focusFirstError(FIELD_ORDER, errors, fieldId);

/**
 * Everything wrong with a draft, each field with the message the server would give it. The server
 * checks the shape first and the catalogue after; here both run at once so every problem shows together.
 */
function checkDraft(catalog: PublicCatalog, categoryKey: string, values: ComplaintDraft, photoIds: readonly string[], where: Where = MY_ROOM) {
  if (where.kind === 'area') return checkAreaDraft(catalog, categoryKey, values, photoIds, where.areaId);
  const floor = toFloor(values.floor);
  const entry = entryOf(categoryKey, values);
  const body = {
    category: categoryKey,
    hostel: values.hostel,
    floor,
    roomNo: values.roomNo,
    subCategory: values.subCategory,
    complaint: values.complaint,
    ...(photoIds.length ? { photoIds: [...photoIds] } : {}),
    ...entry,
  };
  const parsed = createComplaintSchema.safeParse(body);
  const place = checkComplaintPlace(catalog, {
    category: categoryKey,
    hostel: values.hostel.trim(),
    floor: floor ?? Number.NaN,
    roomNo: values.roomNo,
    subCategory: values.subCategory,
  });
  // The form asks in-room work's consent every time (the server takes a filing without it from an older client).
  const entryAsked = isInRoomCategory(categoryKey) ? { ...(entry.entryConsent === undefined ? { entryConsent: ENTRY_CONSENT_MISSING } : {}), ...entryProblems(body) } : {};
  const { errors, other } = sortMessages(
    [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => [issueField(issue), issue.message] as const)),
      ...Object.entries(place),
      ...Object.entries(entryAsked),
    ],
    isFieldName,
  );
  // Nothing typed is not "not a whole number": ask for the floor instead.
  if (floor === undefined && errors.floor !== undefined) errors.floor = emptyFloorMessage(hostelByName(catalog, values.hostel) ?? floorSpan(catalog.hostels));
  return { parsed, errors, other };
}

/** A complaint about a common area: no room, and the area's floor (the hostel's lowest for one serving the whole building). */
function checkAreaDraft(catalog: PublicCatalog, categoryKey: string, values: ComplaintDraft, photoIds: readonly string[], areaId: string) {
  const hostel = hostelByName(catalog, values.hostel);
  const area = hostel?.commonAreas?.find((a) => a.id === areaId);
  const body = {
    category: categoryKey,
    hostel: values.hostel,
    floor: area ? (area.floor ?? hostel?.floorMin ?? 0) : 0,
    roomNo: '',
    subCategory: values.subCategory,
    complaint: values.complaint,
    ...(photoIds.length ? { photoIds: [...photoIds] } : {}),
    ...(area ? { commonAreaId: area.id } : {}),
  };
  const parsed = createComplaintSchema.safeParse(body);
  const place = checkFiledPlace(catalog, { ...body, hostel: values.hostel.trim() });
  const { errors, other } = sortMessages(
    [...(parsed.success ? [] : parsed.error.issues.map((issue) => [issueField(issue), issue.message] as const)), ...Object.entries(place)],
    isFieldName,
  );
  // Without an area the schema asks for the room; here the area is what is missing.
  delete errors.roomNo;
  if (hostel && !area) errors.commonAreaId = i18n._('Choose the common area');
  return { parsed, errors, other };
}

/**
 * The messages to show after `changed` changed: that field's own, as it is now (gone once it is
 * right, a new one when it went wrong), and fresh ones for the fields already showing one (the
 * hostel decides which floors and rooms are right). A field not yet complained about stays quiet.
 */
function recheckedErrors(shown: FieldErrors, changed: FieldName, found: FieldErrors): FieldErrors {
  const next: FieldErrors = {};
  for (const field of FIELD_ORDER) {
    const message = field === changed || shown[field] !== undefined ? found[field] : undefined;
    if (message !== undefined) next[field] = message;
  }
  return next;
}

/** Splits a server answer's `fields` into the form's own fields and anything else. */
const splitServerFields = (fields: Record<string, string>) =>
  sortMessages(
    Object.entries(fields).map(([path, message]) => [serverField(path), message] as const),
    isFieldName,
  );

/**
 * Route /complaints/:formRoute: the form of the category whose route is that segment (the seed's
 * wifiComplaint … otherComplaint, or one an administrator added); the 404 page for any other.
 */
export function ComplaintFormRoute() {
  const { formRoute = '' } = useParams();
  return (
    <CatalogGate loadingLabel={i18n._('Loading the form…')}>
      {(catalog) => {
        const category = categoryByRoute(catalog, formRoute);
        if (!category) {
          return (
            <Suspense fallback={<LoadingStatus label={i18n._('Loading page…')} />}>
              <NotFoundPage />
            </Suspense>
          );
        }
        // Ragging asks where it happened instead of the room, and offers its contacts (decision 40).
        if (category.key === RAGGING_CATEGORY) return <RaggingFormPage catalog={catalog} category={category} />;
        // Keyed, so that going from one form to another starts with that form's own draft.
        return <ComplaintFormPage key={category.key} catalog={catalog} category={category} />;
      }}
    </CatalogGate>
  );
}

interface ComplaintFormPageProps {
  catalog: PublicCatalog;
  category: CategoryInfo;
}

/** One category's complaint form, its choices (hostels, floors, rooms, kinds) from the catalogue. */
export function ComplaintFormPage({ catalog, category }: ComplaintFormPageProps) {
  const categoryKey = category.key;
  const locale = useLocale();
  const title = localFormTitle(locale, category);
  const heading = title.card ? `${title.card} · ${title.head}` : title.head;

  const queryClient = useQueryClient();
  const create = useCreateComplaint();
  const idempotency = useIdempotencyKey();
  const confirmation = useTimedConfirmation<string>();
  const [filed, setFiled] = useState<Pick<Complaint, 'number' | 'dueAt'> | null>(null);
  // The page is prerendered (no sessionStorage there), so a kept draft is restored after mount.
  const [values, setValues] = useState<ComplaintDraft>(EMPTY_DRAFT);
  const draftRestored = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Once a submit has shown messages, every change is checked again (react-hook-form's
  // reValidateMode 'onChange'): a field put right loses its message at once.
  const [recheck, setRecheck] = useState(false);
  const [problem, setProblem] = useState<SubmissionProblem | null>(null);
  const [photos, setPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  // A new key empties the picker once the complaint (and its photos) went through.
  const [photoPickerKey, setPhotoPickerKey] = useState(0);
  const { submitting, begin } = useSignedInSubmission(setProblem);
  const hydrated = useHydrated();
  // Seed §9: the Others form offers Ragging, Theft, Others. Ragging has a confidential form of its
  // own (decision 40): choosing it there opens that form rather than filing ragging as "Others".
  const raggingForm =
    categoryKey === OTHER_CATEGORY && !category.subCategories.some((sub) => sub.name === RAGGING_CHOICE) ? categoryByKey(catalog, RAGGING_CATEGORY)?.route : undefined;

  // Every change is kept for this tab, so the sign-in round trip (or a reload) loses nothing.
  // Declared before the restore below so that the first pass never overwrites a kept draft.
  useEffect(() => {
    if (draftRestored.current) saveDraft(categoryKey, values);
  }, [categoryKey, values]);
  useEffect(() => {
    const draft = loadDraft(categoryKey);
    draftRestored.current = true;
    // sessionStorage is outside React and unreadable while prerendering; reading it after mount is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (draft !== EMPTY_DRAFT) setValues(draft);
  }, [categoryKey]);
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);

  // The remembered place fills an untouched form once, when it is known (the page is prerendered
  // without it and a kept draft wins); "Report something else" fills it again.
  const place = usePlace();
  const me = useMe();
  const prefilled = useRef(false);
  const [where, setWhere] = useState<Where>(MY_ROOM);
  // A scanned label's place (the scan page links here with it) wins over a kept draft and the
  // remembered place, once; the student may still change it.
  const [search] = useSearchParams();
  const [fromLabel, setFromLabel] = useState<PlacePrefill | null>(null);
  useEffect(() => {
    const prefill = readPlacePrefill(search, catalog);
    if (!prefill) return;
    prefilled.current = true;
    // The address is read after mount (the page may be prerendered without it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((current) => ({ ...current, hostel: prefill.hostel, floor: prefill.floor, roomNo: prefill.roomNo }));
    setWhere(prefill.areaId ? { kind: 'area', areaId: prefill.areaId } : MY_ROOM);
    setFromLabel(prefill);
    // Only the address the page opened with: later changes are the student's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!place || prefilled.current || !draftRestored.current) return;
    prefilled.current = true;
    // The place arrives from the server after the first render; filling it then is the point.
    setValues((current) => (current.hostel || current.floor || current.roomNo ? current : { ...current, ...placeDraft(place), subCategory: current.subCategory, complaint: current.complaint }));
  }, [place]);

  const hostel = hostelByName(catalog, values.hostel);
  const floors = hostel ?? floorSpan(catalog.hostels);
  const areas = hostel?.commonAreas ?? [];
  const inArea = where.kind === 'area' && areas.length > 0;
  const chosenArea = inArea ? areas.find((a) => a.id === where.areaId) : undefined;
  // A floor typed narrows the list to that floor's areas and those serving the whole building.
  const typedFloor = toFloor(values.floor);
  const areaChoices = areas.filter((a) => a.floor === null || typedFloor === undefined || Number.isNaN(typedFloor) || a.floor === typedFloor || a.id === where.areaId);

  function change(name: keyof ComplaintDraft, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (recheck) setErrors((shown) => recheckedErrors(shown, name, checkDraft(catalog, categoryKey, next, photos.ids, where).errors));
  }

  function changeWhere(next: Where) {
    setWhere(next);
    const area = areas.find((a) => a.id === next.areaId);
    // Choosing a floor's area says its floor.
    const nextValues = area && area.floor !== null ? { ...values, floor: String(area.floor) } : values;
    if (nextValues !== values) setValues(nextValues);
    if (recheck) setErrors((shown) => recheckedErrors(shown, 'commonAreaId', checkDraft(catalog, categoryKey, nextValues, photos.ids, next).errors));
  }

  function update(name: keyof ComplaintDraft) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => change(name, event.target.value);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirmation.clear();
    setFiled(null);
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

    const { parsed, errors: found, other } = checkDraft(catalog, categoryKey, values, photos.ids, inArea ? where : MY_ROOM);
    if (!parsed.success || Object.keys(found).length > 0 || other.length > 0) {
      finish();
      setErrors(found);
      setRecheck(true);
      if (other.length > 0) setProblem({ kind: 'message', message: other.join(' ') });
      focusFirstProblem(found);
      return;
    }
    setErrors({});

    try {
      const complaint = await create.mutateAsync({
        data: parsed.data,
        idempotencyKey: idempotency.keyFor(parsed.data),
        waitingPhotos,
      });
      idempotency.reset();
      prefilled.current = true;
      refreshPlace(queryClient);
      setValues(EMPTY_DRAFT);
      setWhere(MY_ROOM);
      setFromLabel(null);
      // The next complaint starts quiet, like the first.
      setRecheck(false);
      setPhotoPickerKey((key) => key + 1);
      clearDraft(categoryKey);
      confirmation.show(complaint.number, submittedAt, () => {
        finish();
        setFiled({ number: complaint.number, dueAt: complaint.dueAt });
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
        setErrors(split.errors);
        setRecheck(true);
        if (split.other.length > 0 || Object.keys(split.errors).length === 0) {
          setProblem({ kind: 'message', message: split.other.join(' ') || error.message });
        }
        focusFirstProblem(split.errors);
        return;
      }
      // Kept in the outbox, it will be filed: the kept draft must not offer it again after a restart.
      if (error instanceof WaitingToSend) {
        clearDraft(categoryKey);
        // Its photos wait with it in the outbox now, not in the picker (which would upload them again).
        if (waitingPhotos.length > 0) setPhotoPickerKey((key) => key + 1);
      }
      setProblem({ kind: 'message', message: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="complaint-form-heading" className="mx-auto max-w-2xl">
      <BackLink to="/complaints">{i18n._('Back to complaints')}</BackLink>

      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <CategoryIcon category={category.key} />
        </span>
        <PageHeading id="complaint-form-heading" title={i18n._('{page} · Hostel Complaint Portal', { page: heading })}>
          {title.card ? (
            <>
              <span className="block">{title.card}</span>
              <span className="sr-only"> · </span>
              <span className="block text-base font-medium text-slate-600 sm:text-lg">{title.head}</span>
            </>
          ) : (
            title.head
          )}
        </PageHeading>
      </div>
      <p className="mt-3 text-slate-700">
        {category.description ? `${localName(locale, category, 'description')} ` : ''}
        {i18n._('All fields are required.')}
      </p>

      {/* The seed's short card ("Your complaint is registered", about 3 s) sits by the screen that replaced the form. */}
      {filed && (
        <div className="mt-6 space-y-4">
          <ConfirmationCard
            number={confirmation.shown}
            title={i18n._('Your complaint is registered')}
            message={i18n._('Thank you for submitting your complaint.')}
          />
          <FiledScreen
            complaint={filed}
            onAnother={() => {
              confirmation.clear();
              setFiled(null);
              setValues(placeDraft(place));
              // The form is back on the next render: the first choice left to make takes the focus.
              requestAnimationFrame(() => document.getElementById(fieldId(place ? 'subCategory' : 'hostel'))?.focus());
            }}
          />
        </div>
      )}

      {!filed && fromLabel && (
        <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-slate-900" data-testid="place-from-label">
          <WithSlots
            text={i18n._('For {place}, from the label you scanned. You can change it below.', { place: slot('place') })}
            slots={{ place: <strong className="font-semibold">{prefillName(fromLabel, catalog, locale)}</strong> }}
          />
        </p>
      )}

      {!filed && (
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6 space-y-5`}>
        <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <Field id={fieldId('hostel')} label={i18n._('Hostel')} error={errors.hostel}>
          {(control) => (
            <select {...control} className={fieldControl} value={values.hostel} onChange={update('hostel')} required>
              <option value="">{i18n._('Choose your hostel')}</option>
              {catalog.hostels.map((h) => (
                <option key={h.name} value={h.name}>
                  {localName(locale, h, 'name')}
                </option>
              ))}
            </select>
          )}
        </Field>

        {areas.length > 0 && (
          <fieldset className="m-0 min-w-0 border-0 p-0" data-testid="place-choice">
            <legend className="text-sm font-semibold text-slate-900">{i18n._('Where is the problem?')}</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              <label className="flex items-center gap-2 text-slate-900">
                <input type="radio" name="complaint-where" className="size-4" checked={!inArea} onChange={() => changeWhere(MY_ROOM)} />
                {i18n._('My room')}
              </label>
              <label className="flex items-center gap-2 text-slate-900">
                <input type="radio" name="complaint-where" className="size-4" checked={inArea} onChange={() => changeWhere({ kind: 'area', areaId: '' })} />
                {i18n._('A common area')}
              </label>
            </div>
          </fieldset>
        )}

        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={fieldId('floor')}
            label={inArea ? i18n._('Floor (optional)') : i18n._('Floor')}
            error={inArea ? undefined : errors.floor}
            hint={inArea ? i18n._('Narrows the list to that floor’s areas') : floorHint(floors)}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={floors?.floorMin}
                max={floors?.floorMax}
                step={1}
                required={!inArea}
                className={fieldControl}
                value={values.floor}
                onChange={update('floor')}
              />
            )}
          </Field>

          {inArea ? (
            <Field id={fieldId('commonAreaId')} label={i18n._('Common area')} error={errors.commonAreaId}>
              {(control) => (
                <select {...control} className={fieldControl} value={where.areaId} onChange={(event) => changeWhere({ kind: 'area', areaId: event.target.value })} required>
                  <option value="">{i18n._('Choose the common area')}</option>
                  {areaChoices.map((a) => (
                    <option key={a.id} value={a.id}>
                      {localAreaLabel(locale, a)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
          <Field id={fieldId('roomNo')} label={i18n._('Room number')} error={errors.roomNo} hint={roomHint(hostel, catalog.hostels)}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="numeric"
                required
                maxLength={ROOM_NO_MAX_LENGTH}
                autoComplete="off"
                className={fieldControl}
                value={values.roomNo}
                onChange={update('roomNo')}
              />
            )}
          </Field>
          )}
        </div>

        <SubCategoryChips
          id={fieldId('subCategory')}
          options={category.subCategories.map((sub) => sub.name)}
          optionLabel={(name) => localNameOr(locale, name, category.subCategories.find((sub) => sub.name === name), 'name')}
          value={values.subCategory}
          error={errors.subCategory}
          onChange={(value) => change('subCategory', value)}
          before={raggingForm ? <ChipLink to={`/complaints/${raggingForm}`}>{i18n._('Ragging')}</ChipLink> : undefined}
        />

        {(category.confidential || category.subCategories.some((sub) => sub.confidential && sub.name === values.subCategory)) && (
          <div role="note" aria-labelledby="who-sees-heading" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-900" data-testid="who-sees">
            <p id="who-sees-heading" className="font-semibold">
              {i18n._('Who can see this report')}
            </p>
            <p className="mt-1">
              {i18n._('The hostel staff who act on it see the hostel and what you write, but not your name, registration number, e-mail, room or phone number, even where you wrote them. Only the anti-ragging duty can see who filed it, and every time they look it is recorded. Replies keep it that way: staff answer through the portal, never to your own address.')}
            </p>
          </div>
        )}

        <PhotoPicker
          key={photoPickerKey}
          label={i18n._('Photos (optional)')}
          hint={i18n._('Up to 4. They are made smaller on your phone first, without the location.')}
          takeShared
          waitOffline
          onChange={setPhotos}
        />

        {/* The photo picker is a fieldset without margins: the message keeps its distance from it. */}
        <Field id={fieldId('complaint')} label={i18n._('Message')} error={errors.complaint} className="mt-5">
          {(control) => (
            <textarea
              {...control}
              rows={5}
              required
              maxLength={MESSAGE_MAX_LENGTH}
              className={fieldControl}
              value={values.complaint}
              onChange={update('complaint')}
            />
          )}
        </Field>

        {/* A common area is nobody's room: no one is asked whether staff may enter it. */}
        {isInRoomCategory(categoryKey) && !inArea && (
          <EntryFields
            consentId={fieldId('entryConsent')}
            slotsId={fieldId('entrySlots')}
            consent={values.entryConsent}
            slots={values.entrySlots}
            errors={{ consent: errors.entryConsent, slots: errors.entrySlots }}
            onConsent={(value) => change('entryConsent', value)}
            onSlots={(value) => change('entrySlots', value)}
          />
        )}

        {me.data?.role === 'student' && hostel && (
          <AlreadyReported
            category={categoryKey}
            hostel={hostel.name}
            hostelLabel={localName(locale, hostel, 'name')}
            floor={chosenArea ? String(chosenArea.floor ?? hostel.floorMin) : values.floor}
            room={inArea ? '' : values.roomNo}
            text={values.complaint}
          />
        )}

        <FormProblem
          problem={problem}
          signInNote={<p className="mt-1 text-sm">{i18n._('What you typed is kept and will be here when you come back.')}</p>}
        />

        <button
          ref={submitButton}
          type="submit"
          className={`${buttonPrimary} w-full sm:w-auto`}
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting ? i18n._('Submitting…') : i18n._('Submit')}
        </button>

        <ConfirmationCard
          number={confirmation.shown}
          title={i18n._('Your complaint is registered')}
          message={i18n._('Thank you for submitting your complaint.')}
        />
        </fieldset>
      </form>
      )}
    </section>
  );
}
