import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FollowedComplaint } from '../../../shared/complaints.js';
import type { StaffComplaintDetail } from '../../../shared/staff.js';
import { auditLog, complaintEvents, complaintFollowers, complaints, notifications, outbox, pushOutbox, pushSubscriptions, users } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Merging duplicates (decision 36): staff whose scope covers both complaints merge a duplicate D
 * into T in one transaction (D merged, its student and followers follow T, counts, events, audit),
 * D's student is told once with the mail held for MERGE_UNDO_MINUTES; an undo in that window puts
 * everything back and tells nobody, unless the notice had already reached them.
 */

let portal: TestApp;
let wifiDesk: ApiClient;
let block2Desk: ApiClient;
let owner: ApiClient;
let dupStudent: ApiClient;
let fan: ApiClient;
const OWNER = { email: 'tanvi.joshi@vitbhopal.ac.in', name: 'Tanvi Joshi 21BCE10601' };
const DUP = { email: 'nikhil.rao@vitbhopal.ac.in', name: 'Nikhil Rao 21BCE10602' };
const FAN = { email: 'riya.kapoor@vitbhopal.ac.in', name: 'Riya Kapoor 21BCE10603' };

const db = () => portal.database.db;

async function file(by: ApiClient, over: Record<string, unknown> = {}): Promise<string> {
  const filed = await by.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}

async function rowOf(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return row;
}

async function idOf(email: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? '';
}

const merge = (d: string, into: string, as = wifiDesk) => as.send('POST', `/api/staff/complaints/${d}/merge`, { into });
const unmerge = (d: string, as = wifiDesk) => as.send('POST', `/api/staff/complaints/${d}/unmerge`);
const followersOf = async (number: string) =>
  (await db().select({ userId: complaintFollowers.userId, source: complaintFollowers.source, via: complaintFollowers.viaComplaintId }).from(complaintFollowers).where(eq(complaintFollowers.complaintId, (await rowOf(number)).id)))
    .sort((a, b) => a.userId.localeCompare(b.userId));

/** What `email` was told about the complaint besides its filing and its own status changes. */
async function noticeOf(number: string, email: string) {
  const row = await rowOf(number);
  const mail = (await db().select().from(outbox).where(eq(outbox.complaintId, row.id)).orderBy(asc(outbox.createdAt))).filter(
    (m) => m.toEmails.includes(email) && !['acknowledgement', 'status'].includes(m.purpose),
  );
  const bells = (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.complaintId, row.id), eq(notifications.userId, await idOf(email))))
      .orderBy(asc(notifications.createdAt))
  ).filter(
    (b) => !b.text.startsWith(`${number} is now`),
  );
  return { mail, bells };
}

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'merge.admin@vitbhopal.ac.in', name: 'Merge Admin' },
  team: {
    wifi: {
      email: 'merge.wifi@vitbhopal.ac.in',
      name: 'Wifi Desk',
      role: 'staff',
      antiRagging: false,
      scopes: [{ category: 'wifi', hostel: '' }, { category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }],
    },
    block2: { email: 'merge.block2@vitbhopal.ac.in', name: 'Block 2 Desk', role: 'staff', antiRagging: false, scopes: [{ category: 'wifi', hostel: 'Block-2' }] },
  },
  student: OWNER,
  students: { dup: DUP, fan: FAN },
});
test.beforeAll(({ portal: app, team, student, students }) => {
  [portal, wifiDesk, block2Desk, owner, dupStudent, fan] = [app, team.wifi, team.block2, student, students.dup, students.fan];
});

describe('merging a duplicate', () => {
  it('moves the duplicate, its student and its followers to the complaint it duplicates, in one go', async () => {
    const t = await file(owner, { complaint: 'Access point on floor 3 is dead.' });
    const d = await file(dupStudent, { roomNo: '318', complaint: 'No wifi on floor 3 since morning.' });
    expect((await wifiDesk.send('POST', `/api/staff/complaints/${d}/transitions`, { to: 'acknowledged' })).status).toBe(200);
    expect((await fan.send('POST', `/api/complaints/${d}/follow`)).status).toBe(200);

    const merged = await merge(d, t.toLowerCase());
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body).toMatchObject({ number: d, status: 'merged', assignee: { name: 'Wifi Desk' } });
    const [dRow, tRow] = [await rowOf(d), await rowOf(t)];
    expect(dRow).toMatchObject({ status: 'merged', mergedIntoId: tRow.id, followerCount: 0 });
    expect(tRow.followerCount).toBe(2);
    expect(await followersOf(t)).toEqual(
      [
        { userId: await idOf(DUP.email), source: 'merged', via: dRow.id },
        { userId: await idOf(FAN.email), source: 'me_too', via: dRow.id },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    expect(await followersOf(d)).toEqual([]);

    const events = async (number: string) =>
      (await db().select().from(complaintEvents).where(and(eq(complaintEvents.complaintId, (await rowOf(number)).id), eq(complaintEvents.kind, 'merge')))).map((e) => [
        e.fromStatus,
        e.toStatus,
        e.public,
        e.note,
      ]);
    expect(await events(d)).toEqual([['acknowledged', 'merged', true, `Merged into ${t}: the same problem. Its progress is followed there.`]]);
    expect(await events(t)).toEqual([['submitted', 'submitted', false, `${d} was merged into this complaint (3 students now)`]]);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'complaint.merge'), eq(auditLog.targetId, d)));
    expect(entry?.details).toMatchObject({ from: 'acknowledged', to: 'merged', into: t });

    // D's student is told once, by mail and bell, the mail held until the undo window ends.
    const told = await noticeOf(d, DUP.email);
    expect(told.mail.map((m) => [m.purpose, m.subject])).toEqual([['merged', `${d} is the same problem as ${t}`]]);
    expect(told.mail[0]?.textBody).toContain(`your complaint ${d} is the same problem as ${t}, which the team is working on; you will hear of its progress there`);
    const heldFor = (told.mail[0]?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(heldFor).toBeGreaterThan(9 * 60_000);
    expect(heldFor).toBeLessThanOrEqual(10 * 60_000);
    expect(told.bells.map((b) => b.text)).toEqual([`${d} is the same problem as ${t}: you hear of its progress there`]);
    // The team of T and the follower who moved hear nothing of the merge.
    expect((await noticeOf(d, FAN.email)).mail).toEqual([]);

    // The student's page of D points at T, whose follower view they read now.
    expect((await dupStudent.get(`/api/complaints/${d}`)).body).toMatchObject({ view: 'owner', status: 'merged', mergedInto: t });
    const view = (await dupStudent.get(`/api/complaints/${t}`)).body as unknown as FollowedComplaint;
    expect(view).toMatchObject({ view: 'follower', number: t, source: 'merged', yourComplaint: d, students: 3 });
    expect(JSON.stringify(view)).not.toContain(OWNER.email);

    // Staff: T lists its duplicate with its thread; D says where it went and until when it can be undone.
    const tDetail = (await wifiDesk.get(`/api/staff/complaints/${t}`)).body as unknown as StaffComplaintDetail;
    expect(tDetail.followerCount).toBe(2);
    expect(tDetail.duplicates).toEqual([
      expect.objectContaining({ number: d, student: 'Nikhil Rao', roomNo: '318', commonArea: null, complaint: 'No wifi on floor 3 since morning.', undoUntil: expect.any(String) as unknown }),
    ]);
    expect(tDetail.duplicates[0]?.timeline.map((e) => e.kind)).toEqual(['status', 'status', 'assignment', 'follow', 'merge']);
    const dDetail = (await wifiDesk.get(`/api/staff/complaints/${d}`)).body as unknown as StaffComplaintDetail;
    expect(dDetail.mergedInto).toEqual({ number: t, at: expect.any(String) as unknown, undoUntil: expect.any(String) as unknown });
    expect(dDetail.allowedTransitions).toEqual([]);

    // A change of T now reaches D's student as a follower.
    expect((await wifiDesk.send('POST', `/api/staff/complaints/${t}/transitions`, { to: 'in_progress', note: 'Technician on the way' })).status).toBe(200);
    expect((await noticeOf(t, DUP.email)).bells.map((b) => b.text)).toEqual([`${t}, which you follow, is now In progress: Technician on the way`]);
    // Me too on the merged duplicate points at T.
    const late = await ApiClient.withSession(portal, { email: 'late.comer@vitbhopal.ac.in', name: 'Late Comer 23BCE10999' });
    const refused = await late.send('POST', `/api/complaints/${d}/follow`);
    expect(refused.body.error).toMatchObject({ code: 'complaint_merged', message: `${d} was merged into ${t}: say Me too there instead.` });
  });

  it('undoes a merge in time: everything back as it was, the held notice taken back, nobody told', async () => {
    const t = await file(owner);
    const d = await file(dupStudent, { roomNo: '318' });
    expect((await fan.send('POST', `/api/complaints/${d}/follow`)).status).toBe(200);
    expect((await fan.send('POST', `/api/complaints/${t}/follow`)).status).toBe(200);
    // A device of D's student: the merge's push waits out the window with the mail.
    const [device] = await db()
      .insert(pushSubscriptions)
      .values({ userId: await idOf(DUP.email), endpoint: 'https://fcm.googleapis.com/fcm/send/merge-test', p256dh: 'key', auth: 'auth' })
      .returning();
    const pushes = () => db().select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device?.id ?? ''));
    expect((await merge(d, t)).status).toBe(200);
    expect((await rowOf(t)).followerCount).toBe(2);
    const held = await pushes();
    expect(held).toHaveLength(1);
    expect((held[0]?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(9 * 60_000);

    const undone = await unmerge(d);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ number: d, status: 'submitted' });
    expect(await rowOf(d)).toMatchObject({ status: 'submitted', mergedIntoId: null, followerCount: 1 });
    expect((await rowOf(t)).followerCount).toBe(1);
    // The fan followed both before: they follow both again; D's student follows T no more.
    expect((await followersOf(d)).map((f) => [f.userId, f.source, f.via])).toEqual([[await idOf(FAN.email), 'me_too', null]]);
    expect((await followersOf(t)).map((f) => f.userId)).toEqual([await idOf(FAN.email)]);
    expect(await noticeOf(d, DUP.email)).toEqual({ mail: [], bells: [] });
    expect(await pushes()).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'complaint.unmerge'), eq(auditLog.targetId, d)));
    expect(entry?.details).toMatchObject({ from: 'merged', to: 'submitted', into: t, noticeWentOut: false });
    expect((await dupStudent.get(`/api/complaints/${t}`)).status).toBe(404);
    expect(((await dupStudent.get(`/api/complaints/${d}`)).body.timeline as Array<{ status: string }>).map((e) => e.status)).toEqual([
      'submitted',
      'merged',
      'submitted',
    ]);
    // It can be merged again (and undone again).
    expect((await merge(d, t)).status).toBe(200);
    expect((await unmerge(d)).status).toBe(200);
    expect((await unmerge(d)).body.error?.code).toBe('not_merged');
  });

  it('tells the student of the undo once the notice had reached them, and refuses an undo after the window', async () => {
    const t = await file(owner);
    const d = await file(dupStudent, { roomNo: '318' });
    expect((await merge(d, t)).status).toBe(200);
    const dRow = await rowOf(d);
    await db().update(outbox).set({ status: 'sent', sentAt: new Date() }).where(and(eq(outbox.complaintId, dRow.id), eq(outbox.purpose, 'merged')));
    expect((await unmerge(d)).status).toBe(200);
    const told = await noticeOf(d, DUP.email);
    expect(told.mail.map((m) => m.purpose)).toEqual(['merged', 'unmerged']);
    expect(told.mail[1]?.textBody).toContain(`the team undid merging ${d} into ${t}`);
    expect(told.bells.map((b) => b.text)).toEqual([`${d} is your own complaint again: it was not the same problem as ${t}`]);

    const other = await file(dupStudent, { roomNo: '319' });
    expect((await merge(other, t)).status).toBe(200);
    const [event] = await db()
      .select()
      .from(complaintEvents)
      .where(and(eq(complaintEvents.complaintId, (await rowOf(other)).id), eq(complaintEvents.kind, 'merge')))
      .orderBy(desc(complaintEvents.createdAt));
    await db().update(complaintEvents).set({ createdAt: sql`now() - interval '11 minutes'` }).where(eq(complaintEvents.id, event?.id ?? ''));
    const late = await unmerge(other);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'undo_expired', message: `A merge can be undone for 10 minutes; ${other} was merged longer ago than that.` });
    expect((await rowOf(other)).status).toBe('merged');
    expect(((await wifiDesk.get(`/api/staff/complaints/${other}`)).body as unknown as StaffComplaintDetail).mergedInto?.undoUntil).toBeNull();
  });

  it("does not make the target's own student follow it", async () => {
    const t = await file(owner);
    const d = await file(owner, { roomNo: '318' });
    expect((await merge(d, t)).status).toBe(200);
    expect(await followersOf(t)).toEqual([]);
    expect((await rowOf(t)).followerCount).toBe(0);
  });

  it('refuses merges that make no sense, with clear 409s', async () => {
    const t = await file(owner);
    const d = await file(dupStudent, { roomNo: '318' });
    const code = async (response: Promise<{ status: number; body: { error?: { code: string; message: string } } }>) => {
      const { status, body } = await response;
      return [status, body.error?.code];
    };
    expect(await code(merge(d, d))).toEqual([409, 'merge_into_itself']);

    const closed = await file(owner, { roomNo: '320' });
    expect((await wifiDesk.send('POST', `/api/staff/complaints/${closed}/transitions`, { to: 'rejected', note: 'Not ours' })).status).toBe(200);
    expect(await code(merge(d, closed))).toEqual([409, 'cannot_merge']);
    expect(await code(merge(closed, t))).toEqual([409, 'cannot_merge']);

    const resolved = await file(owner, { roomNo: '321' });
    expect((await wifiDesk.send('POST', `/api/staff/complaints/${resolved}/transitions`, { to: 'resolved' })).status).toBe(200);
    expect(await code(merge(resolved, t))).toEqual([409, 'cannot_merge']);

    // Chains: into a merged complaint, or a complaint that has duplicates of its own.
    const first = await file(dupStudent, { roomNo: '322' });
    expect((await merge(first, t)).status).toBe(200);
    expect(await code(merge(d, first))).toEqual([409, 'merge_chain']);
    expect(await code(merge(t, d))).toEqual([409, 'merge_chain']);
    expect(await code(merge(first, d))).toEqual([409, 'already_merged']);

    const ragging = await file(dupStudent, { category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', roomNo: '323', complaint: 'Seniors at night.' });
    const theft = await file(owner, { category: 'other', subCategory: 'Theft', roomNo: '324', complaint: 'Bicycle gone.' });
    expect(await code(merge(ragging, theft))).toEqual([409, 'confidentiality_differs']);
    const ragging2 = await file(owner, { category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', roomNo: '325', complaint: 'Seniors again.' });
    expect((await merge(ragging2, ragging)).status).toBe(200);

    // Scope: both complaints must be the worker's; a student may not merge at all.
    const block3 = await file(owner, { hostel: 'Block-3', roomNo: '305' });
    const outOfScope = await merge(d, block3, block2Desk);
    expect(outOfScope.status).toBe(404);
    expect(outOfScope.body.error?.fields).toEqual({ into: 'is not in your queue' });
    expect((await merge(block3, d, block2Desk)).status).toBe(404);
    expect((await merge(d, 'HC-2020-999999')).status).toBe(404);
    expect((await merge(d, t, dupStudent)).status).toBe(403);
    const bad = await merge(d, 'not a number');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.into).toBe('Give a complaint number such as HC-2026-000123');
    expect((await rowOf(d)).status).toBe('submitted');
  });
});
