import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { OPEN_STATUSES } from '../../../shared/constants.js';
import { complaintCounts, complaints, oneOf, users } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { loadScope, scopeCondition } from '../access/scope.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * The queue's first screen over HTTP: "New" and the escalated view, the counts of what needs
 * someone (each in the reader's scope), and "due soonest" putting the complaint more students
 * follow first, page after page.
 */

let portal: TestApp;
let admin: ApiClient;
let wifi: ApiClient;
let warden: ApiClient;
let student: ApiClient;

const ADMIN = { email: 'views.admin@vitbhopal.ac.in', name: 'Views Admin' };
const WIFI = { email: 'views.wifi@vitbhopal.ac.in', name: 'Views Wifi' };
const WARDEN = { email: 'views.warden@vitbhopal.ac.in', name: 'Views Warden' };

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: ADMIN,
  staff: { ...WIFI, role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] },
  warden: { ...WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Block-3' }] },
  student: { email: 'views.student@vitbhopal.ac.in', name: 'Isha Nair 22BCE10456' },
});
test.beforeAll(({ portal: app, admin: a, staff, warden: w, student: isha }) => {
  [portal, admin, wifi, warden, student] = [app, a, staff, w, isha];
});

const db = () => portal.database.db;
const file = async (over: Record<string, unknown> = {}) => {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
};
const numbers = async (client: ApiClient, query: string) => {
  const { status, body } = await client.get(`/api/staff/complaints${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.items as Array<{ number: string }>).map((c) => c.number);
};
const set = (number: string, values: PgUpdateSetSource<typeof complaints>) => db().update(complaints).set(values).where(eq(complaints.number, number));

/** The same figures counted the slow way, over every complaint in the reader's scope. */
async function countedByHand(email: string) {
  const [user] = await db().select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(email);
  const inScope = scopeCondition(await loadScope(db(), user), complaints);
  const open = oneOf(complaints.status, OPEN_STATUSES);
  const count = async (where: ReturnType<typeof sql>) => {
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(complaints).where(and(inScope, where));
    return Number(row?.n);
  };
  return {
    new: await count(sql`${complaints.status} = 'submitted'`),
    mine: await count(sql`${open} and (${complaints.assigneeId} is null or ${complaints.assigneeId} = ${user.id})`),
    overdue: await count(sql`${open} and ${complaints.dueAt} < now()`),
    escalated: await count(sql`${open} and ${complaints.escalationLevel} > 0`),
    reopened: await count(sql`${complaints.status} = 'reopened'`),
    unassigned: await count(sql`${open} and ${complaints.assigneeId} is null`),
  };
}

describe('the first screen', () => {
  it('"New" is what nobody acknowledged yet, newest first: a complaint just filed is its first row', async () => {
    const older = await file({ complaint: 'Older wifi complaint' });
    const acknowledged = await file({ complaint: 'Acknowledged already' });
    expect((await wifi.send('POST', `/api/staff/complaints/${acknowledged}/transitions`, { to: 'acknowledged' })).status).toBe(200);
    const newest = await file({ complaint: 'Brand-new wifi complaint' });
    const listed = await numbers(wifi, '?status=submitted&sort=newest');
    expect(listed[0]).toBe(newest);
    expect(listed).toContain(older);
    expect(listed).not.toContain(acknowledged);
  });

  it('counts new, my open work, overdue, escalated, reopened and unassigned in each reader\'s scope, as a count over the complaints would', async () => {
    // Something of each kind in Block-2 (the wifi worker's) and Block-3 (the warden's).
    const overdue = await file({ complaint: 'Overdue and escalated' });
    await set(overdue, { dueAt: sql`now() - interval '3 hours'`, escalationLevel: 1 });
    const mine = await file({ complaint: 'Taken by the wifi worker' });
    expect((await wifi.send('POST', `/api/staff/complaints/${mine}/transitions`, { to: 'in_progress' })).status).toBe(200);
    const reopened = await file({ hostel: 'Block-3', category: 'water', subCategory: 'Shower', complaint: 'Reopened shower' });
    expect((await warden.send('POST', `/api/staff/complaints/${reopened}/transitions`, { to: 'resolved' })).status).toBe(200);
    expect((await student.send('POST', `/api/complaints/${reopened}/reopen`, { reason: 'Still cold' })).status).toBe(200);
    const elsewhere = await file({ hostel: 'Block-3', complaint: 'Block-3 wifi, not the worker\'s' });
    await set(elsewhere, { dueAt: sql`now() - interval '30 hours'`, escalationLevel: 2 });
    // Escalated once, then resolved: no longer anyone's attention.
    const done = await file({ complaint: 'Late but resolved' });
    await set(done, { dueAt: sql`now() - interval '2 hours'`, escalationLevel: 1 });
    expect((await wifi.send('POST', `/api/staff/complaints/${done}/transitions`, { to: 'resolved' })).status).toBe(200);

    for (const [client, who] of [
      [wifi, WIFI.email],
      [warden, WARDEN.email],
      [admin, ADMIN.email],
    ] as const) {
      const { status, body } = await client.get('/api/staff/attention');
      expect(status).toBe(200);
      expect(body, who).toEqual(await countedByHand(who));
    }
    const forWifi = (await wifi.get('/api/staff/attention')).body as Record<string, number>;
    expect(forWifi.escalated).toBeGreaterThanOrEqual(1);
    expect(forWifi.reopened).toBe(0);
    const forWarden = (await warden.get('/api/staff/attention')).body as Record<string, number>;
    expect(forWarden.reopened).toBeGreaterThanOrEqual(1);

    // New, unassigned, escalated and (through the open count) overdue come from the counts table,
    // not from counting complaints: a change made there alone shows (and is undone at once).
    const wifiSubmitted = and(eq(complaintCounts.category, 'wifi'), eq(complaintCounts.hostel, 'Block-2'), eq(complaintCounts.status, 'submitted'));
    const bump = (by: number) =>
      db()
        .update(complaintCounts)
        .set({ count: sql`${complaintCounts.count} + ${by}`, unassigned: sql`${complaintCounts.unassigned} + ${by}`, escalated: sql`${complaintCounts.escalated} + ${by}` })
        .where(wifiSubmitted);
    await bump(500);
    try {
      expect((await wifi.get('/api/staff/attention')).body).toEqual({
        ...forWifi,
        new: (forWifi.new ?? 0) + 500,
        mine: (forWifi.mine ?? 0) + 500,
        overdue: (forWifi.overdue ?? 0) + 500,
        escalated: (forWifi.escalated ?? 0) + 500,
        unassigned: (forWifi.unassigned ?? 0) + 500,
      });
    } finally {
      await bump(-500);
    }
  });

  it('keeps the counts of unassigned and escalated complaints in step with every change, as a count over the complaints would', async () => {
    const keptAgainstCounted = async () => {
      const kept = await db()
        .select({ category: complaintCounts.category, hostel: complaintCounts.hostel, status: complaintCounts.status, count: complaintCounts.count, unassigned: complaintCounts.unassigned, escalated: complaintCounts.escalated })
        .from(complaintCounts)
        .where(sql`${complaintCounts.count} <> 0 or ${complaintCounts.unassigned} <> 0 or ${complaintCounts.escalated} <> 0`)
        .orderBy(complaintCounts.category, complaintCounts.hostel, complaintCounts.status);
      const counted = await db()
        .select({
          category: complaints.category,
          hostel: complaints.hostel,
          status: complaints.status,
          count: sql<number>`count(*)::int`,
          unassigned: sql<number>`(count(*) filter (where ${complaints.assigneeId} is null))::int`,
          escalated: sql<number>`(count(*) filter (where ${complaints.escalationLevel} > 0))::int`,
        })
        .from(complaints)
        .groupBy(complaints.category, complaints.hostel, complaints.status)
        .orderBy(complaints.category, complaints.hostel, complaints.status);
      expect(kept).toEqual(counted);
    };
    const [wifiWorker] = await db().select().from(users).where(eq(users.email, WIFI.email));
    const [adminUser] = await db().select().from(users).where(eq(users.email, ADMIN.email));
    if (!wifiWorker || !adminUser) throw new Error('staff missing');
    const assign = async (number: string, assigneeId: string | null) =>
      expect((await admin.send('POST', `/api/staff/complaints/${number}/assign`, { assigneeId })).status).toBe(204);

    const taken = await file({ complaint: 'Taken, handed on, handed back' });
    const escalated = await file({ complaint: 'Escalated twice, then taken' });
    const moved = await file({ complaint: 'Moved to another hostel' });
    const removed = await file({ complaint: 'Removed by hand' });
    await keptAgainstCounted();

    await assign(taken, wifiWorker.id);
    await assign(taken, adminUser.id); // from one person to another: still assigned
    await keptAgainstCounted();
    await assign(taken, null);
    await keptAgainstCounted();

    await set(escalated, { escalationLevel: 1 });
    await set(escalated, { escalationLevel: 2 }); // further: still escalated
    await keptAgainstCounted();
    await assign(escalated, wifiWorker.id);
    expect((await wifi.send('POST', `/api/staff/complaints/${escalated}/transitions`, { to: 'resolved' })).status).toBe(200);
    await keptAgainstCounted();

    // Several changes to one complaint in one transaction: each applies with its own before and after.
    await db().transaction(async (tx) => {
      await tx.update(complaints).set({ assigneeId: wifiWorker.id, escalationLevel: 1 }).where(eq(complaints.number, moved));
      await tx.update(complaints).set({ hostel: 'Block-3', status: 'acknowledged' }).where(eq(complaints.number, moved));
      await tx.update(complaints).set({ assigneeId: null, escalationLevel: 0 }).where(eq(complaints.number, moved));
    });
    await keptAgainstCounted();

    await set(removed, { escalationLevel: 1 });
    await db().delete(complaints).where(eq(complaints.number, removed));
    await keptAgainstCounted();
  });

  it('the escalated view lists open complaints someone was told are late, in the reader\'s scope only', async () => {
    const late = await file({ complaint: 'Escalated to the wardens' });
    await set(late, { dueAt: sql`now() - interval '5 hours'`, escalationLevel: 1 });
    const notLate = await file({ complaint: 'Not escalated' });
    const otherHostel = await file({ hostel: 'Block-3', complaint: 'Escalated in Block-3' });
    await set(otherHostel, { dueAt: sql`now() - interval '50 hours'`, escalationLevel: 2 });

    const forWifi = await numbers(wifi, '?escalated=true&sort=due&limit=100');
    expect(forWifi).toContain(late);
    expect(forWifi).not.toContain(notLate);
    expect(forWifi).not.toContain(otherHostel);
    const forAdmin = await numbers(admin, '?escalated=true&sort=due&limit=100');
    expect(forAdmin).toEqual(expect.arrayContaining([late, otherHostel]));
    // The longest overdue first.
    expect(forAdmin.indexOf(otherHostel)).toBeLessThan(forAdmin.indexOf(late));
    const rows = await db().select().from(complaints).where(inArray(complaints.number, forAdmin));
    expect(rows.every((r) => r.escalationLevel > 0 && (OPEN_STATUSES as readonly string[]).includes(r.status))).toBe(true);
    // Each row says how far it went.
    const { body } = await admin.get('/api/staff/complaints?escalated=true&sort=due&limit=100');
    const levels = Object.fromEntries((body.items as Array<{ number: string; escalationLevel: number }>).map((c) => [c.number, c.escalationLevel]));
    expect(levels[late]).toBe(1);
    expect(levels[otherHostel]).toBe(2);
    expect((await wifi.get('/api/staff/complaints?escalated=maybe')).status).toBe(400);
    expect((await wifi.get('/api/staff/complaints?escalated=false&limit=100')).status).toBe(200);
  });

  it('is for workers only', async () => {
    expect((await student.get('/api/staff/attention')).status).toBe(403);
  });
});

describe('due soonest', () => {
  it('puts the complaint more students follow first when two are due at the same time, and pages without skipping or repeating', async () => {
    const at = sql`date_trunc('second', now()) - interval '400 days'`;
    const few = await file({ complaint: 'Two students follow this one' });
    const many = await file({ complaint: 'Nine students follow this one' });
    const none = await file({ complaint: 'Nobody follows this one' });
    const later = await file({ complaint: 'Due a minute later, followed by many' });
    await set(few, { dueAt: at, followerCount: 2 });
    await set(many, { dueAt: at, followerCount: 9 });
    await set(none, { dueAt: at, followerCount: 0 });
    await set(later, { dueAt: sql`date_trunc('second', now()) - interval '400 days' + interval '1 minute'`, followerCount: 50 });

    const all = await numbers(admin, '?sort=due&limit=100');
    expect(all.slice(0, 4)).toEqual([many, few, none, later]);
    const { body } = await admin.get('/api/staff/complaints?sort=due&limit=100');
    expect((body.items as Array<{ number: string; followerCount: number }>).find((c) => c.number === many)?.followerCount).toBe(9);

    // One row a page, cursor after cursor: the same order.
    const paged: string[] = [];
    let cursor = '';
    for (let page = 0; page < 200; page += 1) {
      const next = await admin.get(`/api/staff/complaints?sort=due&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.status).toBe(200);
      paged.push(...(next.body.items as Array<{ number: string }>).map((c) => c.number));
      if (typeof next.body.nextCursor !== 'string') break;
      cursor = next.body.nextCursor;
    }
    expect(paged).toEqual(all);

    // A cursor from another order, or made by hand, is a 400 with a message, never a 500.
    const newest = await admin.get('/api/staff/complaints?sort=newest&limit=1');
    const foreign = await admin.get(`/api/staff/complaints?sort=due&cursor=${String(newest.body.nextCursor)}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.code).toBe('invalid_cursor');
    const forged = Buffer.from('d|2026-01-01T00:00:00.000Z|-1|x').toString('base64url');
    expect((await admin.get(`/api/staff/complaints?sort=due&cursor=${forged}`)).status).toBe(400);
  });
});
