import { formatRanges } from '../../shared/catalog';
import type { HostelInfo } from '../../shared/catalog';
import { i18n } from './i18n';

type FloorSpan = Pick<HostelInfo, 'floorMin' | 'floorMax'>;

/** From the lowest floor of any hostel to the highest; null when there are no hostels. */
export function floorSpan(hostels: readonly HostelInfo[]): FloorSpan | null {
  if (hostels.length === 0) return null;
  return {
    floorMin: Math.min(...hostels.map((h) => h.floorMin)),
    floorMax: Math.max(...hostels.map((h) => h.floorMax)),
  };
}

/** "0 (ground) to 7", as the seed's form said it. */
export function floorHint(span: FloorSpan | null): string | undefined {
  if (!span) return undefined;
  return span.floorMin === 0
    ? i18n._('0 (ground) to {max}', { max: span.floorMax })
    : i18n._('{min} to {max}', { min: span.floorMin, max: span.floorMax });
}

/**
 * "Rooms 0–800": the chosen hostel's rooms, or before a choice the rooms every hostel shares (so
 * the seed's hostels show their common range at once), or a pointer to the hostel field.
 */
export function roomHint(hostel: HostelInfo | undefined, hostels: readonly HostelInfo[]): string | undefined {
  if (hostel) return i18n._('Rooms {ranges}', { ranges: formatRanges(hostel.roomRanges) });
  const each = new Set(hostels.map((h) => formatRanges(h.roomRanges)));
  const [shared] = each;
  if (each.size === 1 && shared !== undefined) return i18n._('Rooms {ranges}', { ranges: shared });
  return hostels.length > 0 ? i18n._('Choose your hostel to see its room numbers') : undefined;
}
