import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, PLACE_TEXT_MAX_LENGTH } from './catalog.js';
import { CLOCK_STATES } from './ragging.js';
import { PLACE_KINDS, STATUSES } from './constants.js';
import { valued } from './valued-message.js';

/*
 * Anonymous ragging reports (decision 41): filed signed out, followed with a tracking code and a
 * secret that are shown once. Both are written in Crockford's base 32 (no I, L, O or U), so a code
 * read aloud or copied by hand survives: lower case, spaces and dashes are ignored, O is read as 0
 * and I or L as 1.
 */

/** Crockford's base-32 alphabet: digits and capitals without I, L, O and U. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** "RG-" and 8 characters (40 bits): short enough to read out, never enough alone to open a report. */
export const TRACKING_CODE_PREFIX = 'RG';
export const TRACKING_CODE_LENGTH = 8;
/** 28 characters of 5 bits: a 140-bit random secret, shown as seven groups of four. */
export const SECRET_LENGTH = 28;

/** What staff see instead of the student of an anonymous report (queue, detail, CSV). */
export const ANONYMOUS_REPORT = /*i18n*/ 'Anonymous report';
/** Who wrote the anonymous reporter's words in the staff console's thread. */
export const ANONYMOUS_REPORTER = /*i18n*/ 'Anonymous reporter';

const canonical = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');

const inAlphabet = (text: string, length: number) => text.length === length && [...text].every((c) => CODE_ALPHABET.includes(c));

const grouped = (text: string, size: number) => text.match(new RegExp(`.{1,${size}}`, 'g'))?.join('-') ?? text;

/** A tracking code as typed ("rg 7k4p 2qxm", "7K4P2QXM") in its one written form ("RG-7K4P-2QXM"); null when it cannot be one. */
export function normalizeTrackingCode(typed: string): string | null {
  let text = canonical(typed);
  if (text.length === TRACKING_CODE_PREFIX.length + TRACKING_CODE_LENGTH && text.startsWith(TRACKING_CODE_PREFIX)) {
    text = text.slice(TRACKING_CODE_PREFIX.length);
  }
  return inAlphabet(text, TRACKING_CODE_LENGTH) ? `${TRACKING_CODE_PREFIX}-${grouped(text, 4)}` : null;
}

/** A secret as typed, without its dashes (what is hashed); null when it cannot be one. */
export function normalizeSecret(typed: string): string | null {
  const text = canonical(typed);
  return inAlphabet(text, SECRET_LENGTH) ? text : null;
}

/** A secret as it is shown: seven groups of four ("K7P2-…"). */
export const formatSecret = (secret: string) => grouped(secret, 4);

const oneLine = /^[^\p{Cc}]*$/u;

/** POST /api/anonymous/ragging-reports: what happened and where, and nothing about who. */
export const anonymousReportBodySchema = z
  .object({
    subCategory: z
      .string({ error: /*i18n*/ 'Choose what kind of ragging it was' })
      .min(1, /*i18n*/ 'Choose what kind of ragging it was')
      .max(80, /*i18n*/ 'Choose what kind of ragging it was'),
    placeKind: z.enum(PLACE_KINDS, { error: /*i18n*/ 'Say where it happened' }),
    placeText: z
      .string({ error: /*i18n*/ 'Describe where it happened' })
      .trim()
      .min(1, /*i18n*/ 'Describe where it happened')
      .max(PLACE_TEXT_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: PLACE_TEXT_MAX_LENGTH }))
      .regex(oneLine, /*i18n*/ 'Keep it on one line'),
    message: z
      .string({ error: /*i18n*/ 'Write what happened' })
      .trim()
      .min(1, /*i18n*/ 'Write what happened')
      .max(MESSAGE_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: MESSAGE_MAX_LENGTH })),
    /** The hostel it concerns, when the reporter wants to say (it narrows nothing down to a room). */
    hostel: z.string().trim().max(80, /*i18n*/ 'Choose a hostel from the list').optional(),
  })
  .meta({ id: 'AnonymousReportBody' });
export type AnonymousReportBody = z.infer<typeof anonymousReportBodySchema>;

/** The answer to filing: the only time the secret is ever sent. */
export const anonymousFiledSchema = z
  .object({
    trackingCode: z.string().describe('RG- and 8 characters: where the report is followed'),
    secret: z.string().describe('Shown once; only its hash is kept, so it cannot be shown again or recovered'),
  })
  .meta({ id: 'AnonymousFiled' });
export type AnonymousFiled = z.infer<typeof anonymousFiledSchema>;

/** The tracking code in a path, as typed; the server reads it with normalizeTrackingCode. */
export const trackingCodeParamsSchema = z.object({ code: z.string().max(40) });

/** POST …/:code/session: the secret that opens the report on this device for a while. */
export const followBodySchema = z
  .object({ secret: z.string({ error: /*i18n*/ 'Enter the secret' }).trim().min(1, /*i18n*/ 'Enter the secret').max(80, /*i18n*/ 'Check the secret') })
  .meta({ id: 'FollowBody' });
export type FollowBody = z.infer<typeof followBodySchema>;

/** The follow page's form: the code and the secret as typed, each checked for what it can be before anything is sent. */
export const followFormSchema = z.object({
  code: z
    .string()
    .trim()
    .refine((typed) => normalizeTrackingCode(typed) !== null, /*i18n*/ 'Enter the tracking code as it was shown, like RG-7K4P-2QXM')
    .transform((typed) => normalizeTrackingCode(typed) ?? typed),
  secret: z
    .string()
    .trim()
    .refine((typed) => normalizeSecret(typed) !== null, /*i18n*/ 'Enter the secret as it was shown: seven groups of four letters and digits'),
});
export type FollowForm = z.input<typeof followFormSchema>;

/** POST …/:code/replies: the reporter answers in the thread. */
export const anonymousReplyBodySchema = z
  .object({
    text: z
      .string({ error: /*i18n*/ 'Write a reply' })
      .trim()
      .min(1, /*i18n*/ 'Write a reply')
      .max(MESSAGE_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: MESSAGE_MAX_LENGTH })),
  })
  .meta({ id: 'AnonymousReply' });
export type AnonymousReplyBody = z.infer<typeof anonymousReplyBodySchema>;

/** A statutory clock as the reporter sees it: whether it runs and until when, not what was decided. */
const publicClockSchema = z.object({ state: z.enum(CLOCK_STATES), dueAt: z.string().nullable() });

/** An anonymous report as its reporter follows it: what they sent, where it stands, and the thread. */
export const anonymousThreadSchema = z
  .object({
    trackingCode: z.string(),
    number: z.string().describe('The report number the committee knows it by'),
    status: z.enum(STATUSES),
    subCategory: z.string(),
    placeKind: z.enum(PLACE_KINDS).nullable(),
    placeText: z.string().nullable(),
    hostel: z.string(),
    message: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Whether the thread still takes the reporter's replies (not once it is finished). */
    canReply: z.boolean(),
    timeline: z.array(
      z.object({
        at: z.string(),
        kind: z.enum(['status', 'reply']),
        status: z.enum(STATUSES),
        fromStatus: z.enum(STATUSES).nullable(),
        note: z.string(),
        /** Written by the reporter; otherwise by the committee (or the portal). */
        fromReporter: z.boolean(),
      }),
    ),
    /** The UGC regulations' deadlines: a decision on a police report in 24 hours, the enquiry in 7 days. */
    clocks: z.object({ fir: publicClockSchema, enquiry: publicClockSchema }),
  })
  .meta({ id: 'AnonymousThread' });
export type AnonymousThread = z.infer<typeof anonymousThreadSchema>;
