import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { SOURCE_LOCALE, type Locale } from '../../shared/constants';
import { INTL_LOCALE, isLocale, matchLocale } from '../../shared/locale';

/**
 * The app's messages (issue 28, decision 52). Every text a person reads is `i18n._('English text')`
 * in the code: English is the source, compiled in place by the build (vite.config.ts,
 * `precompiledMessages`), so it needs no catalogue and the first download does not grow. Another
 * language's catalogue (src/locales/<locale>/web.po, compiled by `npm run i18n`) loads after the
 * first paint, and the app renders again in it.
 */
export { i18n };

/** Kept through sign-out: it is this device's language, not anybody's data. */
export const LOCALE_STORAGE_KEY = 'hcp.locale';

// A message reaches the compiler only when it is a plain string: English text without placeholders
// (anything with `{` was compiled by the build) or a message passed in a variable.
i18n.setMessagesCompiler((message) => {
  // eslint-disable-next-line no-console -- a developer's mistake, shown in development (and the tests) only
  if (import.meta.env.DEV && /[{}]/.test(message)) console.error(`Message with placeholders reached the browser uncompiled: ${message}`);
  return [message];
});
i18n.loadAndActivate({ locale: SOURCE_LOCALE, locales: [INTL_LOCALE[SOURCE_LOCALE]], messages: {} });

/** One language's catalogues, one per area of the app (lingui.config.js), merged. */
async function merged(parts: Array<Promise<{ messages: Messages }>>): Promise<{ messages: Messages }> {
  return { messages: Object.assign({}, ...(await Promise.all(parts)).map((part) => part.messages)) as Messages };
}

const catalogues: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => Promise.resolve({ messages: {} }),
  hi: () =>
    merged([
      import('../../locales/hi/web'),
      import('../../locales/hi/web-student'),
      import('../../locales/hi/web-staff'),
      import('../../locales/hi/web-admin'),
      import('../../locales/hi/web-insights'),
    ]),
};

/** The language this device asked for before: the switch's choice, else the browser's. */
export function preferredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes): the browser's languages decide.
  }
  return matchLocale(navigator.languages ?? [navigator.language]) ?? SOURCE_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered on this device; a signed-in person's choice is kept on the server.
  }
}

let pending: Promise<void> | null = null;

/** Loads the language's catalogue if it has one and renders the app in it. */
export function activateLocale(locale: Locale): Promise<void> {
  if (locale === i18n.locale) return pending ?? Promise.resolve();
  const activated = catalogues[locale]().then(({ messages }) => {
    i18n.loadAndActivate({ locale, locales: [INTL_LOCALE[locale]], messages });
    document.documentElement.lang = locale;
  });
  pending = activated;
  return activated;
}

function subscribe(onChange: () => void) {
  return i18n.on('change', onChange);
}

/** The active language; a component that reads it renders again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, () => i18n.locale as Locale, () => SOURCE_LOCALE);
}

/** The `Intl` tag of the active language, for formatting dates and numbers. */
export function intlLocale(): string {
  return INTL_LOCALE[isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE];
}
