/**
 * A message with values (`Keep it under {max} characters`) where only a plain string fits: a zod
 * schema's message, a field of an error. It is written in English at once, and remembered with its
 * template and values so that whoever shows it can say it again in the reader's language (issue 28).
 * Mark the template `/*i18n*\/` so the catalogues have it. Placeholders are plain `{name}`s.
 */
export interface ValuedMessage {
  message: string;
  values: Record<string, string>;
  /** The values that are message ids themselves (a field's label), said in the reader's language too. */
  translate: readonly string[];
}

/** Bounded: values may come from what a person typed (a room number), and each distinct text is kept. */
const REMEMBERED_MAX = 2000;
const remembered = new Map<string, ValuedMessage>();

export function valued(message: string, values: Record<string, string | number>, translate: readonly string[] = []): string {
  const strings = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
  const english = message.replace(/\{(\w+)\}/g, (whole, key: string) => strings[key] ?? whole);
  if (!remembered.has(english)) {
    if (remembered.size >= REMEMBERED_MAX) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(english, { message, values: strings, translate });
  }
  return english;
}

/** The template and values an English text was written from by `valued`, if it was. */
export function valuedMessageOf(english: string): ValuedMessage | undefined {
  return remembered.get(english);
}
