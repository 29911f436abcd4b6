import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

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

/** Only a path on this site: never `//evil.example` or `https://…`, which would be an open redirect. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if (value.startsWith('/api/') || value.length > 500) return '/';
  return value;
}
