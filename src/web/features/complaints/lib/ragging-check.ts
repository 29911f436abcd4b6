import type { PublicCatalog } from '../../../../shared/catalog';
import { createComplaintSchema } from '../../../../shared/complaints';
import { RAGGING_CATEGORY } from '../../../../shared/constants';
import { checkReportPlace } from '../../../../shared/report-place';
import { issueField, sortMessages } from '../../../lib/field-messages';
import { i18n } from '../../../lib/i18n';

/** What the ragging form holds while it is typed (all strings, as the inputs give them). */
export interface RaggingDraft {
  subCategory: string;
  placeKind: string;
  /** The hostel it happened in, when it happened in one. */
  placeHostel: string;
  /** Where in that hostel, or where else. */
  placeWhere: string;
  complaint: string;
  /** The reporter's own hostel (it decides which committee receives the report). */
  hostel: string;
  floor: string;
  roomNo: string;
}

export const EMPTY_RAGGING: RaggingDraft = { subCategory: '', placeKind: '', placeHostel: '', placeWhere: '', complaint: '', hostel: '', floor: '', roomNo: '' };

export type RaggingField = keyof RaggingDraft;

/** The fields in the form's order: the first with a message takes the focus. */
export const RAGGING_FIELDS: readonly RaggingField[] = ['subCategory', 'placeKind', 'placeHostel', 'placeWhere', 'complaint', 'hostel', 'floor', 'roomNo'];
export const isRaggingField = (name: string): name is RaggingField => (RAGGING_FIELDS as readonly string[]).includes(name);
export const raggingFieldId = (name: RaggingField) => `ragging-${name}`;

/** Where it happened, in one line for the committee: "Block-2, floor 3 corridor". */
export function placeTextOf(draft: Pick<RaggingDraft, 'placeKind' | 'placeHostel' | 'placeWhere'>): string {
  const where = draft.placeWhere.trim();
  if (draft.placeKind !== 'hostel') return where;
  return draft.placeHostel && where ? `${draft.placeHostel}, ${where}` : '';
}

/** What is sent: the reporter's room only when given, and then with its floor. */
export function raggingPayloadOf(draft: RaggingDraft, photoIds: readonly string[]) {
  const roomNo = draft.roomNo.trim();
  return {
    category: RAGGING_CATEGORY,
    hostel: draft.hostel,
    floor: roomNo === '' ? 0 : draft.floor.trim() === '' ? undefined : Number(draft.floor),
    roomNo,
    subCategory: draft.subCategory,
    complaint: draft.complaint,
    ...(draft.placeKind ? { placeKind: draft.placeKind } : {}),
    placeText: placeTextOf(draft),
    ...(photoIds.length ? { photoIds: [...photoIds] } : {}),
  };
}

/**
 * The form's field for a message about `name` (the schema's and the server's names): the one line
 * sent as `placeText` is typed in two fields when it happened in a hostel.
 */
export function raggingFieldFor(name: string, draft: RaggingDraft): string {
  if (name !== 'placeText') return name;
  return draft.placeKind === 'hostel' && !draft.placeHostel ? 'placeHostel' : 'placeWhere';
}

/** Everything wrong with a draft, each field with the message the server would give it. */
export function checkRaggingDraft(catalog: PublicCatalog, draft: RaggingDraft, photoIds: readonly string[]) {
  const payload = raggingPayloadOf(draft, photoIds);
  const parsed = createComplaintSchema.safeParse(payload);
  const place = checkReportPlace(catalog, { ...payload, floor: payload.floor ?? Number.NaN });
  const entries: Array<readonly [string, string]> = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => [issueField(issue), issue.message] as const)),
    ...Object.entries(place),
  ].map(([name, message]) => [raggingFieldFor(name, draft), message] as const);
  if (draft.placeKind === 'hostel' && !draft.placeHostel) entries.unshift(['placeHostel', i18n._('Choose the hostel where it happened')]);
  const { errors, other } = sortMessages(entries, isRaggingField);
  return { parsed, errors, other };
}

/** "In a hostel" starts with the reporter's own hostel as where it happened: the hostel to fill in, if any. */
export const placeHostelToFill = (draft: RaggingDraft): string | null => (draft.placeKind === 'hostel' && !draft.placeHostel ? draft.hostel : null);
