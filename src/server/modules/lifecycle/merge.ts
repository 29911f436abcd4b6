import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { FOLLOW_SOURCES, STATUS_LABELS, isFinishedStatus, type ComplaintStatus, type FollowSource } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/client.js';
import {
  auditLog,
  complaintEvents,
  complaintFollowers,
  complaints,
  notifications,
  outbox,
  pushOutbox,
  type ComplaintRow,
  type UserRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { enqueueMail } from '../mail/index.js';
import { mergedMail, unmergedMail } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import { mailOptions, studentUrl, type LifecycleContext } from './context.js';
import { recountFollowers } from './following.js';
import { wantingMail } from './notices.js';

/*
 * Merging a duplicate D into the complaint T about the same problem (decision 36), and undoing it
 * within MERGE_UNDO_MINUTES. In one transaction: D becomes 'merged' (merged_into_id = T), D's student
 * follows T (unless they filed T or follow it already) and D's followers move to T, both counts are
 * recounted, each complaint gets a `merge` event, the audit row records what moved and what was
 * held, and D's student is told once — the mail and push held until the undo window ends, so an undo
 * in time takes them (and the bell) back and tells nobody.
 */


/** What a merge moved and held back, kept in its audit row so an undo takes back exactly that. */
interface MergeRecord {
  into: string;
  /** D's followers as they were, moved to T. */
  moved: Array<{ userId: string; source: FollowSource; createdAt: string }>;
  /** The outbox rows and notice ids (bell row and push event) of the notice to D's student. */
  heldMail: string[];
  heldNotices: string[];
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
  const [merged] = await tx
    .update(complaints)
    .set({ status: 'merged', mergedIntoId: target.id, updatedAt: new Date() })
    .where(eq(complaints.id, duplicate.id))
    .returning();
  if (!merged) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');

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

  await tx.insert(complaintEvents).values([
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
  const holdUntil = sql`now() + make_interval(secs => ${ctx.mergeUndoMs / 1000})`;
  const to = await wantingMail(tx, [duplicate.userEmail]);
  // Written to wait for the polling pass (never handed over on commit, issue 40): an undo in the window deletes it unsent.
  const heldMail = to.length
    ? await enqueueMail(
        tx,
        [{ render: (r) => mergedMail(merged, target, studentUrl(ctx, target.number), r), purpose: 'merged', complaint: merged, to, holdMs: ctx.mergeUndoMs }],
        mailOptions(ctx),
      )
    : [];
  const heldNotices = await notify(tx, duplicate.studentId, merged, ({ i18n }) =>
    i18n._('{number} is the same problem as {target}: you hear of its progress there', { number: duplicate.number, target: target.number }),
  );
  if (heldNotices.length) await tx.update(pushOutbox).set({ nextAttemptAt: holdUntil }).where(inArray(pushOutbox.eventId, heldNotices));

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
  const [row] = await tx
    .update(complaints)
    .set({ status: restored, mergedIntoId: null, updatedAt: new Date() })
    .where(eq(complaints.id, duplicate.id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');

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

  await tx.insert(complaintEvents).values([
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
  if (wentOut) {
    const to = await wantingMail(tx, [duplicateNow.userEmail]);
    if (to.length) {
      await enqueueMail(tx, [{ render: (r) => unmergedMail(duplicateNow, target.number, studentUrl(ctx, duplicate.number), r), purpose: 'unmerged', complaint: duplicateNow, to }], mailOptions(ctx));
    }
    await notify(tx, duplicate.studentId, duplicateNow, ({ i18n }) =>
      i18n._('{number} is your own complaint again: it was not the same problem as {target}', { number: duplicate.number, target: target.number }),
    );
  }
  return duplicateNow;
}

/**
 * Deletes what is left of a merge's held notice: mail and pushes not yet sent (nor being sent) and
 * the bell. Says whether any of it had already reached the student: a mail or push sent or being
 * sent (one that failed never reached them), or the bell read.
 */
async function takeBackNotice(tx: Tx, record: MergeRecord): Promise<boolean> {
  const unleased = (lockedUntil: typeof outbox.lockedUntil | typeof pushOutbox.lockedUntil) => or(isNull(lockedUntil), lt(lockedUntil, sql`now()`));
  let wentOut = false;
  if (record.heldMail.length) {
    await tx.delete(outbox).where(and(inArray(outbox.id, record.heldMail), inArray(outbox.status, ['queued', 'held']), unleased(outbox.lockedUntil)));
    const [left] = await tx.select({ id: outbox.id }).from(outbox).where(and(inArray(outbox.id, record.heldMail), ne(outbox.status, 'failed'))).limit(1);
    wentOut ||= Boolean(left);
  }
  if (record.heldNotices.length) {
    await tx.delete(pushOutbox).where(and(inArray(pushOutbox.eventId, record.heldNotices), eq(pushOutbox.status, 'queued'), unleased(pushOutbox.lockedUntil)));
    const [left] = await tx
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(and(inArray(pushOutbox.eventId, record.heldNotices), inArray(pushOutbox.status, ['queued', 'sent'])))
      .limit(1);
    const bells = await tx.delete(notifications).where(inArray(notifications.id, record.heldNotices)).returning({ readAt: notifications.readAt });
    wentOut ||= Boolean(left) || bells.some((b) => b.readAt !== null);
  }
  return wentOut;
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
