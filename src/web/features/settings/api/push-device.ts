import { pushPublicKeySchema } from '../../../../shared/push';
import { ApiError, apiFetch } from '../../../lib/api-client';

/** Why this device cannot receive pushes, in words for the page; undefined when it can. */
export type DeviceProblem = 'unsupported' | 'no-app' | 'denied' | 'push-off';

export class PushDeviceError extends Error {
  override readonly name = 'PushDeviceError';
  constructor(readonly problem: DeviceProblem) {
    super(problem);
  }
}

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** The service worker the app registered (/sw.js, from main.tsx), if any: `ready` alone would wait for ever without one. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) return undefined;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? navigator.serviceWorker.ready : undefined;
}

/** Whether this device already receives the portal's pushes. */
export async function deviceSubscribed(): Promise<boolean> {
  const reg = await registration();
  return Boolean(reg && Notification.permission === 'granted' && (await reg.pushManager.getSubscription()));
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bytes = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out;
}

function sameKey(given: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!given) return true;
  const bytes = new Uint8Array(given);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

/** Asks the browser's permission, subscribes this device and tells the server (PUT /api/push/subscription). */
export async function subscribeDevice(): Promise<void> {
  if (!supported()) throw new PushDeviceError('unsupported');
  const reg = await registration();
  if (!reg) throw new PushDeviceError('no-app');
  let publicKey: string;
  try {
    publicKey = (await apiFetch('/api/push/public-key', { schema: pushPublicKeySchema })).publicKey;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'push_off') throw new PushDeviceError('push-off');
    throw error;
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeviceError('denied');
  const key = applicationServerKey(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // Made for another key (the portal's keys were replaced): push services refuse it, so start afresh.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await apiFetch('/api/push/subscription', {
    method: 'PUT',
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth } },
  });
}

/** Stops this device receiving pushes: the browser's subscription and the server's row. */
export async function unsubscribeDevice(): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await apiFetch('/api/push/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
