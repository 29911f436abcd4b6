import { z } from 'zod';
import { ENTRY_SLOTS, EVENT_KINDS, NEW_WORK_MAIL, ROLES, STATUSES } from './constants.js';
import { complaintSchema, timelineEntrySchema } from './complaints.js';
import { photoIdsSchema } from './photos.js';
import { visitStateSchema } from './visits.js';
import { placeFactsSchema } from './place-facts.js';
import { valued } from './valued-message.js';

export const CONFIDENTIAL_STUDENT = /*i18n*/ 'Confidential student';
/** Who did something on a confidential report when it was its reporter, to anyone without the anti-ragging duty. */
export const THE_REPORTER = /*i18n*/ 'The reporter';

export const queueQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',') : []))
    .pipe(z.array(z.enum(STATUSES, { error: /*i18n*/ 'Unknown status' })))
    .describe('Comma list of statuses'),
  category: z.string().max(40).optional(),
  subCategory: z.string().max(60).optional(),
  hostel: z.string().trim().max(60).optional(),
  floor: z.coerce.number().int().min(0).max(99).optional(),
  olderThanDays: z.coerce.number().int().min(0).max(3650).optional().describe('Only complaints filed at least this many days ago'),
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.literal('me_or_none'), z.uuid()])
    .optional()
    .describe("me, none, me_or_none (mine and nobody's: 'My open work' with the open statuses), or a colleague's id"),
  q: z.string().trim().max(200).optional().describe('Words to find in the message, room or number'),
  sort: z
    .enum(['newest', 'oldest', 'due'])
    .default('newest')
    .describe('due: open complaints only, the soonest (or longest overdue) first; at the same due time, the one more students follow'),
  due: z
    .enum(['overdue', 'today'])
    .optional()
    .describe('overdue: open and past their due time; today: open, not overdue and due before midnight on the university clock'),
  escalated: z
    .enum(['true', 'false'], { error: 'escalated: true or false' })
    .optional()
    .transform((v) => v === 'true')
    .describe('true: open complaints a warden or admin was told are late (escalation level above 0)'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const staffComplaintSchema = complaintSchema
  .extend({
    confidential: z.boolean(),
    assignee: z.object({ id: z.string(), name: z.string() }).nullable(),
    followerCount: z.number().int().describe('Students following it besides its own: it affects followerCount + 1 students'),
    escalationLevel: z.number().int().describe('0 not escalated, 1 the wardens were told it is late, 2 the admins too'),
    incidentId: z.string().nullable().describe('The notice (incident) it is linked to'),
    entryConsent: z.boolean().nullable().describe('In-room work: may staff enter while the student is out (null: not asked)'),
    entrySlots: z.array(z.enum(ENTRY_SLOTS)).describe('In-room work: when the student is usually in'),
    visitStartsAt: z.string().nullable().describe('The visit both sides agreed'),
    visitEndsAt: z.string().nullable(),
  })
  .meta({ id: 'StaffComplaint' });
export type StaffComplaint = z.infer<typeof staffComplaintSchema>;

/** A queue row: the complaint, its place's link and the repeat flag (issue 27). */
export const queueItemSchema = staffComplaintSchema.extend(placeFactsSchema.shape).meta({ id: 'StaffQueueItem' });
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z
  .object({
    items: z.array(queueItemSchema),
    nextCursor: z.string().nullable(),
    timeZone: z.string().describe("The university's time zone: agreed visits are shown in it"),
  })
  .meta({ id: 'StaffQueue' });

export const statusCountsSchema = z
  .object({ counts: z.record(z.enum(STATUSES), z.number().int()), total: z.number().int() })
  .meta({ id: 'StatusCounts' });

export const staffTimelineEntrySchema = timelineEntrySchema
  .extend({ kind: z.enum(EVENT_KINDS), internal: z.boolean() })
  .meta({ id: 'StaffTimelineEntry' });

/** Where a merged duplicate went, and until when the merge can be undone (null once it cannot). */
export const mergedIntoSchema = z
  .object({ number: z.string(), at: z.string(), undoUntil: z.string().nullable() })
  .meta({ id: 'MergedInto' });

/** A duplicate merged into a complaint, with its own thread (its student's identity as the guard allows). */
export const mergedDuplicateSchema = z
  .object({
    number: z.string(),
    student: z.string(),
    floor: z.number().int(),
    roomNo: z.string(),
    /** Filed for a common area (decision 45): its name, which says the floor. */
    commonArea: z.string().nullable(),
    complaint: z.string(),
    createdAt: z.string(),
    mergedAt: z.string(),
    undoUntil: z.string().nullable(),
    timeline: z.array(staffTimelineEntrySchema),
  })
  .meta({ id: 'MergedDuplicate' });
export type MergedDuplicate = z.infer<typeof mergedDuplicateSchema>;

/** POST /api/staff/complaints/:number/merge: the complaint it duplicates. */
export const mergeBodySchema = z
  .object({
    into: z
      .string({ error: /*i18n*/ 'Give the number of the complaint it duplicates' })
      .trim()
      .toUpperCase()
      .regex(/^HC-\d{4}-\d{6,}$/, /*i18n*/ 'Give a complaint number such as HC-2026-000123'),
  })
  .meta({ id: 'Merge' });
export type MergeBody = z.infer<typeof mergeBodySchema>;

export const staffComplaintDetailSchema = staffComplaintSchema
  .extend(placeFactsSchema.shape)
  .extend({
    /** The student's full name (withheld for a confidential complaint). */
    studentName: z.string(),
    timeline: z.array(staffTimelineEntrySchema),
    allowedTransitions: z.array(z.object({ to: z.enum(STATUSES), label: z.string(), reasonRequired: z.boolean() })),
    rating: z.number().int().nullable(),
    ratingComment: z.string().nullable(),
    canRevealIdentity: z
      .boolean()
      .describe('Whether you may ask for the student behind a confidential complaint (anti-ragging duty and admins)'),
    mergedInto: mergedIntoSchema.nullable().describe('Set while this duplicate is merged into another complaint'),
    duplicates: z.array(mergedDuplicateSchema).describe('Complaints merged into this one, newest first, each with its thread'),
    visit: visitStateSchema.nullable().describe('The agreed visit and the open proposal; null when it is not in-room work'),
  })
  .meta({ id: 'StaffComplaintDetail' });
export type StaffComplaintDetail = z.infer<typeof staffComplaintDetailSchema>;

export const transitionBodySchema = z
  .object({
    to: z.enum(STATUSES),
    // As long as a reply: the complaint page's one box sends its words as the note when resolving.
    note: z.string().trim().max(4000).default(''),
    photoIds: photoIdsSchema.optional().describe('"After" photos, only when resolving'),
  })
  .meta({ id: 'Transition' });

export const replyBodySchema = z
  .object({
    text: z.string().trim().min(1, /*i18n*/ 'Write a reply').max(4000),
    internal: z.boolean().default(false).describe('An internal note: never shown to the student'),
    waitForStudent: z
      .boolean()
      .default(false)
      .describe("The reply asks the student something: the complaint's clock pauses until they answer (not with an internal note)"),
  })
  .meta({ id: 'Reply' });

export const assignBodySchema = z
  .object({ assigneeId: z.uuid().nullable() })
  .meta({ id: 'Assign' });

/** Taking a complaint yourself names who had it as you saw it, so two taps at once never both win. */
export const takeBodySchema = z
  .object({
    from: z
      .uuid()
      .nullable()
      .describe('Who has it now as you saw it (null: nobody); taking it over from someone else names them'),
  })
  .meta({ id: 'Take' });

export const identitySchema = z
  .object({
    fname: z.string(),
    id: z.string(),
    userEmail: z.string(),
    name: z.string(),
    room: z.string().describe("The student's own room as filed ('' when not given): it goes with the identity"),
  })
  .meta({ id: 'StudentIdentity' });
export type RevealedIdentity = z.infer<typeof identitySchema>;

export const REVEAL_REASON_MIN_LENGTH = 5;
export const REVEAL_REASON_MAX_LENGTH = 500;
const REVEAL_REASON_MISSING = /*i18n*/ 'Give the reason you need to see who filed this';

/** Why someone asks to see who filed a confidential complaint; kept in the audit log with the reveal. */
export const revealBodySchema = z
  .object(
    {
      reason: z
        .string({ error: REVEAL_REASON_MISSING })
        .trim()
        .min(1, REVEAL_REASON_MISSING)
        .min(REVEAL_REASON_MIN_LENGTH, valued(/*i18n*/ 'Give a reason of at least {min} characters', { min: REVEAL_REASON_MIN_LENGTH }))
        .max(REVEAL_REASON_MAX_LENGTH, valued(/*i18n*/ 'Keep the reason under {max} characters', { max: REVEAL_REASON_MAX_LENGTH })),
    },
    { error: REVEAL_REASON_MISSING },
  )
  .meta({ id: 'RevealIdentity' });
export type RevealBody = z.infer<typeof revealBodySchema>;

export const confirmBodySchema = z
  .object({
    rating: z.number().int().min(1, /*i18n*/ 'Rate from 1 to 5').max(5, /*i18n*/ 'Rate from 1 to 5').optional(),
    comment: z.string().trim().max(1000).optional(),
  })
  .meta({ id: 'ConfirmResolution' });

export const reopenBodySchema = z
  .object({ reason: z.string().trim().min(1, /*i18n*/ 'Say why it is not fixed').max(2000) })
  .meta({ id: 'Reopen' });

/** How a worker hears of new work in their scope: the bell always; by mail each time, as a digest, or not at all. */
export const staffPreferencesSchema = z
  .object({
    newWorkMail: z.enum(NEW_WORK_MAIL, { error: /*i18n*/ 'Choose each, digest or none' }),
    digestHours: z
      .number({ error: /*i18n*/ 'Digest every: a whole number of hours' })
      .int(/*i18n*/ 'Digest every: a whole number of hours')
      .min(1, /*i18n*/ 'Digest every: at least 1 hour')
      .max(168, /*i18n*/ 'Digest every: at most 168 hours (a week)'),
  })
  .meta({ id: 'StaffPreferences' });
export type StaffPreferences = z.infer<typeof staffPreferencesSchema>;

/** A colleague as the staff console offers them for assignment: who, and what they work. */
export const colleaguesSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.enum(ROLES),
        scopes: z.array(z.object({ category: z.string(), hostel: z.string() })),
      }),
    ),
  })
  .meta({ id: 'Colleagues' });
export type Colleague = z.infer<typeof colleaguesSchema>['items'][number];
