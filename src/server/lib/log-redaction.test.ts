import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { loggableUrl, loggerOptions } from './log-redaction.js';
import { RELAXED_LIMITS } from '../../../tests/support/limits.js';

/**
 * What the portal really writes to its log: the app is built with its own logger options, writing
 * to memory instead of stdout, and requests carrying secrets are made over HTTP.
 */
const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };
const logText = () => lines.join('');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg?: string; req?: { url?: string; method?: string } });
const loggedUrls = () => entries().flatMap((e) => (e.req?.url === undefined ? [] : [e.req.url]));

const TOKEN = 'Qx7_kP2-mZ9vLr4TbW8yNc3HdJ6sFa1GeUo5iVtXq0w'; // 43 characters, like a real link
const SECRET_CODE = 'SplxlOBeZQQYbYS6WxSbIA_authorization_code';
const EMAIL = 'priya.kumar@vitbhopal.ac.in';
const ADMIN = 'chief.admin@vitbhopal.ac.in';
const EMAILS = /[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/i;

let portal: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  portal = await startTestApp(
    { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN },
    {
      logger: (config) => loggerOptions({ ...config, logLevel: 'info' }, stream),
      setup: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('the database fell over');
        });
        // A query PostgreSQL refuses, carrying a person's words and address as its values.
        app.get('/api/test/bad-insert', async () => {
          await app.db.execute(sql`select ${`Room 214: ${EMAIL}`}::text, ${'not a number'}::int`);
          return {};
        });
      },
    },
  );
  admin = await ApiClient.signedIn(portal.baseUrl, { email: ADMIN, name: 'Chief Admin' });
});
afterAll(async () => {
  await portal?.close();
});

describe('request logs', () => {
  it('show the route pattern of a one-click link, never its token', async () => {
    lines.length = 0;
    expect((await fetch(`${portal.baseUrl}/act/${TOKEN}`)).status).toBe(404);
    expect((await fetch(`${portal.baseUrl}/act/${TOKEN}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(404);
    expect(logText()).not.toContain(TOKEN);
    expect(loggedUrls()).toEqual(['/act/:token', '/act/:token']);
    const incoming = entries().find((e) => e.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/act/:token', remoteAddress: '127.0.0.1' });
    expect(incoming?.reqId).toEqual(expect.any(String));
    expect(entries().filter((e) => e.msg === 'request completed')).toHaveLength(2);
  });

  it('keep only allow-listed query values; search text, e-mail addresses and returnTo are redacted', async () => {
    lines.length = 0;
    const search = `/api/staff/complaints?q=secret%20text&status=submitted&assignee=me&hostel=${encodeURIComponent(EMAIL)}&limit=10`;
    expect((await admin.get(search)).status).toBe(200);
    expect((await fetch(`${portal.baseUrl}/api/staff/complaints?q=${encodeURIComponent(EMAIL)}&status=submitted`)).status).toBe(401);
    const login = await fetch(`${portal.baseUrl}/api/auth/login?returnTo=${encodeURIComponent(`/staff/complaints?q=${EMAIL}`)}`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const text = logText();
    expect(text).not.toContain('secret');
    expect(text).not.toContain('priya');
    expect(text).not.toMatch(EMAILS);
    expect(text).not.toMatch(/returnTo=(?!\[redacted\])/);
    expect(loggedUrls()).toEqual([
      '/api/staff/complaints?q=[redacted]&status=submitted&assignee=[redacted]&hostel=[redacted]&limit=10',
      '/api/staff/complaints?q=[redacted]&status=submitted',
      '/api/auth/login?returnTo=[redacted]',
    ]);
  });

  it('redact the authorization code and state of the sign-in callback, also during a real sign-in', async () => {
    lines.length = 0;
    const callback = await fetch(`${portal.baseUrl}/api/auth/callback?code=${SECRET_CODE}&state=${TOKEN}&iss=x`, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(logText()).not.toContain(SECRET_CODE);
    expect(logText()).not.toContain(TOKEN);
    expect(loggedUrls()).toEqual(['/api/auth/callback?code=[redacted]&state=[redacted]&iss=[redacted]']);

    lines.length = 0;
    await ApiClient.signedIn(portal.baseUrl, { email: EMAIL, name: 'Priya Kumar' });
    const text = logText();
    expect(text).not.toMatch(EMAILS);
    expect(text).not.toContain('priya');
    // Every query value the identity provider round trip carried is redacted.
    for (const url of loggedUrls()) {
      for (const [key, value] of new URLSearchParams(url.split('?')[1] ?? '')) expect(`${key}=${value}`).toBe(`${key}=[redacted]`);
    }
    expect(loggedUrls()).toContain('/api/auth/callback?code=[redacted]&state=[redacted]&iss=[redacted]');
    expect(entries().some((e) => e.msg === 'signed in')).toBe(true);
  });

  it('log a request for no route with token-like segments replaced and no query values', async () => {
    lines.length = 0;
    const token = 'a'.repeat(12) + TOKEN.slice(0, 20);
    expect((await fetch(`${portal.baseUrl}/api/nothing/${token}/here?email=${encodeURIComponent(EMAIL)}&status=open`)).status).toBe(404);
    // Outside /api the web app's shell answers (or 503 without a build): still no route.
    await fetch(`${portal.baseUrl}/reset/${TOKEN}?code=${SECRET_CODE}`);
    const text = logText();
    expect(text).not.toContain(token);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(SECRET_CODE);
    expect(text).not.toMatch(EMAILS);
    expect(loggedUrls()).toEqual(['/api/nothing/[redacted]/here?[redacted]', '/reset/[redacted]?[redacted]']);
  });

  it('write an unhandled error without the query string or the path it came from', async () => {
    lines.length = 0;
    // The one error this file provokes: logged at error level, which otherwise fails a test.
    portal.allowErrorLogs(/"msg":"unhandled error"/);
    expect((await fetch(`${portal.baseUrl}/api/test/boom?q=secret%20text&to=${encodeURIComponent(EMAIL)}`)).status).toBe(500);
    const error = entries().find((e) => e.msg === 'unhandled error');
    expect(error).toBeDefined();
    expect(JSON.stringify(error)).toContain('the database fell over');
    const text = logText();
    expect(text).not.toContain('secret');
    expect(text).not.toMatch(EMAILS);
    expect(loggedUrls()).toEqual(['/api/test/boom?q=[redacted]&to=[redacted]']);
  });

  it('write a failed query without the values it carried', async () => {
    lines.length = 0;
    portal.allowErrorLogs(/"msg":"unhandled error"/);
    expect((await fetch(`${portal.baseUrl}/api/test/bad-insert`)).status).toBe(500);
    const error = entries().find((e) => e.msg === 'unhandled error');
    expect(JSON.stringify(error)).toContain('invalid input syntax for type integer');
    const text = logText();
    expect(text).not.toMatch(EMAILS);
    expect(text).not.toContain('Room 214');
  });
});

describe('loggableUrl', () => {
  const at = (url: string, route?: string, is404 = false) => loggableUrl({ url, is404, routeOptions: { url: route } });

  it('keeps allow-listed values only when they are short and plain, and redacts odd keys', () => {
    expect(at('/api/x?status=open&sort=oldest&limit=5', '/api/x')).toBe('/api/x?status=open&sort=oldest&limit=5');
    expect(at(`/api/x?status=${encodeURIComponent(EMAIL)}&hostel=${TOKEN}`, '/api/x')).toBe('/api/x?status=[redacted]&hostel=[redacted]');
    expect(at(`/api/x?${encodeURIComponent(EMAIL)}=1&cursor=abc`, '/api/x')).toBe('/api/x?[redacted]&cursor=[redacted]');
  });

  it('logs a wildcard route by its path with token-like or address segments redacted', () => {
    expect(at(`/dev-idp/auth/${TOKEN}?state=abc`, '/dev-idp/*')).toBe('/dev-idp/auth/[redacted]?state=[redacted]');
    expect(at(`/my/${encodeURIComponent(EMAIL)}`, undefined, true)).toBe('/my/[redacted]');
    expect(at('/api/nothing?status=open', '/*', true)).toBe('/api/nothing?[redacted]');
  });
});
