import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter, routes } from './app/router';
import { activateLocale, preferredLocale } from './lib/i18n';
import { useMe } from './lib/me';

/*
 * The app itself: React, the router, the query layer and the page. main.tsx loads it at once on
 * pages that need it to be used, and after the load event on the prerendered public pages that
 * read without it (decision 64).
 */

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

/** How long a tap made before the app was live waits for the server to say who is signed in. */
const SETTLE_MS = 3000;

/**
 * Says when React owns the page and knows what the first screen needs (who is signed in): a tap
 * made before then is replayed on the page as the person would have found it (their language saved
 * to their account, not only to this phone). Once, whatever remounts it.
 */
function Live({ onLive }: { onLive: () => void }) {
  // Who is signed in decides what a tap does (a language saved to the account, the bell): known,
  // or failed, or taking too long.
  const me = useMe();
  useEffect(() => {
    const timer = setTimeout(() => tellOnce(onLive), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [onLive]);
  useEffect(() => {
    if (!me.isPending) tellOnce(onLive);
  }, [me.isPending, onLive]);
  return null;
}

let told = false;
function tellOnce(onLive: () => void) {
  if (told) return;
  told = true;
  onLive();
}

export async function start(root: HTMLElement, onLive: () => void = () => undefined) {
  const app = () => (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
        <Live onLive={onLive} />
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
