import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { CookieClient, reachCallback, signIn } from '../../../../tests/support/http-client.js';
import { freePort } from '../../../../tests/support/net.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { startTestIdp, type TestIdp } from '../../../../tests/support/test-idp.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';

let portal: TestApp;
let idp: TestIdp;

beforeAll(async () => {
  const port = await freePort();
  idp = await startTestIdp(`http://127.0.0.1:${port}/api/auth/callback`);
  portal = await startTestApp(
    {
      ...RELAXED_LIMITS,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      ADMIN_EMAILS: 'warden.admin@vitbhopal.ac.in',
      SESSION_IDLE_MINUTES: '30',
    },
    { port },
  );
});

afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

async function me(client: CookieClient) {
  const response = await client.request(`${portal.baseUrl}/api/me`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const countUsers = async () => (await portal.database.db.select({ id: users.id }).from(users)).length;
const countSessions = async () => (await portal.database.db.select({ id: sessions.id }).from(sessions)).length;

describe('sign-in through an external OpenID Connect provider', () => {
  it('admits a verified student of the university and derives the names', async () => {
    const client = new CookieClient();
    const result = await signIn(client, portal.baseUrl, {
      email: 'aarav.sharma@vitbhopal.ac.in',
      name: 'AARAV SHARMA 21BCE10001',
      hd: 'vitbhopal.ac.in',
    });
    expect(result).toEqual({ status: 302, location: '/' });
    const { status, body } = await me(client);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({
      email: 'aarav.sharma@vitbhopal.ac.in',
      name: 'AARAV SHARMA',
      fname: 'Aarav',
      regId: '21BCE10001',
      role: 'student',
    });
    expect(typeof body.csrfToken).toBe('string');
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const client = new CookieClient();
    const { callbackUrl } = await reachCallback(client, portal.baseUrl, { email: 'cookie.check@vitbhopal.ac.in' });
    const response = await client.request(callbackUrl);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('hcp_session='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it('lower-cases a mixed-case address and keeps one account for it', async () => {
    const first = new CookieClient();
    await signIn(first, portal.baseUrl, { email: 'Meera.Iyer@VITBhopal.AC.IN', name: 'Meera Iyer 22MIM10045' });
    const second = new CookieClient();
    await signIn(second, portal.baseUrl, { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' });
    expect((await me(first)).body.user).toMatchObject({ email: 'meera.iyer@vitbhopal.ac.in' });
    const rows = await portal.database.db.select().from(users).where(eq(users.email, 'meera.iyer@vitbhopal.ac.in'));
    expect(rows).toHaveLength(1);
  });

  it('returns to the page the student started from, but never to another site', async () => {
    const client = new CookieClient();
    expect((await signIn(client, portal.baseUrl, { email: 'back@vitbhopal.ac.in' }, '/my?tab=open')).location).toBe(
      '/my?tab=open',
    );
    const other = new CookieClient();
    expect((await signIn(other, portal.baseUrl, { email: 'back2@vitbhopal.ac.in' }, '//evil.example/x')).location).toBe(
      '/',
    );
  });

  it('keeps a staff display name whole and gives no registration id', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'priya.nair@vitbhopal.ac.in', name: 'Priya Nair' });
    expect((await me(client)).body.user).toMatchObject({ name: 'Priya Nair', fname: 'Priya', regId: '' });
  });

  it('makes an ADMIN_EMAILS account an admin at first sign-in', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'Warden.Admin@vitbhopal.ac.in', name: 'Warden Admin' });
    expect((await me(client)).body.user).toMatchObject({ role: 'admin' });
  });

  describe.each([
    ['a look-alike domain', { email: 'eve@notvitbhopal.ac.in' }],
    ['a sub-domain', { email: 'eve@x.vitbhopal.ac.in' }],
    ['an unverified address', { email: 'eve@vitbhopal.ac.in', emailVerified: false }],
    ['a gmail address', { email: 'eve@gmail.com', name: 'Eve 21BCE10001' }],
    ['a hosted domain that disagrees', { email: 'eve@vitbhopal.ac.in', hd: 'gmail.com' }],
  ])('refuses %s', (_label, who) => {
    it('with the seed message code, no session and no user', async () => {
      const usersBefore = await countUsers();
      const sessionsBefore = await countSessions();
      const client = new CookieClient();
      const result = await signIn(client, portal.baseUrl, who);
      expect(result).toEqual({ status: 302, location: '/?signInError=domain' });
      expect((await me(client)).status).toBe(401);
      expect(client.cookie(portal.baseUrl, 'hcp_session')).toBeUndefined();
      expect(await countUsers()).toBe(usersBefore);
      expect(await countSessions()).toBe(sessionsBefore);
    });
  });

  it('tells the web app the university short name for the refusal message', async () => {
    const response = await fetch(`${portal.baseUrl}/api/config`);
    expect(await response.json()).toMatchObject({ university: { shortName: 'vitbhopal' }, devSignIn: false });
  });
});

describe('forged and replayed callbacks sign nobody in', () => {
  it('refuses a callback whose state was tampered with', async () => {
    const client = new CookieClient();
    const { callbackUrl } = await reachCallback(client, portal.baseUrl, { email: 'forge@vitbhopal.ac.in' });
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'attacker-chosen-state-value-0123456789');
    const response = await client.request(forged.href);
    expect(response.headers.get('location')).toBe('/?signInError=failed');
    expect((await me(client)).status).toBe(401);
  });

  it('refuses a callback that arrives without the browser that started the flow', async () => {
    const victim = new CookieClient();
    const { callbackUrl } = await reachCallback(victim, portal.baseUrl, { email: 'victim@vitbhopal.ac.in' });
    const attacker = new CookieClient();
    const response = await attacker.request(callbackUrl);
    expect(response.headers.get('location')).toBe('/?signInError=failed');
    expect((await me(attacker)).status).toBe(401);
  });

  it('refuses a login-state cookie whose signature does not match', async () => {
    const client = new CookieClient();
    const { callbackUrl } = await reachCallback(client, portal.baseUrl, { email: 'sig@vitbhopal.ac.in' });
    const value = client.cookie(portal.baseUrl, 'hcp_login') ?? '';
    client.setCookie(portal.baseUrl, 'hcp_login', `${value.slice(0, -3)}abc`);
    const response = await client.request(callbackUrl);
    expect(response.headers.get('location')).toBe('/?signInError=failed');
  });

  it('refuses a replayed authorization code', async () => {
    const client = new CookieClient();
    const { callbackUrl } = await reachCallback(client, portal.baseUrl, { email: 'replay@vitbhopal.ac.in' });
    const loginCookie = client.cookie(portal.baseUrl, 'hcp_login') ?? '';
    const first = await client.request(callbackUrl);
    expect(first.headers.get('location')).toBe('/');

    // The attacker has the whole first request: URL and the login cookie.
    const attacker = new CookieClient();
    attacker.setCookie(portal.baseUrl, 'hcp_login', loginCookie);
    const replay = await attacker.request(callbackUrl);
    expect(replay.headers.get('location')).toBe('/?signInError=failed');
    expect((await me(attacker)).status).toBe(401);
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    // Two flows in one browser: the callback of the first arrives while the second's state is kept.
    const client = new CookieClient();
    const first = await reachCallback(client, portal.baseUrl, { email: 'nonce@vitbhopal.ac.in' });
    const firstLogin = client.cookie(portal.baseUrl, 'hcp_login') ?? '';
    await reachCallback(client, portal.baseUrl, { email: 'nonce@vitbhopal.ac.in' });
    const secondLogin = client.cookie(portal.baseUrl, 'hcp_login') ?? '';
    expect(secondLogin).not.toBe(firstLogin);
    const response = await client.request(first.callbackUrl);
    expect(response.headers.get('location')).toBe('/?signInError=failed');
  });

  it('sends PKCE, state and nonce to the provider', async () => {
    const client = new CookieClient();
    const response = await client.request(`${portal.baseUrl}/api/auth/login`);
    const url = new URL(response.headers.get('location') ?? '');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(20);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThan(20);
    expect(url.searchParams.get('redirect_uri')).toBe(`${portal.baseUrl}/api/auth/callback`);
  });
});

describe('sessions', () => {
  it('sign-out ends the session on the server, not just in the browser', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'leaving@vitbhopal.ac.in' });
    const token = client.cookie(portal.baseUrl, 'hcp_session') ?? '';
    const { body } = await me(client);
    const logout = await client.request(`${portal.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { 'x-csrf-token': String(body.csrfToken), origin: portal.baseUrl },
    });
    expect(logout.status).toBe(204);
    expect((await me(client)).status).toBe(401);
    // The old cookie, kept by someone, is worthless.
    const thief = new CookieClient();
    thief.setCookie(portal.baseUrl, 'hcp_session', token);
    expect((await me(thief)).status).toBe(401);
  });

  it('refuses sign-out without the CSRF token and keeps the session', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'csrf@vitbhopal.ac.in' });
    const noToken = await client.request(`${portal.baseUrl}/api/auth/logout`, { method: 'POST' });
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toMatchObject({ error: { code: 'csrf_failed' } });
    const crossSite = await client.request(`${portal.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'x-csrf-token': String((await me(client)).body.csrfToken) },
    });
    expect(crossSite.status).toBe(403);
    expect((await me(client)).status).toBe(200);
  });

  it('expires after the configured inactivity and slides while in use', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'idle@vitbhopal.ac.in' });
    const [user] = await portal.database.db.select().from(users).where(eq(users.email, 'idle@vitbhopal.ac.in'));
    if (!user) throw new Error('user missing');
    // Used 2 minutes ago: the next request slides the expiry 30 minutes ahead of now.
    await portal.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'`, expiresAt: sql`now() + interval '28 minutes'` })
      .where(eq(sessions.userId, user.id));
    expect((await me(client)).status).toBe(200);
    const [slid] = await portal.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(slid && slid.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    // Idle for longer than the limit: gone.
    await portal.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect((await me(client)).status).toBe(401);
  });

  it('issues a new session id at every sign-in', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'twice@vitbhopal.ac.in' });
    const first = client.cookie(portal.baseUrl, 'hcp_session');
    await signIn(client, portal.baseUrl, { email: 'twice@vitbhopal.ac.in' });
    const second = client.cookie(portal.baseUrl, 'hcp_session');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stale = new CookieClient();
    stale.setCookie(portal.baseUrl, 'hcp_session', first ?? '');
    expect((await me(stale)).status).toBe(401);
  });

  it('ends every session of a disabled account at once', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'disabled@vitbhopal.ac.in' });
    await portal.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, 'disabled@vitbhopal.ac.in'));
    expect((await me(client)).status).toBe(401);
    expect((await signIn(new CookieClient(), portal.baseUrl, { email: 'disabled@vitbhopal.ac.in' })).location).toBe(
      '/?signInError=failed',
    );
  });
});

describe('returnTo after sign-in never leaves the portal', () => {
  it.each([
    ['a tab after the slash', '/\t/evil.example', '/'],
    ['a line feed', '/\n/evil.example', '/'],
    ['a backslash', '/\\evil.example', '/'],
    ['a dot segment that normalises to //', '/.//evil.example', '/'],
    ['an absolute URL', 'https://evil.example/', '/'],
    ['a protocol-relative URL', '//evil.example', '/'],
    ['a non-breaking space', '/\u00a0/evil.example', '/'],
    ['an API path', '/api/me', '/'],
    ['CR/LF header injection', '/my\r\nSet-Cookie: planted=1', '/'],
    ['a non-Latin-1 path, percent-encoded', '/my/中文', '/my/%E4%B8%AD%E6%96%87'],
    ['an ordinary page with a query', '/my?tab=open#top', '/my?tab=open#top'],
  ])('%s', async (_label, returnTo, expected) => {
    const client = new CookieClient();
    const result = await signIn(client, portal.baseUrl, { email: 'returning@vitbhopal.ac.in' }, returnTo);
    expect(result).toEqual({ status: 302, location: expected });
    // Whatever the browser does with it, it stays on the portal's origin.
    expect(new URL(result.location, portal.baseUrl).origin).toBe(portal.baseUrl);
  });
});

describe('malformed e-mail claims are refused before the domain rule', () => {
  it.each([
    ['a comma list ending in the university domain', 'a@evil.example,b@vitbhopal.ac.in'],
    ['two @', 'a@evil.example@vitbhopal.ac.in'],
    ['a line break inside', 'a@evil.example\r\nb@vitbhopal.ac.in'],
    ['a display name', 'Eve <eve@vitbhopal.ac.in>'],
    ['a space inside', 'eve smith@vitbhopal.ac.in'],
  ])('%s', async (_label, email) => {
    const usersBefore = await countUsers();
    const client = new CookieClient();
    const result = await signIn(client, portal.baseUrl, { email });
    expect(result).toEqual({ status: 302, location: '/?signInError=domain' });
    expect((await me(client)).status).toBe(401);
    expect(await countUsers()).toBe(usersBefore);
  });
});

describe('CSRF and sessions follow the route, not the spelling of the URL', () => {
  it('refuses a cross-site sign-out sent to /%61pi/auth/logout and keeps the session', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'encoded@vitbhopal.ac.in' });
    for (const path of ['/%61pi/auth/logout', '/api/auth/%6cogout', '/%61%70%69/auth/logout']) {
      const crossSite = await client.request(`${portal.baseUrl}${path}`, { method: 'POST', headers: { origin: 'https://evil.example' } });
      expect(crossSite.status, path).toBe(403);
      expect(await crossSite.json()).toMatchObject({ error: { code: 'csrf_failed' } });
      const noToken = await client.request(`${portal.baseUrl}${path}`, { method: 'POST', headers: { origin: portal.baseUrl } });
      expect(noToken.status, path).toBe(403);
    }
    expect((await me(client)).status).toBe(200);
  });

  it('knows the signed-in user on an encoded API path too', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'encoded.me@vitbhopal.ac.in' });
    const response = await client.request(`${portal.baseUrl}/%61pi/me`);
    expect(response.status).toBe(200);
  });
});

describe('where a sign-in from the home page lands', () => {
  it('a student on the home page, a worker on the staff console, an admin on the admin console; elsewhere goes back', async () => {
    const admin = new CookieClient();
    expect((await signIn(admin, portal.baseUrl, { email: 'warden.admin@vitbhopal.ac.in', name: 'Warden Admin' }, '/')).location).toBe('/admin');
    const { body } = await me(admin);
    const added = await admin.request(`${portal.baseUrl}/api/admin/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': String(body.csrfToken), origin: portal.baseUrl },
      body: JSON.stringify({ email: 'landing.staff@vitbhopal.ac.in', name: 'Landing Staff', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] }),
    });
    expect(added.status).toBe(201);
    expect((await signIn(new CookieClient(), portal.baseUrl, { email: 'landing.staff@vitbhopal.ac.in' }, '/')).location).toBe('/staff');
    expect((await signIn(new CookieClient(), portal.baseUrl, { email: 'landing.staff@vitbhopal.ac.in' }, '/my')).location).toBe('/my');
    expect((await signIn(new CookieClient(), portal.baseUrl, { email: 'landing.student@vitbhopal.ac.in' }, '/')).location).toBe('/');
  });
});
