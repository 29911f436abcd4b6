import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { CLEANING_ROOM_MAX, CLEANING_ROOM_MIN, HOSTELS, SERVICES } from '../../../../shared/catalog';
import type { ServiceKey } from '../../../../shared/catalog';
import { VALID_ROOM_MESSAGE, createCleaningRequestSchema } from '../../../../shared/complaints';
import { seedTexts } from '../../../../shared/constants';
import { SignInButton } from '../../../components/SignInButton';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmationCard } from '../../../components/ui/ConfirmationCard';
import { Field } from '../../../components/ui/Field';
import { buttonPrimary, card, fieldControl } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';
import { useIdempotencyKey, useRefocusWhenIdle, useSignedInSubmission, useTimedConfirmation } from '../../../lib/submission';
import { useHydrated } from '../../../lib/hydration';
import { useCreateCleaningRequest } from '../api/create-cleaning-request';

type FieldName = 'hostel' | 'service' | 'roomNo';
type FieldErrors = Partial<Record<FieldName, string>>;
type Problem = { kind: 'sign-in' } | { kind: 'message'; message: string } | null;

const FIELD_ORDER: readonly FieldName[] = ['hostel', 'service', 'roomNo'];
const isFieldName = (name: string): name is FieldName => (FIELD_ORDER as readonly string[]).includes(name);
const fieldId = (name: FieldName) => `cleaning-${name}`;

function focusFirstError(errors: FieldErrors) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

/** Route /services ('Assistance'): the room-cleaning request form. */
export function AssistancePage() {
  const queryClient = useQueryClient();
  const create = useCreateCleaningRequest();
  const idempotency = useIdempotencyKey();
  const confirmation = useTimedConfirmation<string>();
  const [hostel, setHostel] = useState('');
  const [service, setService] = useState<ServiceKey>('room_cleaning');
  const [roomNo, setRoomNo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<Problem>(null);
  const { submitting, begin } = useSignedInSubmission(setProblem);
  const hydrated = useHydrated();
  const registerButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (roomNo.trim() === '') return;
    confirmation.clear();
    setProblem(null);

    const started = await begin();
    if (!started) return;
    const { finish, submittedAt } = started;

    const parsed = createCleaningRequestSchema.safeParse({ hostel, service, roomNo: Number(roomNo) });
    if (!parsed.success) {
      finish();
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (isFieldName(name)) found[name] ??= issue.message;
      }
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setErrors({});

    // Seed §5: the student confirms the room before anything is sent.
    if (!window.confirm(`confirm room cleaning at ${parsed.data.roomNo}`)) {
      finish();
      return;
    }

    try {
      const request = await create.mutateAsync({ data: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) });
      idempotency.reset();
      setRoomNo('');
      confirmation.show(request.number, submittedAt, finish);
    } catch (error) {
      finish();
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
  }

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

      <form noValidate onSubmit={(event) => void handleSubmit(event)} className={`${card} mt-6 space-y-5`}>
        <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        <h2 className="text-lg font-semibold text-slate-900">Room cleaning</h2>

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
              {HOSTELS.map((name) => (
                <option key={name} value={name}>
                  {name}
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
            <>
              Laundry: <strong className="font-semibold text-slate-800">Under Construction !</strong>
            </>
          }
        >
          {(control) => (
            <select
              {...control}
              className={fieldControl}
              value={service}
              onChange={(event) => setService(event.target.value as ServiceKey)}
            >
              {SERVICES.map((item) => (
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
          hint={`A number from ${CLEANING_ROOM_MIN} to ${CLEANING_ROOM_MAX}`}
          alertError
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={CLEANING_ROOM_MIN}
              max={CLEANING_ROOM_MAX}
              step={1}
              required
              className={fieldControl}
              value={roomNo}
              onChange={(event) => setRoomNo(event.target.value)}
            />
          )}
        </Field>

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
          ref={registerButton}
          type="submit"
          className={`${buttonPrimary} w-full sm:w-auto`}
          disabled={roomNo.trim() === '' || submitting}
          aria-busy={submitting}
        >
          {submitting ? 'Registering…' : 'Register'}
        </button>

        <ConfirmationCard number={confirmation.shown} title="Your cleaning request is registered" />
        </fieldset>
      </form>
    </section>
  );
}
