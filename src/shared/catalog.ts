/**
 * The portal's catalogue: the university, its hostels, complaint categories and services. An
 * administrator changes it at run time (the admin console); `DEFAULT_CATALOG` is the seed's
 * (§9) and what a new portal starts with. The forms read the catalogue served by `/api/catalog`,
 * the server enforces the same rules (`checkComplaintPlace` and friends below) against the
 * catalogue in its database. Zod-free on purpose: the web app's first download imports this.
 */
import { SOURCE_LOCALE, type TranslatedLocale } from './constants.js';
import { valued } from './valued-message.js';
import type { TargetUnit } from './working-time.js';

export interface RoomRange {
  from: number;
  to: number;
}

/**
 * What an administrator wrote in other languages beside the English of a thing's fields, by
 * language, then by field: `{ hi: { name: 'ब्लॉक-2' } }` (issue 42 item 4, decision 67). A language
 * or a field left out, or empty, is "not translated": the English shows.
 */
export type Translations<Field extends string = string> = Partial<Record<TranslatedLocale, Partial<Record<Field, string>>>>;

/** Something named in English with its translations beside. */
export type Translated<Field extends string> = { [K in Field]: string } & { translations?: Translations<Field> | undefined };

/** The translation of one field in one language, or '' when there is none (the editors' value). */
export function translationOf<Field extends string>(thing: { translations?: Translations<Field> | undefined }, locale: TranslatedLocale, field: Field): string {
  return thing.translations?.[locale]?.[field] ?? '';
}

/** A thing's `field` in the reader's language: its translation when it has one, else the English. */
export function localName<Field extends string>(locale: string, thing: Translated<Field>, field: Field): string {
  return localNameOr(locale, thing[field], thing, field);
}

/**
 * The translation of a thing's `field` in the reader's language, or `english` when it has none (or
 * there is no thing): for a name as a complaint keeps it or as a page words it.
 */
export function localNameOr<Field extends string>(
  locale: string,
  english: string,
  thing: { translations?: Translations<Field> | undefined } | undefined,
  field: Field,
): string {
  if (locale === SOURCE_LOCALE || !thing) return english;
  return translationOf(thing, locale as TranslatedLocale, field) || english;
}

/** Translations without the empty ones (and languages left with none): what is stored and served. */
export function givenTranslations<Field extends string>(translations: Translations<Field> | undefined): Translations<Field> {
  const given: Translations<Field> = {};
  for (const [locale, fields] of Object.entries(translations ?? {}) as Array<[TranslatedLocale, Partial<Record<Field, string>> | undefined]>) {
    const kept = Object.fromEntries(Object.entries(fields ?? {}).filter(([, text]) => typeof text === 'string' && text !== '')) as Partial<Record<Field, string>>;
    if (Object.keys(kept).length) given[locale] = kept;
  }
  return given;
}

/**
 * An update's translations over the saved ones: a language or a field left out is unchanged, an
 * empty one is removed (the English shows again).
 */
export function mergeTranslations<Field extends string>(saved: Translations<Field> | undefined, update: Translations<Field> | undefined): Translations<Field> {
  const merged: Translations<Field> = { ...saved };
  for (const [locale, fields] of Object.entries(update ?? {}) as Array<[TranslatedLocale, Partial<Record<Field, string>> | undefined]>) {
    if (fields) merged[locale] = { ...saved?.[locale], ...fields };
  }
  return givenTranslations(merged);
}

export interface HostelInfo {
  name: string;
  translations?: Translations<'name'>;
  floorMin: number;
  floorMax: number;
  /** Room numbers a student may give in this hostel: one or more non-overlapping ranges. */
  roomRanges: RoomRange[];
  /**
   * Its code in place addresses (/p/BLOCK2/214) and its common areas in use (decision 45). The
   * server's catalogue always has them; DEFAULT_CATALOG (the prerendered pages) does not, and the
   * fingerprint leaves them out, as no prerendered page shows them.
   */
  code?: string;
  commonAreas?: CommonAreaInfo[];
}

/** A common area students may file for: a floor's washroom, the mess hall (floor null: the whole building). */
export interface CommonAreaInfo {
  id: string;
  code: string;
  name: string;
  translations?: Translations<'name'>;
  floor: number | null;
}

export interface SubCategoryInfo {
  name: string;
  translations?: Translations<'name'>;
  /** Complaints of this kind hide the student's identity. */
  confidential: boolean;
  /** Its own target time in hours (absent: the category's). */
  targetHours?: number;
  /** The unit of its own target (absent: the category's). */
  targetUnit?: TargetUnit;
  /** Its own routing key, who receives it (absent: the category's). */
  routingKey?: string;
}

export interface CategoryInfo {
  /** Stable identifier stored on complaints: lower-case letters and digits (wifi, electricity, …). */
  key: string;
  /** Path segment of the form, as in the original app: /complaints/{key}Complaint. */
  route: string;
  /** Title on the category card. */
  cardTitle: string;
  /** The complaint's heading (and the start of the e-mail subject). */
  complaintHead: string;
  /** One line on the card. */
  description: string;
  translations?: Translations<'cardTitle' | 'complaintHead' | 'description'>;
  subCategories: SubCategoryInfo[];
  /** Every complaint of the category is confidential. */
  confidential: boolean;
  /** Target time to resolution, in hours (for service levels). */
  targetHours: number;
  /** Whether those hours are every hour or only the hours of working days (issue 44). */
  targetUnit: TargetUnit;
  /** Key of the recipient in the routing table (the original app's e-mails collection). */
  routingKey: string;
}

export const SERVICE_KEYS = ['room_cleaning', 'laundry'] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

export interface ServiceInfo {
  key: ServiceKey;
  label: string;
  translations?: Translations<'label'>;
  enabled: boolean;
  routingKey: string;
  /** How soon a request should be done, in hours (its due time). */
  targetHours: number;
  targetUnit: TargetUnit;
}

export interface UniversityInfo {
  name: string;
  /** The word in 'Please login with {shortName} email'. */
  shortName: string;
  aboutText: string;
  translations?: Translations<'name' | 'shortName' | 'aboutText'>;
  /** The IANA time zone every date and day follows (default Asia/Kolkata). */
  timeZone?: string;
  credits: string[];
  /** Path of the logo image, or null when the university has none. */
  logoUrl: string | null;
  /**
   * Who to call or write to about ragging, shown on every page (UGC regulations). The server's
   * catalogue always has them; DEFAULT_CATALOG (the prerendered pages, in the first download) does
   * not, so the pages show them once /api/catalog answers and the fingerprint leaves them out.
   */
  raggingContacts?: RaggingContactsInfo;
}

/** The anti-ragging contacts every page shows; phones may be empty (not given). */
export interface RaggingContactsInfo {
  /** The national anti-ragging helpline. */
  raggingHelpline: string;
  committeeName: string;
  translations?: Translations<'committeeName'>;
  committeeEmail: string;
  committeePhone: string;
  nodalOfficerName: string;
  nodalOfficerEmail: string;
  nodalOfficerPhone: string;
}

/** The national anti-ragging helpline (UGC), toll free. */
export const NATIONAL_RAGGING_HELPLINE = '1800-180-5522';

/** Everything the public pages are built from; served by GET /api/catalog. */
export interface PublicCatalog {
  university: UniversityInfo;
  hostels: HostelInfo[];
  categories: CategoryInfo[];
  services: ServiceInfo[];
}

export const categoryRoute = (key: string) => `${key}Complaint`;

const sub = (names: string[], confidential: string[] = []): SubCategoryInfo[] =>
  names.map((name) => ({ name, confidential: confidential.includes(name) }));

const category = (c: Omit<CategoryInfo, 'route' | 'confidential' | 'targetHours' | 'targetUnit'> & Partial<CategoryInfo>): CategoryInfo => ({
  route: categoryRoute(c.key),
  confidential: false,
  targetHours: 72,
  targetUnit: 'hours',
  ...c,
});

const RAGGING_KINDS = ['Physical', 'Verbal / abuse', 'Forced to do something', 'Online', 'Other'];

const defaultHostel = (name: string): HostelInfo => ({ name, floorMin: 0, floorMax: 7, roomRanges: [{ from: 0, to: 800 }] });

/** The About Us text until an administrator writes their own; a message, so a Hindi reader reads it in Hindi. */
export const DEFAULT_ABOUT_TEXT =
  /*i18n*/ 'The Hostel Complaint Portal is where students living in the university hostels report what is broken and ask for their room to be cleaned. Every complaint is stored, routed to the team responsible for it and followed until it is fixed.';

export const DEFAULT_CATALOG: PublicCatalog = {
  university: {
    name: 'VIT Bhopal University',
    shortName: 'vitbhopal',
    aboutText: DEFAULT_ABOUT_TEXT,
    timeZone: 'Asia/Kolkata',
    credits: [],
    logoUrl: null,
  },
  hostels: ['Block-1 (Old)', 'Block-2', 'Block-3', 'Girls'].map(defaultHostel),
  categories: [
    category({
      key: 'wifi',
      cardTitle: 'Wifi',
      complaintHead: 'Wifi Complaint',
      description: 'Not working, slow or dropping connections.',
      subCategories: sub(['Not Working', 'Slow', 'Connection Issue', 'Others']),
      routingKey: 'wifiComplaints',
      targetHours: 24,
    }),
    category({
      key: 'carpenter',
      cardTitle: 'Furniture (carpenter)',
      complaintHead: 'Carpenter Complaint',
      description: 'Drawers, chairs, study tables, almirahs and handles.',
      subCategories: sub(['Drawer', 'Chair', 'Study Table', 'Almirah', 'Handle']),
      routingKey: 'carpenterComplaint',
    }),
    category({
      key: 'water',
      cardTitle: 'Washroom (water)',
      complaintHead: 'Water Complaint',
      description: 'Toilet seats, showers and water supply.',
      subCategories: sub(['Toilet Seat', 'Shower', 'Water Problem']),
      routingKey: 'waterComplaint',
      targetHours: 24,
    }),
    category({
      key: 'mess',
      cardTitle: 'Mess',
      complaintHead: 'Mess Complaint',
      description: 'Food quality, mess staff and other mess issues.',
      subCategories: sub(['Food', 'Staff', 'Other']),
      routingKey: 'messComplaint',
      targetHours: 48,
    }),
    category({
      key: 'electricity',
      cardTitle: 'Electrician',
      complaintHead: 'Electricity Complaint',
      description: 'Lamps, switches, light bulbs and fans.',
      subCategories: sub(['Lamp', 'Switch', 'Light Bulb', 'Fan']),
      routingKey: 'electricityComplaint',
      targetHours: 24,
    }),
    category({
      key: 'other',
      cardTitle: 'Others',
      complaintHead: 'Other Complaint',
      description: 'Theft or anything else that needs attention.',
      subCategories: sub(['Theft', 'Others']),
      routingKey: 'otherComplaint',
      targetHours: 24,
    }),
    category({
      key: 'ragging',
      cardTitle: 'Report ragging',
      complaintHead: 'Ragging Complaint',
      description: 'Confidential: goes to the anti-ragging committee, never the hostel office. You may leave your room out.',
      subCategories: sub(RAGGING_KINDS, RAGGING_KINDS),
      confidential: true,
      routingKey: 'ragging',
      targetHours: 24,
    }),
  ],
  services: [
    { key: 'room_cleaning', label: 'Room Cleaning', enabled: true, routingKey: 'roomCleaners', targetHours: 24, targetUnit: 'hours' },
    { key: 'laundry', label: 'Laundry', enabled: false, routingKey: 'laundry', targetHours: 48, targetUnit: 'hours' },
  ],
};

export const ROOM_NO_MAX_LENGTH = 20;
export const MESSAGE_MAX_LENGTH = 2000;
export const LAUNDRY_ITEMS_MAX = 40;

export const categoryByKey = (catalog: PublicCatalog, key: string): CategoryInfo | undefined =>
  catalog.categories.find((c) => c.key === key);
export const categoryByRoute = (catalog: PublicCatalog, route: string): CategoryInfo | undefined =>
  catalog.categories.find((c) => c.route === route);
export const hostelByName = (catalog: PublicCatalog, name: string): HostelInfo | undefined =>
  catalog.hostels.find((h) => h.name === name);
export const serviceByKey = (catalog: PublicCatalog, key: string): ServiceInfo | undefined =>
  catalog.services.find((s) => s.key === key);

/** A complaint's target (hours, and the unit they count in): its sub-category's own, its category's, or its service's. */
export interface Target {
  hours: number;
  unit: TargetUnit;
}

/**
 * The target a complaint of `category` / `subCategory` gets as the catalogue is now: a
 * sub-category's own hours and unit where it has them, the category's where not, or the service's;
 * 72 hours when it is none of them any more (a retired category).
 */
export function targetOf(catalog: Pick<PublicCatalog, 'categories' | 'services'>, key: string, subCategory: string): Target {
  const found = catalog.categories.find((c) => c.key === key);
  if (found) {
    const own = found.subCategories.find((s) => s.name === subCategory);
    return { hours: own?.targetHours ?? found.targetHours, unit: own?.targetUnit ?? found.targetUnit };
  }
  const service = catalog.services.find((s) => s.key === key);
  return service ? { hours: service.targetHours, unit: service.targetUnit } : { hours: 72, unit: 'hours' };
}

export const formatRanges = (ranges: RoomRange[]) => ranges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`)).join(', ');

export const floorMessage = (h: Pick<HostelInfo, 'floorMin' | 'floorMax'>) =>
  valued(/*i18n*/ 'Floor must be a number from {min} to {max}', { min: h.floorMin, max: h.floorMax });

export const roomInRanges = (room: number, ranges: RoomRange[]) => ranges.some((r) => room >= r.from && room <= r.to);

/** Whether a text is a valid regular expression (the registration-number pattern). */
export function isRegExpSource(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** A room number as students type it ("204", " 12 "); null when it is not a whole number. */
export function parseRoomNumber(roomNo: string): number | null {
  const trimmed = roomNo.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

export type FieldProblems = Partial<
  Record<'category' | 'hostel' | 'floor' | 'roomNo' | 'subCategory' | 'service' | 'placeKind' | 'placeText' | 'commonAreaId', string>
>;

/** The longest "where it happened" of a ragging report. */
export const PLACE_TEXT_MAX_LENGTH = 200;

/**
 * Where a complaint says it is, against the catalogue: the hostel exists, the floor and the room
 * are within that hostel's, and the sub-category belongs to the category. The same rules run in
 * the form (for the message) and on the server (for the decision). A ragging report is checked by
 * `checkReportPlace` (report-place.ts) instead, kept out of this module, which every page loads.
 */
export function checkComplaintPlace(
  catalog: PublicCatalog,
  input: { category: string; hostel: string; floor: number; roomNo: string; subCategory: string },
): FieldProblems {
  const problems: FieldProblems = {};
  const cat = categoryByKey(catalog, input.category);
  if (!cat) problems.category = /*i18n*/ 'Choose a category';
  else if (!cat.subCategories.some((s) => s.name === input.subCategory)) problems.subCategory = /*i18n*/ 'Choose what kind of problem it is';
  return { ...problems, ...checkPlace(catalog, input) };
}

/** Whether a hostel, floor and room exist in the catalogue (a complaint's place, the student's remembered place). */
export function checkPlace(catalog: PublicCatalog, input: { hostel: string; floor: number; roomNo: string }): FieldProblems {
  const problems: FieldProblems = {};
  const h = hostelByName(catalog, input.hostel);
  if (!h) {
    problems.hostel = /*i18n*/ 'Choose your hostel';
    return problems;
  }
  if (!Number.isInteger(input.floor) || input.floor < h.floorMin || input.floor > h.floorMax) problems.floor = floorMessage(h);
  const room = parseRoomNumber(input.roomNo);
  if (room === null) problems.roomNo = valued(/*i18n*/ 'Enter the room number as a number ({hostel}: rooms {ranges})', { hostel: h.name, ranges: formatRanges(h.roomRanges) });
  else if (!roomInRanges(room, h.roomRanges)) problems.roomNo = valued(/*i18n*/ 'Room {room} is not in {hostel} (rooms {ranges})', { room, hostel: h.name, ranges: formatRanges(h.roomRanges) });
  return problems;
}

/** Seed §5's message for a cleaning room number outside the hostel's rooms. */
export const VALID_ROOM_MESSAGE = /*i18n*/ 'Please enter valid room number';

/** A service request's hostel and room (room cleaning, laundry pickup). */
export function checkServicePlace(catalog: PublicCatalog, input: { service: string; hostel: string; roomNo: number }): FieldProblems {
  const problems: FieldProblems = {};
  const service = serviceByKey(catalog, input.service);
  if (!service) problems.service = /*i18n*/ 'Choose a service';
  const h = hostelByName(catalog, input.hostel);
  if (!h) problems.hostel = /*i18n*/ 'Choose your hostel';
  else if (!Number.isInteger(input.roomNo) || !roomInRanges(input.roomNo, h.roomRanges)) problems.roomNo = VALID_ROOM_MESSAGE;
  return problems;
}

export const ROOM_CLEANING_HEAD = 'Room Cleaning';
export const LAUNDRY_HEAD = 'Laundry Pickup';

/** Seed §3: the floor of a cleaning request is the first digit of its room number. */
export const floorFromRoomNumber = (roomNo: number): number => Number(String(Math.trunc(Math.abs(roomNo)))[0] ?? 0);

/** Seed §3: the auto-generated text of a room-cleaning request. */
export const cleaningRequestText = (hostel: string, roomNo: number) =>
  `Room ${roomNo} of ${hostel} has not been cleaned properly. Please send housekeeping to clean it.`;

export const LAUNDRY_SLOTS = [/*i18n*/ 'Morning (8–11)', /*i18n*/ 'Afternoon (12–4)', /*i18n*/ 'Evening (5–8)'] as const;

export const laundryRequestText = (hostel: string, roomNo: number, items: number, slot: string, note: string) =>
  `Laundry pickup from room ${roomNo} of ${hostel}: ${items} item${items === 1 ? '' : 's'}, preferred slot ${slot}.${note ? ` Note: ${note}` : ''}`;

export const CONFIRMATION_DELAY_MS = 300;
export const CONFIRMATION_VISIBLE_MS = 3000;

/**
 * A stable fingerprint of a catalogue, so the server can tell whether the pages prerendered from
 * DEFAULT_CATALOG still show the truth (FNV-1a over the JSON; not a security measure).
 */
export function catalogFingerprint(catalog: PublicCatalog): string {
  // The anti-ragging contacts are not part of any prerendered page (see UniversityInfo).
  const { raggingContacts: _contacts, ...university } = catalog.university;
  // Nor are the hostels' codes and common areas (the forms and the scan page read them after load).
  const hostels = catalog.hostels.map(({ code: _code, commonAreas: _areas, ...shown }) => shown);
  // Nor the time zone, nor the translations beside the names: the prerendered pages are English (decision
  // 52) and show no dates; the app reads both from /api/catalog, which it asks for at once.
  const { timeZone: _zone, ...shownUniversity } = university;
  // Keys sorted at every level: the same catalogue built in another order has the same print.
  const text = JSON.stringify({ ...catalog, university: shownUniversity, hostels }, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([key]) => key !== 'translations')
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : value,
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}-${text.length}`;
}
