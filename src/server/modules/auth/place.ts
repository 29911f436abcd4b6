import { eq } from 'drizzle-orm';
import type { Place } from '../../../shared/auth.js';
import { checkPlace, type PublicCatalog } from '../../../shared/catalog.js';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/**
 * The student's remembered place as the forms take it, or null. The filing transaction
 * (lifecycle/filing.ts) remembers it the first time; the account page edits it here.
 */
export function placeOf(user: Pick<UserRow, 'placeHostel' | 'placeFloor' | 'placeRoom'>): Place | null {
  const floor = Number(user.placeFloor);
  if (!user.placeHostel || !user.placeRoom || user.placeFloor === null || !Number.isInteger(floor)) return null;
  return { hostel: user.placeHostel, floor, roomNo: user.placeRoom };
}

/** Sets the student's place after checking it against the catalogue, with the form's own messages. */
export async function setPlace(db: Db, catalog: PublicCatalog, userId: string, place: Place): Promise<Place> {
  const problems = checkPlace(catalog, place);
  const messages = Object.values(problems);
  if (messages.length) throw new AppError(400, 'validation_failed', messages[0] ?? 'Check your place', problems);
  await db
    .update(users)
    .set({ placeHostel: place.hostel, placeFloor: String(place.floor), placeRoom: place.roomNo, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return place;
}
