/**
 * The portal's service worker (decision 34), built by vite.config.ts into dist/web/sw.js as one
 * classic script. It precaches the student shell only (the build lists it: admin, insights and
 * staff chunks stay lazy and online), keeps the last answer of the student's own API reads for
 * offline use ("as last seen"), takes shared images for a new complaint, and shows pushes.
 *
 * The web app's TypeScript program has the DOM library, not WebWorker's (they clash), so the few
 * worker types used here are declared below.
 */

declare const __HCP_SHELL__: string[];
declare const __HCP_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data: unknown; close(): void };
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(message: unknown): void;
}
interface Clients {
  claim(): Promise<void>;
  get(id: string): Promise<WindowClient | undefined>;
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

const SHELL_CACHE = `hcp-shell-${__HCP_VERSION__}`;
/** The student's own reads, kept for offline: cleared when they sign out or the session ends. */
const DATA_CACHE = 'hcp-data';
/** Images shared into the app (share target), waiting for the complaint form. */
const SHARE_CACHE = 'hcp-share';
const SAVED_AT_HEADER = 'x-hcp-saved-at';
const SHELL_PAGE = '/index.html';

/**
 * API reads worth showing offline: who is signed in, the catalogue, My complaints (and those followed),
 * one complaint, the bell. Not the form's "already reported" lookups: one per pause in typing, each
 * its own address, and worth nothing offline.
 */
const OFFLINE_READS = /^\/api\/(me|catalog|university\/logo|complaints\/mine|complaints\/(?!nearby$)[A-Za-z0-9-]+|notifications)$/;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(__HCP_SHELL__);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('hcp-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)));
      // The page that registered this worker works offline from now on, without a reload.
      await worker.clients.claim();
    })(),
  );
});

async function fromNetworkElseShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function fromShellElseNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE, ignoreVary: true });
  return cached ?? fetch(request);
}

async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function tellClient(clientId: string, message: unknown) {
  const client = clientId ? await worker.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

/** Network first; a good answer is kept, and offline the kept one is answered, stamped with when it was saved. */
async function readWithOfflineCopy(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cache = await caches.open(DATA_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, await stamped(response.clone()));
    // Signed out (or the session ended): nothing of the last person stays on the device.
    if (response.status === 401 && new URL(request.url).pathname === '/api/me') await caches.delete(DATA_CACHE);
    return response;
  } catch (error) {
    const saved = await cache.match(request, { ignoreVary: true });
    if (!saved) throw error;
    await tellClient(event.clientId, { type: 'hcp:offline-copy', savedAt: saved.headers.get(SAVED_AT_HEADER) });
    return saved;
  }
}

/** Signing out forgets the person's copies and shared photos even when the POST cannot reach the server (offline). */
async function signOut(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } finally {
    await Promise.all([caches.delete(DATA_CACHE), caches.delete(SHARE_CACHE)]);
  }
}

/** A share sheet posted images: keep them for the complaint form and open it. */
async function takeShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const cache = await caches.open(SHARE_CACHE);
  await Promise.all((await cache.keys()).map((key) => cache.delete(key)));
  const files = form.getAll('photos').filter((entry): entry is File => typeof entry !== 'string' && entry.type.startsWith('image/'));
  await Promise.all(
    files.slice(0, 5).map((file, index) =>
      cache.put(
        `/shared/${index}`,
        new Response(file, { headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name || `photo-${index + 1}`) } }),
      ),
    ),
  );
  return Response.redirect(new URL('/complaints?shared=photos', worker.location.origin).href, 303);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share-target') return event.respondWith(takeShare(request));
  if (request.method === 'POST' && url.pathname === '/api/auth/logout') return event.respondWith(signOut(request));
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    // Sign-in and the development provider and WhatsApp simulator are always the network's.
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev-idp') || url.pathname.startsWith('/dev-whatsapp')) return;
    return event.respondWith(fromNetworkElseShell(request));
  }
  if (OFFLINE_READS.test(url.pathname)) return event.respondWith(readWithOfflineCopy(event));
  if (url.pathname.startsWith('/api/')) return;
  if (__HCP_SHELL__.includes(url.pathname)) return event.respondWith(fromShellElseNetwork(request));
});

interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A path on this portal: '//host/x' (and '/\\host') also start with '/' but resolve to another origin. */
function isOwnPath(url: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    return new URL(url, worker.location.origin).origin === worker.location.origin;
  } catch {
    return false;
  }
}

function readPush(event: PushEvent): PushPayload {
  let data: Partial<PushPayload>;
  try {
    const parsed: unknown = event.data?.json();
    data = typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  return {
    title: typeof data.title === 'string' && data.title ? data.title : 'Hostel Complaint Portal',
    body: typeof data.body === 'string' ? data.body : '',
    url: typeof data.url === 'string' && isOwnPath(data.url) ? data.url : '/my',
    tag: typeof data.tag === 'string' ? data.tag : '',
  };
}

worker.addEventListener('push', (event) => {
  const push = readPush(event);
  const options: NotificationOptions & { renotify?: boolean } = {
    body: push.body,
    data: { url: push.url },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    // One notification per complaint: a newer one replaces it and still alerts.
    ...(push.tag ? { tag: push.tag, renotify: true } : {}),
  };
  event.waitUntil(worker.registration.showNotification(push.title, options));
});

/** Opens `target` in the portal's open window (navigated, then focused), else in a new one. */
async function openFromNotification(target: string) {
  const open = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of open) {
    if (new URL(client.url).origin !== worker.location.origin) continue;
    try {
      const navigated = (await client.navigate(target)) ?? client;
      await navigated.focus().catch(() => undefined);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: try the next, else open one.
    }
  }
  await worker.clients.openWindow(target);
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && isOwnPath(data.url) ? data.url : '/my';
  event.waitUntil(openFromNotification(new URL(path, worker.location.origin).href));
});
