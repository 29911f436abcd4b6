import { z } from 'zod';
import { nearbyComplaintSchema, nearbyNoticeSchema } from './complaints.js';
import { translationsInput, translationsView } from './translations.js';

/*
 * Places (issue 27, decision 45): a complaint is about a room or a common area of a hostel. Rooms
 * are not rows: a room exists when its number is in one of the hostel's ranges. Common areas are
 * rows an administrator keeps. A place's address, printed on its label, is /p/<HOSTELCODE>/<room
 * number> or /p/<HOSTELCODE>/<AREACODE>; an area code starts with a letter, a room number is
 * digits, so the address alone says which it is. Codes compare case-insensitively.
 */

/** A hostel's code: letters and digits, 1 to 12 (the database checks the same). */
export const HOSTEL_CODE_PATTERN = /^[A-Za-z0-9]{1,12}$/;
/** A common area's code: a letter, then up to 11 letters or digits. */
export const AREA_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,11}$/;
/** What a room number in an address looks like. */
const ROOM_REF_PATTERN = /^\d{1,6}$/;

/** The path of a place's page: '/p/BLOCK2/214', '/p/BLOCK2/F3WASH'. */
export function placeAddress(hostelCode: string, place: string): string {
  return `/p/${encodeURIComponent(hostelCode.toUpperCase())}/${encodeURIComponent(place.toUpperCase())}`;
}

export type PlaceRef = { kind: 'room'; roomNo: string } | { kind: 'area'; code: string };

/** The second part of an address: a room number (digits) or an area code (starts with a letter); null when it is neither. */
export function parsePlaceRef(ref: string): PlaceRef | null {
  const trimmed = ref.trim();
  if (ROOM_REF_PATTERN.test(trimmed)) return { kind: 'room', roomNo: String(Number(trimmed)) };
  if (AREA_CODE_PATTERN.test(trimmed)) return { kind: 'area', code: trimmed.toUpperCase() };
  return null;
}

/** Letters and digits of a name, upper-cased. */
const alnum = (text: string) => text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** A hostel's code made from its name, as migration 0022 made the first ones ("Block-2" → BLOCK2). */
export function hostelCodeFromName(name: string): string {
  return alnum(name).slice(0, 10) || 'H';
}

/** A common area's suggested code: its floor and the start of its name ("Washroom" on floor 3 → F3WASH; "Mess hall" → MESSHALL). */
export function areaCodeSuggestion(name: string, floor: number | null): string {
  const letters = alnum(name);
  if (floor === null) {
    const code = letters.slice(0, 10);
    return /^[A-Z]/.test(code) ? code : `A${code}`.slice(0, 10);
  }
  const prefix = floor < 0 ? `B${-floor}` : `F${floor}`;
  return `${prefix}${letters.slice(0, 4)}`;
}

/**
 * `base` made unique among `taken` (upper-cased codes) by a number at its end, within `max`
 * characters: BLOCK2, BLOCK22, BLOCK23, … (the migration's rule for hostels).
 */
export function numberedCode(base: string, taken: ReadonlySet<string>, max = 12): string {
  if (!taken.has(base.toUpperCase())) return base;
  for (let n = 2; n < 10_000; n += 1) {
    const suffix = String(n);
    const candidate = `${base.slice(0, max - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toUpperCase())) return candidate;
  }
  throw new Error('no free code');
}

/** A common area as people read it: "Floor 3 washroom", or its name alone when it serves the whole building. */
export function areaLabel(area: { name: string; floor: number | null }): string {
  if (area.floor === null) return area.name;
  // "Washroom" reads "Floor 3 washroom"; a name that starts with an abbreviation ("TV room") keeps its capitals.
  const name = /^[A-Z][a-z]/.test(area.name) ? area.name[0]?.toLowerCase() + area.name.slice(1) : area.name;
  return `Floor ${area.floor} ${name}`;
}

/** Where a complaint is, in one line: "Room 214, Block-2" or "Floor 3 washroom, Block-2". */
export function placeName(place: { hostel: string; roomNo: string; commonArea: string | null }): string {
  if (place.commonArea) return `${place.commonArea}, ${place.hostel}`;
  return place.roomNo ? `Room ${place.roomNo}, ${place.hostel}` : place.hostel;
}

// ---------------------------------------------------------------------------------------------
// Common areas in the admin console (GET|POST /api/admin/hostels/:id/common-areas, PUT …/:areaId)

const areaName = z
  .string({ error: /*i18n*/ 'Name is required' })
  .trim()
  .min(1, /*i18n*/ 'Name is required')
  .max(60, /*i18n*/ 'Name is at most 60 characters')
  .regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'Name must be on one line');

/** null: the area serves the whole building (the mess hall); else the floor it is on. */
const areaFloor = z
  .number({ error: /*i18n*/ 'Choose a floor, or the whole building' })
  .int(/*i18n*/ 'Floors are whole numbers')
  .nullable();

export const areaCodeSchema = z
  .string({ error: /*i18n*/ 'Give a code' })
  .trim()
  .regex(AREA_CODE_PATTERN, /*i18n*/ 'Code: a letter, then up to 11 letters or digits (it goes on the printed label)')
  .transform((code) => code.toUpperCase());

export const hostelCodeSchema = z
  .string({ error: /*i18n*/ 'Give a code' })
  .trim()
  .regex(HOSTEL_CODE_PATTERN, /*i18n*/ 'Code: 1 to 12 letters or digits (it goes on the printed labels)')
  .transform((code) => code.toUpperCase());

export const commonAreaCreateSchema = z
  .object({
    name: areaName,
    translations: translationsInput('commonArea').optional(),
    floor: areaFloor,
    /** Left out: made from the name and floor (F3WASH), numbered when taken. */
    code: areaCodeSchema.optional(),
  })
  .meta({ id: 'CommonAreaCreate' });
export type CommonAreaCreate = z.input<typeof commonAreaCreateSchema>;

export const commonAreaUpdateSchema = z
  .object({
    name: areaName,
    /** Left out: unchanged; empty: none (the English shows). */
    translations: translationsInput('commonArea').optional(),
    floor: areaFloor,
    code: areaCodeSchema,
    /** Its place in the hostel's list (0 first). */
    position: z.number({ error: /*i18n*/ 'Position is a whole number' }).int(/*i18n*/ 'Position is a whole number').min(0).max(10_000),
    /** A retired area keeps its complaints but takes no new ones; its label stops working. */
    retired: z.boolean(),
  })
  .meta({ id: 'CommonAreaUpdate' });
export type CommonAreaUpdate = z.input<typeof commonAreaUpdateSchema>;

export const commonAreaAdminSchema = z
  .object({
    id: z.string(),
    hostelId: z.string(),
    name: z.string(),
    translations: translationsView(['name']),
    floor: z.number().int().nullable(),
    code: z.string(),
    position: z.number().int(),
    retired: z.boolean(),
    /** "Floor 3 washroom". */
    label: z.string(),
    /** Its label's address ('/p/BLOCK2/F3WASH'). */
    address: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CommonAreaAdmin' });
export type CommonAreaAdmin = z.infer<typeof commonAreaAdminSchema>;

/** A hostel's active common area as the forms offer it (GET /api/catalog). */
export const publicCommonAreaSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  translations: translationsView(['name']).optional(),
  floor: z.number().int().nullable(),
});

// ---------------------------------------------------------------------------------------------
// The scan page (GET /api/places/:hostelCode/:place)

export const placeParamsSchema = z.object({
  hostelCode: z.string().max(40).describe("The hostel's code (BLOCK2), any case"),
  place: z.string().max(40).describe('A room number (214) or a common area code (F3WASH)'),
});

export const placePageSchema = z
  .object({
    hostel: z.string(),
    hostelCode: z.string(),
    kind: z.enum(['room', 'area']),
    /** The room's number; '' for a common area. */
    roomNo: z.string(),
    /** The common area; null for a room. */
    commonArea: publicCommonAreaSchema.nullable(),
    /** The floor the form starts with: a room's is not known from its number (null), an area's is its own (or the lowest floor for the whole building). */
    floor: z.number().int().nullable(),
    /** "Room 214, Block-2", "Floor 3 washroom, Block-2". */
    name: z.string(),
    address: z.string(),
    /** Open complaints of this very place that anyone may see (never a confidential one). */
    complaints: z.array(nearbyComplaintSchema),
    /** The hostel's active notices for this floor (all of the hostel's for a whole-building area). */
    notices: z.array(nearbyNoticeSchema),
  })
  .meta({ id: 'PlacePage' });
export type PlacePage = z.infer<typeof placePageSchema>;
