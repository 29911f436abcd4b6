import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { DEFAULT_CATALOG } from '../shared/catalog';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/**
 * Build-time rendering of the public pages (run by scripts/prerender.mjs, never in the server).
 * The first paint then shows the page itself instead of waiting for the JavaScript; the browser
 * hydrates it. Anything that depends on the signed-in user renders only after hydration, both here
 * and in the browser's first pass, so the two agree.
 *
 * The pages are built from DEFAULT_CATALOG; the server sends them only while the catalogue in its
 * database is still that one, and the bare app (which loads /api/catalog) once an admin changed it.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/complaints',
  '/services',
  '/aboutus',
  ...DEFAULT_CATALOG.categories.map((category) => `/complaints/${category.route}`),
];

/**
 * The prerendered pages that read without the app (no form on them): React and the app load after
 * their load event (src/web/main.tsx). The forms load it at once, to be typed into.
 */
export const READ_WITHOUT_APP = ['/', '/complaints', '/aboutus'];

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`prerendering ${path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders>
      {/* hydrate={false}: no inline hydration script, which the Content-Security-Policy forbids. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
