import { and, count, eq, sql } from 'drizzle-orm';
import { STATUS_LABELS, isOpenStatus, type FollowSource } from '../../../shared/constants.js';
import type { Tx } from '../../db/client.js';
import { complaintFollowers, complaints, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { audit } from '../audit/index.js';
import { AppError } from '../../lib/errors.js';
import { addToTimeline, changeComplaint, type LifecycleContext } from '../lifecycle/index.js';

/*
 * Students who follow a complaint they did not file: "Me too" (a student with the same problem
 * follows the complaint instead of filing their own), or their duplicate merged into it (merge.ts).
 * Each follower row, the complaint's follower_count and a `follow` timeline event change together.
 * The team sees the count ("affects n students"); nobody is told by mail of a new follower. The
 * follower rows are this module's; the count and the event are the complaint's, written through the
 * lifecycle (decision 68), which also tells the followers of every change of status (tellFollowers).
 */

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');

/** A complaint locked for a change of its followers; a confidential one does not exist for other students. */
async function lockFollowable(tx: Tx, number: string): Promise<ComplaintRow> {
  const [complaint] = await tx.select().from(complaints).where(eq(complaints.number, number)).for('update').limit(1);
  if (!complaint) throw notFound();
  return complaint;
}

/**
 * Why a student may not say "Me too" to this complaint, or nothing: their own, a confidential one
 * (never offered to other students: "not found"), a merged duplicate (follow the one it went into),
 * or one that is over.
 */
export function refuseUnlessMayFollow(complaint: ComplaintRow, studentId: string, mergedIntoNumber: string | null): void {
  if (complaint.confidential) throw notFound();
  if (complaint.studentId === studentId) {
    throw AppError.withValues(409, 'own_complaint', /*i18n*/ 'You filed {number}: you hear of its progress already.', () => ({ number: complaint.number }));
  }
  if (complaint.status === 'merged' && mergedIntoNumber) {
    throw AppError.withValues(409, 'complaint_merged', /*i18n*/ '{number} was merged into {target}: say Me too there instead.', () => ({
      number: complaint.number,
      target: mergedIntoNumber,
    }));
  }
  if (!isOpenStatus(complaint.status) && complaint.status !== 'resolved') {
    throw AppError.withValues(
      409,
      'cannot_follow',
      /*i18n*/ '{number} is {status}: it can no longer be followed. File a new complaint if the problem is still there.',
      (i18n) => ({ number: complaint.number, status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase() }),
    );
  }
}

/** Sets a complaint's follower_count to the number of its follower rows (after moving them about). */
export async function recountFollowers(tx: Tx, complaintId: string): Promise<ComplaintRow> {
  return changeComplaint(tx, complaintId, {
    followerCount: sql`(select ${count()}::int from ${complaintFollowers} where ${complaintFollowers.complaintId} = ${complaintId})`,
  });
}

/**
 * Adds `userId` as a follower of the locked complaint, in the caller's transaction: the row, the
 * count and an internal `follow` event, or nothing at all when they follow it already.
 */
export async function addFollower(
  tx: Tx,
  complaint: ComplaintRow,
  userId: string,
  how: { source: FollowSource; via?: string | null; note: string },
): Promise<{ complaint: ComplaintRow; added: boolean }> {
  const added = await tx
    .insert(complaintFollowers)
    .values({ complaintId: complaint.id, userId, source: how.source, viaComplaintId: how.via ?? null })
    .onConflictDoNothing()
    .returning({ userId: complaintFollowers.userId });
  if (!added.length) return { complaint, added: false };
  const row = await changeComplaint(tx, complaint.id, { followerCount: sql`${complaints.followerCount} + 1` });
  await followEvent(tx, row, how.note);
  return { complaint: row, added: true };
}

/** The internal timeline line of a change of followers: it names nobody (the team sees the count). */
async function followEvent(tx: Tx, complaint: ComplaintRow, note: string): Promise<void> {
  await addToTimeline(tx, [
    {
      complaintId: complaint.id,
      actorId: null,
      fromStatus: complaint.status,
      toStatus: complaint.status,
      kind: 'follow',
      public: false,
      note: `${note} (${complaint.followerCount + 1} students now)`,
    },
  ]);
}

/** "Me too": the student follows a complaint someone else filed. Saying it twice changes nothing. */
export async function meToo(ctx: LifecycleContext, student: Pick<UserRow, 'id'>, number: string): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockFollowable(tx, number);
    const [target] = complaint.mergedIntoId
      ? await tx.select({ number: complaints.number }).from(complaints).where(eq(complaints.id, complaint.mergedIntoId))
      : [];
    refuseUnlessMayFollow(complaint, student.id, target?.number ?? null);
    const result = await addFollower(tx, complaint, student.id, { source: 'me_too', note: 'A student said Me too' });
    // Who says a complaint affects them is a change like any other (issue 40): in the audit log.
    if (result.added) {
      await audit(tx, { actorId: student.id, action: 'complaint.follow', targetType: 'complaint', targetId: complaint.number, details: { followers: result.complaint.followerCount } });
    }
    return result.complaint;
  });
}

/** The student stops following a complaint (whatever brought them there); leaving twice changes nothing. */
export async function leave(ctx: LifecycleContext, student: Pick<UserRow, 'id'>, number: string): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockFollowable(tx, number);
    if (complaint.studentId === student.id) {
      throw AppError.withValues(409, 'own_complaint', /*i18n*/ 'You filed {number}: withdraw it instead, if nobody has taken it up yet.', () => ({
        number: complaint.number,
      }));
    }
    const removed = await tx
      .delete(complaintFollowers)
      .where(and(eq(complaintFollowers.complaintId, complaint.id), eq(complaintFollowers.userId, student.id)))
      .returning({ userId: complaintFollowers.userId });
    if (!removed.length) {
      if (complaint.confidential) throw notFound();
      return complaint;
    }
    const row = await changeComplaint(tx, complaint.id, { followerCount: sql`greatest(${complaints.followerCount} - 1, 0)` });
    await followEvent(tx, row, 'A student stopped following it');
    await audit(tx, { actorId: student.id, action: 'complaint.unfollow', targetType: 'complaint', targetId: complaint.number, details: { followers: row.followerCount } });
    return row;
  });
}
