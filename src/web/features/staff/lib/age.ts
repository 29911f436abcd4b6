import { i18n } from '../../../lib/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `iso` ("today", "1 day", "12 days"). */
export function ageLabel(iso: string, now: number): string {
  const created = new Date(iso).getTime();
  if (Number.isNaN(created)) return '';
  const days = Math.max(0, Math.floor((now - created) / DAY_MS));
  if (days === 0) return i18n._('today');
  return i18n._('{days, plural, one {# day} other {# days}}', { days });
}
