import { valuedMessageOf } from '../../shared/valued-message';
import { i18n } from './i18n';

/**
 * A shared schema's message in the reader's language: an English message id, or English written
 * from a template with values (`valued`), said again from its template with the same values.
 */
export function schemaMessage(message: string): string {
  const template = valuedMessageOf(message);
  if (!template || !(template.message in i18n.messages)) return i18n._(message);
  const values = Object.fromEntries(
    Object.entries(template.values).map(([key, value]) => [key, template.translate.includes(key) ? schemaMessage(value) : value]),
  );
  return i18n._(template.message, values);
}

/**
 * A student form's messages, sorted by field: the first message of a field wins, and what belongs
 * to no field of the form is kept for the form's alert. The shared schemas' messages are English
 * message ids (marked for the catalogues), so each is shown in the reader's language; a server's
 * message already is, and comes through as it is.
 */
export interface SortedMessages<F extends string> {
  errors: Partial<Record<F, string>>;
  other: string[];
}

export function sortMessages<F extends string>(
  entries: Iterable<readonly [string, string | undefined]>,
  isField: (name: string) => name is F,
): SortedMessages<F> {
  const errors: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [name, message] of entries) {
    if (!message) continue;
    const text = schemaMessage(message);
    if (isField(name)) errors[name] ??= text;
    else other.push(text);
  }
  return { errors, other };
}

/** The field a zod issue is about: its first path segment ('roomNo'). */
export const issueField = (issue: { path: ReadonlyArray<PropertyKey> }): string => String(issue.path[0] ?? '');

/** The field a server message is about: the last segment of its path ('body.roomNo' → 'roomNo'). */
export const serverField = (path: string): string => path.split(/[./]/).filter(Boolean).pop() ?? path;

/** Focuses the first field (in the form's order) that has a message. */
export function focusFirstError<F extends string>(order: readonly F[], errors: Partial<Record<F, string>>, idOf: (name: F) => string): void {
  const first = order.find((name) => errors[name]);
  if (first) document.getElementById(idOf(first))?.focus();
}
