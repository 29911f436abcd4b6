/**
 * A message with values (`Keep it under {max} characters`) where only a plain string fits: a zod
 * schema's message, a field of an error. It is written in English at once, and remembered with its
 * template and values so that whoever shows it can say it again in the reader's language (issue 28).
 * Mark the template `/*i18n*\/` so the catalogues have it. Placeholders are plain `{name}`s.
 */
export interface ValuedMessage {
  message: string;
  values: Record<string, string>;
}

const remembered = new Map<string, ValuedMessage>();

export function valued(message: string, values: Record<string, string | number>): string {
  const strings = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
  const english = message.replace(/\{(\w+)\}/g, (whole, key: string) => strings[key] ?? whole);
  remembered.set(english, { message, values: strings });
  return english;
}

/** The template and values an English text was written from by `valued`, if it was. */
export function valuedMessageOf(english: string): ValuedMessage | undefined {
  return remembered.get(english);
}
