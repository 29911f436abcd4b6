import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * A strict Content-Security-Policy: the built web app needs nothing inline and nothing from
 * another origin, so anything injected into a page cannot run.
 *
 * Helmet's middleware is made once here and applied to every response. The Fastify wrapper
 * (@fastify/helmet) made it anew for every request, parsing and validating the policy each time:
 * about a tenth of a millisecond of the server's thread per request (issue 29), for headers that
 * never change.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          // blob: is the preview of a photo picked offline, made on the phone from the photo itself (PhotoPicker).
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(opts.config.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only where the portal is really served over HTTPS.
      strictTransportSecurity: opts.config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security-headers' },
);
