import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { WORKER_ROLES, isWorkerRole, type ComplaintStatus } from '../../../shared/constants.js';
import { allowedTransitions } from '../../../shared/lifecycle.js';
import type { Db, Tx } from '../../db/client.js';
import { complaintEvents, complaints, staffScopes, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { assignComplaint, takeComplaint } from '../lifecycle/assignment.js';
import type { LifecycleContext } from '../lifecycle/context.js';
import { attachPhotos } from '../lifecycle/photos.js';
import { applyTransition } from '../lifecycle/transition.js';
import { alreadyWritten, recordReply } from '../lifecycle/replies.js';
import { inScope, isWorker, loadScope, scopeCondition, type Scope } from '../access/scope.js';

const notFound = () => new AppError(404, 'not_found', 'Complaint not found.');
const refuseNonWorker = (actor: UserRow) => {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', 'You are not allowed to do that.');
};

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

/** A worker moves a complaint along the lifecycle; the student is told by e-mail and the bell. */
export async function transition(
  ctx: LifecycleContext,
  actor: UserRow,
  number: string,
  to: ComplaintStatus,
  note: string,
  idempotencyKey?: string,
  afterPhotoIds: readonly string[] = [],
) {
  refuseNonWorker(actor);
  if (afterPhotoIds.length && to !== 'resolved') {
    throw new AppError(422, 'photos_only_when_resolving', '"After" photos can only be added when resolving.', { photoIds: 'only when resolving' });
  }
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => {
    const complaint = await lockInScope(tx, scope, number);
    // A retry of a change that already went through answers with the complaint as it is now.
    if (await alreadyWritten(tx, complaint, actor.id, idempotencyKey)) return complaint;
    const updated = await applyTransition(tx, ctx, complaint, { kind: 'staff', id: actor.id, via: 'console' }, to, note, { idempotencyKey });
    // The "after" photos go with the resolution or not at all.
    await attachPhotos(tx, { photoIds: afterPhotoIds, uploaderId: actor.id, complaint, stage: 'after' });
    // Whoever acknowledges an unassigned complaint from the console has taken it.
    if (to === 'acknowledged' && updated.assigneeId === null) return assignComplaint(tx, ctx, updated, actor, actor, 'took it by acknowledging');
    return updated;
  });
}

/**
 * A public reply (mailed to the student, who also gets a bell) or an internal note (never shown to
 * the student, so neither mail nor bell). Either way the timeline, the complaint's updated time and
 * the audit log change in the same transaction.
 */
export async function addReply(
  ctx: LifecycleContext,
  actor: UserRow,
  number: string,
  text: string,
  internal: boolean,
  idempotencyKey?: string,
) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => {
    const complaint = await lockInScope(tx, scope, number);
    // A retried reply (its answer was lost, not the reply) is written once.
    if (await alreadyWritten(tx, complaint, actor.id, idempotencyKey)) return complaint;
    return recordReply(tx, ctx, complaint, { kind: 'staff', id: actor.id }, text, { internal, idempotencyKey });
  });
}

/** Gives a complaint to a colleague whose scope covers it (or takes it back with null). */
export async function assign(ctx: LifecycleContext, actor: UserRow, numbers: string[], assigneeId: string | null) {
  refuseNonWorker(actor);
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
  return ctx.transaction(async (tx) => {
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
      updated.push(await assignComplaint(tx, ctx, complaint, actor, assignee));
    }
    return updated;
  });
}

/**
 * The worker takes the complaint themselves (one tap on its page): any worker whose scope covers it
 * may, from nobody or over from the colleague they saw holding it (`from`).
 */
export async function take(ctx: LifecycleContext, actor: UserRow, number: string, from: string | null) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => takeComplaint(tx, ctx, await lockInScope(tx, scope, number), actor, from));
}

/** The whole record for the console: timeline with internal notes, and what this user may do next. */
export async function staffDetail(db: Db, actor: UserRow, number: string) {
  refuseNonWorker(actor);
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
  const [student] = await db.select({ name: users.name }).from(users).where(eq(users.id, complaint.studentId));
  return {
    complaint,
    studentName: student?.name || complaint.fname,
    events,
    assignee: assigneeRow,
    transitions: allowedTransitions(complaint.status, 'staff'),
  };
}

/**
 * Everyone who works complaints and is not disabled, with their scopes: the console offers those
 * whose scope covers a complaint (the server checks it again when assigning). Admins cover all.
 */
export async function listColleagues(db: Db) {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...WORKER_ROLES]), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.email));
  const scopes = people.length
    ? await db.select().from(staffScopes).where(inArray(staffScopes.userId, people.map((p) => p.id)))
    : [];
  return people.flatMap((p) =>
    isWorkerRole(p.role)
      ? [
          {
            id: p.id,
            name: p.name || p.email,
            role: p.role,
            scopes: p.role === 'admin' ? [{ category: '', hostel: '' }] : scopes.filter((s) => s.userId === p.id).map((s) => ({ category: s.category, hostel: s.hostel })),
          },
        ]
      : [],
  );
}
