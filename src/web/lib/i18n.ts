import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../shared/constants';
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

type Catalogue = Promise<{ messages: Messages }>;

/**
 * A language's catalogues, one per area of the app (lingui.config.js): everyone's (the frame and the
 * student's pages), and the staff's, the insights' and the admin console's, which only people who
 * work complaints load (`includeWorkMessages`), so a student's phone never fetches them.
 */
// Every compiled web catalogue of every language but the source, each its own chunk fetched only when
// asked for: a language added to LANGUAGES is found here without a line of its own.
const compiledCatalogues = import.meta.glob<{ messages: Messages }>(['../../locales/*/web*.ts', '!../../locales/en/**']);
// The areas of lingui.config.js: everyone's (the grievance ladder's too: students raise grievances, and its
// members and Ombudsperson need not be workers), and the three only workers load.
const EVERYONE = ['web', 'web-student', 'web-grievances'];
const WORK = ['web-staff', 'web-insights', 'web-admin'];
const load = (locale: Locale, areas: string[]): Catalogue[] =>
  locale === SOURCE_LOCALE ? [] : areas.map((area) => compiledCatalogues[`../../locales/${locale}/${area}.ts`]?.() ?? Promise.reject(new Error(`no ${area} catalogue for ${locale}`)));
const catalogues: Record<Locale, { everyone: () => Catalogue[]; work: () => Catalogue[] }> = Object.fromEntries(
  LOCALES.map((locale) => [locale, { everyone: () => load(locale, EVERYONE), work: () => load(locale, WORK) }]),
) as Record<Locale, { everyone: () => Catalogue[]; work: () => Catalogue[] }>;

let withWork = false;

async function messagesOf(locale: Locale): Promise<Messages> {
  const parts = await Promise.all([...catalogues[locale].everyone(), ...(withWork ? catalogues[locale].work() : [])]);
  return Object.assign({}, ...parts.map((part) => part.messages)) as Messages;
}

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
/** Each activation's number: only the latest one's messages are applied, whichever loads first. */
let requested = 0;
/** Bumped whenever messages change, even in the same language (the consoles' arriving). */
let revision = 0;
/** The language last asked for, loaded or still loading. */
let target: Locale = SOURCE_LOCALE;

/** Loads the language's catalogues if it has any and renders the app in it. */
export function activateLocale(locale: Locale, force = false): Promise<void> {
  if (locale === target && !force) return pending ?? Promise.resolve();
  target = locale;
  const request = ++requested;
  const activated = messagesOf(locale).then((messages) => {
    if (request !== requested) return;
    revision += 1;
    i18n.loadAndActivate({ locale, locales: [INTL_LOCALE[locale]], messages });
    document.documentElement.lang = locale;
  });
  pending = activated;
  return activated;
}

/** For someone who works complaints (staff, wardens, admins): their consoles' messages too. */
export function includeWorkMessages(): void {
  if (withWork) return;
  withWork = true;
  if (target !== SOURCE_LOCALE) void activateLocale(target, true);
}

function subscribe(onChange: () => void) {
  return i18n.on('change', onChange);
}

/** The active language; a component that reads it renders again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, () => i18n.locale as Locale, () => SOURCE_LOCALE);
}

/** Changes with every change of messages: the key the app is rendered under (app/providers.tsx). */
export function useMessagesKey(): string {
  return useSyncExternalStore(subscribe, () => `${i18n.locale}#${revision}`, () => SOURCE_LOCALE);
}

/** The `Intl` tag of the active language, for formatting dates and numbers. */
export function intlLocale(): string {
  return INTL_LOCALE[isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE];
}
