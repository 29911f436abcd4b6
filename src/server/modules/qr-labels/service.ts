import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { floorFromRoomNumber, floorMessage, localName } from '../../../shared/catalog.js';
import { valued } from '../../../shared/valued-message.js';
import { SOURCE_LOCALE } from '../../../shared/constants.js';
import { isLocale } from '../../../shared/locale.js';
import { i18nFor, type I18n } from '../../i18n/index.js';
import { areaLabel, placeAddress } from '../../../shared/places.js';
import type { Db } from '../../db/client.js';
import { commonAreas, hostels, type HostelRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Label } from './sheet.js';

/** What a sheet is for: one hostel, all of it or one floor. */
export interface SheetRequest {
  hostelId: string;
  floor?: number | undefined;
  /** Where the addresses point: PUBLIC_URL's origin, or the request's when it is not set. */
  origin: string;
  /** The requester's language: the labels' words and the hostel's and areas' names in it. */
  i18n?: I18n | undefined;
}

export interface Sheet {
  hostel: Pick<HostelRow, 'id' | 'name' | 'translations' | 'code'>;
  rooms: number;
  areas: number;
  labels: Iterable<Label>;
}

/** The hostel's room numbers on a floor (or all of them), in order, from its ranges: no list is kept in memory. */
function* roomNumbers(ranges: ReadonlyArray<{ from: number; to: number }>, floor: number | undefined): Generator<number> {
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    for (let room = range.from; room <= range.to; room += 1) {
      if (floor === undefined || floorFromRoomNumber(room) === floor) yield room;
    }
  }
}

function countRooms(ranges: ReadonlyArray<{ from: number; to: number }>, floor: number | undefined): number {
  let n = 0;
  for (const _room of roomNumbers(ranges, floor)) n += 1;
  return n;
}

/**
 * The labels of a hostel's rooms and active common areas (a floor's: its rooms and that floor's
 * areas), rooms first in number order, then the areas floor by floor and the whole building's last.
 */
export async function labelSheet(db: Db, request: SheetRequest): Promise<Sheet> {
  const [hostel] = await db
    .select({ id: hostels.id, name: hostels.name, translations: hostels.translations, code: hostels.code, roomRanges: hostels.roomRanges, floorMin: hostels.floorMin, floorMax: hostels.floorMax })
    .from(hostels)
    .where(eq(hostels.id, request.hostelId))
    .limit(1);
  if (!hostel) throw new AppError(404, 'not_found', /*i18n*/ 'Hostel not found.');
  const ranges = hostel.roomRanges;
  const i18n = request.i18n ?? i18nFor(null);
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
  const { floor } = request;
  if (floor !== undefined && (floor < hostel.floorMin || floor > hostel.floorMax)) {
    throw new AppError(400, 'validation_failed', floorMessage(hostel), {
      floor: valued(/*i18n*/ '{hostel} has floors {min} to {max}', { hostel: hostel.name, min: hostel.floorMin, max: hostel.floorMax }),
    });
  }
  const areas = await db
    .select({ floor: commonAreas.floor, name: commonAreas.name, translations: commonAreas.translations, code: commonAreas.code })
    .from(commonAreas)
    .where(and(eq(commonAreas.hostelId, hostel.id), isNull(commonAreas.retiredAt), floor === undefined ? undefined : eq(commonAreas.floor, floor)))
    .orderBy(sql`${commonAreas.floor} asc nulls last`, asc(commonAreas.position), asc(commonAreas.name));
  const host = new URL(request.origin).host;
  const label = (place: string, ref: string): Label => {
    const path = placeAddress(hostel.code, ref);
    return { hostel: localName(locale, hostel, 'name'), place, shortAddress: `${host}${path}`, url: `${request.origin}${path}` };
  };
  // English keeps its own words ("Floor 3 washroom"); another language says the floor and the area's name in it.
  const areaName = (area: (typeof areas)[number]) =>
    locale === SOURCE_LOCALE || area.floor === null
      ? areaLabel({ ...area, name: localName(locale, area, 'name') })
      : i18n._('Floor {floor} {area}', { floor: String(area.floor), area: localName(locale, area, 'name') });
  function* labels(): Generator<Label> {
    for (const room of roomNumbers(ranges, floor)) yield label(i18n._('Room {room}', { room: String(room) }), String(room));
    for (const area of areas) yield label(areaName(area), area.code);
  }
  return { hostel, rooms: countRooms(ranges, floor), areas: areas.length, labels: labels() };
}
