import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/test-db.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { ApiClient } from '../../../tests/support/student.js';
import { outbox, pushOutbox, pushSubscriptions, rateLimits, scheduledJobs, users } from '../db/schema.js';

let portal: TestApp;
beforeAll(async () => {
  // Mail is kept 30 days here instead of 90, to see the setting at work; pushes keep the default week.
  portal = await startTestApp({ MAIL_KEEP_DAYS: '30', ADMIN_EMAILS: 'jobs.admin@vitbhopal.ac.in' });
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

describe('the push clean-up job', () => {
  it('deletes pushes finished more than a week ago and keeps recent and queued ones', async () => {
    const { db } = portal.database;
    const [student] = await db.select({ id: users.id }).from(users).limit(1);
    if (!student) throw new Error('the test database has no user');
    const [device] = await db
      .insert(pushSubscriptions)
      .values({ userId: student.id, endpoint: `https://push.example.test/${randomUUID()}`, p256dh: 'key', auth: 'secret' })
      .returning({ id: pushSubscriptions.id });
    if (!device) throw new Error('no subscription');
    const push = (status: 'queued' | 'sent' | 'expired' | 'failed', age: string) => ({
      eventId: randomUUID(),
      subscriptionId: device.id,
      payload: '{}',
      topic: status,
      status,
      updatedAt: sql`now() - ${age}::interval`,
    });
    const old = [push('sent', '8 days'), push('expired', '30 days'), push('failed', '7 days 1 hour')];
    const kept = [push('sent', '6 days'), push('failed', '1 hour'), push('queued', '30 days')];
    await db.insert(pushOutbox).values([...old, ...kept]);

    expect(await portal.app.jobs.prunePushes()).toBe(3);

    const left = await db.select({ eventId: pushOutbox.eventId }).from(pushOutbox).where(eq(pushOutbox.subscriptionId, device.id));
    expect(left.map((r) => r.eventId).sort()).toEqual(kept.map((r) => r.eventId).sort());
    expect(await portal.app.jobs.prunePushes()).toBe(0);
  });
});

describe('the mail clean-up job', () => {
  it('deletes mail sent or failed longer ago than MAIL_KEEP_DAYS and keeps the rest, held and queued mail above all', async () => {
    const { db } = portal.database;
    const mail = (status: 'held' | 'queued' | 'sent' | 'failed', age: string) => ({
      purpose: 'acknowledgement',
      toEmails: ['someone@vitbhopal.ac.in'],
      subject: `${status} ${age}`,
      textBody: 'text',
      htmlBody: '<p>text</p>',
      messageId: `<${randomUUID()}@test>`,
      status,
      updatedAt: sql`now() - ${age}::interval`,
    });
    const old = [mail('sent', '31 days'), mail('failed', '40 days')];
    const kept = [mail('sent', '29 days'), mail('failed', '1 day'), mail('held', '60 days'), mail('queued', '60 days')];
    await db.insert(outbox).values([...old, ...kept]);

    expect(await portal.app.jobs.pruneMail()).toBe(2);

    const left = await db.select({ messageId: outbox.messageId }).from(outbox).where(sql`${outbox.messageId} like '%@test>'`);
    expect(left.map((r) => r.messageId).sort()).toEqual(kept.map((r) => r.messageId).sort());
    expect(await portal.app.jobs.pruneMail()).toBe(0);
    expect(portal.app.jobs.schedule).toHaveProperty('mail clean-up');
    // The admins' mail page says how long it keeps mail.
    const admin = await ApiClient.withSession(portal, { email: 'jobs.admin@vitbhopal.ac.in', name: 'Jobs Admin' });
    expect((await admin.get('/api/admin/outbox')).body).toMatchObject({ keepDays: 30 });
  });
});

describe('the schedule kept in the database', () => {
  it('runs a job that is due once, though two instances look at the same moment', async () => {
    const database = await openTestDatabase();
    const first = await startTestApp({}, { database });
    const second = await startTestApp({}, { database });
    try {
      // Every job falls due, as if both instances had been away; both look for due work at once.
      await database.db.update(scheduledJobs).set({ nextRunAt: sql`now() - interval '1 second'` });
      const [ranByFirst, ranBySecond] = await Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue()]);
      const ran = [...ranByFirst, ...ranBySecond].sort();
      expect(ran).toEqual([...new Set(ran)]);
      expect(ran).toEqual(Object.keys(first.app.jobs.schedule).sort());
      // Nothing is due any more: looking again runs nothing anywhere.
      expect([...(await first.app.jobs.runDue()), ...(await second.app.jobs.runDue())]).toEqual([]);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });

  it('runs a job whose next run passed while the portal was down as soon as it starts again', async () => {
    const database = await openTestDatabase();
    try {
      const before = await startTestApp({}, { database });
      await before.close();
      // Down for a while: the hourly insights digest fell due meanwhile, and an admin waits for one.
      await database.db
        .insert(scheduledJobs)
        .values({ name: 'insights digests', nextRunAt: sql`now() - interval '1 minute'` })
        .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextRunAt: sql`now() - interval '1 minute'` } });
      await database.db.insert(users).values({ email: 'restart-admin@vitbhopal.ac.in', name: 'Restart Admin', role: 'admin' });
      const insightsMail = () =>
        database.db.select({ to: outbox.toEmails }).from(outbox).where(eq(outbox.purpose, 'insights_digest'));

      const after = await startTestApp({}, { database });
      try {
        await expect.poll(insightsMail, { timeout: 15_000 }).toEqual([{ to: ['restart-admin@vitbhopal.ac.in'] }]);
      } finally {
        await after.close();
      }
    } finally {
      await database.close();
    }
  });
});
