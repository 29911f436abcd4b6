import { and, asc, desc, eq } from 'drizzle-orm';
import { FOLLOW_SOURCES, STATUS_LABELS, isFinishedStatus, type ComplaintStatus, type FollowSource } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, complaintEvents, complaintFollowers, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { addToTimeline, changeComplaint, resumeWaiting, takeBackNotice, tellMerged, tellUnmerged, type HeldNotice, type LifecycleContext } from '../lifecycle/index.js';
import { recountFollowers } from './following.js';

/*
 * Merging a duplicate D into the complaint T about the same problem (decision 36), and undoing it
 * within MERGE_UNDO_MINUTES. In one transaction: D becomes 'merged' (merged_into_id = T), D's student
 * follows T (unless they filed T or follow it already) and D's followers move to T, both counts are
 * recounted, each complaint gets a `merge` event, the audit row records what moved and what was
 * held, and D's student is told once — the mail and push held until the undo window ends, so an undo
 * in time takes them (and the bell) back and tells nobody. The follower rows are this module's; the
 * complaints' rows and timelines and the held notice are the lifecycle's (decision 68).
 */


/** What a merge moved and held back, kept in its audit row so an undo takes back exactly that. */
interface MergeRecord extends HeldNotice {
  into: string;
  /** D's followers as they were, moved to T. */
  moved: Array<{ userId: string; source: FollowSource; createdAt: string }>;
}

function isMergeRecord(value: unknown): value is MergeRecord {
  const r = value as Partial<MergeRecord> | null;
  return (
    typeof r?.into === 'string' &&
    Array.isArray(r.moved) &&
    r.moved.every((m) => typeof m.userId === 'string' && (FOLLOW_SOURCES as readonly string[]).includes(m.source) && typeof m.createdAt === 'string') &&
    Array.isArray(r.heldMail) &&
    r.heldMail.every((id) => typeof id === 'string') &&
    Array.isArray(r.heldNotices) &&
    r.heldNotices.every((id) => typeof id === 'string')
  );
}

/**
 * Refuses a merge that would not make sense, with the reason: into itself, a duplicate that is not
 * open, into a finished or merged complaint, an anonymous report (its thread is its reporter's only
 * way in), a confidential complaint with one that is not, and chains (a complaint that has duplicates of its own cannot become one).
 */
export function refuseMerge(duplicate: ComplaintRow, target: ComplaintRow, targetOfOthers: boolean): void {
  if (duplicate.id === target.id) throw AppError.withValues(409, 'merge_into_itself', /*i18n*/ '{number} cannot be merged into itself.', () => ({ number: duplicate.number }));
  if (duplicate.status === 'merged') {
    throw AppError.withValues(409, 'already_merged', /*i18n*/ '{number} is already merged into another complaint: undo that first.', () => ({
      number: duplicate.number,
    }));
  }
  if (isFinishedStatus(duplicate.status) || duplicate.status === 'resolved') {
    throw AppError.withValues(409, 'cannot_merge', /*i18n*/ '{number} is {status}: only an open complaint can be merged into another.', (i18n) => ({ number: duplicate.number, status: i18n._(STATUS_LABELS[duplicate.status]).toLowerCase() }));
  }
  if (target.status === 'merged') {
    throw AppError.withValues(409, 'merge_chain', /*i18n*/ '{number} is itself merged into another complaint: merge into that one.', () => ({ number: target.number }));
  }
  if (isFinishedStatus(target.status)) {
    throw AppError.withValues(409, 'cannot_merge', /*i18n*/ '{number} is {status}: merge into a complaint that is still being worked on.', (i18n) => ({ number: target.number, status: i18n._(STATUS_LABELS[target.status]).toLowerCase() }));
  }
  if (duplicate.anonymous) {
    // Its thread is the only way to reach the reporter (decision 41): merged, it would take no more replies.
    throw AppError.withValues(
      409,
      'filed_anonymously',
      /*i18n*/ '{number} was filed anonymously: its thread is the only way to reach its reporter, so it is not merged. Mention the other report in an internal note instead.',
      () => ({ number: duplicate.number }),
    );
  }
  if (duplicate.confidential !== target.confidential) {
    throw new AppError(409, 'confidentiality_differs', /*i18n*/ 'A confidential complaint can only be merged with another confidential complaint.');
  }
  if (targetOfOthers) {
    throw AppError.withValues(
      409,
      'merge_chain',
      /*i18n*/ 'Other complaints are merged into {duplicate}: merge {target} into {duplicate} instead, or undo those first.',
      () => ({ duplicate: duplicate.number, target: target.number }),
    );
  }
}

/** Whether other duplicates are merged into this complaint. */
async function hasDuplicates(tx: Pick<Db, 'select'>, complaint: ComplaintRow): Promise<boolean> {
  const [one] = await tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.mergedIntoId, complaint.id)).limit(1);
  return Boolean(one);
}

/**
 * Merges the duplicate into the target, both locked by the caller (staff whose scope covers both).
 * Returns the duplicate as it is now.
 */
export async function mergeDuplicate(
  tx: Tx,
  ctx: LifecycleContext,
  actor: Pick<UserRow, 'id'>,
  duplicate: ComplaintRow,
  target: ComplaintRow,
): Promise<ComplaintRow> {
  refuseMerge(duplicate, target, await hasDuplicates(tx, duplicate));
  await resumeWaiting(tx, ctx, [duplicate.id], actor.id);
  const merged = await changeComplaint(tx, duplicate.id, { status: 'merged', mergedIntoId: target.id, updatedAt: new Date() });

  // D's followers move to T; then D's student follows T, unless they filed it or follow it already.
  const moved = await tx.delete(complaintFollowers).where(eq(complaintFollowers.complaintId, duplicate.id)).returning();
  const arriving = [
    ...moved.filter((f) => f.userId !== target.studentId).map((f) => ({ userId: f.userId, source: f.source })),
    ...(duplicate.studentId === target.studentId ? [] : [{ userId: duplicate.studentId, source: 'merged' as const }]),
  ];
  if (arriving.length) {
    await tx
      .insert(complaintFollowers)
      .values(arriving.map((f) => ({ complaintId: target.id, userId: f.userId, source: f.source, viaComplaintId: duplicate.id })))
      .onConflictDoNothing();
  }
  await recountFollowers(tx, duplicate.id);
  const targetNow = await recountFollowers(tx, target.id);

  await addToTimeline(tx, [
    {
      complaintId: duplicate.id,
      actorId: actor.id,
      fromStatus: duplicate.status,
      toStatus: 'merged',
      kind: 'merge',
      public: true,
      note: `Merged into ${target.number}: the same problem. Its progress is followed there.`,
    },
    {
      complaintId: target.id,
      actorId: actor.id,
      fromStatus: target.status,
      toStatus: target.status,
      kind: 'merge',
      public: false,
      note: `${duplicate.number} was merged into this complaint (${targetNow.followerCount + 1} students now)`,
    },
  ]);

  // Told once, by their channels; mail and push wait out the undo window.
  const { heldMail, heldNotices } = await tellMerged(tx, ctx, merged, target);

  const record: MergeRecord = {
    into: target.number,
    moved: moved.map((f) => ({ userId: f.userId, source: f.source, createdAt: f.createdAt.toISOString() })),
    heldMail,
    heldNotices,
  };
  await audit(tx, {
    actorId: actor.id,
    action: 'complaint.merge',
    targetType: 'complaint',
    targetId: duplicate.number,
    details: { from: duplicate.status, to: 'merged', ...record },
  });
  return merged;
}

/** When the duplicate was merged and from which status: its newest merge event. */
export async function lastMerge(db: Pick<Db, 'select'>, duplicate: Pick<ComplaintRow, 'id'>) {
  const [event] = await db
    .select({ at: complaintEvents.createdAt, from: complaintEvents.fromStatus })
    .from(complaintEvents)
    .where(and(eq(complaintEvents.complaintId, duplicate.id), eq(complaintEvents.kind, 'merge'), eq(complaintEvents.toStatus, 'merged')))
    .orderBy(desc(complaintEvents.createdAt))
    .limit(1);
  return event;
}

/** Until when a merge made at `at` can be undone; null once it cannot. */
export function undoUntil(at: Date, undoMs: number, now = Date.now()): Date | null {
  const until = at.getTime() + undoMs;
  return until > now ? new Date(until) : null;
}

/**
 * Undoes a merge while the window lasts, both complaints locked by the caller: the duplicate gets
 * its status back (the merge event's from_status), the followers the merge brought to the target
 * leave it and the duplicate's own followers come back, both counts are recounted, each complaint
 * gets a `merge` event and the audit row is written. The held notice is deleted where it has not
 * gone out; if any of it went out (a mail or push sent, the bell read), the student is told.
 */
export async function undoMerge(
  tx: Tx,
  ctx: LifecycleContext,
  actor: Pick<UserRow, 'id'>,
  duplicate: ComplaintRow,
  target: ComplaintRow,
): Promise<ComplaintRow> {
  if (duplicate.status !== 'merged' || duplicate.mergedIntoId !== target.id) {
    throw AppError.withValues(409, 'not_merged', /*i18n*/ '{number} is not merged into another complaint.', () => ({ number: duplicate.number }));
  }
  const merge = await lastMerge(tx, duplicate);
  if (!merge || !undoUntil(merge.at, ctx.mergeUndoMs)) {
    throw new AppError(
      409,
      'undo_expired',
      `A merge can be undone for ${Math.round(ctx.mergeUndoMs / 60_000)} minutes; ${duplicate.number} was merged longer ago than that.`,
    );
  }
  const restored: ComplaintStatus = merge.from && merge.from !== 'merged' ? merge.from : 'submitted';
  await changeComplaint(tx, duplicate.id, { status: restored, mergedIntoId: null, updatedAt: new Date() });

  const [entry] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'complaint'), eq(auditLog.targetId, duplicate.number), eq(auditLog.action, 'complaint.merge')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const record = isMergeRecord(entry?.details) ? entry.details : { into: target.number, moved: [], heldMail: [], heldNotices: [] };

  await tx.delete(complaintFollowers).where(and(eq(complaintFollowers.complaintId, target.id), eq(complaintFollowers.viaComplaintId, duplicate.id)));
  const back = record.moved.filter((f) => f.userId !== duplicate.studentId);
  if (back.length) {
    await tx
      .insert(complaintFollowers)
      .values(back.map((f) => ({ complaintId: duplicate.id, userId: f.userId, source: f.source, createdAt: new Date(f.createdAt) })))
      .onConflictDoNothing();
  }
  const duplicateNow = await recountFollowers(tx, duplicate.id);
  const targetNow = await recountFollowers(tx, target.id);

  await addToTimeline(tx, [
    {
      complaintId: duplicate.id,
      actorId: actor.id,
      fromStatus: 'merged',
      toStatus: restored,
      kind: 'merge',
      public: true,
      note: `No longer merged into ${target.number}: it goes on as its own complaint.`,
    },
    {
      complaintId: target.id,
      actorId: actor.id,
      fromStatus: target.status,
      toStatus: target.status,
      kind: 'merge',
      public: false,
      note: `Merging ${duplicate.number} into this complaint was undone (${targetNow.followerCount + 1} students now)`,
    },
  ]);

  const wentOut = await takeBackNotice(tx, record);
  await audit(tx, {
    actorId: actor.id,
    action: 'complaint.unmerge',
    targetType: 'complaint',
    targetId: duplicate.number,
    details: { from: 'merged', to: restored, into: target.number, noticeWentOut: wentOut },
  });
  if (wentOut) await tellUnmerged(tx, ctx, duplicateNow, target);
  return duplicateNow;
}

/** The duplicates merged into a complaint, newest first, for the staff console. */
export async function duplicatesOf(db: Pick<Db, 'select'>, target: Pick<ComplaintRow, 'id'>) {
  const rows = await db
    .select()
    .from(complaints)
    .where(eq(complaints.mergedIntoId, target.id))
    .orderBy(desc(complaints.updatedAt), asc(complaints.id));
  return rows;
}
