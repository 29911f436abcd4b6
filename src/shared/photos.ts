import { z } from 'zod';
import { PHOTO_STAGES } from './constants.js';
import { valued } from './valued-message.js';

/** Photos one request may attach (the filing form, one later addition, one resolution). */
export const PHOTOS_PER_SET = 4;
/** Photos one complaint may hold in all, the student's and the team's together. */
export const PHOTOS_PER_COMPLAINT = 12;
/** Uploads one person may have waiting to be attached at once. */
export const PHOTOS_PENDING_PER_USER = 12;
/** The longest edge of a stored photo, and of what the browser sends. */
export const PHOTO_MAX_EDGE = 1600;
/** The longest edge of a thumbnail. */
export const PHOTO_THUMB_EDGE = 320;
/** What the server accepts as a photo (checked on the bytes, not on the name or the declared type). */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PHOTO_TYPE_MESSAGE = /*i18n*/ 'Photos must be JPEG, PNG or WebP images.';

/** The ids of uploaded photos to attach; optional so that requests without photos stay as they were. */
export const photoIdsSchema = z
  .array(z.uuid(/*i18n*/ 'Upload the photo again'), { error: /*i18n*/ 'Upload the photos again' })
  .max(PHOTOS_PER_SET, valued(/*i18n*/ 'Attach at most {count} photos at a time', { count: PHOTOS_PER_SET }))
  .refine((ids) => new Set(ids).size === ids.length, /*i18n*/ 'The same photo is attached twice')
  .describe('Ids returned by POST /api/photos, attached in the same transaction');

/** A stored photo as the one who uploaded it, or anyone who may see its complaint, sees it. */
export const photoSchema = z
  .object({
    id: z.uuid(),
    stage: z.enum(PHOTO_STAGES).describe("before: the student's; after: the team's when resolving"),
    url: z.string(),
    thumbUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    createdAt: z.string(),
    byStudent: z.boolean(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

export const photoListSchema = z
  .object({
    items: z.array(photoSchema),
    /** Photos of a confidential complaint this reader may not see (shown only to the anti-ragging duty). */
    withheld: z.number().int(),
    /** Whether this reader may add photos now (the student, while the complaint is open). */
    canAdd: z.boolean(),
  })
  .meta({ id: 'PhotoList' });
export type PhotoList = z.infer<typeof photoListSchema>;

export const attachPhotosBodySchema = z.object({ photoIds: photoIdsSchema.min(1, /*i18n*/ 'Choose a photo') }).meta({ id: 'AttachPhotos' });
