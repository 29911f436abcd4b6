/**
 * "today" (0) or "tomorrow" (1) in the language of `intlLocale`: "आज", "कल" in 'hi-IN'. Intl's words,
 * so that a language needs no message for them; in English they are exactly "today" and "tomorrow".
 */
export const relativeDay = (days: 0 | 1, intlLocale = 'en-GB'): string =>
  new Intl.RelativeTimeFormat(intlLocale, { numeric: 'auto' }).format(days, 'day');
