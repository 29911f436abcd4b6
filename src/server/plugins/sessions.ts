import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { SessionRow, UserRow } from '../db/schema.js';
import { can, type Permission } from '../../shared/permissions.js';
import { forbidden } from '../lib/errors.js';
import { requireUser } from '../lib/require-user.js';
import { isAnonymousRoute, isApiRoute } from '../lib/routes.js';
import { findActiveSession } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionRow | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 'Please Sign In first' unless a user is signed in (handlers then take it with lib/require-user.ts). */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler (after requireUser): 403 unless the user has one of the roles. */
    /** Refuses (403) anyone whose role may not do `permission` (shared/permissions.ts). */
    requirePermission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    sessionCookie: { name: string; set(reply: FastifyReply, token: string): void; clear(reply: FastifyReply): void };
  }
}

/**
 * Sessions live in the database (not in memory, not in the cookie), so they survive restarts, are
 * shared by every instance, and end at once when deleted. The cookie carries only a random token.
 */
export default fp(
  async function sessionsPlugin(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const secure = config.publicUrl.startsWith('https://');
    // The __Host- prefix pins the cookie to this exact host and path; browsers require Secure for it.
    const name = secure ? '__Host-hcp_session' : 'hcp_session';

    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorate('sessionCookie', {
      name,
      set(reply: FastifyReply, token: string) {
        reply.setCookie(name, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: Math.floor(config.sessionIdleMs / 1000),
        });
      },
      clear(reply: FastifyReply) {
        reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      },
    });

    app.decorate('requireUser', async (request: FastifyRequest) => {
      requireUser(request);
    });

    app.decorate('requirePermission', (permission: Permission) => async (request: FastifyRequest) => {
      if (!can(requireUser(request).role, permission)) throw forbidden();
    });

    app.addHook('onRequest', async (request, reply) => {
      // Only the API needs to know who is asking; static files do not touch the database.
      // By matched route, not raw URL (an encoded `/%61pi/…` is still an API route).
      if (!isApiRoute(request)) return;
      // An anonymous report is never linked to whoever is signed in on the device: not read, not touched.
      if (isAnonymousRoute(request)) return;
      const token = request.cookies[name];
      if (!token) return;
      const active = await findActiveSession(app.db, token, config.sessionIdleMs);
      if (!active) {
        app.sessionCookie.clear(reply);
        return;
      }
      request.user = active.user;
      request.session = active.session;
    });
  },
  { name: 'sessions', dependencies: ['database'] },
);
