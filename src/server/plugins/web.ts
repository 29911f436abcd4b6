import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built React app. Hashed assets are cached for a year; index.html never is, so a
 * deploy is picked up at the next navigation. Any path that is not a file gets index.html and the
 * app's router decides (including its own 404 page).
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { root: string }) {
    const indexFile = path.join(opts.root, 'index.html');
    const hasBuild = existsSync(indexFile);
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

    app.setNotFoundHandler((request, reply) => {
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
