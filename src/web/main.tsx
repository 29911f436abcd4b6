import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import './app/document-title';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { activateLocale, preferredLocale } from './lib/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

/**
 * A prerendered page must be hydrated with its own page component, not a loading state: load the
 * lazy modules of the routes that match this address before the first render.
 */
async function resolveLazyMatches(routeList: RouteObject[]) {
  const matches = matchRoutes(routeList, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement) {
  const app = () => (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  if (root.firstElementChild) {
    await resolveLazyMatches(routes);
    hydrateRoot(root, app());
  } else {
    createRoot(root).render(app());
  }
  // Pages arrive in English, the source language; another one's catalogue comes after the first paint.
  void activateLocale(preferredLocale());
}

void start(container);

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
