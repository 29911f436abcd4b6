import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, set } from 'react-hook-form';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api-client';
import { schemaMessage } from './field-messages';

/*
 * The form layer: react-hook-form holds what the user types (a "draft": numbers and address lists
 * as text), the shared zod schema checks what would be sent, and every message (the schema's or
 * the server's `error.fields`, which use the same dotted paths) lands beside the control it is
 * about. Whatever no control shows becomes the form's own message, under `root.form`.
 *
 * Only pages that load later import this file: react-hook-form stays out of the first download.
 */

/** Where a form keeps the message that belongs to no field (shown by FormAlert). */
export const FORM_ERROR = 'root.form' as const;

/** Messages keyed by dotted path ('name', 'roomRanges.0.to', 'routing.default.to.1'). */
type Messages = Record<string, string>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The control a message about `path` belongs to, in `values`: the path as deep as the form has
 * it ('routing.default.to.1' → the To field, which holds the whole list as text), and a row with a
 * single control takes its row's messages ('allowedDomains.1' → 'allowedDomains.1.value'). Null
 * when the form has nothing at all there (e.g. 'retired', which no control edits).
 */
export function fieldPathFor(path: string, values: unknown): string | null {
  const kept: string[] = [];
  let node: unknown = values;
  for (const part of path.split('.').filter(Boolean)) {
    if (!isObject(node) || !(part in node)) break;
    node = node[part];
    kept.push(part);
    if (!isObject(node)) break;
  }
  if (kept.length === 0) return null;
  if (isObject(node) && !Array.isArray(node)) {
    const keys = Object.keys(node);
    if (keys.length === 1 && keys[0] !== undefined) kept.push(keys[0]);
  }
  return kept.join('.');
}

/** Sorts messages into those a control shows (first message per control wins) and the rest. */
function placeMessages(messages: Messages, values: unknown): { fields: Messages; rest: string[] } {
  const fields: Messages = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(messages)) {
    const field = fieldPathFor(path, values);
    if (field === null) rest.push(message);
    else fields[field] ??= message;
  }
  return { fields, rest };
}

/** The resolver's nested errors as dotted paths ('roomRanges.root' is the list itself). */
function flattenErrors(errors: unknown, prefix = '', out: Messages = {}): Messages {
  if (!isObject(errors)) return out;
  // The shared schemas' messages are English message ids: shown in the reader's language.
  if (typeof errors.message === 'string' && errors.message !== '') out[prefix] ??= schemaMessage(errors.message);
  for (const [key, value] of Object.entries(errors)) {
    // An error's own parts; a field may be called `message` or `type` too, and its error is an object.
    if (key === 'ref' || key === 'types' || ((key === 'message' || key === 'type') && typeof value === 'string')) continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    flattenErrors(value, path, out);
  }
  return out;
}

export interface DraftResolverOptions {
  /** The form's message when the check fails and every message sits beside its field. */
  invalidMessage?: string;
}

/**
 * A resolver for a form whose values are a draft: `toPayload` turns them into what the shared
 * `schema` checks (and the server receives); `handleSubmit` then gets the schema's output. Built on
 * @hookform/resolvers' zod resolver; its messages are moved onto the draft's controls.
 */
export function draftResolver<Draft extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toPayload: (draft: Draft) => unknown,
  { invalidMessage }: DraftResolverOptions = {},
): Resolver<Draft, unknown, z.output<Schema>> {
  const check = zodResolver<FieldValues, unknown, z.output<Schema>>(schema as z.ZodType<z.output<Schema>, FieldValues>);
  return async (draft, context, options) => {
    const payload = toPayload(draft) as FieldValues;
    const result = await check(payload, context, { ...options, names: undefined });
    if (Object.keys(result.errors).length === 0) return { values: result.values as z.output<Schema>, errors: {} };

    const { fields, rest } = placeMessages(flattenErrors(result.errors), draft);
    const placed: Record<string, FieldError> = {};
    for (const [path, text] of Object.entries(fields)) placed[path] = { type: 'validation', message: text };
    const errors = toNestErrors<Draft>(placed, options);
    const unplaced = rest.length > 0 ? rest.join(' ') : invalidMessage;
    if (unplaced) set(errors, FORM_ERROR, { type: 'validation', message: unplaced });
    return { values: {}, errors };
  };
}

/**
 * Shows a failed save on the form: the server's field messages (`{ error: { code, message, fields } }`)
 * beside their controls (the first one focused), and the rest, with the server's message, as the
 * form's message. A validation failure whose every message sits beside its field needs no more
 * words; a network failure or any other error is the form's message.
 */
export function applyServerErrors<Draft extends FieldValues, Payload>(form: UseFormReturn<Draft, unknown, Payload>, error: unknown): void {
  if (!(error instanceof ApiError)) {
    form.setError(FORM_ERROR, { type: 'request', message: errorMessage(error) });
    return;
  }
  const { fields, rest } = placeMessages(error.fields ?? {}, form.getValues());
  Object.entries(fields).forEach(([path, message], index) => {
    form.setError(path as Path<Draft>, { type: error.code, message }, { shouldFocus: index === 0 });
  });
  const onlyFields = Object.keys(fields).length > 0 && rest.length === 0 && error.code === 'validation_failed';
  if (!onlyFields) form.setError(FORM_ERROR, { type: error.code, message: [...new Set([error.message, ...rest])].join(' ') });
}

/** The message at `path` itself (a field, or a list as a whole), if any. */
export function messageAt(errors: FieldErrors, path: string): string | undefined {
  const node: unknown = get(errors, path);
  if (!isObject(node)) return undefined;
  if (typeof node.message === 'string' && node.message !== '') return node.message;
  const root = node.root;
  return isObject(root) && typeof root.message === 'string' && root.message !== '' ? root.message : undefined;
}

/** The form's own message (see {@link FORM_ERROR}). */
export function formMessage(errors: FieldErrors): string | undefined {
  return errors.root?.form?.message;
}

/** What a form's own check found: the payload to send, or each field's message and those no field shows. */
export type CheckResult<Payload> = { ok: true; payload: Payload } | { ok: false; errors: Messages; other: readonly string[] };

/**
 * A resolver for a form whose check is more than its schema: the student's forms check the
 * catalogue's hostels, floors and rooms as well (as the server does), all at once so that every
 * problem shows together. `check` gives messages already in the reader's language; what no control
 * shows becomes the form's message.
 */
export function checkResolver<Draft extends FieldValues, Payload>(check: (draft: Draft) => CheckResult<Payload>): Resolver<Draft, unknown, Payload> {
  return (draft, _context, options) => {
    const result = check(draft);
    if (result.ok) return { values: result.payload, errors: {} };
    const placed: Record<string, FieldError> = {};
    for (const [path, text] of Object.entries(result.errors)) placed[path] = { type: 'validation', message: text };
    const errors = toNestErrors<Draft>(placed, options);
    if (result.other.length > 0) set(errors, FORM_ERROR, { type: 'validation', message: result.other.join(' ') });
    return { values: {}, errors };
  };
}
