import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/**
 * A strict Content-Security-Policy: the built web app needs nothing inline and nothing from
 * another origin, so anything injected into a page cannot run.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
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
      strictTransportSecurity: opts.config.isProduction
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security-headers' },
);
