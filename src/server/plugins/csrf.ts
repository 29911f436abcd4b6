import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../shared/auth.js';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { isApiRoute } from '../lib/routes.js';
import { safeEqual } from '../lib/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Two independent checks on every state-changing API request:
 * 1. the browser says where the request comes from (Origin, or Sec-Fetch-Site) and it is not
 *    another site;
 * 2. a signed-in request carries the session's CSRF token in a header, which a cross-site form or
 *    image can never add.
 */
export default fp(
  async function csrfPlugin(app: FastifyInstance, opts: { config: Config }) {
    const allowedOrigin = opts.config.publicOrigin;
    app.addHook('onRequest', async (request) => {
      // Decided by the route the router matched (its decoded path), never by the raw URL:
      // `/%61pi/auth/logout` is the same route as `/api/auth/logout` and gets the same checks.
      if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;

      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      if (origin && origin !== allowedOrigin) {
        request.log.warn({ origin }, 'csrf: request from another origin refused');
        throw new AppError(403, 'csrf_failed', /*i18n*/ 'This request was refused because it came from another site.');
      }
      if (!origin && fetchSite === 'cross-site') {
        throw new AppError(403, 'csrf_failed', /*i18n*/ 'This request was refused because it came from another site.');
      }

      if (request.session) {
        const header = request.headers[CSRF_HEADER];
        if (typeof header !== 'string' || !safeEqual(header, request.session.csrfToken)) {
          request.log.warn('csrf: missing or wrong token');
          throw new AppError(403, 'csrf_failed', /*i18n*/ 'Your session token is missing or out of date. Reload the page and try again.');
        }
      }
    });
  },
  { name: 'csrf', dependencies: ['sessions'] },
);
