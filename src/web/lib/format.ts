import { displayTimeZone } from './display-time-zone';
import { intlLocale } from './i18n';

/**
 * Every date, time and number the web app shows (issue 28, decision 53): in the reader's language
 * (`intlLocale()`: en-IN or hi-IN) and on the university's clock (the profile's time zone, from the
 * catalogue; Asia/Kolkata until it says otherwise), whatever the device's own zone. Call at render
 * time: the app renders again when the language changes, and formatters are kept per language and zone.
 */

const cache = new Map<string, Intl.DateTimeFormat>();

/** `zone` null: a calendar day ('2026-11-26'), which no time zone moves. */
function dateFormat(name: string, options: Intl.DateTimeFormatOptions, zone: string | null): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${name}|${locale}|${zone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    // Hindi's 12-hour clock says "pm" in Latin letters (CLDR): a Hindi reader gets the 24-hour clock.
    const clock: Intl.DateTimeFormatOptions = locale.startsWith('hi') && (options.timeStyle || options.hour) ? { hourCycle: 'h23' } : {};
    format = new Intl.DateTimeFormat(locale, { ...options, ...clock, timeZone: zone ?? 'UTC' });
    cache.set(key, format);
  }
  return format;
}

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26 Nov 2026, 3:42 pm" ("26 नव॰ 2026, 3:42 pm" in Hindi) on the university's clock; the raw value if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = toDate(iso);
  return date ? dateFormat('dateTime', { dateStyle: 'medium', timeStyle: 'short' }, displayTimeZone()).format(date) : iso;
}

/** "26 Nov 2026": the day the instant falls on at the university. */
export function formatDate(iso: string): string {
  const date = toDate(iso);
  return date ? dateFormat('date', { dateStyle: 'medium' }, displayTimeZone()).format(date) : iso;
}

/** "3:42 pm": the time of day at the university. */
export function formatTime(iso: string): string {
  const date = toDate(iso);
  return date ? dateFormat('time', { timeStyle: 'short' }, displayTimeZone()).format(date) : iso;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "26 Nov 2026" for the calendar day '2026-11-26' (the insights' days and weeks); the raw value if it is not one. */
export function formatDay(day: string): string {
  const date = DAY.test(day) ? toDate(`${day}T00:00:00Z`) : null;
  return date ? dateFormat('day', { dateStyle: 'medium' }, null).format(date) : day;
}

/** "26 Nov" for the calendar day '2026-11-26', where the year goes without saying (a chart's axis). */
export function formatShortDay(day: string): string {
  const date = DAY.test(day) ? toDate(`${day}T00:00:00Z`) : null;
  return date ? dateFormat('shortDay', { day: 'numeric', month: 'short' }, null).format(date) : day;
}

/** "12,34,567": Indian grouping, in English and Hindi alike. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** "42%" for 0.42. */
export function formatPercent(share: number): string {
  return formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
}
