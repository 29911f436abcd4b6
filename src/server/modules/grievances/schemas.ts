import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  COMMITTEE_OUTCOMES,
  COMMITTEE_POSITIONS,
  COMPOSITION_ITEMS,
  GRIEVANCE_ENTRY_KINDS,
  GRIEVANCE_STATUSES,
  type CommitteeSetupView,
  type GrievanceEligibility,
  type GrievanceReport,
  type GrievanceSeats,
  type GrievanceSummary,
  type GrievanceThreadEntry,
  type GrievanceView,
} from '../../../shared/grievances.js';

/*
 * The answers' shapes for the routes' response schemas (and so the OpenAPI document): each is
 * checked against the contract's interface in src/shared/grievances.ts, so the two cannot drift.
 */

const clock = z.object({ dueAt: z.string(), state: z.enum(['on_time', 'late', 'running', 'overdue']) });

export const summarySchema = z
  .object({
    number: z.string(),
    status: z.enum(GRIEVANCE_STATUSES),
    subject: z.string(),
    hostel: z.string(),
    complaintNumber: z.string().nullable(),
    receivedAt: z.string(),
    committee: clock,
    appeal: clock.nullable(),
  })
  .meta({ id: 'GrievanceSummary' }) satisfies z.ZodType<GrievanceSummary>;

export const threadEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(GRIEVANCE_ENTRY_KINDS),
    by: z.string(),
    fromStudent: z.boolean(),
    text: z.string(),
    to: z.enum(['student', 'committee']).optional(),
    hearing: z.object({ at: z.string(), place: z.string() }).optional(),
    outcome: z.enum([...COMMITTEE_OUTCOMES, ...APPEAL_OUTCOMES]).optional(),
    pdfUrl: z.string().optional(),
  })
  .meta({ id: 'GrievanceThreadEntry' }) satisfies z.ZodType<GrievanceThreadEntry>;

export const viewSchema = summarySchema
  .extend({
    reason: z.string(),
    photos: z.array(z.object({ id: z.string(), url: z.string() })),
    thread: z.array(threadEntrySchema),
    decision: z.object({ outcome: z.enum(COMMITTEE_OUTCOMES), findings: z.string(), decision: z.string(), decidedAt: z.string(), pdfUrl: z.string() }).nullable(),
    disposal: z.object({ outcome: z.enum(APPEAL_OUTCOMES), findings: z.string(), decision: z.string(), disposedAt: z.string(), pdfUrl: z.string() }).nullable(),
    appealUntil: z.string().nullable(),
    mayAppeal: z.boolean(),
    student: z.object({ name: z.string(), email: z.string(), regNumber: z.string().nullable() }).optional(),
    complaint: z
      .object({
        number: z.string(),
        category: z.string(),
        status: z.string(),
        text: z.string(),
        history: z.array(z.object({ at: z.string(), kind: z.string(), text: z.string(), by: z.string() })),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'GrievanceView' }) satisfies z.ZodType<GrievanceView>;

export const listSchema = z.object({ items: z.array(summarySchema) });

export const eligibilitySchema = z
  .union([
    z.object({ eligible: z.literal(true), because: z.enum(['rejected', 'reopened_twice', 'overdue']) }),
    z.object({
      eligible: z.literal(false),
      because: z.enum(['not_yet', 'confidential', 'anonymous', 'ragging', 'already_raised', 'not_yours']),
      grievanceNumber: z.string().optional(),
    }),
  ])
  .meta({ id: 'GrievanceEligibility' }) satisfies z.ZodType<GrievanceEligibility>;

export const seatsSchema = z
  .object({ committee: z.enum(COMMITTEE_POSITIONS).nullable(), ombudsperson: z.boolean(), head: z.boolean() })
  .meta({ id: 'GrievanceSeats' }) satisfies z.ZodType<GrievanceSeats>;

export const committeeSetupViewSchema = z
  .object({
    members: z.array(
      z.object({ email: z.string(), name: z.string(), position: z.enum(COMMITTEE_POSITIONS), woman: z.boolean(), reservedCategory: z.boolean(), signedUp: z.boolean() }),
    ),
    ombudsperson: z.object({ email: z.string(), name: z.string(), signedUp: z.boolean() }).nullable(),
    checklist: z.array(z.object({ item: z.enum(COMPOSITION_ITEMS), met: z.boolean() })),
  })
  .meta({ id: 'CommitteeSetupView' }) satisfies z.ZodType<CommitteeSetupView>;

const part = { received: z.number(), decided: z.number(), decidedWithinClock: z.number(), appeals: z.number() };

export const reportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    received: z.number(),
    withdrawn: z.number(),
    decided: z.number(),
    decidedWithinClock: z.number(),
    pendingWithCommittee: z.number(),
    appeals: z.number(),
    disposed: z.number(),
    disposedWithinClock: z.number(),
    pendingWithOmbudsperson: z.number(),
    outcomes: z.object({ upheld: z.number(), partly_upheld: z.number(), not_upheld: z.number() }),
    appealOutcomes: z.object({ confirmed: z.number(), modified: z.number(), set_aside: z.number() }),
    byHostel: z.array(z.object({ hostel: z.string(), ...part })),
    byCategory: z.array(z.object({ category: z.string(), ...part })),
  })
  .meta({ id: 'GrievanceReport' }) satisfies z.ZodType<GrievanceReport>;
