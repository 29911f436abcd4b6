import { checkServicePlace } from '../../../../shared/catalog';
import type { FieldProblems, PublicCatalog } from '../../../../shared/catalog';
import { createCleaningRequestSchema, createLaundryRequestSchema } from '../../../../shared/complaints';
import type { CreateCleaningRequest, CreateLaundryRequest } from '../../../../shared/complaints';
import { ENTRY_CONSENT_MISSING, entryProblems } from '../../../../shared/visits';
import { entryAnswers } from '../../../components/visits/EntryFields';
import { focusFirstError, issueField, sortMessages } from '../../../lib/field-messages';
import { i18n } from '../../../lib/i18n';

export type FieldName = 'hostel' | 'service' | 'roomNo' | 'entryConsent' | 'entrySlots' | 'items' | 'slot' | 'note';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const FIELD_ORDER: readonly FieldName[] = ['hostel', 'service', 'roomNo', 'entryConsent', 'entrySlots', 'items', 'slot', 'note'];
export const isFieldName = (name: string): name is FieldName => (FIELD_ORDER as readonly string[]).includes(name);
export const fieldId = (name: FieldName) => `assistance-${name}`;

/** English message ids, translated where they are shown. */
export const CONFIRMATION_TITLES = {
  room_cleaning: /*i18n*/ 'Your cleaning request is registered',
  laundry: /*i18n*/ 'Your laundry pickup is registered',
} as const;

/** The confirmation's second line: what will happen, and where ("Room cleaning for Block-2, room 204."). */
export function confirmationPlace(kind: keyof typeof CONFIRMATION_TITLES, hostel: string, roomNo: number | string): string {
  return kind === 'laundry'
    ? i18n._('Laundry pickup for {hostel}, room {roomNo}.', { hostel, roomNo })
    : i18n._('Room cleaning for {hostel}, room {roomNo}.', { hostel, roomNo });
}

/** An empty input is a missing number, not 0. */
export const toNumber = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));

/** Field messages from zod issues, the catalogue's checks and the form's own; the first message of a field wins. */
export function collectProblems(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  place: FieldProblems,
  more: Record<string, string> = {},
) {
  return sortMessages(
    [...issues.map((issue) => [issueField(issue), issue.message] as const), ...Object.entries(place), ...Object.entries(more)],
    isFieldName,
  );
}

export const focusFirstProblem = (errors: FieldErrors) => focusFirstError(FIELD_ORDER, errors, fieldId);

/**
 * What the form holds, as typed: numbers as text, the service chosen ('' until the student picks
 * one), and the entry answers as EntryFields keeps them ('yes' / 'no' / '', the slots comma-separated).
 */
export interface AssistanceDraft {
  hostel: string;
  service: string;
  roomNo: string;
  entryConsent: string;
  entrySlots: string;
  items: string;
  slot: string;
  note: string;
}

export const EMPTY_ASSISTANCE: AssistanceDraft = { hostel: '', service: '', roomNo: '', entryConsent: '', entrySlots: '', items: '', slot: '', note: '' };

/** What a checked draft sends: a laundry pickup, or a cleaning request (asked about in the page first). */
export type AssistanceRequest = { kind: 'laundry'; data: CreateLaundryRequest } | { kind: 'cleaning'; data: CreateCleaningRequest };

export type AssistanceCheck = { ok: true; request: AssistanceRequest } | { ok: false; errors: FieldErrors; other: string[] };

/** The open services, the closed ones, and the one the form is for: the chosen one, else the first open (Room Cleaning in the seed). */
export function servicesOf(catalog: PublicCatalog, chosen: string) {
  const enabled = catalog.services.filter((s) => s.enabled);
  const disabled = catalog.services.filter((s) => !s.enabled);
  const service = enabled.find((s) => s.key === chosen) ?? enabled[0];
  return { enabled, disabled, service, laundry: service?.key === 'laundry' };
}

/**
 * The whole check of a draft before anything is sent: the shared schema of its service, the
 * catalogue's place rules and, for cleaning, the entry answers. All messages at once, so the
 * student sees every field that needs them.
 */
export function checkAssistance(catalog: PublicCatalog, draft: AssistanceDraft): AssistanceCheck {
  const { service, laundry } = servicesOf(catalog, draft.service);
  const serviceKey = service?.key ?? '';
  const room = laundry ? toNumber(draft.roomNo) : Number(draft.roomNo);
  const place = checkServicePlace(catalog, { service: serviceKey, hostel: draft.hostel.trim(), roomNo: room ?? Number.NaN });

  if (laundry) {
    const { hostel, items, slot, note } = draft;
    const parsed = createLaundryRequestSchema.safeParse({ hostel, roomNo: room, items: toNumber(items), slot, note });
    const found = collectProblems(parsed.success ? [] : parsed.error.issues, place);
    if (!parsed.success || Object.keys(found.errors).length > 0 || found.other.length > 0) return { ok: false, ...found };
    return { ok: true, request: { kind: 'laundry', data: parsed.data } };
  }

  const entry = entryAnswers(draft.entryConsent, draft.entrySlots);
  const parsed = createCleaningRequestSchema.safeParse({ hostel: draft.hostel, service: serviceKey, roomNo: room, ...entry });
  // The form asks every time (the API takes a request without the answers from an older page); the
  // schema's own check of them runs only once the rest is right, so it is run here with the rest.
  const entryAsked = {
    ...(entry.entryConsent === undefined ? { entryConsent: ENTRY_CONSENT_MISSING } : {}),
    ...entryProblems({ category: serviceKey, roomNo: String(room), ...entry }),
  };
  const found = collectProblems(parsed.success ? [] : parsed.error.issues, place, entryAsked);
  if (!parsed.success || Object.keys(found.errors).length > 0 || found.other.length > 0) return { ok: false, ...found };
  return { ok: true, request: { kind: 'cleaning', data: parsed.data } };
}
