import { randomUUID } from 'node:crypto';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaints, notifications, outbox, photos } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { aPhoneJpeg, uploadPhoto } from '../../../../tests/factories/photos.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * What the staff complaint page asks of the server: "Send and mark resolved" as one request (the
 * words travel as the resolution's note: one event, one mail), and "Take it" / "Take it over" in
 * one tap, refused when someone else got there first.
 */

let portal: TestApp;
let student: ApiClient;
let ravi: ApiClient;
let sunil: ApiClient;
let warden: ApiClient;
let messStaff: ApiClient;
const ids: Record<string, string> = {};

const STUDENT_EMAIL = 'page.student@vitbhopal.ac.in';

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'page.admin@vitbhopal.ac.in', name: 'Page Admin' },
  team: {
    ravi: { email: 'ravi.wifi@vitbhopal.ac.in', name: 'Ravi Kumar', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
    sunil: { email: 'sunil.wifi@vitbhopal.ac.in', name: 'Sunil Das', role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] },
    warden: { email: 'page.warden@vitbhopal.ac.in', name: 'Anita Rao', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
    mess: { email: 'page.mess@vitbhopal.ac.in', name: 'Mess Desk', role: 'staff', scopes: [{ category: 'mess', hostel: '' }] },
  },
  student: { email: STUDENT_EMAIL, name: 'Kiran Rao 21BCE10555' },
});
test.beforeAll(({ portal: app, team, student: kiran }) => {
  [portal, ravi, sunil, warden, messStaff, student] = [app, team.ravi, team.sunil, team.warden, team.mess, kiran];
  for (const [key, member] of Object.entries(team)) ids[key] = member.user.id;
});

const db = () => portal.database.db;

async function file(): Promise<{ number: string; id: string }> {
  const filed = await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', complaint: 'The wifi drops every evening.' }));
  expect(filed.status).toBe(201);
  const number = String(filed.body.number);
  const [row] = await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return { number, id: row.id };
}

async function rowOf(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return row;
}

const countWhere = async (table: typeof outbox | typeof notifications | typeof auditLog | typeof complaintEvents, where: SQL | undefined) =>
  Number((await db().select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

/** Everything a change writes about one complaint, to show that a refused request wrote none of it. */
async function written(number: string, complaintId: string) {
  return {
    events: await countWhere(complaintEvents, eq(complaintEvents.complaintId, complaintId)),
    mails: await countWhere(outbox, eq(outbox.complaintId, complaintId)),
    bells: await countWhere(notifications, eq(notifications.complaintId, complaintId)),
    audit: await countWhere(auditLog, eq(auditLog.targetId, number)),
  };
}

const resolve = (who: ApiClient, number: string, body: Record<string, unknown>, key = randomUUID()) =>
  who.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', ...body }, { 'idempotency-key': key });

const take = (who: ApiClient, number: string, from: string | null) => who.send('POST', `/api/staff/complaints/${number}/take`, { from });

const studentMails = (complaintId: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.complaintId, complaintId), eq(outbox.toEmails, [STUDENT_EMAIL])))
    // Rows written in one transaction share its time on PostgreSQL: the sequence of writing is the
    // outbox's own order only by time, so ties (the filing's acknowledgement) sort by purpose.
    .orderBy(outbox.createdAt, outbox.purpose);

describe('"Send and mark resolved": the reply and the resolution in one request', () => {
  const REPLY = 'Router 3 was replaced and the cable re-crimped. It should hold now.';

  it('writes one event and sends the student one mail, the resolution carrying the words, with one bell', async () => {
    const { number, id } = await file();
    const before = await written(number, id);
    const mailsBefore = (await studentMails(id)).length;

    const resolved = await resolve(ravi, number, { note: REPLY });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe('resolved');

    // One status event holds the words: the thread shows it as the team's message, with no second copy.
    const events = await db().select().from(complaintEvents).where(eq(complaintEvents.complaintId, id));
    expect(events.filter((e) => e.note === REPLY).map((e) => [e.kind, e.toStatus, e.public])).toEqual([['status', 'resolved', true]]);
    const after = await written(number, id);
    expect(after.events - before.events).toBe(1);
    expect(after.mails - before.mails).toBe(1);
    expect(after.bells - before.bells).toBe(1);

    const mails = await studentMails(id);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1);
    expect(mail?.purpose).toBe('status');
    expect(mail?.subject).toBe(`${number} is now Resolved`);
    expect(mail?.textBody).toContain(REPLY);

    // The student's page quotes it in "Is it fixed?" (the resolution's note) and in the thread.
    const mine = await student.get(`/api/complaints/${number}`);
    const timeline = mine.body.timeline as Array<{ kind: string; status: string; note: string }>;
    expect(timeline.filter((e) => e.note === REPLY).map((e) => [e.kind, e.status])).toEqual([['status', 'resolved']]);
  });

  it('takes words as long as a reply, and refuses longer ones at the field', async () => {
    const { number } = await file();
    const tooLong = await resolve(ravi, number, { note: 'x'.repeat(4001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.fields?.note).toBeDefined();
    expect((await resolve(ravi, number, { note: 'y'.repeat(4000) })).status).toBe(200);
  });

  it('is one transaction: an "after" photo that cannot be attached leaves the complaint, its thread and its mail untouched', async () => {
    const { number, id } = await file();
    // Someone else's upload: attaching it is refused, and with it the whole request.
    const upload = await uploadPhoto(sunil, await aPhoneJpeg({ width: 400, height: 300 }));
    expect(upload.status).toBe(201);
    const before = await written(number, id);
    const refused = await resolve(ravi, number, { note: REPLY, photoIds: [upload.body.id] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await written(number, id)).toEqual(before);
    expect((await rowOf(number)).status).toBe('submitted');

    // Ravi's own upload goes with the resolution.
    const own = await uploadPhoto(ravi, await aPhoneJpeg({ width: 400, height: 300 }));
    expect((await resolve(ravi, number, { note: REPLY, photoIds: [own.body.id] })).status).toBe(200);
    const [attached] = await db().select().from(photos).where(eq(photos.id, String(own.body.id)));
    expect([attached?.complaintId, attached?.stage]).toEqual([id, 'after']);
  });

  it('writes nothing when the resolution is refused', async () => {
    const { number, id } = await file();
    expect((await ravi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'rejected', note: 'Not a wifi problem.' })).status).toBe(200);
    const before = await written(number, id);
    const refused = await resolve(ravi, number, { note: REPLY });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('invalid_transition');
    expect(await written(number, id)).toEqual(before);
  });

  it('is written once when retried with its Idempotency-Key, and the key is not reused for another complaint', async () => {
    const { number, id } = await file();
    const key = randomUUID();
    const before = await written(number, id);
    expect((await resolve(ravi, number, { note: REPLY }, key)).status).toBe(200);
    const again = await resolve(ravi, number, { note: REPLY }, key);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('resolved');
    const after = await written(number, id);
    expect([after.events - before.events, after.mails - before.mails]).toEqual([1, 1]);

    const other = await file();
    const reused = await resolve(ravi, other.number, { note: REPLY }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error?.code).toBe('idempotency_key_reused');
    expect((await rowOf(other.number)).status).toBe('submitted');
  });
});

describe('"Take it" and "Take it over"', () => {
  it('is for workers whose scope covers the complaint', async () => {
    const { number, id } = await file();
    expect((await take(student, number, null)).status).toBe(403);
    expect((await take(messStaff, number, null)).status).toBe(404);
    const signedOut = await fetch(`${portal.baseUrl}/api/staff/complaints/${number}/take`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.baseUrl },
      body: JSON.stringify({ from: null }),
    });
    expect(signedOut.status).toBe(401);
    const bad = await take(ravi, number, 'someone');
    expect(bad.status).toBe(400);
    expect((await rowOf(number)).assigneeId).toBeNull();
    expect(await countWhere(complaintEvents, and(eq(complaintEvents.complaintId, id), eq(complaintEvents.kind, 'assignment')))).toBe(0);
  });

  it('takes a new complaint in one tap and acknowledges it: the student hears once, nobody is mailed about the assignment', async () => {
    const { number, id } = await file();
    const mailsBefore = (await studentMails(id)).length;
    const taken = await take(ravi, number, null);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'acknowledged', assignee: { id: ids.ravi, name: 'Ravi Kumar' } });

    const mails = await studentMails(id);
    expect(mails.slice(mailsBefore).map((m) => [m.purpose, m.subject])).toEqual([['status', `${number} is now Acknowledged`]]);
    expect(await countWhere(outbox, and(eq(outbox.complaintId, id), eq(outbox.purpose, 'assignment')))).toBe(0);
    const assignment = await db()
      .select()
      .from(complaintEvents)
      .where(and(eq(complaintEvents.complaintId, id), eq(complaintEvents.kind, 'assignment')));
    expect(assignment.map((e) => [e.note, e.public])).toEqual([['Assigned to Ravi Kumar (took it)', false]]);
    expect(await countWhere(auditLog, and(eq(auditLog.targetId, number), eq(auditLog.action, 'complaint.assign')))).toBe(1);

    // A second tap (or a retry) changes nothing.
    const before = await written(number, id);
    expect((await take(ravi, number, null)).status).toBe(200);
    expect(await written(number, id)).toEqual(before);
  });

  it('refuses to take what a colleague got first, naming them, and writes nothing', async () => {
    const { number, id } = await file();
    expect((await take(ravi, number, null)).status).toBe(200);
    const before = await written(number, id);
    // Sunil's page still said nobody had it.
    const late = await take(sunil, number, null);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'assignee_changed', message: `Ravi Kumar has ${number} now. Take it over if you mean to.` });
    // Or it said someone else had it.
    expect((await take(sunil, number, ids.warden ?? '')).status).toBe(409);
    expect(await written(number, id)).toEqual(before);
    expect((await rowOf(number)).assigneeId).toBe(ids.ravi);
  });

  it('takes it over from the colleague the worker saw holding it, without acknowledging it again', async () => {
    const { number, id } = await file();
    expect((await take(ravi, number, null)).status).toBe(200);
    expect((await ravi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' })).status).toBe(200);
    const mailsBefore = (await studentMails(id)).length;

    const over = await take(sunil, number, ids.ravi ?? '');
    expect(over.status).toBe(200);
    expect(over.body).toMatchObject({ status: 'in_progress', assignee: { id: ids.sunil, name: 'Sunil Das' } });
    expect(await studentMails(id)).toHaveLength(mailsBefore);
    const notes = await db()
      .select({ note: complaintEvents.note })
      .from(complaintEvents)
      .where(and(eq(complaintEvents.complaintId, id), eq(complaintEvents.kind, 'assignment')));
    expect(notes.map((n) => n.note)).toEqual(['Assigned to Ravi Kumar (took it)', 'Assigned to Sunil Das (took it over from Ravi Kumar)']);

    // Issue 40, item 12: the worker who had it is told, by bell, who took it over; the taker is not.
    const bellsOf = async (userId: string | undefined) =>
      (await db().select({ text: notifications.text }).from(notifications).where(and(eq(notifications.complaintId, id), eq(notifications.userId, userId ?? '')))).map((n) => n.text);
    expect(await bellsOf(ids.ravi)).toContain(`Sunil Das took over ${number} from you`);
    expect(await bellsOf(ids.sunil)).not.toContain(`Sunil Das took over ${number} from you`);

    // A warden of the hostel may take it over too.
    expect((await take(warden, number, ids.sunil ?? '')).body).toMatchObject({ assignee: { name: 'Anita Rao' } });
    expect(await bellsOf(ids.sunil)).toContain(`Anita Rao took over ${number} from you`);
  });

  it('has nothing to take once the complaint is finished', async () => {
    const { number, id } = await file();
    expect((await ravi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'rejected', note: 'Duplicate of a known outage.' })).status).toBe(200);
    const before = await written(number, id);
    const refused = await take(sunil, number, null);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'not_open', message: `${number} is rejected: there is no work left to take.` });
    expect(await written(number, id)).toEqual(before);
  });
});
