import type { FieldProblems } from '../../../../shared/catalog';
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
