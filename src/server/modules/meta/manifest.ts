import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';

/** The colour of the app's frame: index.html's theme-color and the icons' background. */
export const THEME_COLOUR = '#1e3a8a';

/** Where the installed app's share sheet entry posts images (the service worker answers it: src/web/sw). */
export const SHARE_TARGET_PATH = '/share-target';

/**
 * The web app manifest, built from the university profile so the installed app carries the
 * university's name. The icons are the portal's own (src/web/public/icons): an uploaded logo has
 * no guaranteed size or shape, and the install criteria need square 192 and 512 px PNGs.
 */
export default async function manifestRoutes(app: FastifyInstance, opts: { maxShareBytes: number }) {
  // The service worker answers the share target; this is for a share that reaches the server
  // (the worker not running yet): the images are not kept, the student lands on the new complaint.
  // What is read is at most a share's worth of photos (issue 40): more is refused, unread.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    let read = 0;
    let over = false;
    payload.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > opts.maxShareBytes && !over) {
        over = true;
        // Read no further: the answer goes now.
        payload.pause();
        payload.removeAllListeners('data');
        done(new AppError(413, 'share_too_large', /*i18n*/ 'The shared photos are larger than the portal takes.'));
      }
    });
    payload.on('end', () => done(null));
    payload.on('error', (error) => {
      if (!over) done(error);
    });
  });
  app.post(
    SHARE_TARGET_PATH,
    {
      schema: { hide: true },
      // Refused by its Content-Length before a byte of the body is read: the student still lands on the categories, told why.
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) <= opts.maxShareBytes) return;
        return reply.status(303).header('cache-control', 'no-store').header('connection', 'close').redirect('/complaints?shared=too-large', 303);
      },
    },
    async (_request, reply) => reply.status(303).header('cache-control', 'no-store').redirect('/complaints?shared=lost', 303),
  );

  app.get(
    '/manifest.webmanifest',
    { schema: { hide: true } },
    async (_request, reply) => {
      const { catalog } = await app.catalog.get();
      const { university } = catalog;
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send({
          id: '/',
          name: `${university.name} Hostel Complaints`,
          short_name: `${university.shortName} Hostel`.slice(0, 24),
          description: 'Report hostel problems and request room cleaning, and hear back when something needs you.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: THEME_COLOUR,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          share_target: {
            action: SHARE_TARGET_PATH,
            method: 'POST',
            enctype: 'multipart/form-data',
            params: { title: 'title', text: 'text', files: [{ name: 'photos', accept: ['image/*'] }] },
          },
        });
    },
  );
}
