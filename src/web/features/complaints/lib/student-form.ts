import { useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { CheckResult } from '../../../lib/form';
import { loadFormDraft, saveDraft } from './draft';

/*
 * What the complaint and ragging forms share on top of react-hook-form: a draft kept for the tab,
 * and the seed's way of checking again once a submit has shown messages. Both forms are
 * prerendered and their check needs the catalogue as well as the schema: it is a pure function
 * (lib/complaint-check.ts, lib/ragging-check.ts) given to the form as its resolver (checkResolver)
 * for the submit, and called again here on each change after one.
 */

export type Messages<F extends string> = Partial<Record<F, string>>;

/**
 * The messages to show after `changed` changed: that field's own, as it is now (gone once it is
 * right, a new one when it went wrong), and fresh ones for the fields already showing one (the
 * hostel decides which floors and rooms are right). A field not yet complained about stays quiet.
 */
export function recheckedErrors<F extends string>(order: readonly F[], shown: Messages<F>, changed: string, found: Messages<F>): Messages<F> {
  const next: Messages<F> = {};
  for (const field of order) {
    const message = field === changed || shown[field] !== undefined ? found[field] : undefined;
    if (message !== undefined) next[field] = message;
  }
  return next;
}

/** The messages the form shows now, by field. */
export function shownErrors<V extends FieldValues, P, F extends FieldPath<V>>(form: UseFormReturn<V, unknown, P>, order: readonly F[]): Messages<F> {
  const shown: Messages<F> = {};
  for (const field of order) {
    const message = form.getFieldState(field).error?.message;
    if (message) shown[field] = message;
  }
  return shown;
}

/** Puts exactly `errors` on the form's fields (each field of `order` without one is cleared). */
export function showErrors<V extends FieldValues, P, F extends FieldPath<V>>(form: UseFormReturn<V, unknown, P>, order: readonly F[], errors: Messages<F>): void {
  for (const field of order) {
    const message = errors[field];
    if (message === undefined) {
      if (form.getFieldState(field).error) form.clearErrors(field);
    } else if (form.getFieldState(field).error?.message !== message) {
      form.setError(field, { type: 'validation', message });
    }
  }
}

/** Focuses the first field (in the form's order) that has a message, by its id (a group of chips has no input of its own to focus). */
export function focusFirst<F extends string>(order: readonly F[], errors: Messages<F>, idOf: (name: F) => string): void {
  const first = order.find((name) => errors[name]);
  if (first) document.getElementById(idOf(first))?.focus();
}

/**
 * Once a submit has shown messages, every change is checked again (`check` gives every field's
 * message for the values as they are) with {@link recheckedErrors}: a field put right loses its
 * message at once. `onChange` runs first, for a change that fills another field; `changedAs` names
 * the field a control's change is about, when that is another one.
 */
export function useRecheckAfterSubmit<V extends FieldValues, P, F extends FieldPath<V>>(
  form: UseFormReturn<V, unknown, P>,
  order: readonly F[],
  check: (values: V) => Messages<F>,
  { onChange, changedAs = (name) => name }: { onChange?: (name: string, values: V) => void; changedAs?: (name: string) => string } = {},
): void {
  // Read while rendering: react-hook-form keeps a formState property up to date only for a form
  // that reads it there (its proxy subscribes then); read first in the watcher, it stays false.
  const { isSubmitted } = form.formState;
  const latest = useRef({ check, onChange, changedAs, isSubmitted });
  useEffect(() => {
    latest.current = { check, onChange, changedAs, isSubmitted };
  });
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === undefined) return;
      latest.current.onChange?.(name, form.getValues());
      if (!latest.current.isSubmitted) return;
      const changed = latest.current.changedAs(name);
      showErrors(form, order, recheckedErrors(order, shownErrors(form, order), changed, latest.current.check(form.getValues())));
    });
    return () => subscription.unsubscribe();
  }, [form, order]);
}

/**
 * Keeps a form's draft for this tab (sessionStorage: cleared at sign-out), so the sign-in round
 * trip through the identity provider, or a reload, loses nothing. The page is prerendered, where
 * there is no storage, so the kept draft is restored after mount, and saved on every change only
 * after that (the first pass never overwrites a kept draft). `restored` says the restore is done.
 */
export function useKeptDraft<V extends FieldValues, P, D extends { [K in keyof D]: string }>(
  form: UseFormReturn<V, unknown, P>,
  key: string,
  empty: D,
  toDraft: (values: V) => D,
): { restored: { readonly current: boolean } } {
  const restored = useRef(false);
  const latest = useRef(toDraft);
  useEffect(() => {
    latest.current = toDraft;
  });
  useEffect(() => {
    const subscription = form.watch(() => {
      if (restored.current) saveDraft(key, latest.current(form.getValues()));
    });
    return () => subscription.unsubscribe();
  }, [form, key]);
  useEffect(() => {
    const draft = loadFormDraft(key, empty);
    restored.current = true;
    if (draft !== empty) form.reset({ ...form.getValues(), ...draft });
    // Only the draft kept when the page opened: later ones are this page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { restored };
}

/** A form check's findings as the resolver takes them: the parsed payload once nothing is wrong. */
export function checkResultOf<F extends string, Payload>(found: {
  parsed: { success: true; data: Payload } | { success: false };
  errors: Messages<F>;
  other: readonly string[];
}): CheckResult<Payload> {
  const errors = Object.fromEntries(Object.entries(found.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  if (found.parsed.success && Object.keys(errors).length === 0 && found.other.length === 0) return { ok: true, payload: found.parsed.data };
  return { ok: false, errors, other: found.other };
}
