import { and, eq, lt } from 'drizzle-orm';
import type { ComplaintStatus } from '../../../shared/constants.js';
import { checkTransition } from '../../../shared/lifecycle.js';
import type { Tx } from '../../db/client.js';
import { complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { LifecycleContext } from './context.js';
import { alreadyWritten, recordReply } from './replies.js';
import { refuseUnlessStudentMay } from './student-actions.js';
import { applyTransition } from './transition.js';

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');

/**
 * A one-click link from the facility mail moves the complaint (no user: the link is the
 * authority). The complaint is locked and the lifecycle decides on its current status: a refused
 * transition (already acknowledged or resolved, say) writes nothing and comes back with
 * `changed: false` and the complaint as it is, so the caller can say so instead of claiming success.
 */
export async function transitionByLink(
  tx: Tx,
  ctx: LifecycleContext,
  complaintId: string,
  to: ComplaintStatus,
): Promise<{ changed: boolean; complaint: ComplaintRow }> {
  const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update').limit(1);
  if (!complaint) throw notFound();
  if (!checkTransition(complaint.status, to, 'staff', '').ok) return { changed: false, complaint };
  const updated = await applyTransition(tx, ctx, complaint, { kind: 'staff', id: null, via: 'link' }, to, '');
  return { changed: true, complaint: updated };
}

/**
 * Closes resolved complaints the student left alone for the configured period. Rows are claimed
 * with SKIP LOCKED, so every instance can run this without closing anything twice.
 */
export async function autoCloseResolved(ctx: LifecycleContext, olderThanMs: number, batch = 100): Promise<string[]> {
  return ctx.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(complaints)
      .where(and(eq(complaints.status, 'resolved'), lt(complaints.resolvedAt, new Date(ctx.clock.now().getTime() - olderThanMs))))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const complaint of due) await applyTransition(tx, ctx, complaint, { kind: 'system', id: null }, 'closed', '');
    return due.map((c) => c.number);
  });
}

/** A student's own complaint, locked for a change; another student's is "not found". */
export async function lockOwnComplaint(tx: Tx, student: Pick<UserRow, 'id'>, number: string): Promise<ComplaintRow> {
  const [complaint] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), eq(complaints.studentId, student.id)))
    .for('update')
    .limit(1);
  if (!complaint) throw notFound();
  return complaint;
}

/** The student confirms a resolved complaint (optionally rating it) and it closes; the team hears of it. */
export async function confirmResolution(
  ctx: LifecycleContext,
  student: UserRow,
  number: string,
  rating: { rating?: number | undefined; comment?: string | undefined },
): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    refuseUnlessStudentMay(complaint, 'confirm');
    return applyTransition(tx, ctx, complaint, { kind: 'student', id: student.id }, 'closed', rating.comment ?? '', {
      rating: rating.rating,
    });
  });
}

/** The student says a resolved complaint is not fixed; the team is told why. */
export async function reopen(ctx: LifecycleContext, student: UserRow, number: string, reason: string): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    refuseUnlessStudentMay(complaint, 'reopen');
    return applyTransition(tx, ctx, complaint, { kind: 'student', id: student.id }, 'reopened', reason);
  });
}

/**
 * The student adds to the conversation (a question answered, something forgotten when filing). A
 * retry with the same Idempotency-Key is written once; a finished complaint takes no more replies
 * (recordReply asks `studentMay`).
 */
export async function studentReply(
  ctx: LifecycleContext,
  student: UserRow,
  number: string,
  text: string,
  idempotencyKey?: string,
): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    if (await alreadyWritten(tx, complaint, student.id, idempotencyKey)) return complaint;
    return recordReply(tx, ctx, complaint, { kind: 'student', id: student.id }, text, { idempotencyKey });
  });
}

/**
 * The student takes back a complaint nobody has acknowledged yet; the team is told. Once someone
 * has acknowledged it (or it moved on further), the answer is a 409 that says so.
 */
export async function withdraw(ctx: LifecycleContext, student: UserRow, number: string, idempotencyKey?: string): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    if (complaint.status === 'withdrawn' && (await alreadyWritten(tx, complaint, student.id, idempotencyKey))) return complaint;
    refuseUnlessStudentMay(complaint, 'withdraw');
    return applyTransition(tx, ctx, complaint, { kind: 'student', id: student.id }, 'withdrawn', '', { idempotencyKey });
  });
}
