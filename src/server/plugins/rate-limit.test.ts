import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let portal: TestApp;
beforeAll(async () => {
  portal = await startTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '3' });
});
afterAll(async () => {
  await portal?.close();
});

describe('rate limits', () => {
  it('limits sign-in attempts per address with a 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual' })).status);
    }
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
    const limited = await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual' });
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    });
  });

  it('keeps the counters in the database, where every instance sees them', async () => {
    const rows = await portal.database.db.query.rateLimits.findMany();
    expect(rows.some((row) => row.key.includes('/api/auth/login') && row.hits >= 5)).toBe(true);
  });
});
