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
