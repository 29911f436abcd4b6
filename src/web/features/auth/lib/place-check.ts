import { placeSchema, type Place } from '../../../../shared/auth';
import { checkPlace, hostelByName, type PublicCatalog } from '../../../../shared/catalog';
import type { CheckResult } from '../../../lib/form';
import { schemaMessage } from '../../../lib/field-messages';
import { i18n } from '../../../lib/i18n';

/** "Your room" as the form holds it (the floor as typed). */
export type PlaceDraft = Record<keyof Place, string>;

export const placeDraftOf = (place: Place | null): PlaceDraft => ({
  hostel: place?.hostel ?? '',
  floor: place ? String(place.floor) : '',
  roomNo: place?.roomNo ?? '',
});

/**
 * The place checked against the catalogue, as the server checks it: the hostel first, and once it
 * is known, its floors and rooms; an empty floor or room is asked for rather than called wrong.
 */
export function checkPlaceDraft(catalog: PublicCatalog, draft: PlaceDraft): CheckResult<Place> {
  const floor = draft.floor.trim() === '' ? Number.NaN : Number(draft.floor);
  const next = { hostel: draft.hostel, floor, roomNo: draft.roomNo.trim() };
  const errors: Record<string, string> = Object.fromEntries(Object.entries(checkPlace(catalog, next)).map(([field, message]) => [field, schemaMessage(message)]));
  const hostel = hostelByName(catalog, draft.hostel);
  if (draft.floor.trim() === '' && hostel) errors.floor = i18n._('Enter the floor');
  if (next.roomNo === '' && hostel) errors.roomNo = i18n._('Enter your room number');
  if (Object.keys(errors).length > 0) return { ok: false, errors, other: [] };
  // What the catalogue does not say (a room number on two lines) the shared schema does, as the server would.
  const parsed = placeSchema.safeParse(next);
  if (parsed.success) return { ok: true, payload: parsed.data };
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= schemaMessage(issue.message);
  return { ok: false, errors, other: [] };
}
