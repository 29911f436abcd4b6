import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { COMPLAINT_FILED, OUTBOX_CHANGED, flushOutbox, myQueuedRequests } from '../lib/offline-queue';
import { formatTime } from '../lib/format';
import type { QueuedRequest } from '../lib/offline-queue';
import { i18n } from '../lib/i18n';
import { Button } from '../components/ui/Button';

/**
 * What the app does on a phone once the page has painted (src/web/main.tsx loads this module on
 * an idle moment after `load`, so none of it is in the first download): register the service
 * worker, send what the outbox holds when the phone is online, and say on screen what the device
 * knows: offline and showing data as last seen, requests waiting to send, an install offer.
 */

/** Chromium's install event (not in the DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** Kept by main.tsx when Chromium offered installing before this module loaded. */
    __hcpInstallPrompt?: InstallPromptEvent;
  }
}

const INSTALL_DISMISSED = 'hcp.install-dismissed';

const timeOf = (iso: string | null) => (iso ? formatTime(iso) : null);

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

function useOutbox() {
  const [waiting, setWaiting] = useState<QueuedRequest[]>(myQueuedRequests);
  useEffect(() => {
    const update = () => setWaiting(myQueuedRequests());
    window.addEventListener(OUTBOX_CHANGED, update);
    // Another tab queued or sent something.
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(OUTBOX_CHANGED, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return waiting;
}

/** Sends the outbox now and whenever the phone comes back online; says what went and what was refused. */
function useOutboxSender(online: boolean) {
  const [report, setReport] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    void flushOutbox().then(({ sent, refused }) => {
      if (cancelled) return;
      const lines = [
        ...(sent.length > 0 ? [i18n._('Sent: {labels}.', { labels: sent.map((entry) => entry.label).join(', ') })] : []),
        ...refused.map(({ entry, message }) => i18n._('Not sent: {label}. {reason}', { label: entry.label, reason: message })),
      ];
      if (lines.length > 0) setReport(lines.join(' '));
    });
    return () => {
      cancelled = true;
    };
  }, [online]);
  return { report, dismiss: () => setReport(null) };
}

/** The time of the saved answer the service worker last gave this page instead of the network's. */
/** The service worker's cache of the student's reads and the stamp it puts on each (src/web/sw/sw.ts). */
const DATA_CACHE = 'hcp-data';
const SAVED_AT_HEADER = 'x-hcp-saved-at';

/** When the kept copy of My complaints was saved, read from the worker's cache; null without one. */
async function myComplaintsSavedAt(): Promise<string | null> {
  if (typeof caches === 'undefined' || !(await caches.has(DATA_CACHE))) return null;
  const cache = await caches.open(DATA_CACHE);
  let newest: string | null = null;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname !== '/api/complaints/mine') continue;
    const stamp = (await cache.match(request))?.headers.get(SAVED_AT_HEADER) ?? null;
    if (stamp && (newest === null || stamp > newest)) newest = stamp;
  }
  return newest;
}

function useLastSeen(online: boolean) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; savedAt?: unknown } | null;
      if (data?.type === 'hcp:offline-copy') setSavedAt(typeof data.savedAt === 'string' ? data.savedAt : null);
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    // Opened offline, the worker answered the first reads from its copies before this code loaded
    // (after the first paint) and its messages were missed: the copy itself says when it was saved.
    if (online) return;
    let live = true;
    void myComplaintsSavedAt().then(
      (stamp) => live && stamp !== null && setSavedAt((known) => known ?? stamp),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [online]);
  return online ? null : savedAt;
}

function useInstallOffer() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(() => window.__hcpInstallPrompt ?? null);
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const keep = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    // Never on a first visit: only once the student has filed a complaint (and not after "Not now").
    const offer = () => {
      if (localStorage.getItem(INSTALL_DISMISSED) === null) setOffered(true);
    };
    const installed = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener(COMPLAINT_FILED, offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener(COMPLAINT_FILED, offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);
  const install = useCallback(async () => {
    if (!prompt) return;
    await prompt.prompt();
    await prompt.userChoice;
    setPrompt(null);
  }, [prompt]);
  const notNow = useCallback(() => {
    localStorage.setItem(INSTALL_DISMISSED, new Date().toISOString());
    setOffered(false);
  }, []);
  return { shown: offered && prompt !== null, install, notNow };
}

/** Said on the complaint categories after an image was shared into the app (the share target). */
function useShareNote() {
  const [note, setNote] = useState<string | null>(() => {
    const shared = new URLSearchParams(window.location.search).get('shared');
    if (shared === 'photos') return i18n._('Your photo is here. Choose what the complaint is about: it is attached to the form.');
    if (shared === 'lost') return i18n._('The shared photo could not be kept. Choose what the complaint is about and add it again.');
    if (shared === 'too-large') return i18n._('The shared photos were larger than the portal takes. Choose what the complaint is about and add fewer or smaller ones.');
    return null;
  });
  useEffect(() => {
    // The app changes pages without reloading: where the Navigation API exists, leave the note behind.
    const navigation = (window as { navigation?: EventTarget }).navigation;
    if (!navigation || note === null) return;
    const left = () => {
      if (!window.location.search.includes('shared=')) setNote(null);
    };
    navigation.addEventListener('navigatesuccess', left);
    return () => navigation.removeEventListener('navigatesuccess', left);
  }, [note]);
  return { note, dismiss: () => setNote(null) };
}

const bar = 'pointer-events-auto rounded-xl border px-4 py-3 text-sm shadow-lg';
const button = 'min-h-11 rounded-lg px-4 font-semibold';

function DeviceStatus() {
  const online = useOnline();
  const waiting = useOutbox();
  const savedAt = useLastSeen(online);
  const sender = useOutboxSender(online);
  const installOffer = useInstallOffer();
  const share = useShareNote();

  // With nothing to say the strip has no height, so it never covers the page's bottom edge; the
  // live region stays in place so that what appears later is announced.
  const saying = !online || waiting.length > 0 || sender.report !== null || installOffer.shown || share.note !== null;
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 bottom-0 z-50 mx-auto flex max-w-xl flex-col gap-2 ${saying ? 'p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]' : ''}`}
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {!online && (
          <p className={`${bar} border-amber-300 bg-amber-50 text-amber-950`}>
            <strong>{i18n._('You are offline.')}</strong>{' '}
            {savedAt
              ? i18n._('My complaints is shown as last seen (saved at {time}).', { time: timeOf(savedAt) })
              : i18n._('What you see is as last seen on this phone.')}
          </p>
        )}
        {waiting.length > 0 && (
          <div className={`${bar} border-brand-200 bg-white text-slate-900`} data-testid="outbox">
            <p className="font-semibold">{i18n._('Waiting to send ({count})', { count: waiting.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {waiting.map((entry) => (
                <li key={entry.key}>
                  {entry.photos ? i18n._('{label}, with {count, plural, one {# photo} other {# photos}}', { label: entry.label, count: entry.photos }) : entry.label}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-slate-600">{i18n._('It is sent once, as soon as this phone is back online.')}</p>
          </div>
        )}
        {share.note && (
          <div className={`${bar} flex items-start justify-between gap-3 border-brand-200 bg-brand-50 text-slate-900`}>
            <p>{share.note}</p>
            <Button variant="plain" className={`${button} -my-2 text-brand-900`} onClick={share.dismiss}>
              {i18n._('OK')}
            </Button>
          </div>
        )}
        {sender.report && (
          <div className={`${bar} flex items-start justify-between gap-3 border-green-300 bg-green-50 text-green-950`}>
            <p>{sender.report}</p>
            <Button variant="plain" className={`${button} -my-2 text-green-900`} onClick={sender.dismiss}>
              {i18n._('OK')}
            </Button>
          </div>
        )}
      </div>
      {installOffer.shown && (
        <section aria-label={i18n._('Install the app')} className={`${bar} border-brand-200 bg-white text-slate-900`}>
          <p className="font-semibold">{i18n._('Add the portal to your home screen?')}</p>
          <p className="mt-1 text-slate-600">{i18n._('It opens like an app, works with patchy data and can tell you when the team replies.')}</p>
          <div className="mt-2 flex gap-2">
            <Button variant="plain" className={`${button} bg-brand-900 text-white`} onClick={() => void installOffer.install()}>
              {i18n._('Install')}
            </Button>
            <Button variant="plain" className={`${button} text-brand-900`} onClick={installOffer.notNow}>
              {i18n._('Not now')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

export async function startOnDevice(): Promise<void> {
  const host = document.createElement('div');
  host.id = 'device-status';
  document.body.append(host);
  createRoot(host).render(<DeviceStatus />);
  // `npm run dev` builds no worker (vite.config.ts makes it with the production build only).
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    // The portal works without it, online only and not installable; nothing for the student to do.
  }
}
