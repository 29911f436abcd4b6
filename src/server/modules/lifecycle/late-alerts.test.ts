import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaints, notifications, outbox, pushOutbox, pushSubscriptions, scheduledJobs } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Late complaints, told in groups: the escalation job rings one bell per person per hour however
 * many complaints became late ("6 complaints became late", leading to the escalated view), updates
 * it rather than ringing again, pushes at most once an hour, and mails each person once per run
 * with the list; every complaint still gets its own timeline event and audit row.
 */

let portal: TestApp;
let student: ApiClient;
let girlsWarden: ApiClient;
let oldBlockWarden: ApiClient;
const ids: Record<string, string> = {};

const GIRLS_WARDEN = { email: 'late.girls.warden@vitbhopal.ac.in', name: 'Girls Warden' };
const OLD_WARDEN = { email: 'late.old.warden@vitbhopal.ac.in', name: 'Old Block Warden' };
const ADMIN = { email: 'late.admin@vitbhopal.ac.in', name: 'Late Admin' };
const OLD_BLOCK = 'Block-1 (Old)';

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: ADMIN,
  team: {
    girls: { ...GIRLS_WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Girls' }] },
    old: { ...OLD_WARDEN, role: 'warden', scopes: [{ category: '', hostel: OLD_BLOCK }] },
  },
  student: { email: 'late.student@vitbhopal.ac.in', name: 'Riya Menon 22BAI10777' },
});
test.beforeAll(async ({ portal: app }) => {
  portal = app;
  // This file runs the escalation itself: the minute timer must not split a run in two.
  await portal.database.db.update(scheduledJobs).set({ nextRunAt: sql`now() + interval '1 day'` }).where(eq(scheduledJobs.name, 'escalation'));
});
test.beforeAll(({ admin: a, team, student: riya }) => {
  [girlsWarden, oldBlockWarden, student] = [team.girls, team.old, riya];
  for (const member of [team.girls, team.old]) ids[member.user.email] = member.user.id;
  ids.admin = a.user.id;
});

const db = () => portal.database.db;
async function fileLate(hostel: string, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const filed = await student.post('/api/complaints', aComplaint({ hostel, complaint: `Late wifi ${hostel} ${i}` }));
    expect(filed.status).toBe(201);
    numbers.push(String(filed.body.number));
  }
  // One statement: whichever run finds them finds them all.
  await db().update(complaints).set({ dueAt: sql`now() - interval '1 hour'` }).where(inArray(complaints.number, numbers));
  return numbers;
}
const lateBells = (userId: string) =>
  db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.groupKey, 'late'))).orderBy(notifications.createdAt);
const escalationMailsTo = async (email: string) =>
  (await db().select().from(outbox).where(eq(outbox.purpose, 'escalation'))).filter((m) => m.toEmails.includes(email));
const lateTopicPushes = (subscriptionId: string) =>
  db().select().from(pushOutbox).where(and(eq(pushOutbox.subscriptionId, subscriptionId), eq(pushOutbox.topic, 'late')));
/** An hour goes by for the bell and the pushes of one person. */
async function anHourLater(userId: string, subscriptionId: string) {
  await db().update(notifications).set({ createdAt: sql`${notifications.createdAt} - interval '61 minutes'` }).where(eq(notifications.userId, userId));
  await db().update(pushOutbox).set({ createdAt: sql`${pushOutbox.createdAt} - interval '61 minutes'` }).where(eq(pushOutbox.subscriptionId, subscriptionId));
}

describe('late complaints, told in groups', () => {
  it('six complaints late in one run: one bell "6 complaints became late", one mail listing them, one push; each still on its timeline and in the audit log', async () => {
    const wardenId = ids[GIRLS_WARDEN.email] ?? '';
    const [device] = await db()
      .insert(pushSubscriptions)
      .values({ userId: wardenId, endpoint: 'https://fcm.googleapis.com/fcm/send/late-girls-warden', p256dh: 'BPk', auth: 'auth' })
      .returning();
    const deviceId = device?.id ?? '';
    const six = await fileLate('Girls', 6);
    const escalated = await portal.app.jobs.escalate();
    expect(escalated.filter((e) => six.includes(e.number))).toHaveLength(6);

    const bells = await lateBells(wardenId);
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ text: '6 complaints became late', groupCount: 6, complaintId: null, readAt: null });
    // The bell list says it is a group, which the console links to the escalated view.
    const listed = (await girlsWarden.get('/api/notifications')).body.items as Array<{ text: string; groupKey: string | null; groupCount: number; complaintNumber: string | null }>;
    expect(listed.find((n) => n.groupKey === 'late')).toMatchObject({ text: '6 complaints became late', groupCount: 6, complaintNumber: null });

    const mails = await escalationMailsTo(GIRLS_WARDEN.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toEmails).toEqual([GIRLS_WARDEN.email]);
    expect(mails[0]?.subject).toBe('6 complaints became late');
    for (const number of six) expect(mails[0]?.textBody).toContain(number);
    expect(mails[0]?.textBody).toContain(`${portal.baseUrl}/staff?escalated=true&sort=due`);
    expect(mails[0]?.textBody).not.toContain('Riya');

    const pushes = await lateTopicPushes(deviceId);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]?.payload ?? '{}')).toMatchObject({ body: '6 complaints became late', url: '/staff?escalated=true&sort=due', tag: 'late' });

    const rows = await db().select({ id: complaints.id }).from(complaints).where(inArray(complaints.number, six));
    const events = await db().select().from(complaintEvents).where(and(inArray(complaintEvents.complaintId, rows.map((r) => r.id)), eq(complaintEvents.kind, 'escalation')));
    expect(events).toHaveLength(6);
    const audits = await db().select().from(auditLog).where(and(inArray(auditLog.targetId, six), eq(auditLog.action, 'complaint.escalate')));
    expect(audits).toHaveLength(6);
    // Nobody else was told: the admins hear only when it stays late past their threshold.
    expect(await lateBells(ids.admin ?? '')).toHaveLength(0);

    // Within the hour, two more: the same bell, updated and moved to the top; a mail for this run; no second push.
    const before = bells[0]?.createdAt.getTime() ?? 0;
    const two = await fileLate('Girls', 2);
    await portal.app.jobs.escalate();
    const again = await lateBells(wardenId);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: bells[0]?.id, text: '8 complaints became late', groupCount: 8 });
    expect(again[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    const secondMails = await escalationMailsTo(GIRLS_WARDEN.email);
    expect(secondMails).toHaveLength(2);
    expect(secondMails.find((m) => m.id !== mails[0]?.id)?.subject).toBe('2 complaints became late');
    for (const number of two) expect(secondMails.find((m) => m.id !== mails[0]?.id)?.textBody).toContain(number);
    expect(await lateTopicPushes(deviceId)).toHaveLength(1);

    // A second hour: a new bell, and a push again.
    await anHourLater(wardenId, deviceId);
    await fileLate('Girls', 1);
    await portal.app.jobs.escalate();
    const third = await lateBells(wardenId);
    expect(third).toHaveLength(2);
    expect(third.at(-1)).toMatchObject({ groupCount: 1 });
    expect(third.at(-1)?.text).toMatch(/^HC-\d{4}-\d{6,} is late: Wifi Complaint in Girls$/);
    expect(await lateTopicPushes(deviceId)).toHaveLength(2);
  });

  it('one late complaint names it and leads to it; a second within the hour turns the bell into "2 complaints became late"; a read bell is not updated', async () => {
    const wardenId = ids[OLD_WARDEN.email] ?? '';
    const [first = ''] = await fileLate(OLD_BLOCK, 1);
    await portal.app.jobs.escalate();
    const [bell] = await lateBells(wardenId);
    expect(bell?.text).toBe(`${first} is late: Wifi Complaint in ${OLD_BLOCK}`);
    const listed = (await oldBlockWarden.get('/api/notifications')).body.items as Array<{ id: string; complaintNumber: string | null; groupKey: string | null }>;
    expect(listed.find((n) => n.id === bell?.id)).toMatchObject({ complaintNumber: first, groupKey: 'late' });
    // The mail is the complaint's own, in its thread.
    const [mail] = await escalationMailsTo(OLD_WARDEN.email);
    const [row] = await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.number, first));
    expect(mail?.complaintId).toBe(row?.id);

    const [second = ''] = await fileLate(OLD_BLOCK, 1);
    await portal.app.jobs.escalate();
    const bells = await lateBells(wardenId);
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ id: bell?.id, text: '2 complaints became late', groupCount: 2, complaintId: null });
    // One mail per run, each naming its complaint (rows of one run share its time: no order between runs' rows is assumed).
    const subjects = (await escalationMailsTo(OLD_WARDEN.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.some((s) => s.includes(first))).toBe(true);
    expect(subjects.some((s) => s.includes(second))).toBe(true);

    // Read: the next late complaint rings a new bell (within the same hour).
    expect((await oldBlockWarden.send('POST', '/api/notifications/read', { ids: [bell?.id] })).status).toBe(204);
    await fileLate(OLD_BLOCK, 1);
    await portal.app.jobs.escalate();
    expect(await lateBells(wardenId)).toHaveLength(2);
  });
});
