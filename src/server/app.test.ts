import { describe, expect, it } from 'vitest';
import { CookieClient, signIn } from '../../tests/support/http-client.js';
import type { TestApp } from '../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../tests/support/limits.js';
import { portalTest } from '../../tests/support/fixtures.js';

let portal: TestApp;

const test = portalTest({ env: RELAXED_LIMITS });
test.beforeAll(({ portal: app }) => {
  portal = app;
});

const url = (path: string) => `${portal.baseUrl}${path}`;

describe('platform endpoints', () => {
  it('answers /healthz with 200 while the database answers', async () => {
    const response = await fetch(url('/healthz'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: portal.database.kind });
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const response = await fetch(url('/api/does-not-exist'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/does-not-exist' },
    });
  });

  it('serves the web app for any other path, which shows its own 404 page', async () => {
    const response = await fetch(url('/no/such/page'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root">');
  });

  it('sends the prerendered page for public paths, and the plain shell when a query string is given', async () => {
    const form = await (await fetch(url('/complaints/wifiComplaint'))).text();
    expect(form).toMatch(/<h1[^>]*>Wifi complaint<\/h1>/);
    expect(form).toContain('<label');
    const home = await (await fetch(url('/'))).text();
    expect(home).toMatch(/<h1[^>]*>Hostel Complaint Portal<\/h1>/);
    const withQuery = await (await fetch(url('/?signInError=domain'))).text();
    expect(withQuery).toContain('<div id="root"></div>');
    const compressed = await fetch(url('/complaints'), { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
  });

  it('answers /api/me with 401 and the seed text when signed out', async () => {
    const response = await fetch(url('/api/me'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please Sign In first' } });
  });

  it('documents every API route in an OpenAPI 3.1 document', async () => {
    const response = await fetch(url('/api/openapi.json'));
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, method] of [
      ['/healthz', 'get'],
      ['/api/config', 'get'],
      ['/api/me', 'get'],
      ['/api/auth/login', 'get'],
      ['/api/auth/callback', 'get'],
      ['/api/auth/logout', 'post'],
      ['/api/complaints', 'post'],
      ['/api/cleaning-requests', 'post'],
      ['/api/complaints/mine', 'get'],
      ['/api/complaints/{number}', 'get'],
      ['/api/admin/routing', 'get'],
      ['/api/admin/routing/{routingKey}/{hostel}', 'put'],
      ['/api/admin/outbox', 'get'],
      ['/api/admin/outbox/{id}', 'get'],
      ['/api/admin/outbox/{id}/retry', 'post'],
      ['/api/admin/outbox/{id}/html', 'get'],
      ['/api/laundry-requests', 'post'],
      ['/api/catalog', 'get'],
      ['/api/university/logo', 'get'],
      ['/api/admin/university', 'put'],
      ['/api/admin/university/logo', 'put'],
      ['/api/admin/hostels', 'post'],
      ['/api/admin/hostels/{id}', 'put'],
      ['/api/admin/categories', 'post'],
      ['/api/admin/categories/{key}', 'put'],
      ['/api/admin/services/{key}', 'put'],
      ['/api/admin/users/{id}', 'put'],
      ['/api/admin/audit', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    // Request and response schemas come from the shared zod schemas.
    const post = doc.paths['/api/complaints']?.post as { requestBody?: unknown } | undefined;
    expect(JSON.stringify(post?.requestBody)).toContain('CreateComplaint');
  });

  it('renders the API documentation at /api/docs', async () => {
    const response = await fetch(url('/api/docs/'), { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and friends with every page', async () => {
    const response = await fetch(url('/'));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('tags every response with a request id, reusing a sane upstream one', async () => {
    const own = await fetch(url('/healthz'));
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(url('/healthz'), { headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers.get('x-request-id')).toBe('lb-1234');
    const hostile = await fetch(url('/healthz'), { headers: { 'x-request-id': 'a b<script>' } });
    expect(hostile.headers.get('x-request-id')).not.toBe('a b<script>');
  });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing request from another origin even when signed out', async () => {
    const response = await fetch(url('/api/auth/logout'), { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'csrf_failed' } });
  });

  it('refuses a cross-site request that the browser marks with Sec-Fetch-Site', async () => {
    const response = await fetch(url('/api/auth/logout'), { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
  });

  it('refuses a signed-in state change with a wrong token', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'token@vitbhopal.ac.in', name: 'Token Test 21BCE10002' });
    const response = await client.request(url('/api/auth/logout'), {
      method: 'POST',
      headers: { 'x-csrf-token': 'wrong', origin: portal.baseUrl },
    });
    expect(response.status).toBe(403);
    expect((await client.request(url('/api/me'))).status).toBe(200);
  });
});

describe('built-in development sign-in', () => {
  it('is a real OpenID Connect provider mounted under /dev-idp', async () => {
    const response = await fetch(url('/dev-idp/.well-known/openid-configuration'));
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${portal.baseUrl}/dev-idp`);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
  });

  it('signs a student in through its page with labelled Email and Display name fields', async () => {
    const client = new CookieClient();
    const result = await signIn(client, portal.baseUrl, { email: 'dev.student@vitbhopal.ac.in', name: 'Dev Student 21BCE10003' });
    expect(result.location).toBe('/');
    const me = await client.request(url('/api/me'));
    expect(await me.json()).toMatchObject({ user: { fname: 'Dev', regId: '21BCE10003' } });
  });

  it('accepts a gmail address on its page so the refusal can be seen', async () => {
    const client = new CookieClient();
    expect((await signIn(client, portal.baseUrl, { email: 'someone@gmail.com' })).location).toBe('/?signInError=domain');
  });

  it('is announced to the web app', async () => {
    const response = await fetch(url('/api/config'));
    expect(await response.json()).toMatchObject({ devSignIn: true });
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 in the error shape and no stack trace', async () => {
    const client = new CookieClient();
    await signIn(client, portal.baseUrl, { email: 'json@vitbhopal.ac.in' });
    const { csrfToken } = (await (await client.request(url('/api/me'))).json()) as { csrfToken: string };
    const response = await client.request(url('/api/auth/logout'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: '{"broken":',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_body');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.js/);
  });

  // Issue 40, item 8: a path parameter over the router's limit answered 414, and a malformed URL 400, in Fastify's own shape.
  it('answers a path parameter that is too long and a malformed URL in the error shape too', async () => {
    for (const [path, status, code] of [
      [`/api/complaints/${'x'.repeat(200)}`, 414, 'uri_too_long'],
      ['/api/complaints/%E0%A4%A', 400, 'bad_url'],
      [`/api/staff/places/${'B'.repeat(150)}/214`, 414, 'uri_too_long'],
    ] as const) {
      const response = await fetch(url(path));
      expect(response.status, path).toBe(status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body), path).toEqual(['error']);
      expect(body.error, path).toEqual({ code, message: expect.any(String) as unknown });
    }
  });

  it('answers a validation failure with the field that is wrong', async () => {
    const response = await fetch(url(`/api/auth/login?returnTo=${'x'.repeat(600)}`));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields)).toContain('returnTo');
  });
});
