import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aStudent } from '../factories/complaints.js';
import { reachCallback } from '../support/http-client.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import { freePort } from '../support/net.js';
import { ApiClient } from '../support/student.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestIdp, type TestIdp } from '../support/test-idp.js';

/**
 * A person's language (issue 28): PUT /api/me/locale keeps the choice that mail, push and the bell
 * follow, GET /api/me shows it, and the first sign-in starts it from the browser's languages.
 */

let portal: TestApp;
let idp: TestIdp;

beforeAll(async () => {
  const port = await freePort();
  idp = await startTestIdp(`http://127.0.0.1:${port}/api/auth/callback`);
  portal = await startTestApp(
    { ...RELAXED_LIMITS, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret },
    { port },
  );
});

afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

const localeOf = async (client: ApiClient) => ((await client.get('/api/me')).body.user as { locale: string | null }).locale;

/** Signs in through the provider, the browser sending `acceptLanguage` when it comes back to the portal. */
async function signInWith(email: string, acceptLanguage: string): Promise<ApiClient> {
  const client = new ApiClient(portal.baseUrl);
  const { callbackUrl } = await reachCallback(client.http, portal.baseUrl, { email, name: 'Kavya Nair 23BCE10077' });
  const landed = await client.http.request(callbackUrl, { headers: { 'accept-language': acceptLanguage } });
  expect(landed.status).toBe(302);
  expect(landed.headers.get('location')).not.toContain('signInError');
  const me = await client.http.request(`${portal.baseUrl}/api/me`);
  client.csrfToken = ((await me.json()) as { csrfToken: string }).csrfToken;
  return client;
}

describe('PUT /api/me/locale', () => {
  it('keeps the choice (204), and /api/me shows it', async () => {
    const student = await ApiClient.withSession(portal, aStudent());
    expect(await localeOf(student)).toBeNull();

    const toHindi = await student.send('PUT', '/api/me/locale', { locale: 'hi' });
    expect(toHindi.status).toBe(204);
    expect(await localeOf(student)).toBe('hi');

    expect((await student.send('PUT', '/api/me/locale', { locale: 'en' })).status).toBe(204);
    expect(await localeOf(student)).toBe('en');
  });

  it('refuses a language the portal does not have (400), saying which it has', async () => {
    const student = await ApiClient.withSession(portal, aStudent());
    const french = await student.send('PUT', '/api/me/locale', { locale: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.error?.fields).toEqual({ locale: 'Choose English or Hindi' });

    const nothing = await student.send('PUT', '/api/me/locale', {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error?.fields).toHaveProperty('locale');
    expect(await localeOf(student)).toBeNull();
  });

  it('answers 401 to somebody signed out', async () => {
    const response = await fetch(`${portal.baseUrl}/api/me/locale`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: portal.baseUrl },
      body: JSON.stringify({ locale: 'hi' }),
    });
    expect(response.status).toBe(401);
  });

  it('answers 403 without the CSRF token, and changes nothing', async () => {
    const student = await ApiClient.withSession(portal, aStudent());
    const forged = await student.send('PUT', '/api/me/locale', { locale: 'hi' }, { 'x-csrf-token': '' });
    expect(forged.status).toBe(403);
    expect(await localeOf(student)).toBeNull();
  });
});

describe('the language at sign-in', () => {
  it("starts from the browser's languages at the first sign-in", async () => {
    const student = await signInWith('kavya.nair@vitbhopal.ac.in', 'hi-IN,hi;q=0.9');
    expect(await localeOf(student)).toBe('hi');
  });

  it('is not overwritten by a later sign-in from a browser in another language', async () => {
    const first = await signInWith('rohan.das@vitbhopal.ac.in', 'hi-IN,hi;q=0.9');
    expect(await localeOf(first)).toBe('hi');
    const later = await signInWith('rohan.das@vitbhopal.ac.in', 'en-GB,en;q=0.8');
    expect(await localeOf(later)).toBe('hi');
  });

  it('keeps a choice made on the account page when the browser says otherwise', async () => {
    const first = await signInWith('ishaan.roy@vitbhopal.ac.in', 'en-US,en;q=0.9');
    expect(await localeOf(first)).toBe('en');
    expect((await first.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);
    const later = await signInWith('ishaan.roy@vitbhopal.ac.in', 'en-US,en;q=0.9');
    expect(await localeOf(later)).toBe('hi');
  });

  it('leaves the language unset when the browser asks for none the portal has', async () => {
    const student = await signInWith('tara.menon@vitbhopal.ac.in', 'fr-FR,fr;q=0.9');
    expect(await localeOf(student)).toBeNull();
  });
});
