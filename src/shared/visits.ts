import { z } from 'zod';
import { dayNumber, dayText, two, wallTimeIn } from './time.js';
import { ENTRY_SLOTS, RAGGING_CATEGORY, VISIT_PROPOSAL_STATUSES, type ComplaintKind, type EntrySlot } from './constants.js';
import { relativeDay } from './relative-day.js';

/*
 * Consent to enter, time slots and visit proposals (issue 27, decision 47). Work inside a student's
 * own room asks whether staff may enter while the student is out and when the student is usually
 * in; a visit time is then agreed in the thread: one side proposes, the other accepts, declines or
 * proposes another.
 */

/** The slot labels the form, the staff page and the facility mail show. */
export const ENTRY_SLOT_LABELS: Record<EntrySlot, string> = {
  morning: /*i18n*/ 'Morning 9–12',
  afternoon: /*i18n*/ 'Afternoon 12–17',
  evening: /*i18n*/ 'Evening 17–20',
};

/** Categories whose work is never inside the student's room: the mess hall, and ragging (it says where it happened). */
export const NOT_IN_ROOM_CATEGORIES: readonly string[] = ['mess', RAGGING_CATEGORY];

/** Whether a category's complaints are work inside the student's own room (any category an admin adds is, unless listed above). */
export const isInRoomCategory = (category: string): boolean => !NOT_IN_ROOM_CATEGORIES.includes(category);

/**
 * Whether a filed complaint is in-room work, for which consent is asked and a visit can be agreed:
 * a complaint or a room-cleaning request about a room (not a common area, whose room is ''), in a
 * category whose work is in the room. A laundry pickup needs nobody to enter.
 */
export function isInRoomWork(c: { kind: ComplaintKind; category: string; roomNo: string; confidential?: boolean }): boolean {
  return (c.kind === 'complaint' || c.kind === 'cleaning') && c.roomNo.trim() !== '' && isInRoomCategory(c.category) && !c.confidential;
}

export const ENTRY_CONSENT_MISSING = /*i18n*/ 'Say whether staff may enter when you are out';
export const ENTRY_SLOTS_MISSING = /*i18n*/ 'Choose when you are usually in, so staff can come then';
export const ENTRY_NOT_ASKED = /*i18n*/ 'Consent to enter is asked only for work in your own room: leave it out for this report';

export const entryConsentSchema = z.boolean({ error: ENTRY_CONSENT_MISSING });
export const entrySlotsSchema = z
  .array(z.enum(ENTRY_SLOTS, { error: /*i18n*/ 'Choose morning, afternoon or evening' }), { error: /*i18n*/ 'Choose morning, afternoon or evening' })
  .max(ENTRY_SLOTS.length, /*i18n*/ 'Choose each time at most once')
  .refine((slots) => new Set(slots).size === slots.length, /*i18n*/ 'Choose each time at most once');

/**
 * What is wrong with the consent fields of a filing, by field, or nothing. Consent may be left
 * out by an older client (the installable app's outbox keeps filings made before it was asked);
 * slots come only with an answer, and a "No" needs at least one.
 */
export function entryProblems(body: {
  category?: unknown;
  roomNo?: unknown;
  commonAreaId?: unknown;
  entryConsent?: unknown;
  entrySlots?: unknown;
}): Record<string, string> {
  const asked = body.entryConsent !== undefined || body.entrySlots !== undefined;
  if (!asked) return {};
  const roomNo = typeof body.roomNo === 'string' ? body.roomNo.trim() : '';
  // A common area (decision 45) is nobody's room, whatever room number came with it.
  const inRoom = roomNo !== '' && body.commonAreaId === undefined;
  if (typeof body.category === 'string' && (!isInRoomCategory(body.category) || !inRoom)) {
    return { [body.entryConsent !== undefined ? 'entryConsent' : 'entrySlots']: ENTRY_NOT_ASKED };
  }
  if (body.entryConsent === undefined) return { entryConsent: ENTRY_CONSENT_MISSING };
  if (body.entryConsent === false && Array.isArray(body.entrySlots) && body.entrySlots.length === 0) return { entrySlots: ENTRY_SLOTS_MISSING };
  if (body.entryConsent === false && body.entrySlots === undefined) return { entrySlots: ENTRY_SLOTS_MISSING };
  return {};
}

/** "Yes" / "No — only when the student is in", and the slots in the day's order. */
export function entryConsentText(consent: boolean): string {
  return consent ? /*i18n*/ 'Yes, staff may enter when the student is out' : /*i18n*/ 'No, only when the student is in';
}
export function entrySlotsText(slots: readonly EntrySlot[]): string {
  return ENTRY_SLOTS.filter((s) => slots.includes(s))
    .map((s) => ENTRY_SLOT_LABELS[s])
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Visits

/** A visit is proposed for a time within the next this many days. */
export const VISIT_MAX_DAYS = 14;

const proposalId = z.uuid({ error: /*i18n*/ 'Not a proposal id' });

/**
 * A proposed visit as a person gives it: a day and a start and end on the university's clock
 * (the profile's time zone), and the open proposal it replaces as they saw it (null: none), so that a proposal
 * and an answer crossing each other never both win.
 */
export const visitProposalBodySchema = z
  .object({
    date: z.string({ error: /*i18n*/ 'Choose the day' }).regex(/^\d{4}-\d{2}-\d{2}$/, /*i18n*/ 'Choose the day'),
    start: z.string({ error: /*i18n*/ 'Give the start time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, /*i18n*/ 'Give the start time as HH:MM'),
    end: z.string({ error: /*i18n*/ 'Give the end time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, /*i18n*/ 'Give the end time as HH:MM'),
    replaces: proposalId.nullable().describe('The open proposal you saw (null: none); a different one now answers 409'),
  })
  .refine((b) => b.end > b.start, { path: ['end'], message: /*i18n*/ 'The visit must end after it starts' })
  .meta({ id: 'VisitProposal' });
export type VisitProposalBody = z.infer<typeof visitProposalBodySchema>;

export const visitAnswerBodySchema = z
  .object({ answer: z.enum(['accept', 'decline'], { error: /*i18n*/ 'Answer accept or decline' }) })
  .meta({ id: 'VisitAnswer' });
export type VisitAnswerBody = z.infer<typeof visitAnswerBodySchema>;

export const visitProposalParams = z.object({ number: z.string().max(40), id: proposalId });

const interval = z.object({ startsAt: z.string(), endsAt: z.string() });

/** What both sides see of a complaint's visit: the agreed one and the open proposal. */
export const visitStateSchema = z
  .object({
    agreed: interval.nullable().describe('The visit both sides agreed'),
    proposal: interval
      .extend({
        id: z.string(),
        byStudent: z.boolean(),
        status: z.enum(VISIT_PROPOSAL_STATUSES),
        createdAt: z.string(),
      })
      .nullable()
      .describe('The open proposal waiting for an answer'),
    timeZone: z.string().describe("The university's time zone: visit times are given and shown in it"),
  })
  .meta({ id: 'VisitState' });
export type VisitState = z.infer<typeof visitStateSchema>;


/** Why a visit time cannot be proposed, or null: it must lie ahead, within VISIT_MAX_DAYS. */
export function visitTimeProblem(startsAt: Date, endsAt: Date, now: Date): string | null {
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return /*i18n*/ 'Give the visit as a day, a start and an end';
  if (endsAt.getTime() <= startsAt.getTime()) return /*i18n*/ 'The visit must end after it starts';
  if (startsAt.getTime() <= now.getTime()) return /*i18n*/ 'The visit must start in the future';
  if (startsAt.getTime() > now.getTime() + VISIT_MAX_DAYS * 86_400_000) return `The visit must be within the next ${VISIT_MAX_DAYS} days`;
  return null;
}

/**
 * A visit as words that stay true when read later (a timeline entry, a mail, a bell): "Fri 28 Nov,
 * 16:00–17:00" on the university's clock; the day in `intlLocale`'s words ('hi-IN' for Hindi).
 */
export function visitDateText(startsAt: Date, endsAt: Date, timeZone: string, intlLocale = 'en-GB'): string {
  const from = wallTimeIn(startsAt, timeZone);
  const to = wallTimeIn(endsAt, timeZone);
  const date = dayText(startsAt, timeZone, intlLocale);
  return `${date}, ${two(from.hour)}:${two(from.minute)}–${two(to.hour)}:${two(to.minute)}`;
}

/**
 * A visit in words on the university's clock, for a page that shows it now: "today 16:00–17:00", "tomorrow 09:00–10:00", else
 * "Fri 28 Nov, 16:00–17:00"; "today" and the day in `intlLocale`'s words ("आज 16:00–17:00" in 'hi-IN').
 */
export function visitTimeText(startsAt: Date, endsAt: Date, now: Date, timeZone: string, intlLocale = 'en-GB'): string {
  const from = wallTimeIn(startsAt, timeZone);
  const to = wallTimeIn(endsAt, timeZone);
  const times = `${two(from.hour)}:${two(from.minute)}–${two(to.hour)}:${two(to.minute)}`;
  const days = dayNumber(from) - dayNumber(wallTimeIn(now, timeZone));
  if (days === 0 || days === 1) return `${relativeDay(days, intlLocale)} ${times}`;
  return `${dayText(startsAt, timeZone, intlLocale)}, ${times}`;
}
