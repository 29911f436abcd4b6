import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { ComplaintStatus } from '../../../shared/constants.js';
import { allowedTransitions, checkTransition, type TransitionActor } from '../../../shared/lifecycle.js';
import type { Db, Tx } from '../../db/client.js';
import { complaintEvents, complaints, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/service.js';
import { assignmentMail, replyMail, reopenedMail, statusChangeMail } from '../mail/lifecycle-templates.js';
import { enqueueMail } from '../mail/outbox.js';
import { notify } from '../notifications/service.js';
import { STATUS_LABELS } from '../../../shared/constants.js';
import { inScope, isWorker, loadScope, scopeCondition, type Scope } from './scope.js';

export interface LifecycleContext {
  db: Db;
  publicUrl: string;
  smtpConfigured: boolean;
}

const notFound = () => new AppError(404, 'not_found', 'Complaint not found.');
const mailOptions = (ctx: LifecycleContext) => ({ smtpConfigured: ctx.smtpConfigured, messageDomain: new URL(ctx.publicUrl).hostname });
const studentUrl = (ctx: LifecycleContext, number: string) => `${ctx.publicUrl}/my/${number}`;
const staffUrl = (ctx: LifecycleContext, number: string) => `${ctx.publicUrl}/staff/complaints/${number}`;

/** Locks one complaint in the actor's scope for the rest of the transaction; out of scope is "not found". */
async function lockInScope(tx: Tx, scope: Scope, number: string): Promise<ComplaintRow> {
  const [row] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

async function applyStatus(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  actor: { id: string | null; kind: TransitionActor },
  to: ComplaintStatus,
  note: string,
): Promise<ComplaintRow> {
  const from = complaint.status as ComplaintStatus;
  const check = checkTransition(from, to, actor.kind, note);
  if (!check.ok) {
    if (check.reason === 'reason_required') {
      throw new AppError(400, 'validation_failed', 'Give a reason.', { note: 'Give a reason' });
    }
    throw new AppError(409, 'invalid_transition', `A complaint that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`);
  }
  const now = new Date();
  const [updated] = await tx
    .update(complaints)
    .set({ status: to, updatedAt: now, ...(to === 'resolved' ? { resolvedAt: now } : {}) })
    .where(eq(complaints.id, complaint.id))
    .returning();
  if (!updated) throw notFound();
  await tx.insert(complaintEvents).values({
    complaintId: complaint.id,
    actorId: actor.id,
    fromStatus: from,
    toStatus: to,
    kind: 'status',
    public: true,
    note,
  });
  await audit(tx, {
    actorId: actor.id,
    action: 'complaint.status',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { from, to, note },
  });
  return updated;
}

/** A worker moves a complaint along the lifecycle; the student is told by e-mail. */
export async function transition(ctx: LifecycleContext, actor: UserRow, number: string, to: ComplaintStatus, note: string) {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', 'You are not allowed to do that.');
  const scope = await loadScope(ctx.db, actor);
  return ctx.db.transaction(async (tx) => {
    const complaint = await lockInScope(tx, scope, number);
    const updated = await applyStatus(tx, ctx, complaint, { id: actor.id, kind: 'staff' }, to, note);
    const mail = statusChangeMail(updated, to, note, studentUrl(ctx, number));
    await enqueueMail(tx, [{ ...mail, purpose: 'status', complaint: updated, to: [updated.userEmail] }], mailOptions(ctx));
    await notify(tx, updated.studentId, updated, `${number} is now ${STATUS_LABELS[to]}${note ? `: ${note}` : ''}`);
    return updated;
  });
}

/**
 * A one-click link from the facility mail moves the complaint (no user: the link is the
 * authority). The complaint is locked and the lifecycle decides on its current status: a refused
 * transition (already acknowledged or resolved, say) writes nothing and comes back with
 * `changed: false` and the complaint as it is, so the caller can say so instead of claiming success.
 */
export async function transitionByLink(tx: Tx, ctx: LifecycleContext, complaintId: string, to: ComplaintStatus): Promise<{ changed: boolean; complaint: ComplaintRow }> {
  const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update').limit(1);
  if (!complaint) throw notFound();
  if (!checkTransition(complaint.status as ComplaintStatus, to, 'staff', '').ok) return { changed: false, complaint };
  const updated = await applyStatus(tx, ctx, complaint, { id: null, kind: 'staff' }, to, 'Done from the e-mail link');
  const mail = statusChangeMail(updated, to, '', studentUrl(ctx, updated.number));
  await enqueueMail(tx, [{ ...mail, purpose: 'status', complaint: updated, to: [updated.userEmail] }], mailOptions(ctx));
  await notify(tx, updated.studentId, updated, `${updated.number} is now ${STATUS_LABELS[to]}`);
  return { changed: true, complaint: updated };
}

/**
 * Closes resolved complaints the student left alone for the configured period. Rows are claimed
 * with SKIP LOCKED, so every instance can run this without closing anything twice.
 */
export async function autoCloseResolved(ctx: LifecycleContext, olderThanMs: number, batch = 100): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(complaints)
      .where(and(eq(complaints.status, 'resolved'), lt(complaints.resolvedAt, new Date(Date.now() - olderThanMs))))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const complaint of due) {
      const closed = await applyStatus(tx, ctx, complaint, { id: null, kind: 'system' }, 'closed', 'Closed automatically: nobody reopened it');
      const mail = statusChangeMail(closed, 'closed', 'Closed automatically because it was not reopened.', studentUrl(ctx, closed.number));
      await enqueueMail(tx, [{ ...mail, purpose: 'status', complaint: closed, to: [closed.userEmail] }], mailOptions(ctx));
      await notify(tx, closed.studentId, closed, `${closed.number} was closed automatically`);
    }
    return due.map((c) => c.number);
  });
}

/** A public reply (mailed to the student) or an internal note (never shown to the student). */
export async function addReply(ctx: LifecycleContext, actor: UserRow, number: string, text: string, internal: boolean) {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', 'You are not allowed to do that.');
  const scope = await loadScope(ctx.db, actor);
  return ctx.db.transaction(async (tx) => {
    const complaint = await lockInScope(tx, scope, number);
    await tx.insert(complaintEvents).values({
      complaintId: complaint.id,
      actorId: actor.id,
      fromStatus: complaint.status,
      toStatus: complaint.status,
      kind: internal ? 'note' : 'reply',
      public: !internal,
      note: text,
    });
    await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, complaint.id));
    if (!internal) {
      const mail = replyMail(complaint, text, studentUrl(ctx, number));
      await enqueueMail(tx, [{ ...mail, purpose: 'reply', complaint, to: [complaint.userEmail] }], mailOptions(ctx));
      await notify(tx, complaint.studentId, complaint, `The hostel team replied about ${number}`);
    }
    return complaint;
  });
}

/** Gives a complaint to a colleague whose scope covers it (or takes it back with null). */
export async function assign(ctx: LifecycleContext, actor: UserRow, numbers: string[], assigneeId: string | null) {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', 'You are not allowed to do that.');
  const scope = await loadScope(ctx.db, actor);
  let assignee: UserRow | undefined;
  let assigneeScope: Scope | undefined;
  if (assigneeId) {
    [assignee] = await ctx.db.select().from(users).where(eq(users.id, assigneeId)).limit(1);
    if (!assignee || !isWorker(assignee) || assignee.disabledAt) {
      throw new AppError(400, 'validation_failed', 'Choose a staff member.', { assigneeId: 'is not a staff member' });
    }
    assigneeScope = await loadScope(ctx.db, assignee);
  }
  return ctx.db.transaction(async (tx) => {
    const updated: ComplaintRow[] = [];
    for (const number of numbers) {
      const complaint = await lockInScope(tx, scope, number);
      if (assignee && assigneeScope && !inScope(assigneeScope, complaint)) {
        throw new AppError(400, 'validation_failed', `${assignee.name || assignee.email} does not work ${number}'s category and hostel.`, {
          assigneeId: 'does not cover this complaint',
        });
      }
      if (complaint.assigneeId === (assignee?.id ?? null)) {
        updated.push(complaint);
        continue;
      }
      const [row] = await tx
        .update(complaints)
        .set({ assigneeId: assignee?.id ?? null, updatedAt: new Date() })
        .where(eq(complaints.id, complaint.id))
        .returning();
      if (!row) throw notFound();
      await tx.insert(complaintEvents).values({
        complaintId: complaint.id,
        actorId: actor.id,
        fromStatus: complaint.status,
        toStatus: complaint.status,
        kind: 'assignment',
        public: false,
        note: assignee ? `Assigned to ${assignee.name || assignee.email}` : 'Unassigned',
      });
      await audit(tx, {
        actorId: actor.id,
        action: 'complaint.assign',
        targetType: 'complaint',
        targetId: number,
        details: { from: complaint.assigneeId, to: assignee?.id ?? null },
      });
      if (assignee && assignee.id !== actor.id) {
        const mail = assignmentMail(row, staffUrl(ctx, number));
        await enqueueMail(tx, [{ ...mail, purpose: 'assignment', complaint: row, to: [assignee.email] }], mailOptions(ctx));
        await notify(tx, assignee.id, row, `${number} was assigned to you`);
      }
      updated.push(row);
    }
    return updated;
  });
}

/** Acknowledges several complaints at once; those that cannot be acknowledged are skipped and named. */
export async function bulkAcknowledge(ctx: LifecycleContext, actor: UserRow, numbers: string[]) {
  const done: string[] = [];
  const skipped: string[] = [];
  for (const number of numbers) {
    try {
      await transition(ctx, actor, number, 'acknowledged', '');
      done.push(number);
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) skipped.push(number);
      else throw error;
    }
  }
  return { done, skipped };
}

/** A student's own complaint, locked for a change; another student's is "not found". */
async function lockOwnComplaint(tx: Tx, student: UserRow, number: string) {
  const [complaint] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), eq(complaints.studentId, student.id)))
    .for('update')
    .limit(1);
  if (!complaint) throw notFound();
  return complaint;
}

/** The student confirms a resolved complaint (optionally rating it) and it closes. */
export async function confirmResolution(
  ctx: LifecycleContext,
  student: UserRow,
  number: string,
  rating: { rating?: number | undefined; comment?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    const closed = await applyStatus(tx, ctx, complaint, { id: student.id, kind: 'student' }, 'closed', rating.comment ?? '');
    if (rating.rating !== undefined) {
      const [rated] = await tx
        .update(complaints)
        .set({ rating: rating.rating, ratingComment: rating.comment ?? null })
        .where(eq(complaints.id, complaint.id))
        .returning();
      return rated ?? closed;
    }
    return closed;
  });
}

/** The student says a resolved complaint is not fixed; the team is told why. */
export async function reopen(ctx: LifecycleContext, student: UserRow, number: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    const reopened = await applyStatus(tx, ctx, complaint, { id: student.id, kind: 'student' }, 'reopened', reason);
    const to = reopened.assigneeId
      ? (await tx.select({ email: users.email }).from(users).where(eq(users.id, reopened.assigneeId))).map((u) => u.email)
      : reopened.toEmails;
    if (reopened.assigneeId) await notify(tx, reopened.assigneeId, reopened, `${number} was reopened: ${reason}`);
    const mail = reopenedMail(reopened, reason, staffUrl(ctx, number));
    await enqueueMail(tx, [{ ...mail, purpose: 'reopened', complaint: reopened, to, replyTo: reopened.userEmail }], mailOptions(ctx));
    return reopened;
  });
}

/** The whole record for the console: timeline with internal notes, and what this user may do next. */
export async function staffDetail(db: Db, actor: UserRow, number: string) {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', 'You are not allowed to do that.');
  const scope = await loadScope(db, actor);
  const [complaint] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
    .limit(1);
  if (!complaint) throw notFound();
  const events = await db
    .select({ event: complaintEvents, actorName: users.name, actorEmail: users.email })
    .from(complaintEvents)
    .leftJoin(users, eq(users.id, complaintEvents.actorId))
    .where(eq(complaintEvents.complaintId, complaint.id))
    .orderBy(asc(complaintEvents.createdAt));
  const [assigneeRow] = complaint.assigneeId
    ? await db.select().from(users).where(inArray(users.id, [complaint.assigneeId]))
    : [];
  return {
    complaint,
    events,
    assignee: assigneeRow,
    transitions: allowedTransitions(complaint.status as ComplaintStatus, 'staff'),
  };
}
