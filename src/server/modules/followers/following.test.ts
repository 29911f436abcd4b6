import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FollowedComplaint, FollowedList } from '../../../shared/complaints.js';
import { auditLog, complaintEvents, complaintFollowers, complaints, notifications, outbox, users } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { pushMessage } from '../push/message.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { withoutTimes } from '../../../../tests/support/without-times.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * "Me too" (decision 36): a student follows a complaint someone else filed instead of filing their
 * own. Following is idempotent and refused for one's own, confidential and finished complaints; a
 * follower hears of every change of status (not of the conversation) and reads a view without the
 * filer's name, registration number, address, room or thread; only the filer acts on it.
 */

let portal: TestApp;
let filer: ApiClient;
let follower: ApiClient;
let quiet: ApiClient;
let stranger: ApiClient;
let staff: ApiClient;
const FILER = { email: 'rohan.gupta@vitbhopal.ac.in', name: 'Rohan Gupta 21BCE10432' };
const FOLLOWER = { email: 'isha.nair@vitbhopal.ac.in', name: 'Isha Nair 22BCE10876' };
const QUIET = { email: 'arjun.das@vitbhopal.ac.in', name: 'Arjun Das 22BCE10877' };
const SECRET_QUESTION = 'Is your laptop on the 5 GHz band?';

const db = () => portal.database.db;

async function file(over: Record<string, unknown> = {}, by = filer): Promise<string> {
  const filed = await by.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}

const meToo = (number: string, as = follower) => as.send('POST', `/api/complaints/${number}/follow`);
const leave = (number: string, as = follower) => as.send('DELETE', `/api/complaints/${number}/follow`);
const move = (number: string, to: string, note = '') => staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to, note });

async function idOf(email: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? '';
}

async function rowOf(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return row;
}

/** Mail about the complaint to exactly this address, by purpose. */
async function mailTo(number: string, address: string) {
  const row = await rowOf(number);
  const rows = await db().select().from(outbox).where(eq(outbox.complaintId, row.id)).orderBy(asc(outbox.createdAt));
  return rows.filter((m) => m.toEmails.includes(address));
}

async function bellsOf(number: string, email: string) {
  const row = await rowOf(number);
  const rows = await db()
    .select({ text: notifications.text })
    .from(notifications)
    .where(and(eq(notifications.complaintId, row.id), eq(notifications.userId, await idOf(email))))
    .orderBy(asc(notifications.createdAt));
  return rows.map((n) => n.text);
}

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'follow.admin@vitbhopal.ac.in', name: 'Follow Admin' },
  staff: { email: 'follow.desk@vitbhopal.ac.in', name: 'Desk', role: 'staff', scopes: [{ category: '', hostel: '' }] },
  student: FILER,
  students: { follower: FOLLOWER, quiet: QUIET, stranger: { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' } },
});
test.beforeAll(async ({ portal: app, staff: desk, student, students }) => {
  [portal, staff, filer, follower, quiet, stranger] = [app, desk, student, students.follower, students.quiet, students.stranger];
  await db().update(users).set({ notifyMail: false }).where(eq(users.email, QUIET.email));
});

describe('Me too', () => {
  it('follows once however often it is said: one row, one count, one internal event naming nobody', async () => {
    const number = await file();
    const first = await meToo(number);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ number, following: true, students: 2 });
    expect((await meToo(number)).body).toEqual({ number, following: true, students: 2 });
    const row = await rowOf(number);
    expect(row.followerCount).toBe(1);
    const events = await db().select().from(complaintEvents).where(and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.kind, 'follow')));
    expect(events).toEqual([expect.objectContaining({ public: false, actorId: null, note: 'A student said Me too (2 students now)' })]);
    expect(events[0]?.note).not.toContain('Isha');
    // Nobody is told by mail of a new follower: the team sees the count.
    expect((await db().select().from(outbox).where(eq(outbox.complaintId, row.id))).map((m) => m.purpose).sort()).toEqual(['acknowledgement', 'facility']);
    const [followed] = await db().select().from(complaintFollowers).where(eq(complaintFollowers.complaintId, row.id));
    expect(followed).toMatchObject({ source: 'me_too', viaComplaintId: null });
    // Issue 40, item 12: "Me too" is in the audit log, once, by the student who said it; leaving too.
    const audited = async () => (await db().select().from(auditLog).where(eq(auditLog.targetId, number))).map((a) => [a.action, a.actorId, a.details]);
    expect(await audited()).toEqual([['complaint.follow', followed?.userId, { followers: 1 }]]);
    expect((await leave(number)).status).toBe(200);
    expect(await audited()).toEqual([
      ['complaint.follow', followed?.userId, { followers: 1 }],
      ['complaint.unfollow', followed?.userId, { followers: 0 }],
    ]);
  });

  it('refuses the filer, workers, confidential and finished complaints, with the reason', async () => {
    const number = await file();
    const own = await meToo(number, filer);
    expect(own.status).toBe(409);
    expect(own.body.error).toMatchObject({ code: 'own_complaint', message: `You filed ${number}: you hear of its progress already.` });
    expect((await meToo(number, staff)).status).toBe(403);
    expect((await new ApiClient(portal.baseUrl).send('POST', `/api/complaints/${number}/follow`)).status).toBe(401);
    expect((await meToo('HC-2020-999999')).status).toBe(404);

    const ragging = await file({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors keep us up at night.' });
    const refusedRagging = await meToo(ragging);
    expect(refusedRagging.status).toBe(404);
    expect(refusedRagging.body.error?.message).toBe('Complaint not found.');

    const rejected = await file();
    expect((await move(rejected, 'rejected', 'Not a fault')).status).toBe(200);
    const refusedRejected = await meToo(rejected);
    expect(refusedRejected.status).toBe(409);
    expect(refusedRejected.body.error).toMatchObject({ code: 'cannot_follow', message: expect.stringContaining(`${rejected} is rejected`) as unknown });

    // A resolved complaint can still be followed: it may not be fixed for everyone.
    const resolved = await file();
    expect((await move(resolved, 'resolved')).status).toBe(200);
    expect((await meToo(resolved)).status).toBe(200);
    expect(await db().select().from(complaintFollowers).where(eq(complaintFollowers.userId, await idOf(FILER.email)))).toEqual([]);
  });

  it('tells followers of every change of status by their channels, and never of the conversation', async () => {
    const number = await file({ complaint: 'No signal in the whole corridor.' });
    expect((await meToo(number)).status).toBe(200);
    expect((await meToo(number, quiet)).status).toBe(200);

    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: SECRET_QUESTION, internal: false })).status).toBe(204);
    expect(await mailTo(number, FOLLOWER.email)).toEqual([]);
    expect(await bellsOf(number, FOLLOWER.email)).toEqual([]);

    expect((await move(number, 'acknowledged', 'Looking at the access point')).status).toBe(200);
    expect((await move(number, 'resolved', 'Replaced the access point on floor 3')).status).toBe(200);
    expect(await bellsOf(number, FOLLOWER.email)).toEqual([
      `${number}, which you follow, is now Acknowledged: Looking at the access point`,
      `${number}, which you follow, is now Resolved: Replaced the access point on floor 3`,
    ]);
    const mails = await mailTo(number, FOLLOWER.email);
    expect(mails.map((m) => [m.purpose, m.toEmails, m.ccEmails, m.replyTo])).toEqual([
      ['follower_status', [FOLLOWER.email], [], null],
      ['follower_status', [FOLLOWER.email], [], null],
    ]);
    const resolution = mails.find((m) => m.subject.includes('Resolved'));
    expect(resolution?.textBody).toContain('Note from the hostel team: Replaced the access point on floor 3');
    for (const m of mails) {
      for (const secret of ['Rohan', FILER.email, '21BCE10432', '312', SECRET_QUESTION, QUIET.email]) expect(`${m.subject}${m.textBody}${m.htmlBody}`).not.toContain(secret);
    }
    // Mail switched off: the bell only.
    expect(await mailTo(number, QUIET.email)).toEqual([]);
    expect(await bellsOf(number, QUIET.email)).toHaveLength(2);

    // What the filer does reaches the followers too, without the filer's words.
    expect((await filer.send('POST', `/api/complaints/${number}/reopen`, { reason: 'Rohan here: still dead in 312' })).status).toBe(200);
    const bells = await bellsOf(number, FOLLOWER.email);
    expect(bells.at(-1)).toBe(`${number}, which you follow, was reopened: it is not fixed yet`);
    expect((await mailTo(number, FOLLOWER.email)).at(-1)?.textBody).not.toContain('still dead');
  });

  it('shows a follower the status, its changes and the resolution note, and nothing of who filed it or their thread', async () => {
    const number = await file({ complaint: 'Router light is red.' });
    expect((await stranger.get(`/api/complaints/${number}`)).status).toBe(404);
    expect((await meToo(number)).status).toBe(200);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: SECRET_QUESTION, internal: false })).status).toBe(204);
    expect((await filer.post(`/api/complaints/${number}/replies`, { text: 'Yes, in room 312, ask for Rohan.' })).status).toBe(204);
    expect((await move(number, 'resolved', 'New router fitted')).status).toBe(200);

    const { status, body } = await follower.get(`/api/complaints/${number}`);
    expect(status).toBe(200);
    const view = body as unknown as FollowedComplaint;
    expect(view).toMatchObject({
      view: 'follower',
      number,
      status: 'resolved',
      hostel: 'Block-2',
      floor: 3,
      excerpt: 'Router light is red.',
      students: 2,
      source: 'me_too',
      yourComplaint: null,
      resolutionNote: 'New router fitted',
    });
    expect(view.timeline.map((e) => [e.status, e.by, e.note])).toEqual([
      ['submitted', 'filer', ''],
      ['resolved', 'team', 'New router fitted'],
    ]);
    const text = withoutTimes(JSON.stringify(body));
    for (const secret of ['Rohan', FILER.email, '21BCE10432', '312', SECRET_QUESTION, 'wifi.support', 'roomNo', 'userEmail']) expect(text).not.toContain(secret);

    // The filer still reads their own complaint whole.
    expect((await filer.get(`/api/complaints/${number}`)).body).toMatchObject({ view: 'owner', roomNo: '312', followerCount: 1, mergedInto: null });
  });

  it('lets only the filer reply, withdraw, confirm or reopen', async () => {
    const number = await file();
    expect((await meToo(number)).status).toBe(200);
    expect((await follower.post(`/api/complaints/${number}/replies`, { text: 'Me too!' })).status).toBe(404);
    expect((await follower.post(`/api/complaints/${number}/withdraw`, {})).status).toBe(404);
    expect((await move(number, 'resolved')).status).toBe(200);
    expect((await follower.send('POST', `/api/complaints/${number}/confirm`, { rating: 5 })).status).toBe(404);
    expect((await follower.send('POST', `/api/complaints/${number}/reopen`, { reason: 'Not for me' })).status).toBe(404);
    expect((await rowOf(number)).status).toBe('resolved');
  });

  it('lists what the student follows, page by page, and leaving (twice) takes it away', async () => {
    const reader = await ApiClient.withSession(portal, { email: 'kabir.singh@vitbhopal.ac.in', name: 'Kabir Singh 23BCE10001' });
    const older = await file({ complaint: 'First.' });
    const newer = await file({ complaint: 'Second.' });
    expect((await meToo(older, reader)).status).toBe(200);
    expect((await meToo(newer, reader)).status).toBe(200);
    const first = (await reader.get('/api/complaints/following?limit=1')).body as unknown as FollowedList;
    expect(first.items.map((i) => [i.number, i.students, i.source])).toEqual([[newer, 2, 'me_too']]);
    const second = (await reader.get(`/api/complaints/following?limit=1&cursor=${first.nextCursor ?? ''}`)).body as unknown as FollowedList;
    expect(second).toEqual({ items: [expect.objectContaining({ number: older })], nextCursor: null });
    expect((await reader.get('/api/complaints/following?cursor=nonsense')).status).toBe(400);

    const left = await leave(newer, reader);
    expect(left.body).toEqual({ number: newer, following: false, students: 1 });
    expect((await leave(newer, reader)).body).toEqual({ number: newer, following: false, students: 1 });
    expect((await rowOf(newer)).followerCount).toBe(0);
    expect((await reader.get(`/api/complaints/${newer}`)).status).toBe(404);
    expect(((await reader.get('/api/complaints/following')).body as unknown as FollowedList).items.map((i) => i.number)).toEqual([older]);
    expect((await leave(older, filer)).status).toBe(409);
    // Undo of a Leave is saying Me too again.
    expect((await meToo(newer, reader)).body).toEqual({ number: newer, following: true, students: 2 });
  });

  it("says in the queue's CSV how many students each complaint affects", async () => {
    const number = await file({ hostel: 'Girls', roomNo: '305', complaint: 'Counted in the export.' });
    expect((await meToo(number)).status).toBe(200);
    expect((await meToo(number, quiet)).status).toBe(200);
    const response = await staff.http.request(`${portal.baseUrl}/api/staff/complaints.csv?hostel=Girls`);
    const [header = '', ...lines] = (await response.text()).replace(/^\ufeff/, '').split('\r\n');
    const column = header.split(',').indexOf('Students affected');
    expect(column).toBeGreaterThan(0);
    expect(lines.find((l) => l.startsWith(number))?.split(',')[column]).toBe('3');
  });

  it("sends a follower's push to their follower view, not the staff console", () => {
    const complaint = { number: 'HC-2026-000042', studentId: 'filer-1' };
    expect(pushMessage(complaint, 'follower-2', 'Resolved', true).url).toBe('/my/HC-2026-000042');
    expect(pushMessage(complaint, 'warden-7', 'Late', false).url).toBe('/staff/complaints/HC-2026-000042');
  });
});
