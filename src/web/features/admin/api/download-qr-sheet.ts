import { i18n } from '../../../lib/i18n';
import { qrSheetFileName } from '../../../../shared/qr-labels';
import { ApiError, NetworkError } from '../../../lib/api-client';

export interface QrSheetProgress {
  /** Labels on the sheet (the server says before it starts drawing). */
  labels: number | null;
  received: number;
}

/** GET /api/admin/hostels/:id/qr-sheet.pdf's address, the whole hostel or one floor. */
export function qrSheetHref(hostelId: string, floor: number | null): string {
  return `/api/admin/hostels/${encodeURIComponent(hostelId)}/qr-sheet.pdf${floor === null ? '' : `?floor=${floor}`}`;
}

/**
 * Downloads the sheet, telling how much has arrived as the server streams it (a big hostel is a few
 * megabytes, drawn as it is sent), and gives it back as a file for the browser to save.
 */
export async function downloadQrSheet(
  input: { hostelId: string; hostelCode: string | null; floor: number | null },
  onProgress: (progress: QrSheetProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(qrSheetHref(input.hostelId, input.floor), { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
    throw new ApiError(response.status, body?.error?.code ?? 'failed', body?.error?.message ?? i18n._('The labels could not be made. Try again.'), body?.error?.fields);
  }
  const labels = Number(response.headers.get('x-labels') ?? Number.NaN);
  const progress: QrSheetProgress = { labels: Number.isFinite(labels) ? labels : null, received: 0 };
  onProgress(progress);
  const parts: Uint8Array[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      progress.received += value.byteLength;
      onProgress({ ...progress });
    }
  }
  const disposition = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return {
    blob: new Blob(parts as BlobPart[], { type: 'application/pdf' }),
    fileName: disposition ?? qrSheetFileName(input.hostelCode ?? 'hostel', input.floor ?? undefined),
  };
}
