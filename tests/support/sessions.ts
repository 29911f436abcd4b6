import { createHash } from 'node:crypto';
import type { UserRow } from '../../src/server/db/schema.js';
import { DEV_IDP_PREFIX } from '../../src/server/dev-idp/plugin.js';
import { decideAdmission } from '../../src/server/modules/auth/admission.js';
import { createSession } from '../../src/server/modules/auth/session-service.js';
import { findAddedStaff, upsertUserAtSignIn } from '../../src/server/modules/users/service.js';
import type { SignInAs } from './http-client.js';
import type { TestApp } from './test-app.js';

export interface DirectSession {
  /** The session cookie as the callback would have set it. */
  cookie: { name: string; value: string };
  user: UserRow;
}

/** The development provider's subject for an address (src/server/dev-idp/plugin.ts). */
const devSubject = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);

/**
 * A signed-in session made directly in the test database, the way GET /api/auth/callback makes one
 * after the provider vouched for `who`: the same admission rule (allowed domains, or staff an
 * administrator added by address), the same user upsert (names, ADMIN_EMAILS) and the same session
 * row. For tests that need someone signed in but are not about signing in; the sign-in itself is
 * walked for real in sign-in.test.ts and the server's sign-in tests.
 */
export async function createDirectSession(portal: TestApp, who: SignInAs): Promise<DirectSession> {
  const db = portal.app.db;
  const claims = { sub: devSubject(who.email), email: who.email, email_verified: who.emailVerified ?? true, ...(who.hd ? { hd: who.hd } : {}) };
  const { settings, regPattern } = await portal.app.catalog.get();
  let admission = decideAdmission(claims, settings.allowedDomains);
  if (!admission.admitted && admission.reason === 'domain_not_allowed' && admission.email) {
    const invited = await findAddedStaff(db, admission.email);
    if (invited) admission = decideAdmission(claims, [admission.email.split('@')[1] ?? '']);
  }
  if (!admission.admitted) throw new Error(`the portal would refuse to sign in ${who.email}: ${admission.reason}`);
  const user = await upsertUserAtSignIn(
    db,
    { email: admission.email, displayName: who.name ?? '', issuer: portal.config.oidc?.issuer ?? `${portal.baseUrl}${DEV_IDP_PREFIX}`, subject: claims.sub, locale: who.locale ?? null },
    { regNumberPattern: regPattern, adminEmails: portal.config.adminEmails },
  );
  if (user.disabledAt) throw new Error(`the portal would refuse to sign in ${who.email}: account disabled`);
  const { token } = await createSession(db, user.id, portal.config.sessionIdleMs, 'test fixture');
  return { cookie: { name: portal.app.sessionCookie.name, value: token }, user };
}
