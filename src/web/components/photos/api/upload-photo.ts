import { CSRF_HEADER } from '../../../../shared/constants';
import { photoSchema, type Photo } from '../../../../shared/photos';
import { ApiError, NetworkError, getCsrfToken } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

export interface UploadPhotoInput {
  blob: Blob;
  /** Called with 0…1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/photos with the image itself as the body. XMLHttpRequest rather than fetch: only it
 * reports upload progress, which a student on slow wifi needs to see.
 */
export function uploadPhoto({ blob, onProgress }: UploadPhotoInput): Promise<Photo> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/photos');
    xhr.setRequestHeader('Content-Type', blob.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getCsrfToken();
    if (token !== null) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = photoSchema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'invalid_response', i18n._('The server sent an unexpected response. Please reload the page.')));
        return;
      }
      const error = (data as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      if (typeof error?.code === 'string' && typeof error.message === 'string') {
        reject(new ApiError(xhr.status, error.code, error.message));
      } else if (xhr.status === 413) {
        reject(new ApiError(413, 'photo_too_large', i18n._('This photo is too large. Choose a smaller one.')));
      } else {
        reject(new ApiError(xhr.status, 'http_error', i18n._('The photo could not be uploaded. Please try again.')));
      }
    };
    xhr.send(blob);
  });
}
