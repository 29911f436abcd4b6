import { and, eq } from 'drizzle-orm';
import { RAGGING_CATEGORY, isOpenStatus } from '../../../shared/constants.js';
import { ENQUIRY_OUTCOME_LABELS, FIR_DECISION_LABELS, type EnquiryCloseBody, type FirDecisionBody } from '../../../shared/ragging.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { loadScope, scopeCondition } from '../access/index.js';
import { audit } from '../audit/index.js';
import type { LifecycleContext } from './context.js';
import { applyTransition } from './transition.js';

/*
 * The anti-ragging duty's statutory decisions on a ragging report (decision 40): whether a police
 * report (FIR) is needed, and how the enquiry ended. Each is recorded once, with the reason, as an
 * internal timeline entry and an audit row; recording it stops its clock (ragging-clocks.ts). The
 * route has already checked that the actor holds the duty or is an admin (mayRevealIdentity).
 */

const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** A ragging report in the actor's scope, locked for the decision; anything else is "not found" or says why not. */
async function lockReport(tx: Tx, actor: Pick<UserRow, 'id' | 'role'>, number: string): Promise<ComplaintRow> {
  const scope = await loadScope(tx, actor);
  const [complaint] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
    .for('update')
    .limit(1);
  if (!complaint) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  if (complaint.category !== RAGGING_CATEGORY) {
    throw AppError.withValues(409, 'not_a_ragging_report', /*i18n*/ '{number} is not a ragging report: it has no FIR decision or enquiry.', () => ({
      number: complaint.number,
    }));
  }
  return complaint;
}

/** Whether it was recorded after its clock ran out (kept in the audit row: the committee's reports count these). */
const lateness = (due: Date | null, now: Date) => (due ? { dueAt: due.toISOString(), late: now > due } : { dueAt: null, late: false });

/** Writes a decision on the report, its internal timeline entry and its audit row, in the caller's transaction. */
async function recordDecision(
  tx: Tx,
  actor: Pick<UserRow, 'id'>,
  complaint: ComplaintRow,
  decision: {
    set: Partial<typeof complaints.$inferInsert>;
    note: string;
    action: 'ragging.fir_decision' | 'ragging.enquiry_close';
    details: Record<string, unknown>;
    due: Date | null;
    /** The server's clock when it was recorded: whether it came late is read on it. */
    at: Date;
  },
): Promise<ComplaintRow> {
  const now = decision.at;
  const [row] = await tx
    .update(complaints)
    .set({ ...decision.set, updatedAt: new Date() })
    .where(eq(complaints.id, complaint.id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  await tx.insert(complaintEvents).values({
    complaintId: complaint.id,
    actorId: actor.id,
    fromStatus: complaint.status,
    toStatus: complaint.status,
    kind: 'ragging',
    public: false,
    note: decision.note,
  });
  await audit(tx, {
    actorId: actor.id,
    action: decision.action,
    targetType: 'complaint',
    targetId: complaint.number,
    details: { ...decision.details, ...lateness(decision.due, now) },
  });
  return row;
}

/** The duty decides whether an FIR is needed: once, with the reason. The reporter is not told (an internal record). */
export function recordFirDecision(ctx: LifecycleContext, actor: Pick<UserRow, 'id' | 'role'>, number: string, body: FirDecisionBody): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockReport(tx, actor, number);
    if (complaint.firDecision) {
      throw new AppError(
        409,
        'already_decided',
        `The FIR decision on ${complaint.number} was recorded at ${utc(complaint.firDecidedAt ?? complaint.updatedAt)} (${FIR_DECISION_LABELS[complaint.firDecision]}); it is made once.`,
      );
    }
    return recordDecision(tx, actor, complaint, {
      at: ctx.clock.now(),
      set: { firDecision: body.decision, firDecisionNote: body.note, firDecidedAt: new Date(), firDecidedBy: actor.id },
      note: `FIR decision: ${FIR_DECISION_LABELS[body.decision]}. ${body.note}`,
      action: 'ragging.fir_decision',
      details: { decision: body.decision, note: body.note },
      due: complaint.firDueAt,
    });
  });
}

/**
 * The duty closes the enquiry (after the FIR decision): its outcome and reason are recorded, and an
 * open report is resolved through the lifecycle, which tells the reporter the outcome in plain
 * words (never the committee's note, which may name the people involved). The reporter may still
 * reopen it, as any resolved complaint.
 */
export function closeEnquiry(ctx: LifecycleContext, actor: Pick<UserRow, 'id' | 'role'>, number: string, body: EnquiryCloseBody): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockReport(tx, actor, number);
    if (!complaint.firDecision) {
      throw new AppError(409, 'fir_decision_first', /*i18n*/ 'Record whether an FIR is needed before closing the enquiry.', { outcome: 'record the FIR decision first' });
    }
    if (complaint.enquiryClosedAt) {
      throw new AppError(
        409,
        'already_closed',
        `The enquiry into ${complaint.number} was closed at ${utc(complaint.enquiryClosedAt)}${complaint.enquiryOutcome ? ` (${ENQUIRY_OUTCOME_LABELS[complaint.enquiryOutcome]})` : ''}; it is closed once.`,
      );
    }
    const row = await recordDecision(tx, actor, complaint, {
      at: ctx.clock.now(),
      set: { enquiryOutcome: body.outcome, enquiryClosedAt: new Date(), enquiryClosedBy: actor.id },
      note: `Enquiry closed: ${ENQUIRY_OUTCOME_LABELS[body.outcome]}. ${body.note}`,
      action: 'ragging.enquiry_close',
      details: { outcome: body.outcome, note: body.note },
      due: complaint.enquiryDueAt,
    });
    if (!isOpenStatus(row.status)) return row;
    const told = `The anti-ragging committee has finished its enquiry: ${ENQUIRY_OUTCOME_LABELS[body.outcome]}.`;
    return applyTransition(tx, ctx, row, { kind: 'staff', id: actor.id, via: 'console' }, 'resolved', told);
  });
}
