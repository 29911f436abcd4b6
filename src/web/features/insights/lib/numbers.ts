import { formatNumber, formatPercent } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';

/**
 * The dashboard's durations, shares and ratings in the reader's language: the same figures and
 * roundings as shared/insights.ts writes in the digest mail ("45 min", "3.5 h", "2.0 days", "42%").
 */
const oneDecimal = (value: number) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function hoursText(h: number | null): string {
  if (h === null) return '—';
  if (h < 1) return i18n._('{minutes} min', { minutes: formatNumber(Math.round(h * 60)) });
  if (h < 48) return i18n._('{hours} h', { hours: oneDecimal(h) });
  return i18n._('{days} days', { days: oneDecimal(h / 24) });
}

export const shareText = (s: number | null): string => (s === null ? '—' : formatPercent(s));

export const ratingText = (r: number | null): string => (r === null ? '—' : oneDecimal(r));
