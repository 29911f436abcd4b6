import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { set, useForm, useWatch } from 'react-hook-form';
import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import type { PublicCatalog } from '../../../../shared/catalog';
import type { CreateCleaningRequest, CreateLaundryRequest } from '../../../../shared/complaints';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { serverField, sortMessages } from '../../../lib/field-messages';
import { FORM_ERROR, formMessage } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { useLocalPlaceNames } from '../../../lib/local-names';
import { meQueryKey } from '../../../lib/me';
import { refreshPlace, usePlace } from '../../../lib/place';
import { useIdempotencyKey, useRefocusWhenIdle, useSignedInSubmission, useTimedConfirmation, type SubmissionProblem } from '../../../lib/submission';
import { useCreateCleaningRequest } from '../api/create-cleaning-request';
import { useCreateLaundryRequest } from '../api/create-laundry-request';
import {
  CONFIRMATION_TITLES,
  EMPTY_ASSISTANCE,
  FIELD_ORDER,
  checkAssistance,
  confirmationPlace,
  focusFirstProblem,
  isFieldName,
  servicesOf,
  type AssistanceDraft,
  type AssistanceRequest,
  type FieldErrors,
  type FieldName,
} from '../lib/assistance';

/** The form layer's check: the pure rules of lib/assistance.ts, their messages put on the fields (the rest is the form's). */
function assistanceResolver(catalog: PublicCatalog): Resolver<AssistanceDraft, unknown, AssistanceRequest> {
  return (draft) => {
    const checked = checkAssistance(catalog, draft);
    if (checked.ok) return { values: checked.request, errors: {} };
    const errors: FormErrors<AssistanceDraft> = {};
    for (const name of FIELD_ORDER) {
      const message = checked.errors[name];
      if (message) errors[name] = { type: 'validation', message };
    }
    if (checked.other.length > 0) set(errors, FORM_ERROR, { type: 'validation', message: checked.other.join(' ') });
    return { values: {}, errors };
  };
}

/** The field messages of the form's errors, by field, for focusing the first. */
function messagesOf(errors: FormErrors<AssistanceDraft>): FieldErrors {
  const messages: FieldErrors = {};
  for (const name of FIELD_ORDER) messages[name] = errors[name]?.message;
  return messages;
}

type Confirmation = { number: string; title: string; message: string };

/**
 * Everything the Assistance form does, apart from how it looks: the draft (react-hook-form), the
 * remembered place, signing in before anything is checked, the in-page question before a cleaning
 * request is sent, sending, the timed confirmation and what a refusal says.
 */
export function useAssistanceForm(catalog: PublicCatalog) {
  const queryClient = useQueryClient();
  const createCleaning = useCreateCleaningRequest();
  const createLaundry = useCreateLaundryRequest();
  const idempotency = useIdempotencyKey();
  const confirmation = useTimedConfirmation<Confirmation>();
  const { hostelName: localHostel } = useLocalPlaceNames();
  const [problem, setProblem] = useState<SubmissionProblem | null>(null);
  const { submitting, begin } = useSignedInSubmission(setProblem);
  const submitButton = useRefocusWhenIdle<HTMLButtonElement>(submitting);
  // Seed §5's question ("confirm room cleaning at {room}"), asked inside the page, not by a browser pop-up.
  const [asking, setAsking] = useState<CreateCleaningRequest | null>(null);
  const [notice, setNotice] = useState('');

  const resolver = useMemo(() => assistanceResolver(catalog), [catalog]);
  const form = useForm<AssistanceDraft, unknown, AssistanceRequest>({
    defaultValues: EMPTY_ASSISTANCE,
    resolver,
    // Messages stay until the next try; the first one is focused by its id (the entry question is not a bound control).
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control } = form;

  // The remembered place fills an untouched form once it is known (the page is prerendered without it).
  const remembered = usePlace();
  const prefilled = useRef(false);
  useEffect(() => {
    if (!remembered || prefilled.current) return;
    prefilled.current = true;
    if (form.getValues('hostel') === '') form.setValue('hostel', remembered.hostel);
    if (form.getValues('roomNo') === '' && /^\d+$/.test(remembered.roomNo)) form.setValue('roomNo', remembered.roomNo);
  }, [remembered, form]);

  const [chosen, roomNo, hostel] = useWatch({ control, name: ['service', 'roomNo', 'hostel'] });
  const services = servicesOf(catalog, chosen);
  const { service, laundry } = services;
  // Seed §5: the cleaning form's Register stays disabled until a room number is typed.
  const blocked = !service || (!laundry && roomNo.trim() === '');

  function showFieldMessages(errors: FieldErrors) {
    form.clearErrors();
    for (const name of FIELD_ORDER) {
      const message = errors[name];
      if (message) form.setError(name, { type: 'server', message });
    }
    focusFirstProblem(errors);
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
      showFieldMessages(found.errors);
      if (found.other.length > 0 || Object.keys(found.errors).length === 0) {
        setProblem({ kind: 'message', message: found.other.join(' ') || error.message });
      }
      return;
    }
    setProblem({ kind: 'message', message: errorMessage(error) });
  }

  /** Empties what one request was about, keeping the hostel and the service for the next. */
  function clearRequest(fields: readonly FieldName[]) {
    form.reset({ ...form.getValues(), ...Object.fromEntries(fields.map((name) => [name, ''])) });
  }

  async function sendLaundry(data: CreateLaundryRequest, { finish, submittedAt }: { finish: () => void; submittedAt: number }) {
    try {
      const request = await createLaundry.mutateAsync({ data, idempotencyKey: idempotency.keyFor({ laundry: data }) });
      idempotency.reset();
      refreshPlace(queryClient);
      clearRequest(['roomNo', 'items', 'slot', 'note']);
      confirmation.show(
        { number: request.number, title: i18n._(CONFIRMATION_TITLES.laundry), message: confirmationPlace('laundry', localHostel(data.hostel), data.roomNo) },
        submittedAt,
        finish,
      );
    } catch (error) {
      finish();
      handleFailure(error);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked) return;
    confirmation.clear();
    setProblem(null);
    setNotice('');
    setAsking(null);

    // Signed in first: a signed-out student is told that, not what the fields still need.
    const started = await begin();
    if (!started) return;
    await form.handleSubmit(
      async (request) => {
        if (request.kind === 'laundry') {
          await sendLaundry(request.data, started);
          return;
        }
        // Seed §5: the student confirms the room before anything is sent.
        started.finish();
        setAsking(request.data);
      },
      (errors) => {
        started.finish();
        const other = formMessage(errors);
        if (other) setProblem({ kind: 'message', message: other });
        focusFirstProblem(messagesOf(errors));
      },
    )(event);
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
      clearRequest(['roomNo', 'entryConsent', 'entrySlots']);
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
  const answerEntry = useCallback(
    (field: 'entryConsent' | 'entrySlots', value: string) => {
      form.setValue(field, value);
      form.clearErrors(['entryConsent', 'entrySlots']);
      setAsking(null);
    },
    [form],
  );

  function chooseService(key: string) {
    form.setValue('service', key);
    form.clearErrors();
    setProblem(null);
    setAsking(null);
    setNotice('');
  }

  return {
    control,
    services,
    hostel,
    blocked,
    submitting,
    submitButton,
    problem,
    asking,
    notice,
    shown: confirmation.shown,
    localHostel,
    submit,
    sendCleaning,
    cancelCleaning,
    answerEntry,
    chooseService,
  };
}
