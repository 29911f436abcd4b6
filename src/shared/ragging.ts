import { z } from 'zod';
import { ENQUIRY_OUTCOMES, FIR_DECISIONS, PLACE_KINDS, STATUSES } from './constants.js';
import { MESSAGE_MAX_LENGTH } from './catalog.js';
import { valued } from './valued-message.js';

/**
 * Ragging as a channel of its own (decision 40): the duty's statutory decisions and the clocks that
 * time them, as the staff console reads and sends them. The UGC regulations want a decision on a
 * police report (FIR) within 24 hours of a report and the enquiry finished within 7 days; a clock
 * that runs out is escalated to the nodal officer, and a day later to the head of the institution.
 */

export { ENQUIRY_OUTCOMES, FIR_DECISIONS, PLACE_KINDS, RAGGING_CATEGORY } from './constants.js';
export type { EnquiryOutcome, FirDecision, PlaceKind } from './constants.js';

/** The routing key of ragging reports: the committee, the nodal officer in copy. */
export const RAGGING_ROUTING_KEY = 'ragging';
/** Hours from the report to the FIR decision, and days to the end of the enquiry. */
export const FIR_DECISION_HOURS = 24;
export const ENQUIRY_DAYS = 7;
/** Hours past a clock's due time before the head of the institution is told (the nodal officer is told at once). */
export const HEAD_AFTER_HOURS = 24;

export const PLACE_KIND_LABELS: Record<(typeof PLACE_KINDS)[number], string> = {
  hostel: /*i18n*/ 'In a hostel',
  campus: /*i18n*/ 'Elsewhere on campus',
  other: /*i18n*/ 'Somewhere else (off campus, online)',
};
export const FIR_DECISION_LABELS: Record<(typeof FIR_DECISIONS)[number], string> = {
  needed: /*i18n*/ 'FIR to be filed',
  not_needed: /*i18n*/ 'No FIR needed',
};
export const ENQUIRY_OUTCOME_LABELS: Record<(typeof ENQUIRY_OUTCOMES)[number], string> = {
  action_taken: /*i18n*/ 'Ragging established: action taken',
  not_established: /*i18n*/ 'Ragging not established',
  referred: /*i18n*/ 'Referred to the police or another authority',
};

const note = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(MESSAGE_MAX_LENGTH, valued(/*i18n*/ 'Keep it under {max} characters', { max: MESSAGE_MAX_LENGTH }));

/** POST /api/staff/complaints/:number/fir-decision — once per report, by the anti-ragging duty or an admin. */
export const firDecisionBodySchema = z
  .object({
    decision: z.enum(FIR_DECISIONS, { error: /*i18n*/ 'Choose whether an FIR is needed' }),
    note: note(/*i18n*/ 'Say why: the decision is kept as a statutory record'),
  })
  .meta({ id: 'FirDecisionBody' });
export type FirDecisionBody = z.infer<typeof firDecisionBodySchema>;

/** POST /api/staff/complaints/:number/enquiry-close — once, after the FIR decision. */
export const enquiryCloseBodySchema = z
  .object({
    outcome: z.enum(ENQUIRY_OUTCOMES, { error: /*i18n*/ 'Choose how the enquiry ended' }),
    note: note(/*i18n*/ 'Say why: the outcome is kept as a statutory record'),
  })
  .meta({ id: 'EnquiryCloseBody' });
export type EnquiryCloseBody = z.infer<typeof enquiryCloseBodySchema>;

/**
 * Where a clock stands: `running` (due later), `overdue` (past due, nothing recorded), `done` (the
 * decision or the outcome is recorded), `stopped` (the report was withdrawn, merged or rejected
 * first, or it was finished before the clocks existed).
 */
export const CLOCK_STATES = ['running', 'overdue', 'done', 'stopped'] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const firClockSchema = z
  .object({
    state: z.enum(CLOCK_STATES),
    dueAt: z.string().nullable(),
    decision: z.enum(FIR_DECISIONS).nullable(),
    note: z.string(),
    decidedAt: z.string().nullable(),
    decidedBy: person,
    /** 0 nobody was told it is late, 1 the nodal officer, 2 the head of the institution too. */
    escalationLevel: z.number().int(),
  })
  .meta({ id: 'FirClock' });

export const enquiryClockSchema = z
  .object({
    state: z.enum(CLOCK_STATES),
    dueAt: z.string().nullable(),
    outcome: z.enum(ENQUIRY_OUTCOMES).nullable(),
    closedAt: z.string().nullable(),
    closedBy: person,
    escalationLevel: z.number().int(),
  })
  .meta({ id: 'EnquiryClock' });

/** A ragging report's statutory record (GET /api/staff/complaints/:number/ragging, and the answer to both decisions). */
export const raggingStateSchema = z
  .object({
    number: z.string(),
    status: z.enum(STATUSES),
    subCategory: z.string(),
    hostel: z.string(),
    placeKind: z.enum(PLACE_KINDS).nullable(),
    placeText: z.string().nullable(),
    /** Filed without a name: there is nobody to reveal, and nobody is told anything by mail or bell. */
    anonymous: z.boolean(),
    createdAt: z.string(),
    fir: firClockSchema,
    enquiry: enquiryClockSchema,
    /** Whether you may record the decisions (the anti-ragging duty and admins). */
    canDecide: z.boolean(),
  })
  .meta({ id: 'RaggingState' });
export type RaggingState = z.infer<typeof raggingStateSchema>;

/** GET /api/staff/ragging/clocks: reports with a clock still running or overdue, the soonest due first. */
export const raggingClocksSchema = z
  .object({
    items: z.array(
      raggingStateSchema.omit({ canDecide: true }).extend({
        /** The earlier of the clocks still open: what the list is sorted by. */
        nextDueAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'RaggingClocks' });
export type RaggingClocks = z.infer<typeof raggingClocksSchema>;
export type RaggingClockItem = RaggingClocks['items'][number];
