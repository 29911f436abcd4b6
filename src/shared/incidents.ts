import { z } from 'zod';
import { dayNumber, dayText, two, wallTimeIn } from './time.js';
import { INCIDENT_STATUSES, OPEN_STATUSES, STATUSES, type ComplaintStatus } from './constants.js';
import { checkTransition } from './lifecycle.js';
import { relativeDay } from './relative-day.js';
import { valued } from './valued-message.js';

/*
 * Notices of a known problem (incidents, decision 37): what the team posts, what students see on
 * the home page and the form, and what resolving one does. The time helpers below are pure (Intl
 * only), so the staff form and the server read the expected end in the university's time zone alike.
 */

export const INCIDENT_TITLE_MAX = 120;
export const INCIDENT_DETAILS_MAX = 1000;
export const INCIDENT_NOTE_MAX = 1000;
/** A notice expects its end within this many days: longer is not an outage but a state of things. */
export const INCIDENT_MAX_DAYS = 30;

/** The statuses of linked complaints a notice's resolution resolves: those the state machine lets the team resolve. */
export const RESOLVED_WITH_NOTICE: readonly ComplaintStatus[] = OPEN_STATUSES.filter((s) => checkTransition(s, 'resolved', 'staff', '').ok);

const TITLE_MISSING = /*i18n*/ 'Give the notice a title';
const NOTE_MISSING = /*i18n*/ 'Say what was done';

const floorsSchema = z
  .array(z.number({ error: /*i18n*/ 'Floors are whole numbers' }).int(/*i18n*/ 'Floors are whole numbers').min(0, /*i18n*/ 'Floors are whole numbers from 0').max(200))
  .max(100)
  .transform((floors) => [...new Set(floors)].sort((a, b) => a - b))
  .describe('The floors affected; none means the whole hostel');

const titleSchema = z
  .string({ error: TITLE_MISSING })
  .trim()
  .min(1, TITLE_MISSING)
  .max(INCIDENT_TITLE_MAX, valued(/*i18n*/ 'Keep the title within {max} characters', { max: INCIDENT_TITLE_MAX }))
  .regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'The title is one line');

const detailsSchema = z.string().trim().max(INCIDENT_DETAILS_MAX, valued(/*i18n*/ 'Keep the details within {max} characters', { max: INCIDENT_DETAILS_MAX }));

const endsAtSchema = z
  .iso.datetime({ offset: true, error: /*i18n*/ 'Give the expected end as a date and time' })
  .describe('When the team expects it to be over (ISO 8601 with an offset); in the future and within 30 days');

export const incidentCreateSchema = z
  .object({
    hostel: z.string({ error: /*i18n*/ 'Choose the hostel' }).trim().min(1, /*i18n*/ 'Choose the hostel').max(80),
    floors: floorsSchema.default([]),
    category: z.string({ error: /*i18n*/ 'Choose the category' }).trim().min(1, /*i18n*/ 'Choose the category').max(40),
    title: titleSchema,
    details: detailsSchema.default(''),
    endsAt: endsAtSchema,
  })
  .meta({ id: 'IncidentCreate' });
export type IncidentCreate = z.infer<typeof incidentCreateSchema>;

export const incidentUpdateSchema = z
  .object({
    title: titleSchema.optional(),
    details: detailsSchema.optional(),
    endsAt: endsAtSchema.optional(),
    floors: floorsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: /*i18n*/ 'Change at least one of title, details, expected end or floors' })
  .meta({ id: 'IncidentUpdate' });
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const incidentResolveSchema = z
  .object({
    note: z
      .string({ error: NOTE_MISSING })
      .trim()
      .min(1, NOTE_MISSING)
      .max(INCIDENT_NOTE_MAX, valued(/*i18n*/ 'Keep the note within {max} characters', { max: INCIDENT_NOTE_MAX }))
      .describe('What was done: sent to every student told'),
  })
  .meta({ id: 'IncidentResolve' });
export type IncidentResolve = z.infer<typeof incidentResolveSchema>;

export const incidentLinkSchema = z
  .object({ number: z.string({ error: /*i18n*/ 'Give the complaint number' }).trim().min(1, /*i18n*/ 'Give the complaint number').max(40) })
  .meta({ id: 'IncidentLink' });

export const incidentIdParams = z.object({ id: z.uuid({ error: /*i18n*/ 'Notice not found' }) });

export const incidentListQuerySchema = z.object({
  status: z.enum(INCIDENT_STATUSES).optional().describe('Only notices in this state; all when left out'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;

/** How many complaints and people a notice concerns, and how many resolving it would tell. */
const incidentCountsSchema = z.object({
  linked: z.number().int().describe('Complaints linked to it'),
  open: z.number().int().describe('Linked complaints still open: resolving the notice resolves them'),
  followers: z.number().int().describe('Students who said it affects them too'),
  toTell: z.number().int().describe('Different people resolving it would tell now: filers and followers of the open linked complaints, and its followers'),
});

/** A notice as the staff console shows it. */
export const staffIncidentSchema = z
  .object({
    id: z.string(),
    hostel: z.string(),
    floors: z.array(z.number().int()),
    category: z.string(),
    title: z.string(),
    details: z.string(),
    status: z.enum(INCIDENT_STATUSES),
    endsAt: z.string(),
    endsAtText: z.string().describe("The expected end in words on the university's clock ('18:00', 'tomorrow 09:30', 'Fri 28 Nov, 18:00')"),
    createdAt: z.string(),
    postedBy: z.string(),
    resolvedAt: z.string().nullable(),
    resolutionNote: z.string(),
    counts: incidentCountsSchema,
  })
  .meta({ id: 'StaffIncident' });
export type StaffIncident = z.infer<typeof staffIncidentSchema>;

export const staffIncidentListSchema = z
  .object({
    items: z.array(staffIncidentSchema),
    nextCursor: z.string().nullable(),
    timeZone: z.string().describe("The university's time zone: the expected end is given and shown in it"),
  })
  .meta({ id: 'StaffIncidentList' });

export const linkedComplaintSchema = z.object({
  number: z.string(),
  status: z.enum(STATUSES),
  complaintHead: z.string(),
  subCategory: z.string(),
  floor: z.number().int(),
  roomNo: z.string(),
  createdAt: z.string(),
  followerCount: z.number().int(),
});

export const staffIncidentDetailSchema = staffIncidentSchema
  .extend({
    complaints: z.array(linkedComplaintSchema).describe('The linked complaints, newest first (at most 200)'),
  })
  .meta({ id: 'StaffIncidentDetail' });
export type StaffIncidentDetail = z.infer<typeof staffIncidentDetailSchema>;

export const incidentResolvedSchema = z
  .object({
    incident: staffIncidentSchema,
    resolved: z.number().int().describe('Linked complaints this resolved'),
    told: z.number().int().describe('Different people told (once each)'),
  })
  .meta({ id: 'IncidentResolved' });

/** A notice as a student sees it on the home page. */
export const activeNoticeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    details: z.string(),
    hostel: z.string(),
    floors: z.array(z.number().int()),
    category: z.string(),
    endsAt: z.string(),
    endsAtText: z.string(),
    affected: z.number().int().describe('Different students affected: those who filed, follow a linked complaint or said it affects them too'),
    following: z.boolean().describe('You said it affects you too'),
    myComplaint: z.string().nullable().describe('The number of your own complaint linked to it, if any'),
  })
  .meta({ id: 'ActiveNotice' });
export type ActiveNotice = z.infer<typeof activeNoticeSchema>;

export const activeNoticesQuerySchema = z.object({
  hostel: z.string().trim().min(1).max(80).optional().describe('Another hostel than your remembered place'),
  floor: z.coerce.number().int().min(0).max(200).optional(),
});

export const activeNoticesSchema = z
  .object({
    place: z.object({ hostel: z.string(), floor: z.number().int().nullable() }).nullable().describe('Where the notices are for'),
    items: z.array(activeNoticeSchema),
  })
  .meta({ id: 'ActiveNotices' });
export type ActiveNotices = z.infer<typeof activeNoticesSchema>;

export const followResultSchema = z.object({ following: z.boolean(), affected: z.number().int() }).meta({ id: 'IncidentFollow' });


/**
 * When a notice expects its end, in words on the university's clock: "18:00" today, "tomorrow
 * 09:30", else "Fri 28 Nov, 18:00" (a past time reads the same way: the notice is late); the words
 * in `intlLocale`'s language ("कल 09:30" in 'hi-IN').
 */
export function noticeTimeText(at: Date, now: Date, timeZone: string, intlLocale = 'en-GB'): string {
  const when = wallTimeIn(at, timeZone);
  const time = `${two(when.hour)}:${two(when.minute)}`;
  const days = dayNumber(when) - dayNumber(wallTimeIn(now, timeZone));
  if (days === 0) return time;
  if (days === 1) return `${relativeDay(1, intlLocale)} ${time}`;
  return `${dayText(at, timeZone, intlLocale)}, ${time}`;
}


/**
 * Why an expected end cannot be taken, or null: it must lie ahead and within the limit. The
 * server refuses with it and the form says it before sending.
 */
export function endsAtProblem(endsAt: Date, now: Date): string | null {
  if (Number.isNaN(endsAt.getTime())) return /*i18n*/ 'Give the expected end as a date and time';
  if (endsAt.getTime() <= now.getTime()) return /*i18n*/ 'The expected end must be in the future';
  if (endsAt.getTime() > now.getTime() + INCIDENT_MAX_DAYS * 86_400_000) return `The expected end must be within ${INCIDENT_MAX_DAYS} days`;
  return null;
}
