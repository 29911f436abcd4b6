import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { OPEN_STATUSES, type ComplaintStatus } from '../../../shared/constants.js';
import { CLOCK_NOTES } from '../../../shared/waiting.js';
import { PAUSED_DUE_AT, resumedDue, timeLeft } from '../../../shared/working-time.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import type { LifecycleContext } from './context.js';

/*
 * A complaint's clock stops while the team waits for the student's answer (issue 44): the time it
 * had left is kept, in its target's own unit (a clock of working hours paused on a Friday evening
 * has the same working time left on Monday), and given back when the student answers, a worker
 * starts it again, or the status changes. While it stands still the stored due time is
 * PAUSED_DUE_AT, so nothing reads it as overdue or escalates it (decision 72).
 */

/** Why a paused clock runs again: the student answered, a worker said so, or the status moved on. */
export type ResumeReason = 'answer' | 'staff' | 'status';


const isOpen = (status: ComplaintStatus) => (OPEN_STATUSES as readonly string[]).includes(status);

/**
 * The clock's timeline entry. Written at the statement's own time (clock_timestamp(), later than
 * the transaction's now()): it comes after the reply or status change of the same transaction.
 */
async function clockEvent(tx: Tx, complaint: ComplaintRow, actorId: string | null, note: string) {
  await tx.insert(complaintEvents).values({
    complaintId: complaint.id,
    actorId,
    fromStatus: complaint.status,
    toStatus: complaint.status,
    kind: 'clock',
    public: true,
    note,
    createdAt: sql`clock_timestamp()`,
  });
}

/**
 * Stops the complaint's clock with the time it has left (in the caller's transaction, the row
 * locked). Refused when the complaint is not open; one already waiting goes on waiting as it was.
 */
export async function pauseClock(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow, actorId: string): Promise<ComplaintRow> {
  if (!isOpen(complaint.status)) {
    throw new AppError(409, 'not_open', /*i18n*/ 'Only open work can wait for the student.');
  }
  if (complaint.clockPausedAt) return complaint;
  const now = ctx.clock.now();
  const { calendar } = await ctx.clockCatalogue(tx);
  const left = timeLeft(now, complaint.dueAt, complaint.targetUnit, calendar);
  const [updated = complaint] = await tx
    .update(complaints)
    .set({ clockPausedAt: now, clockLeftMs: left, dueAt: PAUSED_DUE_AT })
    .where(eq(complaints.id, complaint.id))
    .returning();
  await clockEvent(tx, complaint, actorId, CLOCK_NOTES.paused);
  await audit(tx, {
    actorId,
    action: 'complaint.clock_pause',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { dueAt: complaint.dueAt.toISOString(), leftMs: left, unit: complaint.targetUnit },
  });
  return updated;
}

/**
 * Starts a paused clock again with the time it had left, from now, in its own unit (a clock that
 * was already late stays as late). A complaint whose clock runs is returned as it is. One resolved
 * or finished meanwhile keeps the due time it would have had, so "resolved within target" reads it fairly.
 */
export async function resumeClock(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow, actorId: string | null, reason: ResumeReason): Promise<ComplaintRow> {
  if (!complaint.clockPausedAt || complaint.clockLeftMs === null) return complaint;
  const now = ctx.clock.now();
  const { calendar } = await ctx.clockCatalogue(tx);
  const dueAt = resumedDue(now, complaint.clockLeftMs, complaint.targetUnit, calendar);
  const [updated = complaint] = await tx
    .update(complaints)
    .set({ clockPausedAt: null, clockLeftMs: null, dueAt })
    .where(eq(complaints.id, complaint.id))
    .returning();
  await clockEvent(tx, updated, actorId, !isOpen(updated.status) ? CLOCK_NOTES.stopped : CLOCK_NOTES[reason]);
  await audit(tx, {
    actorId,
    action: 'complaint.clock_resume',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { reason, pausedAt: complaint.clockPausedAt.toISOString(), leftMs: complaint.clockLeftMs, dueAt: dueAt.toISOString(), unit: complaint.targetUnit },
  });
  return updated;
}

/**
 * Gives the waiting clocks among `ids` their time back before their status changes (resolved by a
 * notice, merged, moved by a worker): a finished complaint must carry the due time it would have
 * had, in the same row the status is written to, so "resolved within target" (the insights
 * trigger reads the row's due time as the status changes) is counted against it, not against the
 * waiting placeholder. The callers hold the rows' locks.
 */
export async function resumeWaiting(tx: Tx, ctx: LifecycleContext, ids: readonly string[], actorId: string | null): Promise<void> {
  if (!ids.length) return;
  const waiting = await tx
    .select()
    .from(complaints)
    .where(and(inArray(complaints.id, [...ids]), isNotNull(complaints.clockPausedAt)));
  for (const complaint of waiting) await resumeClock(tx, ctx, complaint, actorId, 'status');
}
