import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ComplaintStatus } from '../../../shared/constants.js';
import { WORKER_ROLES, can, isWorkerRole } from '../../../shared/permissions.js';
import { allowedTransitions } from '../../../shared/lifecycle.js';
import type { Db, Tx } from '../../db/client.js';
import { complaintEvents, complaints, staffScopes, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { assignComplaint, takeComplaint } from '../lifecycle/index.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { attachPhotos } from '../lifecycle/index.js';
import { applyTransition } from '../lifecycle/index.js';
import { alreadyWritten, recordReply, resumeClock } from '../lifecycle/index.js';
import { duplicatesOf, lastMerge, mergeDuplicate, undoMerge, undoUntil } from '../followers/index.js';
import { answerVisit, proposeVisit, visitState } from '../visits/index.js';
import type { VisitAnswerBody, VisitProposalBody } from '../../../shared/visits.js';
import { inScope, isWorker, loadScope, scopeCondition, type Scope } from '../access/index.js';
import { Reporters } from '../confidentiality/index.js';
import { staffTimeline, toStaffDto, type StaffAssignee, type StaffComplaintColumns } from './dto.js';
import type { StaffComplaint } from '../../../shared/staff.js';

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
const refuseNonWorker = (actor: UserRow) => {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', /*i18n*/ 'You are not allowed to do that.');
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
    throw new AppError(422, 'photos_only_when_resolving', /*i18n*/ '"After" photos can only be added when resolving.', { photoIds: 'only when resolving' });
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
  waitForStudent = false,
) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => {
    const complaint = await lockInScope(tx, scope, number);
    // A retried reply (its answer was lost, not the reply) is written once.
    if (await alreadyWritten(tx, complaint, actor.id, idempotencyKey)) return complaint;
    return recordReply(tx, ctx, complaint, { kind: 'staff', id: actor.id }, text, { internal, idempotencyKey, waitForStudent });
  });
}

/**
 * A worker starts a waiting complaint's clock again without the student's answer (it came some
 * other way, or the question no longer matters): it runs from now with the time it had.
 */
export async function resumeWaitingClock(ctx: LifecycleContext, actor: UserRow, number: string) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => {
    const complaint = await lockInScope(tx, scope, number);
    if (!complaint.clockPausedAt) throw new AppError(409, 'not_waiting', /*i18n*/ 'Its clock is running: it is not waiting for the student.');
    return resumeClock(tx, ctx, complaint, actor.id, 'staff');
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
      throw new AppError(400, 'validation_failed', /*i18n*/ 'Choose a staff member.', { assigneeId: 'is not a staff member' });
    }
    assigneeScope = await loadScope(ctx.db, assignee);
  }
  return ctx.transaction(async (tx) => {
    const updated: ComplaintRow[] = [];
    for (const number of numbers) {
      const complaint = await lockInScope(tx, scope, number);
      if (assignee && assigneeScope && !inScope(assigneeScope, complaint)) {
        throw AppError.withValues(
          400,
          'validation_failed',
          /*i18n*/ "{name} does not work {number}'s category and hostel.",
          () => ({ name: assignee.name || assignee.email, number }),
          { assigneeId: /*i18n*/ 'does not cover this complaint' },
        );
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

/**
 * The whole record for the console: timeline with internal notes, what this user may do next, and
 * its merges (`undoMs`: how long a merge can be undone).
 */
export async function staffDetail(db: Db, actor: UserRow, number: string, undoMs: number, timeZone: string) {
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
  const merged = await mergeFacts(db, complaint, undoMs);
  return {
    complaint,
    reporter: (await Reporters.load(db, [complaint])).of(complaint),
    studentName: student?.name || complaint.fname,
    events,
    assignee: assigneeRow,
    transitions: allowedTransitions(complaint.status, 'staff'),
    merge: merged,
    visit: await visitState(db, complaint, timeZone),
  };
}

/**
 * A complaint's whole timeline as a worker on it reads it, internal notes included, through the
 * projection for its reporter: the grievance committee reads a complaint's history so.
 */
export async function workerTimeline(db: Pick<Db, 'select'>, complaint: ComplaintRow) {
  const events = await db
    .select({ event: complaintEvents, actorName: users.name, actorEmail: users.email })
    .from(complaintEvents)
    .leftJoin(users, eq(users.id, complaintEvents.actorId))
    .where(eq(complaintEvents.complaintId, complaint.id))
    .orderBy(asc(complaintEvents.createdAt));
  return staffTimeline(complaint, (await Reporters.load(db, [complaint])).of(complaint), events);
}

/** Complaints as staff see them: each through the projection for its reporter (one query for the confidential ones). */
export async function staffViews(db: Pick<Db, 'select'>, rows: ReadonlyArray<{ complaint: StaffComplaintColumns; assignee: StaffAssignee | null }>): Promise<StaffComplaint[]> {
  const reporters = await Reporters.load(db, rows.map((r) => r.complaint));
  return rows.map(({ complaint, assignee }) => toStaffDto(complaint, assignee, reporters.of(complaint)));
}

/** One complaint as staff see it. */
export async function staffView(db: Pick<Db, 'select'>, complaint: StaffComplaintColumns, assignee: StaffAssignee | null): Promise<StaffComplaint> {
  const [view] = await staffViews(db, [{ complaint, assignee }]);
  if (!view) throw new Error('no view of one complaint');
  return view;
}

/** The staff view of a complaint just changed, with whoever has it now. */
export async function staffViewOf(db: Pick<Db, 'select'>, complaint: StaffComplaintColumns & { assigneeId: string | null }): Promise<StaffComplaint> {
  const [assignee] = complaint.assigneeId
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, complaint.assigneeId))
    : [];
  return staffView(db, complaint, assignee ?? null);
}

/** A worker proposes a visit time for in-room work in their scope; the student is told (visits/service.ts). */
export async function proposeVisitAsStaff(ctx: LifecycleContext, actor: UserRow, number: string, body: VisitProposalBody, idempotencyKey?: string) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  const timeZone = await ctx.universityTimeZone();
  return ctx.transaction(async (tx) => proposeVisit(tx, ctx, timeZone, await lockInScope(tx, scope, number), { kind: 'staff', id: actor.id }, body, idempotencyKey));
}

/** A worker accepts or declines the student's proposed visit time. */
export async function answerVisitAsStaff(
  ctx: LifecycleContext,
  actor: UserRow,
  number: string,
  proposalId: string,
  answer: VisitAnswerBody['answer'],
  idempotencyKey?: string,
) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  const timeZone = await ctx.universityTimeZone();
  return ctx.transaction(async (tx) =>
    answerVisit(tx, ctx, timeZone, await lockInScope(tx, scope, number), { kind: 'staff', id: actor.id }, proposalId, answer, idempotencyKey),
  );
}

/**
 * Where a merged duplicate went and until when that can be undone; the duplicates merged into this
 * complaint, each with its whole thread and its student's name (the dto passes both through the
 * confidentiality guard). Whoever works the complaint reads its duplicates' threads too: their
 * students follow it now.
 */
async function mergeFacts(db: Db, complaint: ComplaintRow, undoMs: number) {
  const [target] = complaint.mergedIntoId
    ? await db.select({ number: complaints.number }).from(complaints).where(eq(complaints.id, complaint.mergedIntoId)).limit(1)
    : [];
  const merged = target ? await lastMerge(db, complaint) : undefined;
  const duplicates = await duplicatesOf(db, complaint);
  const ids = duplicates.map((d) => d.id);
  const events = ids.length
    ? await db
        .select({ event: complaintEvents, actorName: users.name, actorEmail: users.email })
        .from(complaintEvents)
        .leftJoin(users, eq(users.id, complaintEvents.actorId))
        .where(inArray(complaintEvents.complaintId, ids))
        .orderBy(asc(complaintEvents.createdAt))
    : [];
  const students = ids.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...new Set(duplicates.map((d) => d.studentId))]))
    : [];
  const reporters = await Reporters.load(db, duplicates);
  return {
    mergedInto: target && merged ? { number: target.number, at: merged.at, undoUntil: undoUntil(merged.at, undoMs) } : null,
    duplicates: duplicates.map((d) => {
      const own = events.filter((e) => e.event.complaintId === d.id);
      const mergedAt = own.filter((e) => e.event.kind === 'merge' && e.event.toStatus === 'merged').at(-1)?.event.createdAt ?? d.updatedAt;
      return {
        complaint: d,
        reporter: reporters.of(d),
        events: own,
        studentName: students.find((s) => s.id === d.studentId)?.name || d.fname,
        mergedAt,
        undoUntil: undoUntil(mergedAt, undoMs),
      };
    }),
  };
}

/**
 * Locks two complaints in the actor's scope for the rest of the transaction, in id order, so two
 * merges crossing each other wait rather than deadlock. Out of scope is "not found".
 */
async function lockPairInScope(tx: Tx, scope: Scope, duplicateNumber: string, targetNumber: string) {
  const rows = await tx
    .select()
    .from(complaints)
    .where(and(inArray(complaints.number, [duplicateNumber, targetNumber]), scopeCondition(scope, complaints)))
    .orderBy(asc(complaints.id))
    .for('update');
  const duplicate = rows.find((r) => r.number === duplicateNumber);
  if (!duplicate) throw notFound();
  const target = rows.find((r) => r.number === targetNumber);
  if (!target) throw AppError.withValues(404, 'not_found', /*i18n*/ 'There is no complaint {number} in your queue.', () => ({ number: targetNumber }), {
      into: /*i18n*/ 'is not in your queue',
    });
  return { duplicate, target };
}

/**
 * Merges a duplicate into the complaint about the same problem; the worker's scope must cover both.
 * The merge can be undone for MERGE_UNDO_MINUTES (the lifecycle context's mergeUndoMs).
 */
export async function merge(ctx: LifecycleContext, actor: UserRow, number: string, into: string) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => {
    const { duplicate, target } = await lockPairInScope(tx, scope, number, into);
    return withAssignee(tx, await mergeDuplicate(tx, ctx, actor, duplicate, target));
  });
}

/** A complaint with its assignee, as the console's row shows it. */
async function withAssignee(tx: Tx, complaint: ComplaintRow) {
  const [assignee] = complaint.assigneeId
    ? await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, complaint.assigneeId))
    : [];
  return { complaint, assignee: assignee ?? null };
}

/** Undoes a merge while its window lasts; the worker's scope must cover both complaints. */
export async function unmerge(ctx: LifecycleContext, actor: UserRow, number: string) {
  refuseNonWorker(actor);
  const scope = await loadScope(ctx.db, actor);
  return ctx.transaction(async (tx) => {
    const [found] = await tx
      .select({ mergedIntoId: complaints.mergedIntoId })
      .from(complaints)
      .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
      .limit(1);
    if (!found) throw notFound();
    const [target] = found.mergedIntoId
      ? await tx.select({ number: complaints.number }).from(complaints).where(eq(complaints.id, found.mergedIntoId)).limit(1)
      : [];
    if (!target) throw AppError.withValues(409, 'not_merged', /*i18n*/ '{number} is not merged into another complaint.', () => ({ number }));
    const pair = await lockPairInScope(tx, scope, number, target.number);
    return withAssignee(tx, await undoMerge(tx, ctx, actor, pair.duplicate, pair.target));
  });
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
            scopes: can(p.role, 'scope.everything') ? [{ category: '', hostel: '' }] : scopes.filter((s) => s.userId === p.id).map((s) => ({ category: s.category, hostel: s.hostel })),
          },
        ]
      : [],
  );
}
