import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { unauthenticated } from './errors.js';

/**
 * The signed-in user of a request, for a handler. Routes behind `app.requireUser` always have one;
 * a route that forgot the preHandler answers 401 instead of acting for nobody.
 */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
