import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaints, notifications, outbox } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { setUniversityTimeZone, zoneAwayFromMidnight } from '../../../../tests/support/time-zone.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * The staff's day on the server: due times from the category's target, late complaints escalated
 * to the hostel's wardens and then the admins exactly once each, new work announced to the people
 * whose scope covers it, and staff finding complaints by student.
 */

let portal: TestApp;
let admin: ApiClient;
let wifi: ApiClient;
let warden: ApiClient;
let duty: ApiClient;
let student: ApiClient;
const ids: Record<string, string> = {};

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'sla.admin@vitbhopal.ac.in', name: 'Sla Admin' },
  staff: { email: 'sla.wifi@vitbhopal.ac.in', name: 'Wifi Worker', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
  warden: { email: 'sla.warden@vitbhopal.ac.in', name: 'Block Two Warden', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
  team: { duty: { email: 'sla.duty@vitbhopal.ac.in', name: 'Duty', role: 'staff', antiRagging: true, scopes: [{ category: 'other', hostel: '' }] } },
  student: { email: 'kavya.reddy@vitbhopal.ac.in', name: 'Kavya Reddy 23BAI10321' },
});
test.beforeAll(({ portal: app, admin: a, staff, warden: w, team, student: kavya }) => {
  [portal, admin, wifi, warden, duty, student] = [app, a, staff, w, team.duty, kavya];
  for (const member of [staff, w, team.duty]) ids[member.user.email] = member.user.id;
  ids.admin = a.user.id;
});

const db = () => portal.database.db;
const file = async (over: Record<string, unknown> = {}) => {
  const filed = await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', ...over }));
  expect(filed.status).toBe(201);
  return String(filed.body.number);
};
const rowOf = async (number: string) => {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(number);
  return row;
};
/** Moves a complaint's due time into the past, as if it had been filed long ago. */
const makeLate = (number: string, hoursLate: number) =>
  db()
    .update(complaints)
    .set({ dueAt: sql`now() - make_interval(hours => ${hoursLate})` })
    .where(eq(complaints.number, number));
const bellsOf = async (userId: string, number: string, about = '') => {
  const row = await rowOf(number);
  const bells = await db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.complaintId, row.id)));
  return bells.filter((b) => b.text.includes(about));
};
const queue = async (client: ApiClient, query: string) => {
  const { status, body } = await client.get(`/api/staff/complaints${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.items as Array<{ number: string; dueAt: string }>).map((c) => c.number);
};

describe('due times', () => {
  it("are the category's target hours after filing, for the student and the staff alike", async () => {
    const number = await file();
    const row = await rowOf(number);
    // Wifi's target is 24 hours in the seeded catalogue, counted from the app's clock (the row's
    // created_at is the database's: the two differ by the time the request took).
    expect(Math.abs(row.dueAt.getTime() - row.createdAt.getTime() - 24 * 3_600_000)).toBeLessThan(60_000);
    const mine = await student.get(`/api/complaints/${number}`);
    expect(mine.body.dueAt).toBe(row.dueAt.toISOString());
    const theirs = await wifi.get(`/api/staff/complaints/${number}`);
    expect(theirs.body.dueAt).toBe(row.dueAt.toISOString());
  });

  it('start again from the reopening, with the same target time, and a fresh escalation', async () => {
    const number = await file();
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved' })).status).toBe(200);
    await db().update(complaints).set({ dueAt: sql`now() - interval '5 hours'`, escalationLevel: 2 }).where(eq(complaints.number, number));
    expect((await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'Still slow' })).status).toBe(200);
    const row = await rowOf(number);
    expect(row.escalationLevel).toBe(0);
    // 24 hours from now, give or take the time the request took.
    expect(Math.abs(row.dueAt.getTime() - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
  });

  it('sort the queue by due time and filter what is overdue or due within a day', async () => {
    // "Due today" ends at midnight on the university's clock: two hours from now must fall before it.
    await setUniversityTimeZone(portal, zoneAwayFromMidnight());
    const late = await file({ complaint: 'late one' });
    const soon = await file({ complaint: 'due soon' });
    const later = await file({ complaint: 'due later' });
    await makeLate(late, 3);
    await db().update(complaints).set({ dueAt: sql`now() + interval '2 hours'` }).where(eq(complaints.number, soon));
    await db().update(complaints).set({ dueAt: sql`now() + interval '3 days'` }).where(eq(complaints.number, later));

    const overdue = await queue(wifi, '?due=overdue&limit=100');
    expect(overdue).toContain(late);
    expect(overdue).not.toContain(soon);
    const today = await queue(wifi, '?due=today&limit=100');
    expect(today).toContain(soon);
    expect(today).not.toContain(late);
    expect(today).not.toContain(later);

    const byDue = await queue(wifi, '?sort=due&limit=100');
    expect(byDue.indexOf(late)).toBeLessThan(byDue.indexOf(soon));
    expect(byDue.indexOf(soon)).toBeLessThan(byDue.indexOf(later));
    // Page by page in due order, nothing skipped or repeated.
    const paged: string[] = [];
    let cursor = '';
    for (let page = 0; page < 50; page += 1) {
      const { body } = await wifi.get(`/api/staff/complaints?sort=due&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...(body.items as Array<{ number: string }>).map((c) => c.number));
      if (typeof body.nextCursor !== 'string') break;
      cursor = body.nextCursor;
    }
    expect(paged).toEqual(byDue);
    // Resolved: the escalation below is about its own complaint alone (several late at once share one bell, late-alerts.test.ts).
    expect((await wifi.send('POST', `/api/staff/complaints/${late}/transitions`, { to: 'resolved' })).status).toBe(200);
  });
});

describe('escalation of late complaints', () => {
  it("tells the hostel's wardens once, then the admins once, each on the timeline, in the audit log, by bell and mail", async () => {
    const number = await file({ complaint: 'Escalate me' });
    await makeLate(number, 1);
    const first = await portal.app.jobs.escalate();
    expect(first).toContainEqual({ number, level: 1 });
    expect(await bellsOf(ids['sla.warden@vitbhopal.ac.in'] ?? '', number, 'is late')).toHaveLength(1);
    expect(await bellsOf(ids.admin ?? '', number, 'is late')).toHaveLength(0);
    const row = await rowOf(number);
    const mails = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'escalation')));
    expect(mails.map((m) => m.toEmails)).toEqual([['sla.warden@vitbhopal.ac.in']]);

    // Running again changes nothing until the admins' threshold (24 hours past due) is reached.
    expect((await portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    await makeLate(number, 25);
    const [second, third] = await Promise.all([portal.app.jobs.escalate(), portal.app.jobs.escalate()]);
    // Two instances running at once: one of them escalates it, exactly once.
    expect([...second, ...third].filter((e) => e.number === number)).toEqual([{ number, level: 2 }]);
    expect(await bellsOf(ids.admin ?? '', number, 'is late')).toHaveLength(1);
    expect((await portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);

    const events = await db().select().from(complaintEvents).where(and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.kind, 'escalation')));
    expect(events).toHaveLength(2);
    expect(events.every((e) => !e.public)).toBe(true);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.targetId, number), eq(auditLog.action, 'complaint.escalate')));
    expect(audits.map((a) => (a.details as { to: string }).to).sort()).toEqual(['admins', 'wardens']);
  });

  it('follows the thresholds an admin sets per category', async () => {
    const categories = await admin.get('/api/admin/categories');
    const wifiCategory = (categories.body.items as Array<Record<string, unknown>>).find((c) => c.key === 'wifi');
    if (!wifiCategory) throw new Error('no wifi category');
    const { key: _key, route: _route, routingKey: _routingKey, updatedAt: _updatedAt, escalateAdminsAfterHours: _admins, ...editable } = wifiCategory;
    const saved = await admin.send('PUT', '/api/admin/categories/wifi', { ...editable, escalateWardensAfterHours: 10 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.escalateWardensAfterHours).toBe(10);
    const number = await file({ complaint: 'Late, but not late enough' });
    await makeLate(number, 5);
    expect((await portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    await makeLate(number, 11);
    expect(await portal.app.jobs.escalate()).toContainEqual({ number, level: 1 });
    expect((await admin.send('PUT', '/api/admin/categories/wifi', { ...editable, escalateWardensAfterHours: 0 })).status).toBe(200);
  });
});

describe('new work finds its people', () => {
  it('rings the bell of everyone whose scope covers a new complaint, and mails those who asked for each one', async () => {
    const asked = await warden.send('PUT', '/api/staff/preferences', { newWorkMail: 'each', digestHours: 24 });
    expect(asked.status).toBe(200);
    expect((await warden.get('/api/staff/preferences')).body).toEqual({ newWorkMail: 'each', digestHours: 24 });
    const number = await file({ complaint: 'New work' });
    expect(await bellsOf(ids['sla.wifi@vitbhopal.ac.in'] ?? '', number)).toHaveLength(1);
    expect(await bellsOf(ids['sla.warden@vitbhopal.ac.in'] ?? '', number)).toHaveLength(1);
    // The anti-ragging duty works Others only: a wifi complaint is not theirs.
    expect(await bellsOf(ids['sla.duty@vitbhopal.ac.in'] ?? '', number)).toHaveLength(0);
    const row = await rowOf(number);
    const mails = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'new_work')));
    expect(mails.map((m) => m.toEmails)).toEqual([['sla.warden@vitbhopal.ac.in']]);
    expect((await warden.send('PUT', '/api/staff/preferences', { newWorkMail: 'none', digestHours: 24 })).status).toBe(200);
  });

  it('sends a digest every few hours to those who asked for one, once per period', async () => {
    expect((await wifi.send('PUT', '/api/staff/preferences', { newWorkMail: 'digest', digestHours: 4 })).status).toBe(200);
    const number = await file({ complaint: 'For the digest' });
    // One the student withdrew before the digest went: no work for anyone, so not in it.
    const gone = await file({ complaint: 'Filed by mistake' });
    expect((await student.send('POST', `/api/complaints/${gone}/withdraw`, {})).status).toBe(200);
    expect(await portal.app.jobs.digests()).toBeGreaterThanOrEqual(1);
    const digests = await db().select().from(outbox).where(eq(outbox.purpose, 'digest'));
    const mine = digests.filter((m) => m.toEmails.includes('sla.wifi@vitbhopal.ac.in'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.textBody).toContain(number);
    expect(mine[0]?.textBody).not.toContain(gone);
    expect(await portal.app.jobs.digests()).toBe(0);
  });

  it('refuses a preference that is not one of the choices', async () => {
    const refused = await wifi.send('PUT', '/api/staff/preferences', { newWorkMail: 'hourly', digestHours: 0 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error?.fields ?? {}).sort()).toEqual(['digestHours', 'newWorkMail']);
  });
});

describe('finding complaints by student', () => {
  it('by registration number, name or address; a confidential complaint only by those who may reveal who filed it', async () => {
    const open = await file({ complaint: 'Nothing about names here' });
    const ragging = await file({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors again' });
    for (const q of ['23BAI10321', 'kavya', 'reddy', 'kavya.reddy@vitbhopal.ac.in']) {
      expect(await queue(warden, `?q=${encodeURIComponent(q)}&limit=100`), q).toContain(open);
      expect(await queue(warden, `?q=${encodeURIComponent(q)}&limit=100`), q).not.toContain(ragging);
      expect(await queue(duty, `?q=${encodeURIComponent(q)}&limit=100`), q).toContain(ragging);
    }
  });

  it("shows the student's full name on the staff detail, never for a confidential complaint", async () => {
    const number = await file();
    expect((await wifi.get(`/api/staff/complaints/${number}`)).body.studentName).toBe('Kavya Reddy');
    const ragging = await file({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors' });
    expect((await duty.get(`/api/staff/complaints/${ragging}`)).body.studentName).toBe('Confidential student');
  });
});

describe('retried staff requests', () => {
  it('write a reply or a status change once when the same Idempotency-Key comes again', async () => {
    const number = await file({ complaint: 'Retry me' });
    const row = await rowOf(number);
    const reply = () => wifi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'On our way', internal: false }, { 'idempotency-key': 'reply-key-0001' });
    expect((await reply()).status).toBe(204);
    expect((await reply()).status).toBe(204);
    const move = () => wifi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' }, { 'idempotency-key': 'move-key-0001' });
    expect((await move()).status).toBe(200);
    // The retry answers with the complaint as it is, instead of refusing in_progress → in_progress.
    const again = await move();
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('in_progress');
    const events = await db().select().from(complaintEvents).where(eq(complaintEvents.complaintId, row.id));
    expect(events.filter((e) => e.kind === 'reply')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'status' && e.toStatus === 'in_progress')).toHaveLength(1);
    const mails = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'reply')));
    expect(mails).toHaveLength(1);
  });

  it('offer every colleague with their scopes, for assigning to whoever covers a complaint', async () => {
    const { status, body } = await wifi.get('/api/staff/colleagues');
    expect(status).toBe(200);
    const items = body.items as Array<{ name: string; role: string; scopes: Array<{ category: string; hostel: string }> }>;
    expect(items).toContainEqual(expect.objectContaining({ name: 'Block Two Warden', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] }));
    expect(items.find((p) => p.role === 'admin')?.scopes).toEqual([{ category: '', hostel: '' }]);
    expect(items.some((p) => p.role === ('student' as string))).toBe(false);
    expect((await student.get('/api/staff/colleagues')).status).toBe(403);
  });
});
