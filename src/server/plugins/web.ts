import fastifyStatic from '@fastify/static';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_CATALOG, catalogFingerprint } from '../../shared/catalog.js';
import manifestRoutes from '../modules/meta/manifest.js';

/**
 * Serves the built React app. Hashed assets are cached for a year; index.html never is, so a
 * deploy is picked up at the next navigation. Any path that is not a file gets index.html and the
 * app's router decides (including its own 404 page).
 *
 * Source maps: the build publishes none (vite.config.ts), and in production any path naming one
 * is answered 404 whatever the folder holds, so a stray map never gives the source away.
 */
const isSourceMapPath = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  return decoded.replace(/\/+$/, '').toLowerCase().endsWith('.map');
};

export default fp(
  async function webPlugin(app: FastifyInstance, opts: { root: string; production?: boolean; maxShareBytes: number }) {
    if (opts.production) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/api/') || !isSourceMapPath(request.url)) return;
        return reply.status(404).header('cache-control', 'no-cache').type('text/plain').send('Not found');
      });
    }
    // The installed app's manifest (from the university profile) and its share target.
    await app.register(manifestRoutes, { maxShareBytes: opts.maxShareBytes });
    const indexFile = path.join(opts.root, 'index.html');
    const hasBuild = existsSync(indexFile);
    // Public pages rendered at build time (scripts/prerender.mjs): path → file under dist/web.
    const prerendered = new Map<string, string>();
    const pagesDir = path.join(opts.root, 'pages');
    if (existsSync(pagesDir)) {
      for (const entry of readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })) {
        if (!entry.endsWith('.html')) continue;
        const route = `/${entry.slice(0, -'.html'.length).split(path.sep).join('/')}`;
        prerendered.set(route === '/index' ? '/' : route, `pages/${entry.split(path.sep).join('/')}`);
      }
    }
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        // The build writes .br/.gz beside each asset (scripts/compress-web.mjs).
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    }

    const prerenderedFingerprint = catalogFingerprint(DEFAULT_CATALOG);

    app.setNotFoundHandler(async (request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
        return reply.status(404).send({
          error: { code: 'not_found', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` },
        });
      }
      if (!hasBuild) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built. Run `npm run build` (or `npm start`, which builds it).');
      }
      // A query string can change what the page shows first (?signInError=…): those get the plain shell.
      const [pathname = '/', query] = request.url.split('?');
      let page = query === undefined ? prerendered.get(pathname.replace(/\/+$/, '') || '/') : undefined;
      // The pages were rendered from the default catalogue; once an administrator has changed it
      // they would show stale hostels and categories, so the app renders from /api/catalog instead.
      if (page) {
        // Without a database the shell still loads and says what it cannot show.
        const current = await app.catalog.get().catch((error: unknown) => {
          request.log.warn({ err: error }, 'catalogue unavailable: sending the plain shell');
          return undefined;
        });
        if (current?.fingerprint !== prerenderedFingerprint) page = undefined;
      }
      return reply.header('cache-control', 'no-cache').sendFile(page ?? 'index.html');
    });
  },
  { name: 'web' },
);
