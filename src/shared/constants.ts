/**
 * Constants both sides need that must not pull zod into the browser's first download: the web
 * app's frame (navigation, sign-in state) imports only from here.
 */

export const CSRF_HEADER = 'x-csrf-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Texts the original portal showed, kept word for word. */
export const seedTexts = {
  signInFirst: /*i18n*/ 'Please Sign In first',
  /**
   * `{shortName}` is the university's short name from configuration: with the default short name it
   * reads 'Please login with vitbhopal email', the seed's words (§5, §8).
   */
  wrongDomain: (shortName: string) => `Please login with ${shortName} email`,
} as const;

interface Language {
  /** Its name in itself, for the switch. */
  name: string;
  /** Its name in English, a message: "Name in {language}" says it in the reader's language. */
  english: string;
  /** The BCP 47 tag `Intl` formats with: the university is in India. */
  intl: string;
}

/**
 * The languages the portal speaks (issue 28, decisions 52 and 67). The first is
 * the source language: the code's messages are written in it. A new language is one entry here and
 * its catalogues (README, "Languages"); everything else reads this list.
 */
export const LANGUAGES = {
  en: { name: 'English', english: /*i18n*/ 'English', intl: 'en-IN' },
  hi: { name: 'हिन्दी', english: /*i18n*/ 'Hindi', intl: 'hi-IN' },
} as const satisfies Record<string, Language>;
export type Locale = keyof typeof LANGUAGES;
export const LOCALES = Object.keys(LANGUAGES) as [Locale, ...Locale[]];
export const SOURCE_LOCALE = 'en' satisfies Locale;
/**
 * The languages a name an administrator gives may be translated into (issue 42 item 4, decision
 * 67): every language but the source. The catalogue's `translations` and the admin editors' inputs
 * follow this list.
 */
export type TranslatedLocale = Exclude<Locale, typeof SOURCE_LOCALE>;
export const TRANSLATED_LOCALES: readonly TranslatedLocale[] = LOCALES.filter((locale): locale is TranslatedLocale => locale !== SOURCE_LOCALE);
/** The university's time zone until an administrator sets another in the profile (decision 53). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** The name each language has in itself, for the switch. */
export const LOCALE_NAMES = Object.fromEntries(LOCALES.map((locale) => [locale, LANGUAGES[locale].name])) as Record<Locale, string>;

/** Why a sign-in was refused; carried back to the web app as `?signInError=<code>`. */
export const SIGN_IN_ERROR_CODES = ['domain', 'failed'] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Enumerations. Each is declared once, here; the database columns and check constraints
// (src/server/db/schema.ts), the zod schemas, the server and the web app all take it from here.
// Adding a value is this file plus the migration `npm run db:generate` writes.

/**
 * `withdrawn`: the student took it back before anyone acknowledged it. `merged`: staff found it
 * was the same problem as another complaint, which goes on for both students (its `merged_into_id`).
 */
export const STATUSES = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'closed', 'rejected', 'reopened', 'withdrawn', 'merged'] as const;
export type ComplaintStatus = (typeof STATUSES)[number];

/** Waiting for the hostel team: not yet resolved, rejected or closed. A resolved complaint is not open. */
export const OPEN_STATUSES = ['submitted', 'acknowledged', 'in_progress', 'reopened'] as const satisfies readonly ComplaintStatus[];
export type OpenStatus = (typeof OPEN_STATUSES)[number];
export const isOpenStatus = (status: ComplaintStatus): status is OpenStatus => (OPEN_STATUSES as readonly ComplaintStatus[]).includes(status);

/** Over for good. A resolved complaint is neither open nor finished: it waits for the student to confirm or reopen it. */
export const FINISHED_STATUSES = ['closed', 'rejected', 'withdrawn', 'merged'] as const satisfies readonly ComplaintStatus[];
export const isFinishedStatus = (status: ComplaintStatus): boolean => (FINISHED_STATUSES as readonly ComplaintStatus[]).includes(status);

export const ROLES = ['student', 'staff', 'warden', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { student: /*i18n*/ 'Student', staff: /*i18n*/ 'Staff', warden: /*i18n*/ 'Warden', admin: /*i18n*/ 'Administrator' };
// What each role may do is in permissions.ts.

/** What a student files: a complaint in a category, or a request for a service. */
export const COMPLAINT_KINDS = ['complaint', 'cleaning', 'laundry'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];

/**
 * What a timeline entry records. A reply is the student's or the team's: its author says which.
 * `merge`: a duplicate was merged into this complaint, or this one into another (or undone);
 * `follow`: a student said "Me too" (or left); `incident`: linked to a notice, or resolved with it;
 * `ragging`: the statutory record of a ragging report (the FIR decision, the enquiry's end, a clock
 * that ran out and who was told); `visit`: a visit time proposed, accepted or declined; `clock`: the
 * team waits for the student's answer (its clock pauses) or the clock runs again (issue 44).
 */
export const EVENT_KINDS = ['status', 'reply', 'note', 'assignment', 'escalation', 'merge', 'follow', 'incident', 'ragging', 'visit', 'photos', 'clock'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Where a timeline entry was written: in the portal, or by answering a mail from it. */
export const EVENT_CHANNELS = ['portal', 'mail'] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];

/** What became of a mail that arrived at the portal's reply address. */
export const INBOUND_OUTCOMES = ['posted', 'dropped'] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

export const OUTBOX_STATUSES = ['held', 'queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How a worker hears of new work in their scope by mail (the bell always rings). */
export const NEW_WORK_MAIL = ['each', 'digest', 'none'] as const;
export type NewWorkMail = (typeof NEW_WORK_MAIL)[number];

/** How a student came to follow a complaint that is not theirs: "Me too", or their own duplicate merged into it. */
export const FOLLOW_SOURCES = ['me_too', 'merged'] as const;
export type FollowSource = (typeof FOLLOW_SOURCES)[number];

/** A notice of a known problem (an incident): up while it lasts, resolved with its complaints, or taken down. */
export const INCIDENT_STATUSES = ['active', 'resolved', 'withdrawn'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** A bulk action waits out its undo window ('pending'), then runs once ('running' → 'done'), unless undone ('cancelled'). */
export const BULK_ACTION_STATUSES = ['pending', 'running', 'done', 'cancelled'] as const;
export type BulkActionStatus = (typeof BULK_ACTION_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Ragging: a category of its own (decision 40), with the UGC regulations' clocks.

/** The category key of ragging reports: routed by the `ragging` rule, timed by the statutory clocks. */
export const RAGGING_CATEGORY = 'ragging';
/** Where a ragging incident happened, in the reporter's words beside one of these. */
export const PLACE_KINDS = ['hostel', 'campus', 'other'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
/** The duty's decision on a police report (FIR), due within 24 hours of the report. */
export const FIR_DECISIONS = ['needed', 'not_needed'] as const;
export type FirDecision = (typeof FIR_DECISIONS)[number];
/** How the enquiry ended (due within 7 days of the report). */
export const ENQUIRY_OUTCOMES = ['action_taken', 'not_established', 'referred'] as const;
export type EnquiryOutcome = (typeof ENQUIRY_OUTCOMES)[number];
/** How far a statutory clock that ran out has gone: nobody yet, the nodal officer, then the head of the institution. */
export const CLOCK_ESCALATION_LEVELS = { none: 0, nodalOfficer: 1, head: 2 } as const;
/** The email of the one user every anonymous report is filed under (it can never sign in, and is never told anything). */
export const ANONYMOUS_REPORTER_EMAIL = 'anonymous@invalid';

// ---------------------------------------------------------------------------------------------
// Places (issue 27): rooms and common areas, consent to enter, visits, cleaning on a schedule.

/** When a student is usually in, offered with "May staff enter when you are out?" for in-room work. */
export const ENTRY_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export type EntrySlot = (typeof ENTRY_SLOTS)[number];
/**
 * A visit time one side proposed: 'open' until the other side answers ('accepted', 'declined'),
 * a newer proposal replaces it ('superseded') or its author takes it back ('withdrawn').
 */
export const VISIT_PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'superseded', 'withdrawn'] as const;
export type VisitProposalStatus = (typeof VISIT_PROPOSAL_STATUSES)[number];
/** What the cleaning staff marked for one booked visit on one day. */
export const CLEANING_VISIT_OUTCOMES = ['done', 'not_possible'] as const;
export type CleaningVisitOutcome = (typeof CLEANING_VISIT_OUTCOMES)[number];

/** How far a late complaint has been escalated: nobody yet, the hostel's wardens, then the admins. */
export const ESCALATION_LEVELS = { none: 0, wardens: 1, admins: 2 } as const;

/** Photos: the student's of the problem, the team's "after" ones at resolution (decision 23). */
export const PHOTO_STAGES = ['before', 'after'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];
/** Each photo is kept as the re-encoded picture and a small thumbnail. */
export const PHOTO_VARIANTS = ['full', 'thumb'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
/** Where a photo's bytes are: the database (default, in every backup) or S3-compatible storage. */
export const PHOTO_STORAGES = ['database', 's3'] as const;
export type PhotoStorageKind = (typeof PHOTO_STORAGES)[number];

/** What a one-click link in facility mail does. */
export const LINK_ACTIONS = ['acknowledge', 'resolve'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];
export const STATUS_LABELS: Record<ComplaintStatus, string> = {
  submitted: /*i18n*/ 'Submitted',
  acknowledged: /*i18n*/ 'Acknowledged',
  in_progress: /*i18n*/ 'In progress',
  resolved: /*i18n*/ 'Resolved',
  closed: /*i18n*/ 'Closed',
  rejected: /*i18n*/ 'Rejected',
  reopened: /*i18n*/ 'Reopened',
  withdrawn: /*i18n*/ 'Withdrawn',
  merged: /*i18n*/ 'Merged',
};

/** Everything the audit log records, with the words the console shows for it. */
export const AUDIT_ACTION_LABELS = {
  'university.update': /*i18n*/ 'University profile changed',
  'university.logo_set': /*i18n*/ 'Logo uploaded',
  'university.logo_remove': /*i18n*/ 'Logo removed',
  'hostel.create': /*i18n*/ 'Hostel added',
  'hostel.update': /*i18n*/ 'Hostel changed',
  'hostel.retire': /*i18n*/ 'Hostel retired',
  'hostel.restore': /*i18n*/ 'Hostel brought back',
  'common_area.create': /*i18n*/ 'Common area added',
  'common_area.update': /*i18n*/ 'Common area changed',
  'common_area.retire': /*i18n*/ 'Common area retired',
  'common_area.restore': /*i18n*/ 'Common area brought back',
  'category.create': /*i18n*/ 'Category added',
  'category.update': /*i18n*/ 'Category changed',
  'category.retire': /*i18n*/ 'Category retired',
  'category.restore': /*i18n*/ 'Category brought back',
  'service.update': /*i18n*/ 'Service changed',
  'service.enable': /*i18n*/ 'Service switched on',
  'service.disable': /*i18n*/ 'Service switched off',
  'routing.update': /*i18n*/ 'Recipients changed',
  'routing.remove_override': /*i18n*/ 'Hostel recipients removed',
  'user.add': /*i18n*/ 'Person added',
  'user.update': /*i18n*/ 'Person changed',
  'user.disable': /*i18n*/ 'Account disabled',
  'user.enable': /*i18n*/ 'Account enabled',
  'outbox.retry': /*i18n*/ 'Mail retried',
  'complaint.status': /*i18n*/ 'Complaint status changed',
  'complaint.assign': /*i18n*/ 'Complaint assigned',
  'complaint.reply': /*i18n*/ 'Reply to the student',
  'complaint.student_reply': /*i18n*/ 'Reply from the student',
  'complaint.note': /*i18n*/ 'Internal note',
  'complaint.reveal_identity': /*i18n*/ 'Confidential identity revealed',
  'complaint.identity_search': /*i18n*/ 'Confidential report found by who filed it',
  'complaint.escalate': /*i18n*/ 'Late complaint escalated',
  'complaint.photos': /*i18n*/ 'Photos added',
  'complaint.merge': /*i18n*/ 'Complaint merged into another',
  'complaint.unmerge': /*i18n*/ 'Merge undone',
  'complaint.follow': /*i18n*/ 'A student said Me too',
  'complaint.unfollow': /*i18n*/ 'A student stopped following it',
  'incident.create': /*i18n*/ 'Notice posted',
  'incident.update': /*i18n*/ 'Notice changed',
  'incident.resolve': /*i18n*/ 'Incident resolved',
  'incident.withdraw': /*i18n*/ 'Notice taken down',
  'bulk.schedule': /*i18n*/ 'Bulk action started',
  'bulk.undo': /*i18n*/ 'Bulk action undone',
  'university.contacts': /*i18n*/ 'Anti-ragging contacts changed',
  'ragging.fir_decision': /*i18n*/ 'FIR decision recorded',
  'ragging.enquiry_close': /*i18n*/ 'Ragging enquiry closed',
  'ragging.clock_escalate': /*i18n*/ 'Ragging deadline missed: escalated',
  'ragging.inspection': /*i18n*/ 'Anti-ragging inspection recorded',
  'complaint.anonymous_reply': /*i18n*/ 'Reply from an anonymous reporter',
  'cleaning_slot.create': /*i18n*/ 'Weekly cleaning time added',
  'cleaning_slot.retire': /*i18n*/ 'Weekly cleaning time retired',
  'cleaning_slot.restore': /*i18n*/ 'Weekly cleaning time brought back',
  'complaint.visit_proposed': /*i18n*/ 'Visit time proposed',
  'complaint.visit_accepted': /*i18n*/ 'Visit time accepted',
  'complaint.visit_declined': /*i18n*/ 'Visit time declined',
  'grievance.committee': /*i18n*/ 'Grievance committee or Ombudsperson changed',
  'grievance.raise': /*i18n*/ 'Grievance raised',
  'grievance.hearing': /*i18n*/ 'Grievance hearing scheduled',
  'grievance.decision': /*i18n*/ 'Grievance committee’s decision issued',
  'grievance.appeal': /*i18n*/ 'Appeal to the Ombudsperson',
  'grievance.question': /*i18n*/ 'Question from the Ombudsperson',
  'grievance.answer': /*i18n*/ 'Answer to the Ombudsperson',
  'grievance.message': /*i18n*/ 'Message on a grievance',
  'grievance.disposal': /*i18n*/ 'Appeal disposed of by the Ombudsperson',
  'grievance.withdraw': /*i18n*/ 'Grievance withdrawn',
  'grievance.reminder': /*i18n*/ 'Grievance deadline missed: told',
  'complaint.clock_pause': /*i18n*/ "Clock paused: waiting for the student's answer",
  'complaint.clock_resume': /*i18n*/ 'Clock running again',
  'calendar.days_off': /*i18n*/ 'Weekly days off changed',
  'holiday.add': /*i18n*/ 'Holiday added',
  'holiday.rename': /*i18n*/ 'Holiday renamed',
  'holiday.remove': /*i18n*/ 'Holiday removed',
  'holiday.import': /*i18n*/ 'Holidays imported',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
