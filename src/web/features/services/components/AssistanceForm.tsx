import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { checkServicePlace, hostelByName, localName } from '../../../../shared/catalog';
import type { PublicCatalog } from '../../../../shared/catalog';
import type { CreateCleaningRequest } from '../../../../shared/complaints';
import { VALID_ROOM_MESSAGE, createCleaningRequestSchema, createLaundryRequestSchema } from '../../../../shared/complaints';
import { ENTRY_CONSENT_MISSING, entryProblems } from '../../../../shared/visits';
import { FormProblem } from '../../../components/FormProblem';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { Field } from '../../../components/ui/Field';
import { EntryFields, entryAnswers } from '../../../components/visits/EntryFields';
import { slot as elementSlot, WithSlots } from '../../../components/ui/WithSlots';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { roomHint } from '../../../lib/catalog-hints';
import { serverField, sortMessages } from '../../../lib/field-messages';
import { useHydrated } from '../../../lib/hydration';
import { i18n, useLocale } from '../../../lib/i18n';
import { useLocalPlaceNames } from '../../../lib/local-names';
import { meQueryKey } from '../../../lib/me';
import { refreshPlace, usePlace } from '../../../lib/place';
import {
  useIdempotencyKey,
  useRefocusWhenIdle,
  useSignedInSubmission,
  useTimedConfirmation,
  type SubmissionProblem,
} from '../../../lib/submission';
import { useCreateCleaningRequest } from '../api/create-cleaning-request';
import { useCreateLaundryRequest } from '../api/create-laundry-request';
import {
  CONFIRMATION_TITLES,
  confirmationPlace,
  collectProblems,
  fieldId,
  focusFirstProblem,
  isFieldName,
  toNumber,
  type FieldErrors,
} from '../lib/assistance';
import { LaundryFields, type LaundryValues } from './LaundryFields';

const NO_LAUNDRY: LaundryValues = { items: '', slot: '', note: '' };

/** Room cleaning, or a laundry pickup once an administrator opens it: one form, the service picks the fields. */
export function AssistanceForm({ catalog }: { catalog: PublicCatalog }) {
  const queryClient = useQueryClient();
  const createCleaning = useCreateCleaningRequest();
  const createLaundry = useCreateLaundryRequest();
  const idempotency = useIdempotencyKey();
  const confirmation = useTimedConfirmation<{ number: string; title: string; message: string }>();
  const [hostel, setHostel] = useState('');
  const [chosenService, setChosenService] = useState('');
  const [roomNo, setRoomNo] = useState('');
  const [laundryValues, setLaundryValues] = useState<LaundryValues>(NO_LAUNDRY);
  // Cleaning is in-room work (decision 47): 'yes' / 'no' / '' and the slots comma-separated, as EntryFields keeps them.
  const [entryConsent, setEntryConsent] = useState('');
  const [entrySlots, setEntrySlots] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<SubmissionProblem | null>(null);
  const { submitting, begin } = useSignedInSubmission(setProblem);
  const hydrated = useHydrated();
  const locale = useLocale();
  const { hostelName: localHostel } = useLocalPlaceNames();
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);
  // Seed §5's question ("confirm room cleaning at {room}"), asked inside the page, not by a browser pop-up.
  const [asking, setAsking] = useState<CreateCleaningRequest | null>(null);
  const [notice, setNotice] = useState('');
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yesButton.current?.focus();
  }, [asking]);

  // The remembered place fills an untouched form once it is known (the page is prerendered without it).
  const remembered = usePlace();
  const prefilled = useRef(false);
  useEffect(() => {
    if (!remembered || prefilled.current) return;
    prefilled.current = true;
    // The place arrives from the server after the first render; filling it then is the point.
    setHostel((current) => current || remembered.hostel);
    setRoomNo((current) => current || (/^\d+$/.test(remembered.roomNo) ? remembered.roomNo : ''));
  }, [remembered]);

  const enabled = catalog.services.filter((s) => s.enabled);
  const disabled = catalog.services.filter((s) => !s.enabled);
  // Until the student picks one, the first open service (Room Cleaning in the seed) is selected.
  const service = enabled.find((s) => s.key === chosenService) ?? enabled[0];
  const laundry = service?.key === 'laundry';
  // Seed §5: the cleaning form's Register stays disabled until a room number is typed.
  const blocked = !service || (!laundry && roomNo.trim() === '');

  function showProblems(found: FieldErrors, other: string[]) {
    setErrors(found);
    if (other.length > 0) setProblem({ kind: 'message', message: other.join(' ') });
    focusFirstProblem(found);
  }

  function handleFailure(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      setProblem({ kind: 'sign-in' });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      return;
    }
    if (error instanceof ApiError && error.fields) {
      const found = sortMessages(
        Object.entries(error.fields).map(([path, message]) => [serverField(path), message] as const),
        isFieldName,
      );
      setErrors(found.errors);
      if (found.other.length > 0 || Object.keys(found.errors).length === 0) {
        setProblem({ kind: 'message', message: found.other.join(' ') || error.message });
      }
      focusFirstProblem(found.errors);
      return;
    }
    setProblem({ kind: 'message', message: errorMessage(error) });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked) return;
    confirmation.clear();
    setProblem(null);
    setNotice('');
    setAsking(null);

    const started = await begin();
    if (!started) return;
    const { finish, submittedAt } = started;
    const room = laundry ? toNumber(roomNo) : Number(roomNo);
    const place = checkServicePlace(catalog, { service: service.key, hostel: hostel.trim(), roomNo: room ?? Number.NaN });

    if (laundry) {
      const { items, slot, note } = laundryValues;
      const parsed = createLaundryRequestSchema.safeParse({ hostel, roomNo: room, items: toNumber(items), slot, note });
      const found = collectProblems(parsed.success ? [] : parsed.error.issues, place);
      if (!parsed.success || Object.keys(found.errors).length > 0 || found.other.length > 0) {
        finish();
        showProblems(found.errors, found.other);
        return;
      }
      setErrors({});
      try {
        const data = parsed.data;
        const request = await createLaundry.mutateAsync({ data, idempotencyKey: idempotency.keyFor({ laundry: data }) });
        idempotency.reset();
        refreshPlace(queryClient);
        setRoomNo('');
        setLaundryValues(NO_LAUNDRY);
        confirmation.show(
          {
            number: request.number,
            title: i18n._(CONFIRMATION_TITLES.laundry),
            message: confirmationPlace('laundry', localHostel(data.hostel), data.roomNo),
          },
          submittedAt,
          finish,
        );
      } catch (error) {
        finish();
        handleFailure(error);
      }
      return;
    }

    const entry = entryAnswers(entryConsent, entrySlots);
    const body = { hostel, service: service.key, roomNo: room, ...entry };
    const parsed = createCleaningRequestSchema.safeParse(body);
    // The form asks every time (the API takes a request without the answers from an older page); the
    // schema's own check of them runs only once the rest is right, so it is run here with the rest.
    const entryAsked = {
      ...(entry.entryConsent === undefined ? { entryConsent: ENTRY_CONSENT_MISSING } : {}),
      ...entryProblems({ category: service.key, roomNo: String(room), ...entry }),
    };
    const found = collectProblems(parsed.success ? [] : parsed.error.issues, place, entryAsked);
    if (!parsed.success || Object.keys(found.errors).length > 0 || found.other.length > 0) {
      finish();
      showProblems(found.errors, found.other);
      return;
    }
    setErrors({});

    // Seed §5: the student confirms the room before anything is sent.
    finish();
    setAsking(parsed.data);
  }

  function cancelCleaning() {
    setAsking(null);
    setNotice(i18n._('Not sent: room cleaning was not requested.'));
    submitButton.current?.focus();
  }

  async function sendCleaning(data: CreateCleaningRequest) {
    setAsking(null);
    const started = await begin();
    if (!started) return;
    const { finish, submittedAt } = started;
    try {
      const request = await createCleaning.mutateAsync({ data, idempotencyKey: idempotency.keyFor({ cleaning: data }) });
      idempotency.reset();
      refreshPlace(queryClient);
      setRoomNo('');
      setEntryConsent('');
      setEntrySlots('');
      confirmation.show(
        {
          number: request.number,
          title: i18n._(CONFIRMATION_TITLES.room_cleaning),
          message: confirmationPlace('room_cleaning', localHostel(data.hostel), data.roomNo),
        },
        submittedAt,
        finish,
      );
    } catch (error) {
      finish();
      handleFailure(error);
    }
  }

  /** A changed answer clears both messages (a "Yes" needs no slot), and any open question, which holds the answers it would send. */
  function answerEntry(field: 'entryConsent' | 'entrySlots', value: string) {
    if (field === 'entryConsent') setEntryConsent(value);
    else setEntrySlots(value);
    setErrors((current) => ({ ...current, entryConsent: undefined, entrySlots: undefined }));
    setAsking(null);
  }

  function chooseService(key: string) {
    setChosenService(key);
    setErrors({});
    setProblem(null);
    setAsking(null);
    setNotice('');
  }

  // Seed §2 and §5: the room-cleaning form's button is Register.
  const busyLabel = laundry ? i18n._('Sending…') : i18n._('Registering…');
  const submitLabel = laundry ? i18n._('Request pickup') : i18n._('Register');

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6 space-y-5`}>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <h2 className="text-lg font-semibold text-slate-900">{laundry ? i18n._('Laundry pickup') : i18n._('Room cleaning')}</h2>

        <Field id={fieldId('hostel')} label={i18n._('Hostel')} error={errors.hostel}>
          {(control) => (
            <select {...control} className={fieldControl} value={hostel} onChange={(event) => setHostel(event.target.value)} required>
              <option value="" disabled>
                {i18n._('Choose your hostel')}
              </option>
              {catalog.hostels.map((h) => (
                <option key={h.name} value={h.name}>
                  {localName(locale, h, 'name')}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field
          id={fieldId('service')}
          label={i18n._('Service')}
          error={errors.service}
          hint={
            disabled.length > 0 ? (
              <ul>
                {disabled.map((s) => (
                  <li key={s.key}>
                    {/* Seed §2: a disabled service shows "Under Construction !"; the plain words follow it. */}
                    <WithSlots
                      text={i18n._('{service}: {soon} It cannot be requested yet.', { service: localName(locale, s, 'label'), soon: elementSlot('soon') })}
                      slots={{ soon: <strong className="font-semibold text-slate-800">{i18n._('Under Construction !')}</strong> }}
                    />
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        >
          {(control) => (
            <select {...control} className={fieldControl} value={service?.key ?? ''} onChange={(event) => chooseService(event.target.value)}>
              {!service && <option value="">{i18n._('No service is open at the moment')}</option>}
              {catalog.services.map((item) => (
                <option key={item.key} value={item.key} disabled={!item.enabled}>
                  {localName(locale, item, 'label')}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field
          id={fieldId('roomNo')}
          label={i18n._('Room number')}
          error={errors.roomNo === undefined ? undefined : i18n._(VALID_ROOM_MESSAGE)}
          hint={roomHint(hostelByName(catalog, hostel), catalog.hostels)}
          alertError
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              required
              className={fieldControl}
              value={roomNo}
              onChange={(event) => setRoomNo(event.target.value)}
            />
          )}
        </Field>

        {service && !laundry && (
          // One block, so the form's spacing reaches past the slots' margin-less fieldset.
          <div className="space-y-5">
            <EntryFields
              consentId={fieldId('entryConsent')}
              slotsId={fieldId('entrySlots')}
              consent={entryConsent}
              slots={entrySlots}
              errors={{ consent: errors.entryConsent, slots: errors.entrySlots }}
              onConsent={(value) => answerEntry('entryConsent', value)}
              onSlots={(value) => answerEntry('entrySlots', value)}
            />
          </div>
        )}

        {laundry && (
          <LaundryFields values={laundryValues} onChange={(change) => setLaundryValues((v) => ({ ...v, ...change }))} errors={errors} />
        )}

        <FormProblem problem={problem} />

        {asking && (
          <div
            role="alertdialog"
            aria-labelledby="cleaning-question"
            aria-describedby="cleaning-question-note"
            className="rounded-lg border border-brand-500 bg-brand-50 p-4"
            onKeyDown={(event) => {
              if (event.key === 'Escape') cancelCleaning();
            }}
          >
            <p id="cleaning-question" className="text-lg font-semibold text-slate-900">
              {i18n._('Confirm room cleaning at {roomNo}?', { roomNo: asking.roomNo })}
            </p>
            <p id="cleaning-question-note" className="mt-1 text-sm text-slate-700">
              {i18n._('{hostel}. Nothing is sent until you say yes.', { hostel: localHostel(asking.hostel) })}
            </p>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row">
              <button ref={yesButton} type="button" className={`${buttonPrimary} w-full sm:w-auto`} onClick={() => void sendCleaning(asking)}>
                {i18n._('Yes, request cleaning')}
              </button>
              <button type="button" className={`${buttonSecondary} w-full sm:w-auto`} onClick={cancelCleaning}>
                {i18n._('Cancel')}
              </button>
            </div>
          </div>
        )}
        <p role="status" className="text-sm font-medium text-slate-700 empty:hidden">
          {notice}
        </p>

        <button
          ref={submitButton}
          type="submit"
          className={`${buttonPrimary} w-full sm:w-auto`}
          disabled={blocked || submitting}
          aria-busy={submitting}
        >
          {submitting ? busyLabel : submitLabel}
        </button>

        <ConfirmationCard
          number={confirmation.shown?.number ?? null}
          title={confirmation.shown?.title ?? ''}
          message={confirmation.shown?.message}
          noun="request"
        />
      </fieldset>
    </form>
  );
}
