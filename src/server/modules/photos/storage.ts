import type { S3Client } from '@aws-sdk/client-s3';
import { and, eq, inArray } from 'drizzle-orm';
import type { PhotoStorageKind, PhotoVariant } from '../../../shared/constants.js';
import type { S3Settings } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { photoBlobs } from '../../db/schema.js';

export interface PhotoBytes {
  full: Buffer;
  thumb: Buffer;
}

/**
 * Where the bytes of photos live. The database store writes inside the caller's transaction, so
 * a photo row and its bytes commit together; the S3 store writes objects the row points to, and
 * the row is marked stored only after they are written (service.ts).
 */
export interface PhotoStorage {
  readonly kind: PhotoStorageKind;
  put(db: Db | Tx, photoId: string, bytes: PhotoBytes): Promise<void>;
  get(db: Db, photoId: string, variant: PhotoVariant): Promise<Buffer | null>;
  /** Removes the bytes of these photos; called before their rows go, and safe to repeat. */
  remove(db: Db | Tx, photoIds: string[]): Promise<void>;
  close(): void;
}

export function databaseStorage(): PhotoStorage {
  return {
    kind: 'database',
    async put(db, photoId, bytes) {
      await db.insert(photoBlobs).values([
        { photoId, variant: 'full', data: bytes.full },
        { photoId, variant: 'thumb', data: bytes.thumb },
      ]);
    },
    async get(db, photoId, variant) {
      const [row] = await db
        .select({ data: photoBlobs.data })
        .from(photoBlobs)
        .where(and(eq(photoBlobs.photoId, photoId), eq(photoBlobs.variant, variant)));
      return row?.data ?? null;
    },
    async remove(db, photoIds) {
      // The rows' foreign key cascades too; deleting here keeps both stores alike for the caller.
      if (photoIds.length) await db.delete(photoBlobs).where(inArray(photoBlobs.photoId, photoIds));
    },
    close() {},
  };
}

const objectKey = (photoId: string, variant: PhotoVariant) => `photos/${photoId}/${variant}.webp`;

/**
 * The S3 client, loaded on first use: the SDK is the largest thing the server could import (a third
 * of a second of start-up), and an installation that keeps photos in its database never needs it.
 */
async function s3Client(settings: S3Settings) {
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // default trailers, and the bytes were just made by this process.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
}

export function s3Storage(settings: S3Settings): PhotoStorage {
  let loaded: ReturnType<typeof s3Client> | undefined;
  let closed = false;
  const s3 = () => (loaded ??= s3Client(settings));
  const put = async (photoId: string, variant: PhotoVariant, body: Buffer) => {
    const { sdk, client } = await s3();
    return client.send(
      new sdk.PutObjectCommand({
        Bucket: settings.bucket,
        Key: objectKey(photoId, variant),
        Body: body,
        ContentType: 'image/webp',
      }),
    );
  };
  return {
    kind: 's3',
    async put(_tx, photoId, bytes) {
      await Promise.all([put(photoId, 'full', bytes.full), put(photoId, 'thumb', bytes.thumb)]);
    },
    async get(_db, photoId, variant) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(photoId, variant) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async remove(_db, photoIds) {
      if (!photoIds.length) return;
      const { sdk, client } = await s3();
      await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: settings.bucket,
          Delete: { Objects: photoIds.flatMap((id) => [{ Key: objectKey(id, 'full') }, { Key: objectKey(id, 'thumb') }]), Quiet: true },
        }),
      );
    },
    close() {
      if (closed) return;
      closed = true;
      // A client never used was never made; one being made is closed once it exists.
      void loaded?.then(
        ({ client }) => client.destroy(),
        () => undefined,
      );
    },
  };
}
