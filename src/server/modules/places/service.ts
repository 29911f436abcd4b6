import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { floorFromRoomNumber, formatRanges, roomInRanges } from '../../../shared/catalog.js';
import { OPEN_STATUSES } from '../../../shared/constants.js';
import { areaLabel, parsePlaceRef, placeAddress, placeName, type PlacePage } from '../../../shared/places.js';
import type { Db } from '../../db/client.js';
import { complaints, oneOf } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { valued } from '../../../shared/valued-message.js';
import type { CatalogSnapshot } from '../catalog/index.js';
import { nearbyColumns, toNearbyComplaint, toNearbyNotice } from '../complaints/index.js';
import { activeIncidentsFor } from '../incidents/index.js';

/** The most open complaints a place's page lists (a place with more has a bigger problem than a list). */
export const PLACE_COMPLAINTS_LIMIT = 20;

const notFound = (message: string) => new AppError(404, 'not_found', message);

/**
 * What a scanned label shows (decision 45): the place, its open complaints that anyone may see
 * (never a confidential one) and the hostel's active notices for it, so a student can say "Me too"
 * instead of filing again. The hostel and the place are read from the catalogue in memory; the
 * complaints through the place-history indexes of migration 0022.
 */
export async function placeView(db: Pick<Db, 'select'>, snapshot: CatalogSnapshot, viewerId: string, hostelCode: string, ref: string): Promise<PlacePage> {
  const hostel = snapshot.catalog.hostels.find((h) => h.code.toUpperCase() === hostelCode.trim().toUpperCase());
  if (!hostel) throw notFound(valued(/*i18n*/ 'No hostel has the code {code}: check the address on the label.', { code: hostelCode.toUpperCase() }));
  const parsed = parsePlaceRef(ref);
  if (!parsed) throw notFound(valued(/*i18n*/ '{ref} is neither a room number nor a common area of {hostel}.', { ref, hostel: hostel.name }));

  if (parsed.kind === 'room') {
    const room = Number(parsed.roomNo);
    if (!roomInRanges(room, hostel.roomRanges)) throw notFound(valued(/*i18n*/ 'Room {room} is not in {hostel} (rooms {rooms}).', { room, hostel: hostel.name, rooms: formatRanges(hostel.roomRanges) }));
    // Rooms are numbered by floor (seed §3: 214 is on floor 2) where the hostel's floors allow it.
    const guess = floorFromRoomNumber(room);
    const floor = guess >= hostel.floorMin && guess <= hostel.floorMax ? guess : null;
    const [found, notices] = await Promise.all([
      db
        .select(nearbyColumns(viewerId))
        .from(complaints)
        .where(
          and(
            eq(complaints.hostel, hostel.name),
            eq(complaints.roomNo, parsed.roomNo),
            isNull(complaints.commonAreaId),
            sql`not ${complaints.confidential}`,
            oneOf(complaints.status, OPEN_STATUSES),
          ),
        )
        .orderBy(desc(complaints.createdAt), desc(complaints.id))
        .limit(PLACE_COMPLAINTS_LIMIT),
      activeIncidentsFor(db, { hostel: hostel.name, ...(floor === null ? {} : { floor }) }),
    ]);
    return {
      hostel: hostel.name,
      hostelCode: hostel.code,
      kind: 'room',
      roomNo: parsed.roomNo,
      commonArea: null,
      floor,
      name: placeName({ hostel: hostel.name, roomNo: parsed.roomNo, commonArea: null }),
      address: placeAddress(hostel.code, parsed.roomNo),
      complaints: found.map((c) => toNearbyComplaint(c, viewerId)),
      notices: notices.map(toNearbyNotice),
    };
  }

  // The catalogue lists only areas in use: a retired area's label stops working.
  const area = hostel.commonAreas.find((a) => a.code.toUpperCase() === parsed.code);
  if (!area) throw notFound(valued(/*i18n*/ '{hostel} has no common area with the code {code}: it may have been retired.', { hostel: hostel.name, code: parsed.code }));
  const [found, notices] = await Promise.all([
    db
      .select(nearbyColumns(viewerId))
      .from(complaints)
      .where(and(eq(complaints.commonAreaId, area.id), sql`not ${complaints.confidential}`, oneOf(complaints.status, OPEN_STATUSES)))
      .orderBy(desc(complaints.createdAt), desc(complaints.id))
      .limit(PLACE_COMPLAINTS_LIMIT),
    activeIncidentsFor(db, { hostel: hostel.name, ...(area.floor === null ? {} : { floor: area.floor }) }),
  ]);
  return {
    hostel: hostel.name,
    hostelCode: hostel.code,
    kind: 'area',
    roomNo: '',
    commonArea: area,
    floor: area.floor ?? hostel.floorMin,
    name: placeName({ hostel: hostel.name, roomNo: '', commonArea: areaLabel(area) }),
    address: placeAddress(hostel.code, area.code),
    complaints: found.map((c) => toNearbyComplaint(c, viewerId)),
    notices: notices.map(toNearbyNotice),
  };
}
