import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/** Health probes: balancers and orchestrators call them by address, whatever PUBLIC_URL says. */
const PROBES = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

/** Browser navigations under /api: signing in and out, and the API's documentation pages. */
const NAVIGATIONS_UNDER_API = ['/api/auth/', '/api/docs'];

/**
 * The request's host as PUBLIC_URL would spell it (lower case, no default port), or undefined when
 * the Host header is not a host at all.
 */
function normalisedHost(host: string, protocol: string): string | undefined {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/** Whether a GET or HEAD is something a browser opens (a page, sign-in), not a probe or a JSON call. */
function isNavigation(request: FastifyRequest): boolean {
  const rawPath = request.url.split('?')[0] ?? '';
  // By matched route where there is one: the router decoded the path (see lib/routes.ts).
  const path = request.routeOptions.url ?? rawPath;
  if (PROBES.has(path) || PROBES.has(rawPath)) return false;
  if (path.startsWith('/api/') || path === '/api') return NAVIGATIONS_UNDER_API.some((prefix) => path.startsWith(prefix));
  return true;
}

/**
 * Sends browsers that opened the portal at another address than PUBLIC_URL (http://127.0.0.1:3000
 * when it is http://localhost:3000, a server's IP address) to the same path at PUBLIC_URL. Cookies
 * belong to a host: sign-in keeps its state in one on the host it started at and comes back to
 * PUBLIC_URL's callback, so a sign-in started elsewhere could never finish ("Sign In did not work").
 * Only GET and HEAD navigations move (307: a later PUBLIC_URL is not remembered by browsers); probes
 * and the JSON API answer on any host.
 *
 * Only outside production: there the portal sits behind a proxy, and one that rewrites Host to the
 * upstream's address without saying so in X-Forwarded-Host would send every redirect back through
 * itself, for ever. A production instance asked for another host says so once in the log instead,
 * which points at the proxy's configuration (docs/operations.md).
 */
export default fp(
  async function publicHostPlugin(app: FastifyInstance, opts: { config: Config }) {
    const publicUrl = new URL(opts.config.publicUrl);
    const warned = new Set<string>();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (normalisedHost(request.host, publicUrl.protocol) === publicUrl.host) return;
      // A proxy that rewrites Host (nginx without `proxy_set_header Host $host`) but says where the
      // request was sent: believed even from an untrusted peer, as it can only prevent a redirect,
      // never cause one (a redirect here would come back through the same proxy, for ever).
      const forwarded = request.headers['x-forwarded-host'];
      const forwardedHost = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (forwardedHost && normalisedHost(forwardedHost, publicUrl.protocol) === publicUrl.host) return;
      // Absolute-form and `*` request targets are no path to append to PUBLIC_URL.
      if (!isNavigation(request) || !request.url.startsWith('/')) return;
      if (opts.config.isProduction) {
        // Bounded: a client can name any Host, and each would otherwise be remembered.
        if (!warned.has(request.host) && warned.size < 100) {
          warned.add(request.host);
          app.log.warn({ host: request.host, publicUrl: publicUrl.origin }, 'a page was asked for at another host than PUBLIC_URL: check that the proxy passes Host or X-Forwarded-Host');
        }
        return;
      }
      return reply.redirect(`${publicUrl.origin}${request.url}`, 307);
    });
  },
  { name: 'public-host' },
);
