import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../../shared/constants.js';
import { can, isWorkerRole } from '../../../shared/permissions.js';

/**
 * Between /login and /callback the flow's secrets (state, nonce, PKCE verifier) ride in a short-lived,
 * signed, httpOnly cookie scoped to /api/auth: any instance can finish a flow another one started,
 * and a callback without the matching cookie signs nobody in.
 */
const COOKIE = 'hcp_login';
const MAX_AGE_SECONDS = 600;

const loginStateSchema = z.object({
  state: z.string().min(16),
  nonce: z.string().min(16),
  codeVerifier: z.string().min(43),
  returnTo: z.string(),
  startedAt: z.number(),
});
export type LoginState = z.infer<typeof loginStateSchema>;

export function saveLoginState(reply: FastifyReply, state: LoginState, secure: boolean): void {
  reply.setCookie(COOKIE, Buffer.from(JSON.stringify(state)).toString('base64url'), {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: MAX_AGE_SECONDS,
  });
}

export function readLoginState(request: FastifyRequest): LoginState | undefined {
  const raw = request.cookies[COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    const parsed = loginStateSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    if (Date.now() - parsed.data.startedAt > MAX_AGE_SECONDS * 1000) return undefined;
    return parsed.data;
  } catch {
    return undefined;
  }
}

export function clearLoginState(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(COOKIE, { path: '/api/auth', httpOnly: true, sameSite: 'lax', secure });
}

// Controls, any white space (tab, CR, LF, NBSP, …) and backslashes: browsers drop or reinterpret
// them, so `/\t/evil.example` or `/\\evil.example` would be followed to another host.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_IN_RETURN_TO = /[\u0000-\u001f\u007f-\u009f\s\\]/u;

/**
 * Where to go after signing in: only a path on this site, or `/`. The value must survive
 * `new URL(value, publicUrl)` with the portal's own origin, and the normalised result (ASCII only,
 * so it is always a valid Location header) must not start with `//` either (`/.//evil` does).
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || UNSAFE_IN_RETURN_TO.test(value)) {
    return '/';
  }
  let url: URL;
  try {
    const base = new URL(publicUrl);
    url = new URL(value, base);
    if (url.origin !== base.origin) return '/';
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//') || url.pathname === '/api' || url.pathname.startsWith('/api/')) return '/';
  return path;
}

/**
 * Where a sign-in that started from the home page lands: where that person works. A sign-in that
 * started anywhere else goes back there.
 */
export function landingFor(role: Role, returnTo: string): string {
  if (returnTo !== '/') return returnTo;
  if (can(role, 'admin.console')) return '/admin';
  return isWorkerRole(role) ? '/staff' : '/';
}
