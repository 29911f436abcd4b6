import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PhotoStage } from '../../../shared/constants.js';
import { PHOTOS_PER_COMPLAINT } from '../../../shared/photos.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, photos, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { valued } from '../../../shared/valued-message.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { studentPhotosMail } from '../mail/index.js';
import { staffUrl, type LifecycleContext } from './context.js';
import { tellTeam } from './notices.js';
import { lockOwnComplaint } from './service.js';
import { refuseUnlessStudentMay } from './student-actions.js';

/**
 * Attaches `photoIds` (pending uploads of `uploaderId`) to a complaint, inside the transaction that
 * files, resolves or adds to it: if any photo is missing, someone else's, already attached or not
 * fully stored, or the complaint would hold too many, the whole change is refused and rolled back,
 * so a complaint that was confirmed has every photo it was sent with. Writes the audit row; whoever
 * calls it tells whom the change concerns (filing, a resolution, the student's photos below).
 */
export async function attachPhotos(
  tx: Tx,
  opts: { photoIds: readonly string[] | undefined; uploaderId: string; complaint: Pick<ComplaintRow, 'id' | 'number'>; stage: PhotoStage },
): Promise<number> {
  const ids = [...new Set(opts.photoIds ?? [])];
  if (!ids.length) return 0;
  const attached = await tx
    .update(photos)
    .set({ complaintId: opts.complaint.id, stage: opts.stage, attachedAt: new Date() })
    .where(
      and(
        inArray(photos.id, ids),
        eq(photos.uploaderId, opts.uploaderId),
        isNull(photos.complaintId),
        isNull(photos.grievanceId),
        sql`${photos.storedAt} is not null`,
      ),
    )
    .returning({ id: photos.id });
  if (attached.length !== ids.length) {
    throw new AppError(
      422,
      'photo_unavailable',
      /*i18n*/ 'A photo could not be attached: it has expired or was already sent. Remove it and add it again.',
      { photoIds: 'upload the photo again' },
    );
  }
  const [total] = await tx.select({ n: count() }).from(photos).where(eq(photos.complaintId, opts.complaint.id));
  if ((total?.n ?? 0) > PHOTOS_PER_COMPLAINT) {
    throw AppError.withValues(422, 'too_many_photos', /*i18n*/ 'A complaint can have at most {count} photos.', () => ({ count: String(PHOTOS_PER_COMPLAINT) }), {
      photoIds: valued(/*i18n*/ 'at most {count} photos in all', { count: PHOTOS_PER_COMPLAINT }),
    });
  }
  await audit(tx, {
    actorId: opts.uploaderId,
    action: 'complaint.photos',
    targetType: 'complaint',
    targetId: opts.complaint.number,
    details: { stage: opts.stage, photos: ids },
  });
  return ids.length;
}

/**
 * The student adds photos to their own complaint while it is not finished (`studentMay`: a resolved
 * complaint still takes them, as it takes replies). The team hears of it by the same rule as a
 * reply: the assignee, or else the routed address by mail and every worker in scope by bell.
 */
export async function addStudentPhotos(ctx: LifecycleContext, student: UserRow, number: string, photoIds: readonly string[]): Promise<void> {
  await ctx.transaction(async (tx) => {
    const complaint = await lockOwnComplaint(tx, student, number);
    refuseUnlessStudentMay(complaint, 'add_photos');
    const added = await attachPhotos(tx, { photoIds, uploaderId: student.id, complaint, stage: 'before' });
    const [updated = complaint] = await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, complaint.id)).returning();
    // Both sides see when the photos came, between the replies they belong with; the note is how many.
    await tx.insert(complaintEvents).values({
      complaintId: complaint.id,
      actorId: student.id,
      fromStatus: updated.status,
      toStatus: updated.status,
      kind: 'photos',
      public: true,
      note: String(added),
    });
    await tellTeam(
      tx,
      ctx,
      updated,
      {
        purpose: 'student_photos',
        mail: (r) => studentPhotosMail(updated, added, staffUrl(ctx, number), r),
        bell: ({ i18n }) => i18n._('{count, plural, one {{number}: the student added a photo} other {{number}: the student added # photos}}', { count: added, number }),
        replyTo: updated.userEmail,
      },
      student.id,
    );
  });
}
