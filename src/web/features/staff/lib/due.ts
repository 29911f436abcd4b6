import { isOpenStatus, type ComplaintStatus } from '../../../../shared/constants';
import { i18n } from '../../../lib/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DueKind = 'overdue' | 'soon' | 'later';

export interface DueState {
  kind: DueKind;
  /** "Overdue 3 h", "Due in 5 h", "Due in 2 d". */
  short: string;
  /** The same in words for screen readers and the tooltip: "Overdue by 3 hours", "Due in 5 hours". */
  long: string;
}

/** A whole amount of the largest unit that fits: minutes under an hour, hours under two days, else days. */
export function dueAmount(ms: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const abs = Math.abs(ms);
  if (abs < HOUR) return { value: Math.max(1, Math.round(abs / MINUTE)), unit: 'minute' };
  if (abs < 2 * DAY) return { value: Math.floor(abs / HOUR), unit: 'hour' };
  return { value: Math.floor(abs / DAY), unit: 'day' };
}

/** "3 h", "20 min", "2 d": the short amount the badges show, in the reader's language. */
export function shortAmount(value: number, unit: 'minute' | 'hour' | 'day'): string {
  if (unit === 'minute') return i18n._('{value} min', { value });
  if (unit === 'hour') return i18n._('{value} h', { value });
  return i18n._('{value} d', { value });
}

function words(value: number, unit: 'minute' | 'hour' | 'day', locale?: string): string {
  // "3 hours" in the reader's language; Intl.NumberFormat's long unit display spells it out.
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * Where a complaint stands against its due time at `now`; null when it is no longer open (a
 * resolved or closed complaint has nothing due) or the time is not a date. "soon" is within 24 h.
 */
export function dueState(dueAt: string, status: ComplaintStatus, now: number, locale?: string): DueState | null {
  if (!isOpenStatus(status)) return null;
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return null;
  const left = due - now;
  const { value, unit } = dueAmount(left);
  const amount = shortAmount(value, unit);
  const spelt = words(value, unit, locale);
  if (left <= 0) return { kind: 'overdue', short: i18n._('Overdue {amount}', { amount }), long: i18n._('Overdue by {amount}', { amount: spelt }) };
  return { kind: left <= DAY ? 'soon' : 'later', short: i18n._('Due in {amount}', { amount }), long: i18n._('Due in {amount}', { amount: spelt }) };
}

/** "in 5 hours" / "3 hours ago" in the reader's language (Intl.RelativeTimeFormat). */
export function relativeDue(dueAt: string, now: number, locale?: string): string {
  const due = new Date(dueAt).getTime();
  if (Number.isNaN(due)) return '';
  const { value, unit } = dueAmount(due - now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(due >= now ? value : -value, unit);
}
