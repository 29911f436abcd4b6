import type { FastifyRequest } from 'fastify';

/**
 * Whether the request matched one of the API's routes. The router has already decoded the path
 * (`/%61pi/me` matches `/api/me`), so rules keyed on this cannot be dodged by spelling a URL
 * differently; a raw `request.url.startsWith('/api/')` can.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return pattern !== undefined && (pattern === '/api' || pattern.startsWith('/api/'));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route of anonymous reports (decision 41): it acts for nobody, so the sign-in cookie is never
     * read (no session is looked up or refreshed, none can be linked) and its request log carries
     * no client address.
     */
    anonymous?: boolean;
  }
}

/** Whether the request matched a route of anonymous reports (see `anonymous` above). */
export function isAnonymousRoute(request: Pick<FastifyRequest, 'routeOptions'>): boolean {
  return request.routeOptions.config.anonymous === true;
}
