import { z } from 'zod';
import {
  LAUNDRY_ITEMS_MAX,
  LAUNDRY_SLOTS,
  MESSAGE_MAX_LENGTH,
  PLACE_TEXT_MAX_LENGTH,
  ROOM_NO_MAX_LENGTH,
  SERVICE_KEYS,
  VALID_ROOM_MESSAGE,
} from './catalog.js';

import { COMPLAINT_KINDS, ENTRY_SLOTS, EVENT_KINDS, FOLLOW_SOURCES, PLACE_KINDS, RAGGING_CATEGORY, STATUSES } from './constants.js';
import { photoIdsSchema } from './photos.js';
import { entryConsentSchema, entryProblems, entrySlotsSchema, visitStateSchema } from './visits.js';
import { valued } from './valued-message.js';
import { TARGET_UNITS } from './working-time.js';

export { IDEMPOTENCY_HEADER, STATUSES, STATUS_LABELS, type ComplaintStatus } from './constants.js';
export { VALID_ROOM_MESSAGE } from './catalog.js';

/**
 * The shape of what students send. Whether the hostel, floor, room and sub-category exist is the
 * catalogue's business (`checkComplaintPlace` in catalog.ts), checked by the form and the server.
 */
const hostel = z.string({ error: /*i18n*/ 'Choose your hostel' }).trim().min(1, /*i18n*/ 'Choose your hostel').max(80, /*i18n*/ 'Choose your hostel');

/** What a student sends to file a complaint (the same schema checks the form and the server). */
export const createComplaintSchema = z
  .object({
    category: z
      .string({ error: /*i18n*/ 'Choose a category' })
      .regex(/^[a-z][a-z0-9]{1,29}$/, /*i18n*/ 'Choose a category'),
    hostel,
    floor: z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? /*i18n*/ 'Enter the floor' : /*i18n*/ 'Floor must be a whole number') })
      .int(/*i18n*/ 'Floor must be a whole number'),
    /** May be empty only in a ragging report (which says where it happened instead). */
    roomNo: z
      .string({ error: /*i18n*/ 'Enter your room number' })
      .trim()
      .max(ROOM_NO_MAX_LENGTH, valued(/*i18n*/ 'Room number is at most {max} characters', { max: ROOM_NO_MAX_LENGTH }))
      .regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'Room number must be on one line'),
    subCategory: z
      .string({ error: /*i18n*/ 'Choose what kind of problem it is' })
      .min(1, /*i18n*/ 'Choose what kind of problem it is')
      .max(80, /*i18n*/ 'Choose what kind of problem it is'),
    complaint: z
      .string({ error: /*i18n*/ 'Write what is wrong' })
      .trim()
      .min(1, /*i18n*/ 'Write what is wrong')
      .max(MESSAGE_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: MESSAGE_MAX_LENGTH })),
    photoIds: photoIdsSchema.optional(),
    /** A ragging report only (decision 40): where it happened, which it must say. */
    placeKind: z.enum(PLACE_KINDS, { error: /*i18n*/ 'Say where it happened' }).optional(),
    placeText: z
      .string({ error: /*i18n*/ 'Describe where it happened' })
      .trim()
      .max(PLACE_TEXT_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: PLACE_TEXT_MAX_LENGTH }))
      .regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'Keep it on one line')
      .optional(),
    /** In-room work only (decision 47): may staff enter while the student is out. Absent: not asked. */
    entryConsent: entryConsentSchema.optional(),
    /** When the student is usually in; at least one when they said staff may not enter while they are out. */
    entrySlots: entrySlotsSchema.optional(),
    /**
     * Filed for one of the hostel's common areas (decision 45) rather than a room: the room is then
     * left empty and the floor is the area's, whatever was sent.
     */
    commonAreaId: z.uuid(/*i18n*/ 'Choose a common area').optional(),
  })
  // Checked even when other fields are wrong, so the form shows it with the rest.
  .refine(
    (body) => {
      // With `when`, it also sees bodies that failed their shape: nothing may be assumed.
      const b = body as { roomNo?: unknown; category?: unknown; commonAreaId?: unknown } | null;
      return typeof b?.roomNo !== 'string' || b.roomNo.trim() !== '' || b.category === RAGGING_CATEGORY || typeof b.commonAreaId === 'string';
    },
    {
      path: ['roomNo'],
      message: /*i18n*/ 'Enter your room number',
      when: () => true,
    },
  )
  .superRefine((body, ctx) => {
    for (const [path, message] of Object.entries(entryProblems(body))) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .meta({ id: 'CreateComplaint' });
export type CreateComplaint = z.infer<typeof createComplaintSchema>;

/** What a student sends to ask for their room to be cleaned. */
export const createCleaningRequestSchema = z
  .object({
    hostel,
    service: z.enum(SERVICE_KEYS, { error: /*i18n*/ 'Choose a service' }),
    roomNo: z.number({ error: VALID_ROOM_MESSAGE }).int(VALID_ROOM_MESSAGE).min(0, VALID_ROOM_MESSAGE).max(999_999, VALID_ROOM_MESSAGE),
    /** Cleaning is in-room work (decision 47): the same two questions as a room complaint's. */
    entryConsent: entryConsentSchema.optional(),
    entrySlots: entrySlotsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const problems = entryProblems({ category: body.service, roomNo: String(body.roomNo), entryConsent: body.entryConsent, entrySlots: body.entrySlots });
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .meta({ id: 'CreateCleaningRequest' });
export type CreateCleaningRequest = z.infer<typeof createCleaningRequestSchema>;

/** A laundry pickup (when an admin has enabled the Laundry service). */
export const createLaundryRequestSchema = z
  .object({
    hostel,
    roomNo: z.number({ error: VALID_ROOM_MESSAGE }).int(VALID_ROOM_MESSAGE).min(0, VALID_ROOM_MESSAGE).max(999_999, VALID_ROOM_MESSAGE),
    items: z
      .number({ error: valued(/*i18n*/ 'Give the number of items, 1 to {max}', { max: LAUNDRY_ITEMS_MAX }) })
      .int(valued(/*i18n*/ 'Give the number of items, 1 to {max}', { max: LAUNDRY_ITEMS_MAX }))
      .min(1, valued(/*i18n*/ 'Give the number of items, 1 to {max}', { max: LAUNDRY_ITEMS_MAX }))
      .max(LAUNDRY_ITEMS_MAX, valued(/*i18n*/ 'Give the number of items, 1 to {max}', { max: LAUNDRY_ITEMS_MAX })),
    slot: z.enum(LAUNDRY_SLOTS, { error: /*i18n*/ 'Choose a pickup time' }),
    note: z.string().trim().max(300, /*i18n*/ 'Keep the note under 300 characters').regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'Keep the note on one line').default(''),
  })
  .meta({ id: 'CreateLaundryRequest' });
export type CreateLaundryRequest = z.infer<typeof createLaundryRequestSchema>;

export const timelineEntrySchema = z
  .object({
    at: z.string(),
    status: z.enum(STATUSES),
    fromStatus: z.enum(STATUSES).nullable(),
    note: z.string(),
    /** A status change, a public reply (the student's or the team's), or a visit proposed or answered. */
    /** The student's timeline holds only what was said to them: no internal notes or assignments. */
    kind: z.enum(EVENT_KINDS).extract(['status', 'reply', 'visit', 'photos', 'clock']),
    by: z.string(),
    /** Written by the complaint's student (a reply of theirs, a reopening, a withdrawal). */
    fromStudent: z.boolean(),
    /** Written by answering a mail from the portal rather than in the portal. */
    byMail: z.boolean(),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A complaint as its student sees it: every field of the original payload, plus tracking. */
export const complaintSchema = z
  .object({
    number: z.string(),
    kind: z.enum(COMPLAINT_KINDS),
    category: z.string(),
    complaintHead: z.string(),
    subCategory: z.string(),
    hostel: z.string(),
    floor: z.number().int(),
    roomNo: z.string(),
    /** The common area it was filed for, as named then ("Floor 3 washroom"); null: a room (decision 45). */
    commonArea: z.string().nullable(),
    /** Where a ragging report says it happened (decision 40); null for every other complaint, whose place is its room or area. */
    reportedPlace: z.object({ kind: z.enum(PLACE_KINDS), text: z.string() }).nullable(),
    complaint: z.string(),
    fname: z.string(),
    id: z.string().describe('The student registration number (the original payload called it id)'),
    userEmail: z.string(),
    toEmail: z.string(),
    status: z.enum(STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * When the team should have it resolved (filing or reopening + the category's target time, in
     * its unit). While `waitingSince` is set the clock stands still and this is the far end of time.
     */
    dueAt: z.string(),
    /** Since when the team waits for the student's answer, its clock paused (issue 44); null: it runs. */
    waitingSince: z.string().nullable(),
    /** The time the paused clock has left, in milliseconds of its unit (negative: it was late already); null: it runs. */
    clockLeftMs: z.number().nullable(),
    targetUnit: z.enum(TARGET_UNITS).describe('working_hours: the target counts only the hours of working days'),
  })
  .meta({ id: 'Complaint' });
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintDetailSchema = complaintSchema
  .extend({
    /** The filer's own view (a follower gets `followedComplaintSchema` from the same address). */
    view: z.literal('owner'),
    timeline: z.array(timelineEntrySchema),
    /** The student's own rating and comment, given when confirming it was fixed. */
    rating: z.number().int().nullable(),
    ratingComment: z.string().nullable(),
    /** Set while staff have it merged into another complaint: the number the student follows instead. */
    mergedInto: z.string().nullable(),
    /** Other students who said "Me too" or whose duplicates were merged into it. */
    followerCount: z.number().int(),
    /** What the student answered when filing in-room work (null: not asked). */
    entryConsent: z.boolean().nullable(),
    entrySlots: z.array(z.enum(ENTRY_SLOTS)),
    /** The agreed visit and the open proposal; null when it is not in-room work (decision 47). */
    visit: visitStateSchema.nullable(),
  })
  .meta({ id: 'ComplaintDetail' });
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

/**
 * What waits for the student: `reply` — the team's last public word is newer than the student's
 * and the complaint is open; `confirm` — it is resolved and waits for "fixed" or "reopen".
 */
export const NEEDS_ACTION = ['reply', 'confirm'] as const;
export type NeedsAction = (typeof NEEDS_ACTION)[number];

/** One of the student's own complaints as their list shows it: what waits for them and the last thing said. */
export const myComplaintSchema = complaintSchema
  .extend({
    needsAction: z.enum(NEEDS_ACTION).nullable(),
    /** The last public words in the thread (the student's message when nothing was said since). */
    lastMessage: z.object({ text: z.string(), fromStudent: z.boolean(), at: z.string() }).nullable(),
  })
  .meta({ id: 'MyComplaint' });
export type MyComplaint = z.infer<typeof myComplaintSchema>;

export const complaintListSchema = z
  .object({
    items: z.array(myComplaintSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ComplaintList' });
export type ComplaintList = z.infer<typeof complaintListSchema>;

/**
 * Which of the student's own complaints a list holds: `unfinished` — open or resolved, still waiting
 * for the team or for the student's answer; `waiting` — those that wait for the student (the team
 * asked something, or says it is fixed); `finished` — closed, rejected or withdrawn. Absent: all.
 */
export const MY_COMPLAINTS_STATES = ['unfinished', 'waiting', 'finished'] as const;
export type MyComplaintsState = (typeof MY_COMPLAINTS_STATES)[number];

export const myComplaintsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  state: z
    .enum(MY_COMPLAINTS_STATES, { error: /*i18n*/ 'Choose unfinished, waiting or finished' })
    .optional()
    .describe('unfinished: open or resolved (waiting for the team or for you); waiting: those waiting for you (a question to answer, a fix to confirm); finished: closed, rejected or withdrawn'),
});
export type MyComplaintsQuery = z.infer<typeof myComplaintsQuerySchema>;

/** What a student writes into the conversation of their complaint. */
export const studentReplyBodySchema = z
  .object({
    text: z
      .string({ error: /*i18n*/ 'Write your reply' })
      .trim()
      .min(1, /*i18n*/ 'Write your reply')
      .max(MESSAGE_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: MESSAGE_MAX_LENGTH })),
  })
  .meta({ id: 'StudentReply' });
export type StudentReplyBody = z.infer<typeof studentReplyBodySchema>;

// ---------------------------------------------------------------------------------------------
// What is already known of a problem before filing it, "Me too", and the follower's view of a
// complaint someone else filed (decision 36). None of these carries the filer's name, registration
// number, e-mail, room or conversation.

/** Open complaints filed within this many days are offered on the form. */
export const NEARBY_DAYS = 14;
/** At most this many complaints are offered. */
export const NEARBY_LIMIT = 5;
/** The longest excerpt of another student's words shown to a student who did not file it. */
export const EXCERPT_LENGTH = 140;

/** Another student's words as a one-line excerpt of at most EXCERPT_LENGTH characters. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= EXCERPT_LENGTH ? line : `${chars.slice(0, EXCERPT_LENGTH - 1).join('')}…`;
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const nearbyQuerySchema = z.object({
  hostel: z.string({ error: /*i18n*/ 'Choose your hostel' }).trim().min(1, /*i18n*/ 'Choose your hostel').max(80, /*i18n*/ 'Choose your hostel'),
  category: z.string({ error: /*i18n*/ 'Choose a category' }).regex(/^[a-z][a-z0-9]{1,29}$/, /*i18n*/ 'Choose a category'),
  floor: z.preprocess(emptyToUndefined, z.coerce.number().int(/*i18n*/ 'Floor must be a whole number').min(-10).max(500).optional()),
  room: z.preprocess(emptyToUndefined, z.string().trim().max(ROOM_NO_MAX_LENGTH).optional()).describe('Your room: your own open complaint of it is pointed out'),
  text: z.preprocess(emptyToUndefined, z.string().max(MESSAGE_MAX_LENGTH).optional()).describe('What you typed so far: suggestions are ranked by it'),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

/** Another student's open complaint as the form offers it: what it is about, never who filed it or where they live. */
export const nearbyComplaintSchema = z
  .object({
    number: z.string(),
    category: z.string(),
    complaintHead: z.string(),
    subCategory: z.string(),
    floor: z.number().int(),
    status: z.enum(STATUSES),
    since: z.string().describe('When it was filed'),
    excerpt: z.string().describe(`At most ${EXCERPT_LENGTH} characters of what was written`),
    students: z.number().int().describe('How many students it affects: its filer and its followers'),
    following: z.boolean().describe('You said "Me too" already (or your duplicate was merged into it)'),
    mine: z.boolean().describe('You filed it'),
  })
  .meta({ id: 'NearbyComplaint' });
export type NearbyComplaint = z.infer<typeof nearbyComplaintSchema>;

/** An active notice of a known problem (an incident) for the hostel, floor and category. */
export const nearbyNoticeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    details: z.string(),
    floors: z.array(z.number().int()).describe('Empty: the whole hostel'),
    since: z.string(),
    expectedBy: z.string().describe('When the team expects it fixed'),
    followers: z.number().int().describe('Students who said it affects them too'),
  })
  .meta({ id: 'NearbyNotice' });
export type NearbyNotice = z.infer<typeof nearbyNoticeSchema>;

export const nearbySchema = z
  .object({
    complaints: z.array(nearbyComplaintSchema),
    notices: z.array(nearbyNoticeSchema),
    alreadyReported: z
      .object({ number: z.string(), status: z.enum(STATUSES), since: z.string() })
      .nullable()
      .describe('Your own open complaint of this category for the same room'),
  })
  .meta({ id: 'Nearby' });
export type Nearby = z.infer<typeof nearbySchema>;

/** The answer to "Me too" and to leaving. */
export const followResultSchema = z
  .object({ number: z.string(), following: z.boolean(), students: z.number().int() })
  .meta({ id: 'FollowResult' });
export type FollowResult = z.infer<typeof followResultSchema>;

/** A status change as a follower reads it: the team's note, not the filer's words. */
export const followerTimelineEntrySchema = z
  .object({
    at: z.string(),
    status: z.enum(STATUSES),
    fromStatus: z.enum(STATUSES).nullable(),
    note: z.string().describe("The team's public note; empty for what the student who filed it did"),
    by: z.enum(['team', 'filer', 'portal']),
  })
  .meta({ id: 'FollowerTimelineEntry' });
export type FollowerTimelineEntry = z.infer<typeof followerTimelineEntrySchema>;

/** A complaint someone else filed, as one of its followers reads it. */
export const followedComplaintSchema = z
  .object({
    view: z.literal('follower'),
    number: z.string(),
    kind: z.enum(COMPLAINT_KINDS),
    category: z.string(),
    complaintHead: z.string(),
    subCategory: z.string(),
    hostel: z.string(),
    floor: z.number().int(),
    status: z.enum(STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    dueAt: z.string(),
    /** The team waits for an answer from the student who filed it: the clock is paused, `dueAt` means nothing meanwhile. */
    waiting: z.boolean(),
    excerpt: z.string(),
    students: z.number().int(),
    source: z.enum(FOLLOW_SOURCES).describe('me_too: you said so; merged: your own complaint was merged into it'),
    /** Your own complaint that staff merged into this one, when that is how you came to follow it. */
    yourComplaint: z.string().nullable(),
    followingSince: z.string(),
    timeline: z.array(followerTimelineEntrySchema),
    /** The team's note when they last resolved it. */
    resolutionNote: z.string().nullable(),
  })
  .meta({ id: 'FollowedComplaint' });
export type FollowedComplaint = z.infer<typeof followedComplaintSchema>;

/** GET /api/complaints/:number: the filer's complaint, or the follower's view of someone else's. */
export const complaintViewSchema = z.discriminatedUnion('view', [complaintDetailSchema, followedComplaintSchema]);
export type ComplaintView = z.infer<typeof complaintViewSchema>;

/** One complaint the student follows, as My complaints lists it. */
export const followedItemSchema = followedComplaintSchema
  .pick({ number: true, complaintHead: true, subCategory: true, hostel: true, floor: true, status: true, createdAt: true, updatedAt: true, students: true, source: true, yourComplaint: true, followingSince: true })
  .meta({ id: 'FollowedItem' });
export type FollowedItem = z.infer<typeof followedItemSchema>;

export const followedListSchema = z
  .object({ items: z.array(followedItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'FollowedList' });
export type FollowedList = z.infer<typeof followedListSchema>;

export const followedQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type FollowedQuery = z.infer<typeof followedQuerySchema>;
