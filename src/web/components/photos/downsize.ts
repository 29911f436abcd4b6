import { PHOTO_MAX_EDGE } from '../../../shared/photos';

/**
 * The photo as the browser sends it: upright, at most PHOTO_MAX_EDGE on its longest side, as JPEG.
 * A 12 MP phone photo of 4–8 MB becomes a few hundred KB, so the upload is quick on a hostel's
 * wifi, and the EXIF block (GPS position included) never leaves the phone. What the browser
 * cannot decode goes as it is: the server judges it and says why it cannot take it.
 */
export async function downsizePhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}
