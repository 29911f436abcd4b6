import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../tests/support/student.js';
import type { TestApp } from '../../../tests/support/test-app.js';
import { portalTest } from '../../../tests/support/fixtures.js';

let portal: TestApp;
let student: ApiClient;
const test = portalTest({
  env: {
    RATE_LIMIT_SIGNIN_PER_MINUTE: '3',
    RATE_LIMIT_WRITES_PER_MINUTE: '2',
    RATE_LIMIT_PHOTOS_PER_HOUR: '1',
    ADMIN_EMAILS: 'limited.admin@vitbhopal.ac.in',
  },
  student: { email: 'limited.student@vitbhopal.ac.in', name: 'Limited Student 21BCE10002' },
});
test.beforeAll(({ portal: app, student: limited }) => {
  [portal, student] = [app, limited];
});

type Refusal = { error: { code: string; message: string } };

/** HH:MM in the university's time zone (the profile's, Asia/Kolkata in tests), rounded up to the minute. */
const clock = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Math.ceil(ms / 60_000) * 60_000),
  );

describe('rate limits', () => {
  it('limits sign-in attempts per address with a 429 that says what was limited and when it lifts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual' })).status);
    }
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
    const limited = await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const answer = (await limited.json()) as Refusal;
    expect(answer.error.code).toBe('rate_limited');
    expect(answer.error.message).toBe(
      `Too many sign-in attempts from your network. You can try signing in again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );
  });

  it('says the refusal in Hindi to a browser that asks for Hindi, with the same wait', async () => {
    // The sign-in budget of this address is spent by the test above, for the rest of its minute.
    const limited = await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual', headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    const answer = (await limited.json()) as Refusal;
    expect(answer.error.message).toBe(
      `आपके नेटवर्क से साइन इन की बहुत ज़्यादा कोशिशें हुई हैं। आप ${retryAfter} सेकंड में फिर से साइन इन कर सकते हैं।`,
    );
  });

  it('says a short wait in seconds, the same number as Retry-After', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 3; i += 1) {
      // Counted before the body is checked: two refused filings use up the budget of two writes.
      last = await student.http.request(`${portal.baseUrl}/api/complaints`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': student.csrfToken, origin: portal.baseUrl, 'idempotency-key': `limited-${i}` },
        body: JSON.stringify({}),
      });
    }
    expect(last?.status).toBe(429);
    const retryAfter = Number(last?.headers.get('retry-after'));
    const answer = (await last?.json()) as Refusal;
    expect(answer.error.message).toMatch(/^You have made many changes in a short time\. You can make more changes in (\d+) seconds?\.$/);
    expect(Number(/in (\d+) second/.exec(answer.error.message)?.[1])).toBe(retryAfter);
  });

  it('says a long wait as the time of day it lifts, in the university time zone, agreeing with Retry-After', async () => {
    const upload = () =>
      student.http.request(`${portal.baseUrl}/api/photos`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', 'x-csrf-token': student.csrfToken, origin: portal.baseUrl },
        body: Buffer.from('not really a photo'),
      });
    expect((await upload()).status).not.toBe(429);
    const before = Date.now();
    const limited = await upload();
    const after = Date.now();
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    const answer = (await limited.json()) as Refusal;
    const time = /^You have uploaded as many photos as the portal takes in an hour\. You can add more photos after (\d\d:\d\d)\.$/.exec(
      answer.error.message,
    )?.[1];
    expect(time, answer.error.message).toBeDefined();
    // The server rounds its own clock; the test's clock read a moment before and after.
    expect([clock(before + (retryAfter - 1) * 1000), clock(after + retryAfter * 1000)]).toContain(time);
  });

  it('names one-click links from mail as what was limited on their pages', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 4; i += 1) last = await fetch(`${portal.baseUrl}/act/not-a-real-link-token-${i}`);
    expect(last?.status).toBe(429);
    const retryAfter = Number(last?.headers.get('retry-after'));
    const answer = (await last?.json()) as Refusal;
    expect(answer.error.message).toBe(
      `Too many links from mail opened from your network. You can open links again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );
  });

  it('names exports as what was limited on the insights CSV', async () => {
    const admin = await ApiClient.withSession(portal, { email: 'limited.admin@vitbhopal.ac.in', name: 'Limited Admin' });
    let last: Response | undefined;
    // Ten a minute per person (modules/insights/routes.ts).
    for (let i = 0; i < 11; i += 1) last = await admin.http.request(`${portal.baseUrl}/api/insights/export/open`);
    expect(last?.status).toBe(429);
    const retryAfter = Number(last?.headers.get('retry-after'));
    const answer = (await last?.json()) as Refusal;
    expect(answer.error.message).toBe(
      `You have exported many files in a short time. You can export again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    );
  });

  it('keeps the counters in the database, where every instance sees them', async () => {
    const rows = await portal.database.db.query.rateLimits.findMany();
    expect(rows.some((row) => row.key.includes('/api/auth/login') && row.hits >= 5)).toBe(true);
  });
});
