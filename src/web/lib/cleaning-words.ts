import { SOURCE_LOCALE } from '../../shared/constants';
import { WEEKDAY_NAMES, dayLabel, slotText } from '../../shared/cleaning-schedule';
import { weekdayName } from '../../shared/time';
import { INTL_LOCALE, isLocale } from '../../shared/locale';
import { i18n } from './i18n';

/*
 * The weekly cleaning's times in the reader's words (issue 40): the server answers with English
 * texts ("Every Tuesday 09:00–11:00", "Tue 1 Dec") beside the facts they are made of, and the
 * page says them again from the facts in the active language, so a switch of language reaches them.
 */

const intlOf = (): string | null => {
  const locale: string = i18n.locale;
  return isLocale(locale) && locale !== SOURCE_LOCALE ? INTL_LOCALE[locale] : null;
};

/** "Monday", or its name in the reader's language: 1 January 2024 was a Monday. */
export function weekdayWord(weekday: number): string {
  const intl = intlOf();
  if (!intl) return WEEKDAY_NAMES[weekday - 1] ?? '';
  return weekdayName(weekday, intl);
}

/** "Every Tuesday 09:00–11:00". */
export function slotWords(slot: { weekday: number; startTime: string; endTime: string }): string {
  if (!intlOf()) return slotText(slot);
  return i18n._('Every {weekday} {from}–{to}', { weekday: weekdayWord(slot.weekday), from: slot.startTime, to: slot.endTime });
}

/** "Tue 1 Dec" for a calendar day (2026-12-01). */
export function dayWords(day: string): string {
  return dayLabel(day, intlOf() ?? undefined);
}
