import sharp from 'sharp';
import type { ApiClient } from '../support/student.js';

/**
 * A JPEG as a phone writes it: EXIF with the camera, the owner's name and the GPS position where
 * it was taken (the test checks that none of it survives), at the size asked for.
 */
export async function aPhoneJpeg(opts: { width?: number; height?: number; colour?: string } = {}): Promise<Buffer> {
  return sharp({ create: { width: opts.width ?? 1200, height: opts.height ?? 900, channels: 3, background: opts.colour ?? '#3a7bd5' } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'PhotoTestCam', Model: 'PTC-1', Artist: 'Meera Iyer' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 15/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 24/1 5/1' },
    })
    .toBuffer();
}

/** Uploads `bytes` as the raw body the web app sends; returns the status and the parsed body. */
export async function uploadPhoto(client: ApiClient, bytes: Buffer | Uint8Array, contentType = 'image/jpeg') {
  const response = await client.http.request(`${client.baseUrl}/api/photos`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-csrf-token': client.csrfToken, origin: client.baseUrl },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { id?: string; url?: string; thumbUrl?: string; error?: { code: string; message: string } };
  return { status: response.status, body };
}
