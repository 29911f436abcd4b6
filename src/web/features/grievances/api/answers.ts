import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  COMMITTEE_OUTCOMES,
  COMMITTEE_POSITIONS,
  COMPOSITION_ITEMS,
  GRIEVANCE_STATUSES,
  type CommitteeSetupView,
  type GrievanceEligibility,
  type GrievanceReport,
  type GrievanceSummary,
  type GrievanceView,
} from '../../../../shared/grievances';

/*
 * What the grievance routes answer, checked as it arrives (src/shared/grievances.ts has the
 * interfaces the server builds them to). A field the contract makes optional may come as null.
 */

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

const clockSchema = z.object({ dueAt: z.string(), state: z.enum(['on_time', 'late', 'running', 'overdue']) });

const summaryShape = {
  number: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  subject: z.string(),
  hostel: z.string(),
  complaintNumber: z.string().nullable(),
  receivedAt: z.string(),
  committee: clockSchema,
  appeal: clockSchema.nullable(),
};

export const grievanceSummarySchema: z.ZodType<GrievanceSummary> = z.object(summaryShape);

export const grievanceListSchema = z.object({ items: z.array(grievanceSummarySchema) });

const threadEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['raised', 'hearing', 'decision', 'appeal', 'question', 'message', 'disposal', 'withdrawn', 'reminder']),
  by: z.string(),
  fromStudent: z.boolean(),
  text: z.string(),
  to: optional(z.enum(['student', 'committee'])),
  hearing: optional(z.object({ at: z.string(), place: z.string() })),
  outcome: optional(z.enum([...COMMITTEE_OUTCOMES, ...APPEAL_OUTCOMES])),
  pdfUrl: optional(z.string()),
});

export const grievanceViewSchema: z.ZodType<GrievanceView, unknown> = z.object({
  ...summaryShape,
  reason: z.string(),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  thread: z.array(threadEntrySchema),
  decision: z
    .object({ outcome: z.enum(COMMITTEE_OUTCOMES), findings: z.string(), decision: z.string(), decidedAt: z.string(), pdfUrl: z.string() })
    .nullable(),
  disposal: z
    .object({ outcome: z.enum(APPEAL_OUTCOMES), findings: z.string(), decision: z.string(), disposedAt: z.string(), pdfUrl: z.string() })
    .nullable(),
  appealUntil: z.string().nullable(),
  mayAppeal: z.boolean(),
  student: optional(z.object({ name: z.string(), email: z.string(), regNumber: z.string().nullable() })),
  complaint: z
    .object({
      number: z.string(),
      category: z.string(),
      status: z.string(),
      text: z.string(),
      history: z.array(z.object({ at: z.string(), kind: z.string(), text: z.string(), by: z.string() })),
    })
    .nullish(),
});

export const eligibilitySchema: z.ZodType<GrievanceEligibility, unknown> = z.union([
  z.object({ eligible: z.literal(true), because: z.enum(['rejected', 'reopened_twice', 'overdue']) }),
  z.object({
    eligible: z.literal(false),
    because: z.enum(['not_yet', 'confidential', 'anonymous', 'ragging', 'already_raised', 'not_yours']),
    grievanceNumber: optional(z.string()),
  }),
]);

export const committeeSetupViewSchema: z.ZodType<CommitteeSetupView> = z.object({
  members: z.array(
    z.object({ email: z.string(), name: z.string(), position: z.enum(COMMITTEE_POSITIONS), woman: z.boolean(), reservedCategory: z.boolean(), signedUp: z.boolean() }),
  ),
  ombudsperson: z.object({ email: z.string(), name: z.string(), signedUp: z.boolean() }).nullable(),
  checklist: z.array(z.object({ item: z.enum(COMPOSITION_ITEMS), met: z.boolean() })),
});

const countsByPart = { received: z.number(), decided: z.number(), decidedWithinClock: z.number(), appeals: z.number() };

export const grievanceReportSchema: z.ZodType<GrievanceReport> = z.object({
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
  byHostel: z.array(z.object({ hostel: z.string(), ...countsByPart })),
  byCategory: z.array(z.object({ category: z.string(), ...countsByPart })),
});
