import {
  categoryByKey,
  checkComplaintPlace,
  hostelByName,
  localNameOr,
} from '../../../../shared/catalog';
import type { CategoryInfo, PublicCatalog } from '../../../../shared/catalog';
import type { Place } from '../../../../shared/auth';
import { createComplaintSchema } from '../../../../shared/complaints';
import { RAGGING_CATEGORY } from '../../../../shared/constants';
import type { EntrySlot } from '../../../../shared/constants';
import { checkFiledPlace } from '../../../../shared/report-place';
import { ENTRY_CONSENT_MISSING, entryProblems, isInRoomCategory } from '../../../../shared/visits';
import { entryAnswers } from '../../../components/visits/EntryFields';
import { floorSpan } from '../../../lib/catalog-hints';
import { issueField, serverField, sortMessages } from '../../../lib/field-messages';
import { i18n } from '../../../lib/i18n';
import { EMPTY_DRAFT } from './draft';
import type { ComplaintDraft } from './draft';

/*
 * The complaint form's pure parts: its heading, its fields and their ids, and the check of a
 * draft, which gives every field the message the server would give it.
 */

/** The Others form's Ragging chip (seed §9): not a sub-category of Others, the way to the ragging form. */
const RAGGING_CHOICE = 'Ragging';
const OTHER_CATEGORY = 'other';

/**
 * Seed §9: the Others form offers Ragging, Theft, Others. Ragging has a confidential form of its
 * own (decision 40): choosing it there opens that form rather than filing ragging as "Others".
 */
export function raggingFormRoute(catalog: PublicCatalog, category: CategoryInfo): string | undefined {
  return category.key === OTHER_CATEGORY && !category.subCategories.some((sub) => sub.name === RAGGING_CHOICE) ? categoryByKey(catalog, RAGGING_CATEGORY)?.route : undefined;
}

export type FieldName = keyof ComplaintDraft | 'commonAreaId';

export const FIELD_ORDER: readonly FieldName[] = ['hostel', 'floor', 'roomNo', 'commonAreaId', 'subCategory', 'complaint', 'entryConsent', 'entrySlots'];

/**
 * Where the complaint is (decision 45): the student's room, or one of the hostel's common areas
 * (`areaId`, '' until one is chosen). Kept beside the draft: a label's address sets it.
 */
export interface Where {
  kind: 'room' | 'area';
  areaId: string;
}
export const MY_ROOM: Where = { kind: 'room', areaId: '' };
const isFieldName = (name: string): name is FieldName => (FIELD_ORDER as readonly string[]).includes(name);

/** The form's field ids, one per field, unique on the page. */
export const fieldId = (name: FieldName) => `complaint-${name}`;

/** "Wifi Complaint" → "Wifi complaint". */
export function formHeading(complaintHead: string): string {
  return complaintHead.replace(/ Complaint$/, ' complaint');
}

/**
 * The form's heading starts with the card the student chose ("Washroom (water)"); the complaint's
 * own heading, which the team's mail carries ("Water complaint"), follows as a second line. When
 * the two say the same ("Wifi" and "Wifi complaint"), one line is enough.
 */
export function formTitle(category: Pick<CategoryInfo, 'cardTitle' | 'complaintHead'>): { card: string | null; head: string } {
  const head = formHeading(category.complaintHead);
  const cardTitle = category.cardTitle.trim();
  return { card: head.toLowerCase().startsWith(`${cardTitle.toLowerCase()} `) ? null : cardTitle, head };
}

/**
 * The heading in the reader's language: the administrator's Hindi names when they gave them. The
 * English pair ("Wifi" and "Wifi complaint" read as one line) decides whether the card line shows.
 */
export function localFormTitle(locale: string, category: CategoryInfo): { card: string | null; head: string } {
  const title = formTitle(category);
  return {
    card: title.card === null ? null : localNameOr(locale, title.card, category, 'cardTitle'),
    head: localNameOr(locale, title.head, category, 'complaintHead'),
  };
}

/** An empty floor asks for one; a floor out of range keeps the catalogue's message (the server's). */
export function emptyFloorMessage(floors: { floorMin: number; floorMax: number } | null | undefined): string {
  return floors ? i18n._('Enter the floor ({min} to {max})', { min: floors.floorMin, max: floors.floorMax }) : i18n._('Enter the floor');
}

/** The consent fields as the server takes them: only for in-room work, and only what was answered. */
function entryOf(categoryKey: string, values: ComplaintDraft): { entryConsent?: boolean; entrySlots?: EntrySlot[] } {
  return isInRoomCategory(categoryKey) ? entryAnswers(values.entryConsent, values.entrySlots) : {};
}

/** The form's place fields filled from the student's remembered place. */
export const placeDraft = (place: Place | null): ComplaintDraft =>
  place ? { ...EMPTY_DRAFT, hostel: place.hostel, floor: String(place.floor), roomNo: place.roomNo } : EMPTY_DRAFT;

export function toFloor(raw: string): number | undefined {
  return raw.trim() === '' ? undefined : Number(raw);
}

/**
 * Everything wrong with a draft, each field with the message the server would give it. The server
 * checks the shape first and the catalogue after; here both run at once so every problem shows together.
 */
export function checkDraft(catalog: PublicCatalog, categoryKey: string, values: ComplaintDraft, photoIds: readonly string[], where: Where = MY_ROOM) {
  if (where.kind === 'area') return checkAreaDraft(catalog, categoryKey, values, photoIds, where.areaId);
  const floor = toFloor(values.floor);
  const entry = entryOf(categoryKey, values);
  const body = {
    category: categoryKey,
    hostel: values.hostel,
    floor,
    roomNo: values.roomNo,
    subCategory: values.subCategory,
    complaint: values.complaint,
    ...(photoIds.length ? { photoIds: [...photoIds] } : {}),
    ...entry,
  };
  const parsed = createComplaintSchema.safeParse(body);
  const place = checkComplaintPlace(catalog, {
    category: categoryKey,
    hostel: values.hostel.trim(),
    floor: floor ?? Number.NaN,
    roomNo: values.roomNo,
    subCategory: values.subCategory,
  });
  // The form asks in-room work's consent every time (the server takes a filing without it from an older client).
  const entryAsked = isInRoomCategory(categoryKey) ? { ...(entry.entryConsent === undefined ? { entryConsent: ENTRY_CONSENT_MISSING } : {}), ...entryProblems(body) } : {};
  const { errors, other } = sortMessages(
    [
      ...(parsed.success ? [] : parsed.error.issues.map((issue) => [issueField(issue), issue.message] as const)),
      ...Object.entries(place),
      ...Object.entries(entryAsked),
    ],
    isFieldName,
  );
  // Nothing typed is not "not a whole number": ask for the floor instead.
  if (floor === undefined && errors.floor !== undefined) errors.floor = emptyFloorMessage(hostelByName(catalog, values.hostel) ?? floorSpan(catalog.hostels));
  return { parsed, errors, other };
}

/** A complaint about a common area: no room, and the area's floor (the hostel's lowest for one serving the whole building). */
function checkAreaDraft(catalog: PublicCatalog, categoryKey: string, values: ComplaintDraft, photoIds: readonly string[], areaId: string) {
  const hostel = hostelByName(catalog, values.hostel);
  const area = hostel?.commonAreas?.find((a) => a.id === areaId);
  const body = {
    category: categoryKey,
    hostel: values.hostel,
    floor: area ? (area.floor ?? hostel?.floorMin ?? 0) : 0,
    roomNo: '',
    subCategory: values.subCategory,
    complaint: values.complaint,
    ...(photoIds.length ? { photoIds: [...photoIds] } : {}),
    ...(area ? { commonAreaId: area.id } : {}),
  };
  const parsed = createComplaintSchema.safeParse(body);
  const place = checkFiledPlace(catalog, { ...body, hostel: values.hostel.trim() });
  const { errors, other } = sortMessages(
    [...(parsed.success ? [] : parsed.error.issues.map((issue) => [issueField(issue), issue.message] as const)), ...Object.entries(place)],
    isFieldName,
  );
  // Without an area the schema asks for the room; here the area is what is missing.
  delete errors.roomNo;
  if (hostel && !area) errors.commonAreaId = i18n._('Choose the common area');
  return { parsed, errors, other };
}

/** Splits a server answer's `fields` into the form's own fields and anything else. */
export const splitServerFields = (fields: Record<string, string>) =>
  sortMessages(
    Object.entries(fields).map(([path, message]) => [serverField(path), message] as const),
    isFieldName,
  );


/** What the form holds: the draft (kept for the tab) and where the problem is (set again by a label). */
export interface ComplaintValues extends ComplaintDraft {
  whereKind: Where['kind'];
  /** The common area's id; '' until one is chosen. */
  commonAreaId: string;
}

export const EMPTY_VALUES: ComplaintValues = { ...EMPTY_DRAFT, whereKind: 'room', commonAreaId: '' };

/** The draft kept for the tab: where the problem is comes from the page's address, not the draft. */
export const draftOf = ({ whereKind: _kind, commonAreaId: _area, ...draft }: ComplaintValues): ComplaintDraft => draft;

/** Where the problem is: a common area only in a hostel that has them. */
export function whereOf(catalog: PublicCatalog, values: Pick<ComplaintValues, 'hostel' | 'whereKind' | 'commonAreaId'>): Where {
  const areas = hostelByName(catalog, values.hostel)?.commonAreas ?? [];
  return values.whereKind === 'area' && areas.length > 0 ? { kind: 'area', areaId: values.commonAreaId } : MY_ROOM;
}
