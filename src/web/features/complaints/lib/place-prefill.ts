import { localNameOr, type CommonAreaInfo, type PublicCatalog } from '../../../../shared/catalog';
import { localAreaLabel, placeLine } from '../../../lib/local-names';

/** What a scanned label fills in on a complaint form: the hostel and the room, or a common area. */
export interface PlacePrefill {
  hostel: string;
  floor: string;
  roomNo: string;
  /** The common area's id; '' for a room. */
  areaId: string;
  /** The area itself, for naming it; null for a room. */
  area: CommonAreaInfo | null;
}

/** "Floor 3 washroom, Block-2", in the reader's words, for the note above the form. */
export function prefillName(prefill: PlacePrefill, catalog: PublicCatalog, locale: string): string {
  const hostel = catalog.hostels.find((h) => h.name === prefill.hostel);
  return placeLine({
    hostel: localNameOr(locale, prefill.hostel, hostel, 'name'),
    roomNo: prefill.roomNo,
    area: prefill.area ? localAreaLabel(locale, prefill.area) : null,
  });
}

/** The form's query string for a place: ?hostel=Block-2&area=F3WASH or ?hostel=Block-2&room=214&floor=2. */
export function placeSearch(place: { hostel: string; roomNo: string; floor: number | null; commonArea: { code: string } | null }): string {
  const search = new URLSearchParams({ hostel: place.hostel });
  if (place.commonArea) search.set('area', place.commonArea.code);
  else {
    search.set('room', place.roomNo);
    if (place.floor !== null) search.set('floor', String(place.floor));
  }
  return search.toString();
}

/** The place a form's address names, checked against the catalogue; null when it names none. */
export function readPlacePrefill(search: URLSearchParams, catalog: PublicCatalog): PlacePrefill | null {
  const hostel = catalog.hostels.find((h) => h.name === search.get('hostel'));
  if (!hostel) return null;
  const code = search.get('area');
  if (code) {
    const area = hostel.commonAreas?.find((a) => a.code.toUpperCase() === code.toUpperCase());
    if (!area) return null;
    return { hostel: hostel.name, floor: String(area.floor ?? hostel.floorMin), roomNo: '', areaId: area.id, area };
  }
  const room = search.get('room') ?? '';
  if (!/^\d{1,6}$/.test(room)) return null;
  const floor = search.get('floor') ?? '';
  return { hostel: hostel.name, floor: /^-?\d{1,3}$/.test(floor) ? floor : '', roomNo: room, areaId: '', area: null };
}
