import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { rateLimits } from '../db/schema.js';

let portal: TestApp;
beforeAll(async () => {
  portal = await startTestApp();
});
afterAll(async () => {
  await portal?.close();
});

describe('the rate-limit clean-up job', () => {
  it('deletes every expired counter, over several batches, and keeps the live ones', async () => {
    const { db } = portal.database;
    const expired = Array.from({ length: 2500 }, (_, i) => ({
      key: `test|expired|${i}`,
      hits: 3,
      resetAt: sql`now() - ${`${(i % 60) + 1} minutes`}::interval`,
    }));
    const live = Array.from({ length: 5 }, (_, i) => ({ key: `test|live|${i}`, hits: 1, resetAt: sql`now() + interval '1 minute'` }));
    await db.insert(rateLimits).values([...expired, ...live]);

    const removed = await portal.app.jobs.pruneRateLimits();

    expect(removed).toBeGreaterThanOrEqual(2500);
    const left = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith('test|'));
    expect(left.sort()).toEqual(live.map((r) => r.key).sort());
    // Nothing left to do the second time.
    expect(await portal.app.jobs.pruneRateLimits()).toBe(0);
  });

  it('leaves the limiter working: a pruned counter starts again from one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual' })).status);
    expect(statuses).toEqual([302, 302]);
    const { db } = portal.database;
    await db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect(await portal.app.jobs.pruneRateLimits()).toBeGreaterThanOrEqual(1);
    await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual' });
    const rows = await db.select().from(rateLimits);
    expect(rows.filter((r) => r.key.includes('/api/auth/login')).map((r) => r.hits)).toEqual([1]);
  });
});
