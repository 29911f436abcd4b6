import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGE_MAX_LENGTH, PLACE_TEXT_MAX_LENGTH, ROOM_NO_MAX_LENGTH, hostelByName, localName, localNameOr } from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import { createComplaintSchema } from '../../../../shared/complaints';
import type { Complaint } from '../../../../shared/complaints';
import { PLACE_KINDS, RAGGING_CATEGORY } from '../../../../shared/constants';
import { PLACE_KIND_LABELS } from '../../../../shared/ragging';
import { checkReportPlace } from '../../../../shared/report-place';
import { FormProblem } from '../../../components/FormProblem';
import { Field } from '../../../components/ui/Field';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { PhotoPicker, type PhotoSelection } from '../../../components/photos/PhotoPicker';
import { buttonPrimary, card, fieldControl, fieldHint, fieldLabel, textLink } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { floorHint, floorSpan, roomHint } from '../../../lib/catalog-hints';
import { focusFirstError, issueField, serverField, sortMessages } from '../../../lib/field-messages';
import { useHydrated } from '../../../lib/hydration';
import { i18n, useLocale } from '../../../lib/i18n';
import { meQueryKey } from '../../../lib/me';
import { WaitingToSend } from '../../../lib/offline-queue';
import { usePlace } from '../../../lib/place';
import { useIdempotencyKey, useRefocusWhenIdle, useSignedInSubmission, type SubmissionProblem } from '../../../lib/submission';
import { useCreateComplaint } from '../api/create-complaint';
import { clearDraft, loadFormDraft, saveDraft } from '../lib/draft';
import { RaggingContacts } from './RaggingContacts';
import { RaggingFiled } from './RaggingFiled';
import { SubCategoryChips } from './SubCategoryChips';

/** R2's signed-out form: a report that carries no name at all (decision 41). */
export const ANONYMOUS_REPORT_PATH = '/ragging/anonymous';

/** What the ragging form holds while it is typed (all strings, as the inputs give them). */
export interface RaggingDraft {
  subCategory: string;
  placeKind: string;
  /** The hostel it happened in, when it happened in one. */
  placeHostel: string;
  /** Where in that hostel, or where else. */
  placeWhere: string;
  complaint: string;
  /** The reporter's own hostel (it decides which committee receives the report). */
  hostel: string;
  floor: string;
  roomNo: string;
}

const EMPTY: RaggingDraft = { subCategory: '', placeKind: '', placeHostel: '', placeWhere: '', complaint: '', hostel: '', floor: '', roomNo: '' };

type FieldName = keyof RaggingDraft;
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: readonly FieldName[] = ['subCategory', 'placeKind', 'placeHostel', 'placeWhere', 'complaint', 'hostel', 'floor', 'roomNo'];
const isFieldName = (name: string): name is FieldName => (FIELD_ORDER as readonly string[]).includes(name);
const fieldId = (name: FieldName) => `ragging-${name}`;

const WHERE_LABELS: Record<string, { label: () => string; hint: () => string }> = {
  hostel: { label: () => i18n._('Where in the hostel?'), hint: () => i18n._('For example: floor 3 corridor, the common room, room 310.') },
  campus: { label: () => i18n._('Where on campus?'), hint: () => i18n._('For example: behind the library, the bus stop, the sports ground.') },
  other: { label: () => i18n._('Where?'), hint: () => i18n._('For example: a WhatsApp group, a rented flat, the railway station.') },
};

/** Where it happened, in one line for the committee: "Block-2, floor 3 corridor". */
export function placeTextOf(draft: Pick<RaggingDraft, 'placeKind' | 'placeHostel' | 'placeWhere'>): string {
  const where = draft.placeWhere.trim();
  if (draft.placeKind !== 'hostel') return where;
  return draft.placeHostel && where ? `${draft.placeHostel}, ${where}` : '';
}

/** What is sent: the reporter's room only when given, and then with its floor. */
function payloadOf(draft: RaggingDraft, photoIds: readonly string[]) {
  const roomNo = draft.roomNo.trim();
  return {
    category: RAGGING_CATEGORY,
    hostel: draft.hostel,
    floor: roomNo === '' ? 0 : draft.floor.trim() === '' ? undefined : Number(draft.floor),
    roomNo,
    subCategory: draft.subCategory,
    complaint: draft.complaint,
    ...(draft.placeKind ? { placeKind: draft.placeKind } : {}),
    placeText: placeTextOf(draft),
    ...(photoIds.length ? { photoIds: [...photoIds] } : {}),
  };
}

/**
 * The form's field for a message about `name` (the schema's and the server's names): the one line
 * sent as `placeText` is typed in two fields when it happened in a hostel.
 */
function fieldFor(name: string, draft: RaggingDraft): string {
  if (name !== 'placeText') return name;
  return draft.placeKind === 'hostel' && !draft.placeHostel ? 'placeHostel' : 'placeWhere';
}

/** Everything wrong with a draft, each field with the message the server would give it. */
function checkDraft(catalog: PublicCatalog, draft: RaggingDraft, photoIds: readonly string[]) {
  const payload = payloadOf(draft, photoIds);
  const parsed = createComplaintSchema.safeParse(payload);
  const place = checkReportPlace(catalog, { ...payload, floor: payload.floor ?? Number.NaN });
  const entries: Array<readonly [string, string]> = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => [issueField(issue), issue.message] as const)),
    ...Object.entries(place),
  ].map(([name, message]) => [fieldFor(name, draft), message] as const);
  if (draft.placeKind === 'hostel' && !draft.placeHostel) entries.unshift(['placeHostel', i18n._('Choose the hostel where it happened')]);
  const { errors, other } = sortMessages(entries, isFieldName);
  return { parsed, errors, other };
}

function Choices({ id, label, value, options, error, onChange, className }: { id: FieldName; label: string; value: string; options: PublicCatalog['hostels']; error?: string | undefined; onChange: (value: string) => void; className?: string }) {
  const locale = useLocale();
  return (
    <Field id={fieldId(id)} label={label} error={error} className={className}>
      {(control) => (
        <select {...control} className={fieldControl} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{i18n._('Choose a hostel')}</option>
          {options.map((h) => (
            <option key={h.name} value={h.name}>
              {localName(locale, h, 'name')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface RaggingFormPageProps {
  catalog: PublicCatalog;
  category: CategoryInfo;
}

/**
 * The ragging report (decision 40): what happened, where it happened (asked for itself: in a
 * hostel, elsewhere on campus, somewhere else), the reporter's hostel, and their own room only if
 * they want to give it. The contacts to call now sit beside the form, and the way to report
 * without a name at the top.
 */
export function RaggingFormPage({ catalog, category }: RaggingFormPageProps) {
  const queryClient = useQueryClient();
  const create = useCreateComplaint();
  const idempotency = useIdempotencyKey();
  const hydrated = useHydrated();
  const [values, setValues] = useState<RaggingDraft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [recheck, setRecheck] = useState(false);
  const [problem, setProblem] = useState<SubmissionProblem | null>(null);
  const [photos, setPhotos] = useState<PhotoSelection>({ ids: [], busy: false });
  const [photoPickerKey, setPhotoPickerKey] = useState(0);
  const [filed, setFiled] = useState<Pick<Complaint, 'number'> | null>(null);
  const { submitting, begin } = useSignedInSubmission(setProblem);
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);
  const draftRestored = useRef(false);
  const contacts = catalog.university.raggingContacts;
  const locale = useLocale();

  // Kept for this tab, so the sign-in round trip loses nothing (saved only after the restore below).
  useEffect(() => {
    if (draftRestored.current) saveDraft(RAGGING_CATEGORY, values);
  }, [values]);
  useEffect(() => {
    const draft = loadFormDraft(RAGGING_CATEGORY, EMPTY);
    draftRestored.current = true;
    // sessionStorage is outside React and unreadable while prerendering; reading it after mount is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (draft !== EMPTY) setValues(draft);
  }, []);

  // The remembered hostel fills an untouched hostel field; never the room, which is the reporter's to give.
  const place = usePlace();
  useEffect(() => {
    if (!place || !draftRestored.current) return;
    // The place arrives from the server after the first render; filling it then is the point.
    setValues((current) => (current.hostel ? current : { ...current, hostel: place.hostel }));
  }, [place]);

  const hostel = hostelByName(catalog, values.hostel);

  function change(name: FieldName, value: string) {
    const next = { ...values, [name]: value };
    // "In a hostel" starts with the reporter's own hostel as where it happened.
    if (name === 'placeKind' && value === 'hostel' && !next.placeHostel) next.placeHostel = next.hostel;
    setValues(next);
    if (!recheck) return;
    const found = checkDraft(catalog, next, photos.ids).errors;
    setErrors((shown) => Object.fromEntries(FIELD_ORDER.flatMap((f) => ((f === name || shown[f]) && found[f] ? [[f, found[f]]] : []))));
  }
  const update = (name: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => change(name, event.target.value);

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

    const { parsed, errors: found, other } = checkDraft(catalog, values, photos.ids);
    if (!parsed.success || Object.keys(found).length > 0 || other.length > 0) {
      finish();
      setErrors(found);
      setRecheck(true);
      if (other.length > 0) setProblem({ kind: 'message', message: other.join(' ') });
      focusFirstError(FIELD_ORDER, found, fieldId);
      return;
    }
    setErrors({});
    try {
      const complaint = await create.mutateAsync({ data: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) });
      finish();
      idempotency.reset();
      clearDraft(RAGGING_CATEGORY);
      setValues({ ...EMPTY, hostel: values.hostel });
      setRecheck(false);
      setPhotoPickerKey((key) => key + 1);
      setFiled({ number: complaint.number });
    } catch (error) {
      finish();
      if (error instanceof ApiError && error.status === 401) {
        setProblem({ kind: 'sign-in' });
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        return;
      }
      if (error instanceof ApiError && error.fields) {
        const split = sortMessages(
          Object.entries(error.fields).map(([path, message]) => [fieldFor(serverField(path), values), message] as const),
          isFieldName,
        );
        setErrors(split.errors);
        setRecheck(true);
        if (split.other.length > 0 || Object.keys(split.errors).length === 0) setProblem({ kind: 'message', message: split.other.join(' ') || error.message });
        focusFirstError(FIELD_ORDER, split.errors, fieldId);
        return;
      }
      // Kept in the device's outbox, it will be sent: the kept draft must not offer it again.
      if (error instanceof WaitingToSend) clearDraft(RAGGING_CATEGORY);
      setProblem({ kind: 'message', message: errorMessage(error) });
    }
  }

  const where = WHERE_LABELS[values.placeKind];
  const cardTitle = localName(locale, category, 'cardTitle');

  return (
    <section aria-labelledby="ragging-form-heading" className="mx-auto max-w-2xl">
      <BackLink to="/">{i18n._('Back to the start page')}</BackLink>
      <PageHeading id="ragging-form-heading" title={i18n._('{page} · Hostel Complaint Portal', { page: cardTitle })}>
        {cardTitle}
      </PageHeading>
      <p className="mt-3 text-slate-700">{localName(locale, category, 'description')}</p>
      <p className="mt-2 text-slate-700">
        {i18n._('Rather not give your name?')}{' '}
        <Link to={ANONYMOUS_REPORT_PATH} className={textLink}>
          {i18n._('Report without my name')}
        </Link>
      </p>

      {filed ? (
        <RaggingFiled number={filed.number} onAnother={() => setFiled(null)} />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6`}>
          <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
            <SubCategoryChips
              id={fieldId('subCategory')}
              label={i18n._('What happened?')}
              options={category.subCategories.map((sub) => sub.name)}
              optionLabel={(name) => localNameOr(locale, name, category.subCategories.find((sub) => sub.name === name), 'name')}
              value={values.subCategory}
              error={errors.subCategory}
              onChange={(value) => change('subCategory', value)}
            />

            <SubCategoryChips
              id={fieldId('placeKind')}
              label={i18n._('Where did it happen?')}
              options={PLACE_KINDS}
              optionLabel={(kind) => i18n._(PLACE_KIND_LABELS[kind as keyof typeof PLACE_KIND_LABELS])}
              value={values.placeKind}
              error={errors.placeKind}
              onChange={(value) => change('placeKind', value)}
            />

            {values.placeKind === 'hostel' && (
              <Choices id="placeHostel" label={i18n._('Which hostel?')} value={values.placeHostel} options={catalog.hostels} error={errors.placeHostel} onChange={(value) => change('placeHostel', value)} />
            )}
            {where && (
              <Field id={fieldId('placeWhere')} label={where.label()} hint={where.hint()} error={errors.placeWhere}>
                {(control) => (
                  <input {...control} type="text" autoComplete="off" maxLength={PLACE_TEXT_MAX_LENGTH} className={fieldControl} value={values.placeWhere} onChange={update('placeWhere')} />
                )}
              </Field>
            )}

            <Field id={fieldId('complaint')} label={i18n._('Tell the committee what happened')} hint={i18n._('Who, when, and anyone who saw it, as far as you can.')} error={errors.complaint}>
              {(control) => (
                <textarea {...control} rows={6} maxLength={MESSAGE_MAX_LENGTH} className={fieldControl} value={values.complaint} onChange={update('complaint')} />
              )}
            </Field>

            <PhotoPicker
              key={photoPickerKey}
              label={i18n._('Photos or screenshots (optional)')}
              hint={i18n._('Up to 4. They are made smaller on your phone first, without the location.')}
              onChange={setPhotos}
            />

            {/* The photo picker is a fieldset without margins: the next field keeps its distance from it. */}
            <Choices id="hostel" label={i18n._('Your hostel')} className="mt-5" value={values.hostel} options={catalog.hostels} error={errors.hostel} onChange={(value) => change('hostel', value)} />

            <fieldset className="min-w-0 space-y-3" aria-describedby="ragging-room-hint">
              <legend className={fieldLabel}>{i18n._('Your own room (optional)')}</legend>
              <p id="ragging-room-hint" className={fieldHint}>
                {i18n._('Leave it out if you prefer: the committee answers you here. If you give it, only the anti-ragging duty sees it, with your name, and every look is recorded.')}
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id={fieldId('floor')} label={i18n._('Floor')} hint={floorHint(hostel ?? floorSpan(catalog.hostels))} error={errors.floor}>
                  {(control) => (
                    <input {...control} type="number" inputMode="numeric" step={1} className={fieldControl} value={values.floor} onChange={update('floor')} />
                  )}
                </Field>
                <Field id={fieldId('roomNo')} label={i18n._('Room number')} hint={roomHint(hostel, catalog.hostels)} error={errors.roomNo}>
                  {(control) => (
                    <input {...control} type="text" inputMode="numeric" autoComplete="off" maxLength={ROOM_NO_MAX_LENGTH} className={fieldControl} value={values.roomNo} onChange={update('roomNo')} />
                  )}
                </Field>
              </div>
            </fieldset>

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

            <button ref={submitButton} type="submit" className={`${buttonPrimary} w-full sm:w-auto`} disabled={submitting} aria-busy={submitting}>
              {submitting ? i18n._('Sending…') : i18n._('Send the report')}
            </button>
          </fieldset>
        </form>
      )}

      {/* With /api/catalog: the prerendered page's catalogue carries no contacts (the first download stays small). */}
      {contacts && (
        <div className="mt-6">
          <RaggingContacts contacts={contacts} />
        </div>
      )}
      <p className="mt-4 text-sm text-slate-700">
        {i18n._('Already reported without your name?')}{' '}
        <Link to="/ragging/follow" className={textLink}>
          {i18n._('Follow that report')}
        </Link>
      </p>
    </section>
  );
}
