import { LANGUAGES, LOCALES, type Locale } from './constants.js';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the reader's languages the portal speaks ("hi-IN" → hi), or null when it speaks
 * none of them. Both the browser's `navigator.languages` and an Accept-Language header's ranges, in
 * order of preference, come here.
 */
export function matchLocale(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const primary = language.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** The ranges of an Accept-Language header by their weight, highest first ("hi;q=0.9, en;q=0.8"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { range: range.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.range !== '' && entry.range !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.range);
}

/** The BCP 47 tag `Intl` formats with for each language: the university is in India. */
export const INTL_LOCALE = Object.fromEntries(LOCALES.map((locale) => [locale, LANGUAGES[locale].intl])) as Record<Locale, string>;
