import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { LAUNDRY_ITEMS_MAX, LAUNDRY_SLOTS, checkServicePlace, hostelByName } from '../../../../shared/catalog';
import type { FieldProblems, PublicCatalog } from '../../../../shared/catalog';
import { VALID_ROOM_MESSAGE, createCleaningRequestSchema, createLaundryRequestSchema } from '../../../../shared/complaints';
import { seedTexts } from '../../../../shared/constants';
import { CatalogGate } from '../../../components/CatalogGate';
import { SignInButton } from '../../../components/SignInButton';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { Field } from '../../../components/ui/Field';
import { buttonPrimary, card, fieldControl } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { roomHint } from '../../../lib/catalog-hints';
import { meQueryKey } from '../../../lib/me';
import { useIdempotencyKey, useRefocusWhenIdle, useSignedInSubmission, useTimedConfirmation } from '../../../lib/submission';
import { useHydrated } from '../../../lib/hydration';
import { useCreateCleaningRequest } from '../api/create-cleaning-request';
import { useCreateLaundryRequest } from '../api/create-laundry-request';

type FieldName = 'hostel' | 'service' | 'roomNo' | 'items' | 'slot' | 'note';
type FieldErrors = Partial<Record<FieldName, string>>;
type Problem = { kind: 'sign-in' } | { kind: 'message'; message: string } | null;

const FIELD_ORDER: readonly FieldName[] = ['hostel', 'service', 'roomNo', 'items', 'slot', 'note'];
const isFieldName = (name: string): name is FieldName => (FIELD_ORDER as readonly string[]).includes(name);
const fieldId = (name: FieldName) => `assistance-${name}`;

const CONFIRMATION_TITLES = {
  room_cleaning: 'Your cleaning request is registered',
  laundry: 'Your laundry pickup is registered',
} as const;

function focusFirstError(errors: FieldErrors) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

/** An empty input is a missing number, not 0. */
const toNumber = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

/** Field messages from zod issues and the catalogue's checks; the first message of a field wins. */
function collectProblems(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  place: FieldProblems,
): { errors: FieldErrors; other: string[] } {
  const errors: FieldErrors = {};
  const other: string[] = [];
  const add = (name: string, message: string) => {
    if (isFieldName(name)) errors[name] ??= message;
    else other.push(message);
  };
  for (const issue of issues) add(String(issue.path[0] ?? ''), issue.message);
  for (const [name, message] of Object.entries(place)) if (message) add(name, message);
  return { errors, other };
}

/** Route /services ('Assistance'): room cleaning and, once an administrator opens it, laundry pickup. */
export function AssistancePage() {
  return (
    <section aria-labelledby="assistance-heading" className="mx-auto max-w-2xl">
      <title>Assistance · Hostel Complaint Portal</title>
      <h1 id="assistance-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Assistance
      </h1>
      <p className="mt-3 text-slate-700">
        Room not cleaned properly? Ask housekeeping to clean it. Choose your hostel, enter your room number and
        register the request.
      </p>
      <CatalogGate loadingLabel="Loading the services…">{(catalog) => <AssistanceForm catalog={catalog} />}</CatalogGate>
    </section>
  );
}

function AssistanceForm({ catalog }: { catalog: PublicCatalog }) {
  const queryClient = useQueryClient();
  const createCleaning = useCreateCleaningRequest();
  const createLaundry = useCreateLaundryRequest();
  const idempotency = useIdempotencyKey();
  const confirmation = useTimedConfirmation<{ number: string; title: string }>();
  const [hostel, setHostel] = useState('');
  const [chosenService, setChosenService] = useState('');
  const [roomNo, setRoomNo] = useState('');
  const [items, setItems] = useState('');
  const [slot, setSlot] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<Problem>(null);
  const { submitting, begin } = useSignedInSubmission(setProblem);
  const hydrated = useHydrated();
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);

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
    focusFirstError(found);
  }

  function handleFailure(error: unknown) {
    if (error instanceof ApiError && error.status === 401) {
      setProblem({ kind: 'sign-in' });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      return;
    }
    if (error instanceof ApiError && error.fields) {
      const found: FieldErrors = {};
      const other: string[] = [];
      for (const [path, message] of Object.entries(error.fields)) {
        const name = path.split(/[./]/).filter(Boolean).pop() ?? path;
        if (isFieldName(name)) found[name] ??= message;
        else other.push(message);
      }
      setErrors(found);
      if (other.length > 0 || Object.keys(found).length === 0) {
        setProblem({ kind: 'message', message: other.join(' ') || error.message });
      }
      focusFirstError(found);
      return;
    }
    setProblem({ kind: 'message', message: errorMessage(error) });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked) return;
    confirmation.clear();
    setProblem(null);

    const started = await begin();
    if (!started) return;
    const { finish, submittedAt } = started;
    const room = laundry ? toNumber(roomNo) : Number(roomNo);
    const place = checkServicePlace(catalog, { service: service.key, hostel: hostel.trim(), roomNo: room ?? Number.NaN });

    if (laundry) {
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
        setRoomNo('');
        setItems('');
        setSlot('');
        setNote('');
        confirmation.show({ number: request.number, title: CONFIRMATION_TITLES.laundry }, submittedAt, finish);
      } catch (error) {
        finish();
        handleFailure(error);
      }
      return;
    }

    const parsed = createCleaningRequestSchema.safeParse({ hostel, service: service.key, roomNo: room });
    const found = collectProblems(parsed.success ? [] : parsed.error.issues, place);
    if (!parsed.success || Object.keys(found.errors).length > 0 || found.other.length > 0) {
      finish();
      showProblems(found.errors, found.other);
      return;
    }
    setErrors({});

    // Seed §5: the student confirms the room before anything is sent.
    if (!window.confirm(`confirm room cleaning at ${parsed.data.roomNo}`)) {
      finish();
      return;
    }

    try {
      const data = parsed.data;
      const request = await createCleaning.mutateAsync({ data, idempotencyKey: idempotency.keyFor({ cleaning: data }) });
      idempotency.reset();
      setRoomNo('');
      confirmation.show({ number: request.number, title: CONFIRMATION_TITLES.room_cleaning }, submittedAt, finish);
    } catch (error) {
      finish();
      handleFailure(error);
    }
  }

  function chooseService(key: string) {
    setChosenService(key);
    setErrors({});
    setProblem(null);
  }

  const busyLabel = laundry ? 'Sending…' : 'Registering…';
  const submitLabel = laundry ? 'Request pickup' : 'Register';

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6 space-y-5`}>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <h2 className="text-lg font-semibold text-slate-900">{laundry ? 'Laundry pickup' : 'Room cleaning'}</h2>

        <Field id={fieldId('hostel')} label="Hostel" error={errors.hostel}>
          {(control) => (
            <select
              {...control}
              className={fieldControl}
              value={hostel}
              onChange={(event) => setHostel(event.target.value)}
              required
            >
              <option value="" disabled>
                Choose your hostel
              </option>
              {catalog.hostels.map((h) => (
                <option key={h.name} value={h.name}>
                  {h.name}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field
          id={fieldId('service')}
          label="Service"
          error={errors.service}
          hint={
            disabled.length > 0 ? (
              <ul>
                {disabled.map((s) => (
                  <li key={s.key}>
                    {s.label}: <strong className="font-semibold text-slate-800">Under Construction !</strong>
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              className={fieldControl}
              value={service?.key ?? ''}
              onChange={(event) => chooseService(event.target.value)}
            >
              {!service && <option value="">No service is open at the moment</option>}
              {catalog.services.map((item) => (
                <option key={item.key} value={item.key} disabled={!item.enabled}>
                  {item.label}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field
          id={fieldId('roomNo')}
          label="Room number"
          error={errors.roomNo === undefined ? undefined : VALID_ROOM_MESSAGE}
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

        {laundry && (
          <>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                id={fieldId('items')}
                label="Number of items"
                error={errors.items}
                hint={`1 to ${LAUNDRY_ITEMS_MAX}`}
              >
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={LAUNDRY_ITEMS_MAX}
                    step={1}
                    required
                    className={fieldControl}
                    value={items}
                    onChange={(event) => setItems(event.target.value)}
                  />
                )}
              </Field>

              <Field id={fieldId('slot')} label="Pickup time" error={errors.slot}>
                {(control) => (
                  <select
                    {...control}
                    className={fieldControl}
                    value={slot}
                    onChange={(event) => setSlot(event.target.value)}
                    required
                  >
                    <option value="">Choose a pickup time</option>
                    {LAUNDRY_SLOTS.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>

            <Field id={fieldId('note')} label="Note (optional)" error={errors.note} hint="For example: two shirts need ironing.">
              {(control) => (
                <input
                  {...control}
                  type="text"
                  maxLength={300}
                  autoComplete="off"
                  className={fieldControl}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
          </>
        )}

        {problem?.kind === 'sign-in' && (
          <Alert data-testid="form-problem">
            <p className="font-semibold">{seedTexts.signInFirst}</p>
            <SignInButton className={`${buttonPrimary} mt-3`} />
          </Alert>
        )}
        {problem?.kind === 'message' && (
          <Alert data-testid="form-problem">
            <p>{problem.message}</p>
          </Alert>
        )}

        <button
          ref={submitButton}
          type="submit"
          className={`${buttonPrimary} w-full sm:w-auto`}
          disabled={blocked || submitting}
          aria-busy={submitting}
        >
          {submitting ? busyLabel : submitLabel}
        </button>

        <ConfirmationCard number={confirmation.shown?.number ?? null} title={confirmation.shown?.title ?? ''} />
      </fieldset>
    </form>
  );
}
