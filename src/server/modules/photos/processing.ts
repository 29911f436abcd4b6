import type { Metadata, default as Sharp } from 'sharp';
import { PHOTO_MAX_EDGE, PHOTO_THUMB_EDGE, PHOTO_TYPE_MESSAGE, PHOTO_UPLOAD_TYPES } from '../../../shared/photos.js';
import { AppError } from '../../lib/errors.js';

let sharpLoaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips) and file-type load with the first photo, not with the server: together they are
 * a third of a second of every start, for a feature many days never use.
 */
function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // Memory first: one libvips thread per image and no operation cache, so a burst of 12 MP uploads
    // costs a few decoded frames rather than a cache that grows with every photo (bench/photos.ts
    // measures the peak). Throughput comes from running a couple of images side by side instead.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}

/** Larger than any phone camera (a 200 MP sensor is 200e6): a decompression bomb stops here. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Re-encodes running at once in this process; the rest wait their turn (2 cores: 2 at a time). */
const ENCODE_SLOTS = 2;

export const STORED_TYPE = 'image/webp';

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when one of the encode slots is free, so memory stays bounded under a burst. */
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ENCODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** The real type from the first bytes; a name or a declared Content-Type proves nothing. */
export async function sniffPhotoType(bytes: Buffer): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(PHOTO_UPLOAD_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(415, 'unsupported_photo_type', PHOTO_TYPE_MESSAGE);
  }
  return type.mime;
}

const unreadable = () => new AppError(422, 'photo_unreadable', /*i18n*/ 'This photo could not be read. Try taking it again or choose another one.');

/**
 * Decodes and writes the photo anew: turned upright by its EXIF orientation, then without any
 * metadata (sharp keeps none unless asked, so GPS position, camera serials and the original
 * thumbnail are gone), at most PHOTO_MAX_EDGE on its longest side, as WebP; and a thumbnail.
 * Nothing of the uploaded file reaches storage except its pixels.
 */
export async function reencodePhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  await sniffPhotoType(bytes);
  const sharp = await loadSharp();
  return inSlot(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw unreadable();
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new AppError(422, 'photo_too_many_pixels', /*i18n*/ 'This photo has too many pixels (more than 100 megapixels). Take it again at a lower resolution.');
    }
    try {
      const full = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
        .rotate()
        .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      const thumb = await sharp(full.data)
        .resize({ width: PHOTO_THUMB_EDGE, height: PHOTO_THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70, effort: 2 })
        .toBuffer();
      return { full: full.data, thumb, width: full.info.width, height: full.info.height };
    } catch {
      throw unreadable();
    }
  });
}
