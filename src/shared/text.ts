import { z } from 'zod';
import { valued } from './valued-message.js';

/**
 * The one rule every piece of text the portal accepts obeys. PostgreSQL refuses the NUL character
 * in text and jsonb, and refuses a lone UTF-16 surrogate in jsonb (JSON.stringify writes it as an
 * escape); letting either through means a database error instead of a clear answer. The server
 * applies it to every parameter, query value and body string of every request before its route's
 * schema runs; forms use the same check through `text()`.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this looks for
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_RULE_MESSAGE = 'contains a character that cannot be stored (NUL or a broken Unicode sequence)';

export const isStorableText = (value: string): boolean => !FORBIDDEN.test(value);

/** Text that did not come through a form (a parsed mail) with what cannot be stored taken out. */
export const storableText = (value: string): string => value.replace(new RegExp(FORBIDDEN.source, 'g'), '');

/** A string schema with the text rule; chain trim/min/max as usual. */
export const text = () => z.string().refine(isStorableText, TEXT_RULE_MESSAGE);

/**
 * Every string in a parsed value that breaks the rule, by its path (`body.items.2.name`), at most
 * `limit` of them, in document order. A loop with its own stack, not recursion: however deep a value
 * nests, the walk cannot overflow the call stack (the server also refuses JSON nested deeper than
 * 32 levels before it gets here: plugins/input-text.ts).
 */
export function findUnstorableText(value: unknown, path: string, limit = 10): string[] {
  const found: string[] = [];
  // `key`: an object's own key, checked just before its value so paths come in document order.
  const stack: Array<{ value: unknown; path: string; key?: string; keyPath?: string }> = [{ value, path }];
  while (stack.length > 0 && found.length < limit) {
    const next = stack.pop();
    if (!next) break;
    if (next.key !== undefined && !isStorableText(next.key)) {
      found.push(`${next.keyPath ?? ''}.${next.key.replace(FORBIDDEN, '?')}`);
      if (found.length >= limit) break;
    }
    const current = next.value;
    // Bytes (an uploaded photo) are not text: walking a Buffer key by key costs seconds and
    // hundreds of MB for a few MB of image.
    if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) continue;
    if (typeof current === 'string') {
      if (!isStorableText(current)) found.push(next.path);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: `${next.path}.${i}` });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i] ?? ['', undefined];
        stack.push({ value: item, path: `${next.path}.${key}`, key, keyPath: next.path });
      }
    }
  }
  return found;
}

/** Calendar dates the portal accepts in filters: years the database and every browser agree on. */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2999-12-31';

/** A `YYYY-MM-DD` day between FIRST_DATE and LAST_DATE. */
export const boundedDate = () =>
  z.iso
    .date()
    .refine((day) => day >= FIRST_DATE && day <= LAST_DATE, valued(/*i18n*/ 'Choose a date between {first} and {last}', { first: FIRST_DATE, last: LAST_DATE }));
