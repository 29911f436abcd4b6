import { CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../shared/constants';
import { NetworkError, getCsrfToken } from './api-client';
import { i18n } from './i18n';
import { OUTBOX_SENT } from './offline-events';
import { OUTBOX_CHANGED, OUTBOX_STORAGE_KEY, outboxOwner } from './outbox-owner';

/**
 * The device's outbox: a complaint, a reply or a cleaning request made while the phone is offline
 * is kept here (localStorage, so it survives closing the app) and sent once the phone is back
 * online, with the Idempotency-Key it was made with, so however often it is tried the server
 * writes it once. Only a phone that knows it is offline queues: a server that does not answer
 * while the phone is online keeps the forms' usual "try again" (same key, same single write).
 */

export type QueuedKind = 'complaint' | 'reply' | 'cleaning';

export interface QueuedRequest {
  /** The Idempotency-Key, also this entry's identity. */
  key: string;
  kind: QueuedKind;
  path: string;
  body: unknown;
  /** What the student sees in "waiting to send": 'Wi-Fi complaint', 'Reply on HC-2026-000012'. */
  label: string;
  queuedAt: string;
  /** The session's CSRF token when it was queued, used if the page has not learned a newer one. */
  csrfToken: string | null;
  /**
   * The id of the person who made it. A shared phone may be signed in as someone else by the time
   * it is back online: only its owner's session sends it; for anyone else it waits untouched.
   */
  owner: string | null;
  /**
   * How many photos picked offline wait with it (a complaint only), kept apart in IndexedDB
   * (lib/waiting-photos.ts): they are uploaded first, and the request goes with their ids.
   */
  photos?: number;
}

const STORAGE_KEY = OUTBOX_STORAGE_KEY;
export { OUTBOX_CHANGED, OUTBOX_STORAGE_KEY };
/** Fired on window when a new complaint has reached the server (the install prompt waits for it). */
export const COMPLAINT_FILED = 'hcp:complaint-filed';

/** The English message id; the error says it in the reader's language. */
export const WAITING_TO_SEND_MESSAGE =
  /*i18n*/ 'You are offline. It is saved on this phone and will be sent once, as soon as you are back online (waiting to send).';

/** The request was kept in the outbox: not an error the student must fix, but not sent yet either. */
export class WaitingToSend extends NetworkError {
  constructor() {
    super();
    this.message = i18n._(WAITING_TO_SEND_MESSAGE);
  }
}

function isQueued(value: unknown): value is QueuedRequest {
  const v = value as Partial<QueuedRequest> | null;
  return typeof v?.key === 'string' && typeof v.path === 'string' && typeof v.kind === 'string' && typeof v.label === 'string';
}

export function queuedRequests(): QueuedRequest[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

/** What waits for the person signed in on this page (another student's entries are not shown to them). */
export function myQueuedRequests(): QueuedRequest[] {
  const signedIn = outboxOwner();
  return signedIn === null ? [] : queuedRequests().filter((entry) => entry.owner === signedIn);
}

function save(list: QueuedRequest[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

function enqueue(entry: QueuedRequest) {
  const list = queuedRequests();
  // Tapping send again offline asks for the same key: still one entry.
  if (!list.some((queued) => queued.key === entry.key)) save([...list, entry]);
}

function remove(key: string) {
  save(queuedRequests().filter((queued) => queued.key !== key));
}

function replace(entry: QueuedRequest) {
  save(queuedRequests().map((queued) => (queued.key === entry.key ? entry : queued)));
}

/**
 * Sends now; when the phone is offline and the request never got an answer, keeps it in the
 * outbox and throws {@link WaitingToSend} (its message is what the form shows).
 */
export async function sendOrQueue<T>(
  send: () => Promise<T>,
  entry: Omit<QueuedRequest, 'queuedAt' | 'csrfToken' | 'owner' | 'photos'>,
  /** Photos picked offline, not uploaded yet: they wait with the request (nothing is sent without them). */
  photos: readonly Blob[] = [],
): Promise<T> {
  try {
    // Photos still on the phone mean it was offline when they were picked: the request waits with them.
    if (photos.length > 0 && !navigator.onLine) throw new NetworkError();
    const result = await send();
    if (entry.kind === 'complaint') window.dispatchEvent(new Event(COMPLAINT_FILED));
    return result;
  } catch (error) {
    if (!(error instanceof NetworkError) || error instanceof WaitingToSend || navigator.onLine) throw error;
    if (photos.length > 0) {
      const { keepWaitingPhotos } = await import('./waiting-photos');
      await keepWaitingPhotos(entry.key, photos);
    }
    enqueue({ ...entry, queuedAt: new Date().toISOString(), csrfToken: getCsrfToken(), owner: outboxOwner(), ...(photos.length ? { photos: photos.length } : {}) });
    throw new WaitingToSend();
  }
}

/**
 * Uploads the photos waiting with `entry` and writes their ids into its body, in the outbox, before
 * the request goes: a retry then sends the same body under the same key. A photo the server refuses
 * (too large, not an image) is left out; the request goes without it. Null: no connection, try later.
 */
async function withUploadedPhotos(entry: QueuedRequest, csrfToken: string | null): Promise<QueuedRequest | null> {
  const { dropWaitingPhotos, waitingPhotosOf } = await import('./waiting-photos');
  const ids: string[] = [];
  for (const photo of await waitingPhotosOf(entry.key)) {
    let response: Response;
    try {
      response = await fetch('/api/photos', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': photo.type || 'application/octet-stream', ...(csrfToken ? { [CSRF_HEADER]: csrfToken } : {}) },
        body: photo,
      });
    } catch {
      return null;
    }
    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500) return null;
    const uploaded = response.ok ? ((await response.json()) as { id?: unknown }) : null;
    if (typeof uploaded?.id === 'string') ids.push(uploaded.id);
  }
  const body = entry.body as { photoIds?: unknown } | null;
  const before = Array.isArray(body?.photoIds) ? (body.photoIds as unknown[]) : [];
  const { photos: _sent, ...rest } = entry;
  const ready: QueuedRequest = { ...rest, body: { ...(body ?? {}), ...(ids.length || before.length ? { photoIds: [...before, ...ids] } : {}) } };
  replace(ready);
  await dropWaitingPhotos(entry.key);
  return ready;
}

export interface FlushResult {
  sent: QueuedRequest[];
  /** Refused by the server (a 4xx other than a lost session): dropped, with the server's reason. */
  refused: Array<{ entry: QueuedRequest; message: string }>;
}

async function refusalMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // No readable body: the status says enough.
  }
  return i18n._('The server refused it ({status}).', { status: response.status });
}

/**
 * Who the session cookie belongs to right now, asked of the server rather than taken from the page:
 * the cookie may have changed (another student signed in) since the page learned it. Null when
 * signed out or unreachable (then nothing is sent).
 */
async function sessionNow(): Promise<{ userId: string; csrfToken: string | null } | null> {
  try {
    const response = await fetch('/api/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { user?: { id?: unknown }; csrfToken?: unknown };
    if (typeof body.user?.id !== 'string') return null;
    return { userId: body.user.id, csrfToken: typeof body.csrfToken === 'string' ? body.csrfToken : null };
  } catch {
    return null;
  }
}

async function sendQueued(): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [] };
  const session = await sessionNow();
  if (!session) return result;
  const csrfToken = session.csrfToken ?? getCsrfToken();
  // Only the signed-in person's entries: the others wait, untouched, for their owner to sign in.
  for (const queued of queuedRequests().filter((entry) => entry.owner === session.userId)) {
    const entry = queued.photos ? await withUploadedPhotos(queued, csrfToken ?? queued.csrfToken) : queued;
    if (!entry) break; // The photos could not go yet: everything stays for the next try.
    let response: Response;
    try {
      response = await fetch(entry.path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          [IDEMPOTENCY_HEADER]: entry.key,
          ...((csrfToken ?? entry.csrfToken) ? { [CSRF_HEADER]: csrfToken ?? entry.csrfToken ?? '' } : {}),
        },
        body: JSON.stringify(entry.body),
      });
    } catch {
      break; // Still no connection: everything stays for the next try.
    }
    // A lost session or a server in trouble: keep it, a later try (after signing in) sends it.
    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500) break;
    remove(entry.key);
    if (response.ok) {
      result.sent.push(entry);
      if (entry.kind === 'complaint') window.dispatchEvent(new Event(COMPLAINT_FILED));
    } else {
      result.refused.push({ entry, message: await refusalMessage(response) });
    }
  }
  if (result.sent.length > 0) window.dispatchEvent(new Event(OUTBOX_SENT));
  return result;
}

/**
 * Sends what waits, oldest first, one tab at a time (a Web Lock where the browser has them), so
 * two open tabs coming back online do not both send the same entry.
 */
export async function flushOutbox(): Promise<FlushResult> {
  if (queuedRequests().length === 0) return { sent: [], refused: [] };
  if ('locks' in navigator) return navigator.locks.request('hcp-outbox', () => sendQueued());
  return sendQueued();
}
