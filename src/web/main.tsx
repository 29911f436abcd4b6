import './index.css';

/*
 * The first download (decision 64). The prerendered public pages (/, the categories, About us) read
 * without any script: React and the app load after the load event, so the first download of `/` is
 * this file and the page's HTML and CSS. Until React owns the page, a link goes where it says (a
 * full page load), and a tap on anything else (the menu's button) loads the app at once and is
 * replayed once the app is live, so nothing tapped while it loads is lost. Every other page (a form,
 * a student's or staff page) loads the app at once.
 */

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = container;

/** Controls that need the app; links and what the browser does by itself are left alone. */
const NEEDS_APP = 'button, [role="button"], summary';

/**
 * A control tapped before the app was live, told apart from the others by what a person sees of it
 * (its tag, name and words) and its place among those alike: React may give it a new element.
 */
interface HeldTap {
  element: HTMLElement;
  key: string;
  index: number;
  focused: boolean;
}
const keyOf = (control: Element) => `${control.tagName}|${control.getAttribute('aria-label') ?? ''}|${control.textContent?.trim() ?? ''}`;
const alike = (key: string) => [...root.querySelectorAll<HTMLElement>(NEEDS_APP)].filter((control) => keyOf(control) === key);

const held: HeldTap[] = [];
let loading: Promise<void> | undefined;

/** React has given this element its handlers (hydration reaches a part of the page when it can). */
const handled = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
/** How long a held tap waits, once the app is live, for its control to be hydrated. */
const HYDRATED_WITHIN_MS = 2000;

/** Taps the controls tapped while the app loaded, in order, once each: the menu opens as asked. */
function replayHeldTaps(since = performance.now()) {
  // The app is live: taps from now on are its own (React replays one on a part still hydrating).
  document.removeEventListener('click', holdTap, true);
  const next = held[0];
  if (!next) {
    document.documentElement.dataset.app = 'live';
    return;
  }
  const control = next.element.isConnected ? next.element : alike(next.key)[next.index];
  // Each frame until its handlers are there (a part of the page may hydrate after the rest).
  if (control && !handled(control) && performance.now() - since < HYDRATED_WITHIN_MS) {
    requestAnimationFrame(() => replayHeldTaps(since));
    return;
  }
  held.shift();
  if (control) {
    if (next.focused) control.focus();
    control.click();
  }
  replayHeldTaps(since);
}

function loadApp(): Promise<void> {
  // Once React owns the page and knows who is signed in, from the frame after.
  loading ??= import('./boot').then((app) => app.start(root, () => requestAnimationFrame(() => replayHeldTaps())));
  return loading;
}

function holdTap(event: MouseEvent) {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_APP) : null;
  if (!control || !root.contains(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.some((tap) => tap.element === control)) {
    const key = keyOf(control);
    held.push({ element: control, key, index: alike(key).indexOf(control), focused: document.activeElement === control });
  }
  void loadApp();
}

const readsWithoutApp = root.dataset.hydrate === 'after-load' && root.firstElementChild !== null;
if (!readsWithoutApp) {
  void loadApp();
} else {
  document.addEventListener('click', holdTap, true);
  // After the load event, not inside it: the page is whole and painted before the app's download starts.
  const afterLoad = () => setTimeout(() => void loadApp(), 0);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

// Chromium may offer installing before the device module has loaded: keep the offer for it, which
// shows it only after a first complaint (src/web/pwa/start.tsx).
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  window.__hcpInstallPrompt = event as NonNullable<typeof window.__hcpInstallPrompt>;
});

// The service worker, the outbox and the install offer are not part of the first download: they
// load once the page has loaded and the main thread is idle.
function startOnDevice() {
  const later = () => void import('./pwa/start').then((module) => module.startOnDevice());
  if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 5000 });
  else setTimeout(later, 1);
}
if (document.readyState === 'complete') startOnDevice();
else window.addEventListener('load', startOnDevice, { once: true });
