import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, SOURCE_LOCALE, TRANSLATED_LOCALES, type Locale } from '../../shared/constants.js';
import { INTL_LOCALE } from '../../shared/locale.js';

/**
 * What the server writes for a person (mail, push, the bell, PDFs, CSV headers) is in their
 * language (issue 28, decision 52): each place that writes takes the recipient's `I18n` from here
 * and calls `i18n._('English text')`. English needs no catalogue: its messages compile on first
 * use and are kept.
 */
const catalogues = Object.fromEntries([
  [SOURCE_LOCALE, {}],
  // Every language of the list has its compiled catalogue (`npm run i18n`); loaded once, at start.
  ...(await Promise.all(
    TRANSLATED_LOCALES.map(async (locale) => [locale, ((await import(/* @vite-ignore */ `../../locales/${locale}/server.js`)) as { messages: Messages }).messages] as const),
  )),
]) as Record<Locale, Messages>;

const compiled = new Map<string, ReturnType<typeof compileMessage>>();
function compileOnce(message: string) {
  let result = compiled.get(message);
  if (!result) {
    result = compileMessage(message);
    compiled.set(message, result);
  }
  return result;
}

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: catalogues[locale] } });
    i18n.setMessagesCompiler(compileOnce);
    return [locale, i18n] as const;
  }),
);

/** The messages of one language; anything else (null: never chosen) gets the fallback's. */
export function i18nFor(locale: Locale | null | undefined, fallback: Locale = SOURCE_LOCALE): I18n {
  return instances.get(locale ?? fallback) ?? (instances.get(SOURCE_LOCALE) as I18n);
}

export type { I18n };
