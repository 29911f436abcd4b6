import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PhotoVariant } from '../../../shared/constants.js';
import { studentMay } from '../../../shared/lifecycle.js';
import { PHOTOS_PENDING_PER_USER, type Photo, type PhotoList } from '../../../shared/photos.js';
import type { Db } from '../../db/client.js';
import { complaints, photos, type PhotoRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { photoAudience } from './access.js';
import { STORED_TYPE, reencodePhoto } from './processing.js';
import type { PhotoStorage } from './storage.js';

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Photo not found.');
const complaintNotFound = () => new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');

export const photoUrl = (id: string, variant: PhotoVariant) => `/api/photos/${id}/${variant}`;

export function toPhotoDto(row: PhotoRow, studentId: string | null): Photo {
  return {
    id: row.id,
    stage: row.stage,
    url: photoUrl(row.id, 'full'),
    thumbUrl: photoUrl(row.id, 'thumb'),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    byStudent: row.uploaderId === studentId,
  };
}

/**
 * Stores one uploaded photo as a pending upload of `user`: checked by its bytes, re-encoded
 * (no metadata survives), then stored. With the database store the row and its bytes commit in
 * one transaction; with S3 the row is written first, the objects next, and the row is marked
 * stored last, so a crash in between leaves a row the clean-up finds, never an object nobody knows.
 */
export async function storeUpload(db: Db, storage: PhotoStorage, user: UserRow, upload: Buffer): Promise<PhotoRow> {
  const [pending] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.uploaderId, user.id), isNull(photos.complaintId), isNull(photos.grievanceId)));
  if ((pending?.n ?? 0) >= PHOTOS_PENDING_PER_USER) {
    throw new AppError(
      422,
      'too_many_pending_photos',
      `You have ${PHOTOS_PENDING_PER_USER} photos waiting to be sent. Send your complaint first, or try again tomorrow.`,
    );
  }
  const processed = await reencodePhoto(upload);
  const values = {
    uploaderId: user.id,
    contentType: STORED_TYPE,
    width: processed.width,
    height: processed.height,
    bytes: processed.full.length,
    storage: storage.kind,
  };
  if (storage.kind === 'database') {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(photos).values({ ...values, storedAt: new Date() }).returning();
      if (!row) throw new Error('photo insert returned nothing');
      await storage.put(tx, row.id, processed);
      return row;
    });
  }
  const [row] = await db.insert(photos).values(values).returning();
  if (!row) throw new Error('photo insert returned nothing');
  try {
    await storage.put(db, row.id, processed);
  } catch (error) {
    // Best effort now; the clean-up removes whatever is left if this fails too.
    await storage.remove(db, [row.id]).catch(() => undefined);
    await db.delete(photos).where(eq(photos.id, row.id));
    throw error;
  }
  const [stored] = await db.update(photos).set({ storedAt: new Date() }).where(eq(photos.id, row.id)).returning();
  if (!stored) throw new Error('photo update returned nothing');
  return stored;
}

/** The photos of a complaint as this user may see them; a complaint they may not see is not found. */
export async function listComplaintPhotos(db: Db, user: UserRow, number: string): Promise<PhotoList> {
  const [complaint] = await db.select().from(complaints).where(eq(complaints.number, number)).limit(1);
  if (!complaint) throw complaintNotFound();
  const audience = await photoAudience(db, user, complaint);
  if (audience === 'none') throw complaintNotFound();
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.complaintId, complaint.id))
    .orderBy(asc(photos.createdAt), asc(photos.id));
  const canAdd = complaint.studentId === user.id && studentMay(complaint.status, 'add_photos');
  if (audience === 'withheld') return { items: [], withheld: rows.length, canAdd };
  return { items: rows.map((row) => toPhotoDto(row, complaint.studentId)), withheld: 0, canAdd };
}

/**
 * One variant of one photo, if this user may see it: their own pending upload, or a photo of a
 * complaint they may see (confidential ones only to the student and the anti-ragging duty). Any
 * other case is "not found", so ids cannot be probed.
 */
export async function readPhoto(db: Db, storage: PhotoStorage, user: UserRow, photoId: string, variant: PhotoVariant) {
  const [found] = await db
    .select({ photo: photos, complaint: complaints })
    .from(photos)
    .leftJoin(complaints, eq(complaints.id, photos.complaintId))
    .where(and(eq(photos.id, photoId), sql`${photos.storedAt} is not null`))
    .limit(1);
  if (!found) throw notFound();
  const { photo, complaint } = found;
  const allowed = complaint ? (await photoAudience(db, user, complaint)) === 'all' : photo.uploaderId === user.id;
  if (!allowed) throw notFound();
  const bytes = await storage.get(db, photo.id, variant);
  if (!bytes) throw notFound();
  return { photo, complaintNumber: complaint?.number ?? null, bytes };
}

/** Uploads deleted per run and statement: each batch holds its row locks only briefly. */
const CLEANUP_BATCH = 100;

/**
 * Removes uploads nobody attached within `pendingMs` (a form abandoned, a phone gone offline), and
 * their bytes. Every instance runs it; rows are claimed with SKIP LOCKED, so a photo being
 * attached right now (its row locked by that transaction) is never taken from under it.
 */
export async function removeAbandonedUploads(db: Db, storage: PhotoStorage, pendingMs: number): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await db.transaction(async (tx) => {
      const batch = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(isNull(photos.complaintId), isNull(photos.grievanceId), lt(photos.createdAt, sql`now() - make_interval(secs => ${pendingMs / 1000})`)))
        .limit(CLEANUP_BATCH)
        .for('update', { skipLocked: true });
      const ids = batch.map((row) => row.id);
      if (!ids.length) return 0;
      await storage.remove(tx, ids);
      await tx.delete(photos).where(inArray(photos.id, ids));
      return ids.length;
    });
    total += removed;
    if (removed < CLEANUP_BATCH) return total;
  }
}
