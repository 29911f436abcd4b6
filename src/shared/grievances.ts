import { z } from 'zod';
import { isCalendarDay, periodProblem } from './ragging-reports.js';

/*
 * The grievance ladder (issue 44), after the UGC (Redressal of Grievances of Students) Regulations,
 * 2023: a student not satisfied with how the hostel handled a complaint (or with a hostel matter no
 * complaint covers) takes it to the Student Grievance Redressal Committee (SGRC), which decides
 * within 15 working days; within 15 days of that decision the student may appeal to the university's
 * Ombudsperson, who disposes of the appeal within 30 days. The server decides with these rules and
 * the pages offer with them; this file is the contract between the two.
 *
 * Confidential and anonymous complaints keep their own rules: no grievance is raised on one (the
 * committee would learn who reported it), and ragging is never a grievance (its channel is the
 * anti-ragging committee's). A student who wants the committee to hear such a matter raises a
 * grievance of their own, with no complaint behind it.
 */

/** The committee's clock: working days from receipt (regulation: "within 15 working days"). */
export const COMMITTEE_WORKING_DAYS = 15;
/** Days after the committee's decision in which the student may appeal. */
export const APPEAL_WINDOW_DAYS = 15;
/** Days the Ombudsperson has to dispose of an appeal. */
export const OMBUDSPERSON_DAYS = 30;
/** A complaint reopened this many times may go to the committee. */
export const REOPENS_FOR_GRIEVANCE = 2;

export const GRIEVANCE_REASON_MAX = 4000;
export const GRIEVANCE_SUBJECT_MAX = 200;
export const GRIEVANCE_TEXT_MAX = 4000;
export const HEARING_PLACE_MAX = 300;

/**
 *   received ──→ hearing_scheduled ──→ decided ──→ appealed ──→ disposed
 *       └──────────────────────────────↗   └─ (15 days pass) → final
 *   received / hearing_scheduled → withdrawn (the student, before a decision)
 * "final" is not a stored status: a decided grievance whose appeal window has closed is final.
 */
export const GRIEVANCE_STATUSES = ['received', 'hearing_scheduled', 'decided', 'appealed', 'disposed', 'withdrawn'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** What the committee decided. */
export const COMMITTEE_OUTCOMES = ['upheld', 'partly_upheld', 'not_upheld'] as const;
export type CommitteeOutcome = (typeof COMMITTEE_OUTCOMES)[number];

/** What the Ombudsperson did with the committee's decision. */
export const APPEAL_OUTCOMES = ['confirmed', 'modified', 'set_aside'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** Why a complaint may go to the committee (the first that applies), or why not. */
export type GrievanceEligibility =
  | { eligible: true; because: 'rejected' | 'reopened_twice' | 'overdue' }
  | { eligible: false; because: 'not_yet' | 'confidential' | 'anonymous' | 'ragging' | 'already_raised' | 'not_yours'; grievanceNumber?: string };

/**
 * Whether a complaint may be taken to the committee: rejected, reopened at least twice, or overdue
 * by more than its own target (72 hours due, still open 72 hours after that; a target in working
 * hours is counted in working hours, so the server gives the instant, `lateBeyondTargetAt`). The
 * server answers with this for the complaint it read; the page asks the server, never guesses.
 */
export function grievanceEligibility(complaint: {
  status: string;
  reopenCount: number;
  /** Open (not resolved, closed, rejected or withdrawn). */
  open: boolean;
  /** When the complaint will have been late for as long as its target: its due time plus the target again (null while it waits). */
  lateBeyondTargetAt: Date | null;
  /** The clock waits for the student: it stands still, neither later nor less late. */
  paused: boolean;
  /** It waits, and was already late by more than its target when it stopped (a pause does not take that away). */
  lateBeyondTargetWhenPaused: boolean;
  confidential: boolean;
  anonymous: boolean;
  ragging: boolean;
  existingGrievance: string | null;
  now: Date;
}): GrievanceEligibility {
  if (complaint.ragging) return { eligible: false, because: 'ragging' };
  if (complaint.anonymous) return { eligible: false, because: 'anonymous' };
  if (complaint.confidential) return { eligible: false, because: 'confidential' };
  if (complaint.existingGrievance) return { eligible: false, because: 'already_raised', grievanceNumber: complaint.existingGrievance };
  if (complaint.status === 'rejected') return { eligible: true, because: 'rejected' };
  if (complaint.reopenCount >= REOPENS_FOR_GRIEVANCE) return { eligible: true, because: 'reopened_twice' };
  if (complaint.open && complaint.paused && complaint.lateBeyondTargetWhenPaused) return { eligible: true, because: 'overdue' };
  if (complaint.open && !complaint.paused && complaint.lateBeyondTargetAt && complaint.now > complaint.lateBeyondTargetAt) return { eligible: true, because: 'overdue' };
  return { eligible: false, because: 'not_yet' };
}

// ---------------------------------------------------------------------------------------------
// Inputs (the server validates each with these; the forms use the same schemas)

const text = (max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Keep it under ${max} characters`);

/** POST /api/grievances: on a complaint (its number), or about a hostel matter with none (hostel and subject). */
export const raiseGrievanceSchema = z
  .object({
    complaintNumber: z.string().trim().max(40).optional(),
    hostel: z.string().trim().max(100).optional(),
    subject: z.string().trim().max(GRIEVANCE_SUBJECT_MAX, `Keep the subject under ${GRIEVANCE_SUBJECT_MAX} characters`).optional(),
    reason: text(GRIEVANCE_REASON_MAX, /*i18n*/ 'Say why you are not satisfied'),
    /** Photos uploaded first (POST /api/photos), as on a complaint. */
    photoIds: z.array(z.string().uuid()).max(5, 'At most 5 photos').default([]),
  })
  .superRefine((input, ctx) => {
    if (input.complaintNumber) return;
    if (!input.hostel) ctx.addIssue({ code: 'custom', path: ['hostel'], message: /*i18n*/ 'Choose your hostel' });
    if (!input.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: /*i18n*/ 'Give the grievance a subject' });
  });
export type RaiseGrievance = z.input<typeof raiseGrievanceSchema>;

/** POST …/hearings: when and where (a room, or a link for an online hearing). */
export const hearingSchema = z.object({
  at: z.iso.datetime({ offset: true, error: /*i18n*/ 'Give the date and time of the hearing' }),
  place: text(HEARING_PLACE_MAX, /*i18n*/ 'Say where the hearing is, or give its link'),
});
export type HearingInput = z.input<typeof hearingSchema>;

/** POST …/decision: the committee's findings and decision, issued once. */
export const decisionSchema = z.object({
  outcome: z.enum(COMMITTEE_OUTCOMES, { error: /*i18n*/ 'Choose the outcome' }),
  findings: text(GRIEVANCE_TEXT_MAX, /*i18n*/ 'Write the committee’s findings'),
  decision: text(GRIEVANCE_TEXT_MAX, /*i18n*/ 'Write the decision and what is to be done'),
});
export type DecisionInput = z.input<typeof decisionSchema>;

/** POST /api/grievances/:number/appeal. */
export const appealSchema = z.object({ reason: text(GRIEVANCE_REASON_MAX, /*i18n*/ 'Say why you appeal against the decision') });
export type AppealInput = z.input<typeof appealSchema>;

/** POST …/messages: a message in the grievance's thread (the student, a member, the Ombudsperson). */
export const grievanceMessageSchema = z.object({ text: text(GRIEVANCE_TEXT_MAX, /*i18n*/ 'Write your message') });
export type GrievanceMessageInput = z.input<typeof grievanceMessageSchema>;

/** POST /api/ombudsperson/appeals/:number/questions: a question to the student or to the committee. */
export const questionSchema = z.object({
  to: z.enum(['student', 'committee'], { error: /*i18n*/ 'Choose who the question is for' }),
  text: text(GRIEVANCE_TEXT_MAX, /*i18n*/ 'Write your question'),
});
export type QuestionInput = z.input<typeof questionSchema>;

/** POST /api/ombudsperson/appeals/:number/disposal. */
export const disposalSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: /*i18n*/ 'Choose the outcome' }),
  findings: text(GRIEVANCE_TEXT_MAX, /*i18n*/ 'Write your findings'),
  decision: text(GRIEVANCE_TEXT_MAX, /*i18n*/ 'Write the order'),
});
export type DisposalInput = z.input<typeof disposalSchema>;

/** The committee's seats, as the regulation composes it. */
export const COMMITTEE_POSITIONS = ['chair', 'member', 'special_invitee'] as const;
export type CommitteePosition = (typeof COMMITTEE_POSITIONS)[number];

const member = z.object({
  email: z.email({ error: /*i18n*/ 'Give the member’s university e-mail address' }).transform((e) => e.toLowerCase()),
  name: text(120, /*i18n*/ 'Give the member’s name'),
  position: z.enum(COMMITTEE_POSITIONS),
  /** A woman member (the regulation asks for at least one). */
  woman: z.boolean().default(false),
  /** A member from the SC/ST/OBC communities (the regulation asks for at least one). */
  reservedCategory: z.boolean().default(false),
});

/** PUT /api/admin/grievance-committee: the whole committee and the Ombudsperson at once. */
export const committeeSetupSchema = z.object({
  members: z.array(member).max(20, 'At most 20 members'),
  ombudsperson: z.object({ email: z.email({ error: /*i18n*/ 'Give the Ombudsperson’s e-mail address' }).transform((e) => e.toLowerCase()), name: text(120, /*i18n*/ 'Give the Ombudsperson’s name') }).nullable(),
});
export type CommitteeSetupInput = z.input<typeof committeeSetupSchema>;

/** Every seat of the ladder: the committee's, and the Ombudsperson's (who is never on the committee). */
export const GRIEVANCE_SEATS = [...COMMITTEE_POSITIONS, 'ombudsperson'] as const;
export type GrievanceSeat = (typeof GRIEVANCE_SEATS)[number];

/** GET /api/grievance-seats: the seats the signed-in person holds (the web's menus read it). */
export interface GrievanceSeats {
  committee: CommitteePosition | null;
  ombudsperson: boolean;
  /**
   * The head of the institution (the university profile's): told when a clock is missed a second
   * time, so they read the committee's grievances and the appeals, and act on none.
   */
  head: boolean;
}

/**
 * A missed clock is told once to the chair (the Ombudsperson for an appeal), then once to the head
 * of the institution when the decision is still not made this many working days after it was due.
 */
export const HEAD_AFTER_WORKING_DAYS = 5;

/** The kinds of a thread's entries (GrievanceThreadEntry.kind). */
export const GRIEVANCE_ENTRY_KINDS = ['raised', 'hearing', 'decision', 'appeal', 'question', 'message', 'disposal', 'withdrawn', 'reminder'] as const;
export type GrievanceEntryKind = (typeof GRIEVANCE_ENTRY_KINDS)[number];

/** The web pages a bell or a mail about a grievance opens, for each reader. */
export const GRIEVANCE_PAGES = {
  student: (number: string) => `/grievances/${number}`,
  committee: (number: string) => `/committee/grievances/${number}`,
  ombudsperson: (number: string) => `/ombudsperson/appeals/${number}`,
  /** Where the administrators name the committee and the Ombudsperson: told in an empty seat's place, they go there. */
  setup: '/admin/grievance-committee',
} as const;

/** What the regulation asks of the committee's composition. */
export const COMPOSITION_ITEMS = ['chair', 'members', 'woman', 'reserved_category', 'student_invitee', 'ombudsperson'] as const;
export type CompositionItem = (typeof COMPOSITION_ITEMS)[number];

/**
 * The checklist the admin console shows: a chair (one, a professor or senior faculty), at least
 * four members beside the chair, at least one woman, at least one member from SC/ST/OBC, a
 * student special invitee, and an Ombudsperson. Missing items are listed; the committee still
 * works without them (a university sets itself right; the portal says what is missing).
 */
export function compositionChecklist(setup: {
  members: ReadonlyArray<{ position: CommitteePosition; woman: boolean; reservedCategory: boolean }>;
  ombudsperson: unknown;
}): Array<{ item: CompositionItem; met: boolean }> {
  const { members } = setup;
  const chairs = members.filter((m) => m.position === 'chair').length;
  return [
    { item: 'chair', met: chairs === 1 },
    { item: 'members', met: members.filter((m) => m.position === 'member').length >= 4 },
    { item: 'woman', met: members.some((m) => m.woman) },
    { item: 'reserved_category', met: members.some((m) => m.reservedCategory) },
    { item: 'student_invitee', met: members.some((m) => m.position === 'special_invitee') },
    { item: 'ombudsperson', met: Boolean(setup.ombudsperson) },
  ];
}

/** GET /api/admin/grievance-report: a period (at most a year) and the file. */
export const grievanceReportQuerySchema = z
  .object({
    from: z.string().refine(isCalendarDay, 'Give the first day as a date (YYYY-MM-DD)'),
    to: z.string().refine(isCalendarDay, 'Give the last day as a date (YYYY-MM-DD)'),
    format: z.enum(['json', 'pdf', 'csv']).default('json'),
  })
  .superRefine((q, ctx) => {
    const problem = periodProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

// ---------------------------------------------------------------------------------------------
// What the server answers

/** One step in a grievance's thread, as its reader may see it. */
export interface GrievanceThreadEntry {
  id: string;
  at: string;
  kind: 'raised' | 'hearing' | 'decision' | 'appeal' | 'question' | 'message' | 'disposal' | 'withdrawn' | 'reminder';
  /** Who wrote it, in words ("You", "The committee", "The Ombudsperson", a member's name for members). */
  by: string;
  /** Written by the student who raised the grievance (their answer to a question, their appeal). */
  fromStudent: boolean;
  text: string;
  /** Set on a question: to whom. */
  to?: 'student' | 'committee';
  hearing?: { at: string; place: string };
  outcome?: CommitteeOutcome | AppealOutcome;
  /** A decision or disposal: its dated PDF. */
  pdfUrl?: string;
}

/** A clock and how it stands. */
export interface GrievanceClock {
  dueAt: string;
  /** Done before its due time, done late, still running, running late. */
  state: 'on_time' | 'late' | 'running' | 'overdue';
}

export interface GrievanceSummary {
  number: string;
  status: GrievanceStatus;
  subject: string;
  hostel: string;
  complaintNumber: string | null;
  receivedAt: string;
  committee: GrievanceClock;
  appeal: GrievanceClock | null;
}

/** GET /api/grievances/:number (the student) and the members' and Ombudsperson's pages. */
export interface GrievanceView extends GrievanceSummary {
  reason: string;
  photos: Array<{ id: string; url: string }>;
  thread: GrievanceThreadEntry[];
  /** The committee's decision, once issued. */
  decision: { outcome: CommitteeOutcome; findings: string; decision: string; decidedAt: string; pdfUrl: string } | null;
  disposal: { outcome: AppealOutcome; findings: string; decision: string; disposedAt: string; pdfUrl: string } | null;
  /** For the student: until when they may appeal (null before a decision or after an appeal), and whether they still may. */
  appealUntil: string | null;
  mayAppeal: boolean;
  /** Who raised it (members and the Ombudsperson only). */
  student?: { name: string; email: string; regNumber: string | null };
  /** The complaint's whole history, as a worker on it reads it (members and the Ombudsperson only). */
  complaint?: { number: string; category: string; status: string; text: string; history: Array<{ at: string; kind: string; text: string; by: string }> } | null;
}

/** GET /api/admin/grievance-committee. */
export interface CommitteeSetupView {
  members: Array<{ email: string; name: string; position: CommitteePosition; woman: boolean; reservedCategory: boolean; signedUp: boolean }>;
  ombudsperson: { email: string; name: string; signedUp: boolean } | null;
  checklist: Array<{ item: CompositionItem; met: boolean }>;
}

/** GET /api/admin/grievance-report?format=json: every figure as the SQL counted it. */
export interface GrievanceReport {
  from: string;
  to: string;
  /** Every figure counts the grievances received in the period, each as it stands now. */
  received: number;
  /** Of those, withdrawn by the student before a decision. */
  withdrawn: number;
  decided: number;
  decidedWithinClock: number;
  pendingWithCommittee: number;
  appeals: number;
  disposed: number;
  disposedWithinClock: number;
  pendingWithOmbudsperson: number;
  outcomes: Record<CommitteeOutcome, number>;
  appealOutcomes: Record<AppealOutcome, number>;
  byHostel: Array<{ hostel: string; received: number; decided: number; decidedWithinClock: number; appeals: number }>;
  byCategory: Array<{ category: string; received: number; decided: number; decidedWithinClock: number; appeals: number }>;
}
