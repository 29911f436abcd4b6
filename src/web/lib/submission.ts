import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONFIRMATION_DELAY_MS, CONFIRMATION_VISIBLE_MS } from '../../shared/catalog';
import { errorMessage } from './api-client';
import { meQueryOptions } from './me';
import { randomUuid } from './uuid';

/**
 * One Idempotency-Key per submission attempt: asking again for the same payload (a retry after a
 * network failure) gives the same key, a different payload or a call to `reset` (after success)
 * gives a new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ payload: string; key: string } | null>(null);

  const keyFor = useCallback((payload: unknown): string => {
    const serialised = JSON.stringify(payload);
    if (current.current?.payload !== serialised) current.current = { payload: serialised, key: randomUuid() };
    return current.current.key;
  }, []);

  const reset = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, reset };
}

/**
 * The confirmation card's clock (seed §4): it appears CONFIRMATION_DELAY_MS after the submit at
 * the earliest (and never before the server answered, because `show` is only called then), stays
 * CONFIRMATION_VISIBLE_MS and disappears.
 */
export function useTimedConfirmation<T>() {
  const [shown, setShown] = useState<T | null>(null);
  const timers = useRef(new Set<number>());

  const clear = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current.clear();
    setShown(null);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);

  /** `submittedAt` is the `performance.now()` of the submit; `onShown` runs when the card appears. */
  const show = useCallback((value: T, submittedAt: number, onShown?: () => void) => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current.clear();
    const delay = Math.max(0, CONFIRMATION_DELAY_MS - (performance.now() - submittedAt));
    const appear = window.setTimeout(() => {
      timers.current.delete(appear);
      setShown(value);
      onShown?.();
      const hide = window.setTimeout(() => {
        timers.current.delete(hide);
        setShown(null);
      }, CONFIRMATION_VISIBLE_MS);
      timers.current.add(hide);
    }, delay);
    timers.current.add(appear);
  }, []);

  return { shown, show, clear };
}

/**
 * Disabling a focused button drops keyboard focus to <body>. Returns a ref for the button; when
 * `busy` ends and focus is lost, the button gets it back.
 */
export function useRefocusWhenIdle<E extends HTMLElement>(busy: boolean) {
  const ref = useRef<E>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && document.activeElement === document.body) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}

export type SubmissionProblem = { kind: 'sign-in' } | { kind: 'message'; message: string };

/**
 * The start every form shares: one submission at a time, and a signed-in user confirmed with the
 * server before anything is sent. `begin` returns null (and reports why through `onProblem`) when
 * the submission must not go ahead; otherwise the submit time and a `finish` to call when done.
 */
export function useSignedInSubmission(onProblem: (problem: SubmissionProblem) => void) {
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const begin = useCallback(async (): Promise<{ submittedAt: number; finish: () => void } | null> => {
    if (inFlight.current) return null;
    const submittedAt = performance.now();
    inFlight.current = true;
    setSubmitting(true);
    const finish = () => {
      inFlight.current = false;
      setSubmitting(false);
    };
    let signedIn: boolean;
    try {
      signedIn = (await queryClient.ensureQueryData(meQueryOptions)) !== null;
    } catch (error) {
      finish();
      onProblem({ kind: 'message', message: errorMessage(error) });
      return null;
    }
    if (!signedIn) {
      finish();
      onProblem({ kind: 'sign-in' });
      return null;
    }
    return { submittedAt, finish };
  }, [queryClient, onProblem]);

  return { submitting, begin };
}
