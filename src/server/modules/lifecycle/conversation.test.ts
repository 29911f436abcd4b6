import { and, count, eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaints, notifications, outbox } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { portalTest } from '../../../../tests/support/fixtures.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';

/**
 * One conversation per complaint: the student answers in the thread (and adds what they forgot),
 * the team hears of it by bell and mail through the same one-transaction path as everything else,
 * and the student can withdraw what nobody has acknowledged.
 */

let portal: TestApp;
let staff: ApiClient;
let student: ApiClient;
let other: ApiClient;
let staffId: string;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'talk.admin@vitbhopal.ac.in', name: 'Talk Admin' },
  staff: {
    email: 'wifi.talker@vitbhopal.ac.in',
    name: 'Wifi Talker',
    role: 'staff',
    scopes: [{ category: 'wifi', hostel: '' }, { category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }],
  },
  student: { email: 'talk.student@vitbhopal.ac.in', name: 'Meera Iyer 21BCE10088' },
  students: { other: { email: 'other.student@vitbhopal.ac.in', name: 'Other Student 21BCE10089' } },
});
test.beforeAll(({ portal: app, staff: desk, student: filer, students }) => {
  [portal, staff, student, other, staffId] = [app, desk, filer, students.other, desk.user.id];
});

const db = () => portal.database.db;

async function file(over: Record<string, unknown> = {}) {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status).toBe(201);
  return String(filed.body.number);
}

async function rowOf(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return row;
}

const countWhere = async (table: typeof outbox | typeof notifications | typeof auditLog | typeof complaintEvents, where: SQL | undefined) =>
  Number((await db().select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

const reply = (who: ApiClient, number: string, text: string, key?: string) => who.post(`/api/complaints/${number}/replies`, { text }, key);

describe('the student replies in the thread', () => {
  it('writes the event, the audit row, the mail to the team and the bells together, and both sides see one conversation', async () => {
    const number = await file();
    const row = await rowOf(number);
    const asked = await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Is it both 2.4 and 5 GHz?', internal: false });
    expect(asked.status).toBe(204);
    const noted = await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Router 3 again, probably', internal: true });
    expect(noted.status).toBe(204);

    const mailsBefore = await countWhere(outbox, eq(outbox.complaintId, row.id));
    const answered = await reply(student, number, 'Both bands. It drops at 9 pm.');
    expect(answered.status).toBe(204);

    // The team hears of it: a mail to the address it was routed to (nobody is assigned), a bell for the worker in scope.
    const mails = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_reply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toEmails).toEqual(row.toEmails);
    expect(mails[0]?.textBody).toContain('Both bands. It drops at 9 pm.');
    expect(await countWhere(outbox, eq(outbox.complaintId, row.id))).toBe(mailsBefore + 1);
    const bells = await db().select().from(notifications).where(and(eq(notifications.complaintId, row.id), eq(notifications.userId, staffId)));
    expect(bells.map((b) => b.text)).toContain(`The student replied about ${number}: Both bands. It drops at 9 pm.`);
    expect(await countWhere(auditLog, and(eq(auditLog.targetId, number), eq(auditLog.action, 'complaint.student_reply')))).toBe(1);

    // The student's thread: the question, their answer; never the internal note.
    const mine = await student.get(`/api/complaints/${number}`);
    const thread = (mine.body.timeline as Array<{ kind: string; note: string; by: string; fromStudent: boolean }>).filter((e) => e.kind === 'reply');
    expect(thread.map((e) => [e.by, e.note, e.fromStudent])).toEqual([
      ['Hostel staff', 'Is it both 2.4 and 5 GHz?', false],
      ['You', 'Both bands. It drops at 9 pm.', true],
    ]);
    expect(JSON.stringify(mine.body)).not.toContain('Router 3');

    // The staff's thread: the same conversation plus the internal note.
    const detail = await staff.get(`/api/staff/complaints/${number}`);
    const staffThread = (detail.body.timeline as Array<{ kind: string; note: string; by: string; fromStudent: boolean }>).filter((e) => e.kind !== 'status');
    expect(staffThread.map((e) => [e.kind, e.by, e.note])).toEqual([
      ['reply', 'Wifi Talker', 'Is it both 2.4 and 5 GHz?'],
      ['note', 'Wifi Talker', 'Router 3 again, probably'],
      ['reply', 'Student', 'Both bands. It drops at 9 pm.'],
    ]);
  });

  it('reaches only the assignee once someone has it', async () => {
    const number = await file();
    const row = await rowOf(number);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/assign`, { assigneeId: staffId })).status).toBeLessThan(300);
    expect((await reply(student, number, 'Also the LAN port is dead.')).status).toBe(204);
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_reply')));
    expect(mail?.toEmails).toEqual(['wifi.talker@vitbhopal.ac.in']);
  });

  it('is written once when the same request is retried with its Idempotency-Key', async () => {
    const number = await file();
    const row = await rowOf(number);
    const key = 'retry-key-0001';
    expect((await reply(student, number, 'Once only', key)).status).toBe(204);
    expect((await reply(student, number, 'Once only', key)).status).toBe(204);
    expect(await countWhere(complaintEvents, and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.kind, 'reply')))).toBe(1);
    expect(await countWhere(outbox, and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_reply')))).toBe(1);
  });

  it('refuses empty words, another student, and a finished complaint, each with a clear answer', async () => {
    const number = await file();
    const empty = await reply(student, number, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.text).toBe('Write your reply');
    expect((await reply(other, number, 'Not mine')).status).toBe(404);

    expect((await student.send('POST', `/api/complaints/${number}/withdraw`)).status).toBe(200);
    const late = await reply(student, number, 'One more thing');
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('complaint_finished');
    expect(late.body.error?.message).toContain('File a new complaint');
  });

  it('tells the team about a confidential complaint without naming the student', async () => {
    const number = await file({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors in room 210 at night.' });
    const row = await rowOf(number);
    expect(row.confidential).toBe(true);
    expect((await reply(student, number, 'It happened again, I am Meera from 21BCE10088.')).status).toBe(204);
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_reply')));
    const everything = JSON.stringify(mail);
    expect(everything).not.toContain('talk.student');
    expect(everything).not.toContain('21BCE10088');
    expect(everything).not.toContain('Meera');
    expect(mail?.replyTo ?? null).toBeNull();
    const bells = await db().select().from(notifications).where(and(eq(notifications.complaintId, row.id), eq(notifications.userId, staffId)));
    expect(bells.map((b) => b.text).join(' ')).not.toContain('Meera');
  });
});

describe('withdrawing', () => {
  it('works while nobody has acknowledged it, and tells the team', async () => {
    const number = await file();
    const row = await rowOf(number);
    const done = await student.send('POST', `/api/complaints/${number}/withdraw`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('withdrawn');
    expect((await rowOf(number)).status).toBe('withdrawn');
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'withdrawn')));
    expect(mail?.subject).toBe(`Withdrawn: Wifi Complaint — ${number}`);
    const bells = await db().select().from(notifications).where(and(eq(notifications.complaintId, row.id), eq(notifications.userId, staffId)));
    expect(bells.map((b) => b.text)).toContain(`${number} was withdrawn by the student`);
    // The staff cannot work it any more.
    const moved = await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged', note: '' });
    expect(moved.status).toBe(409);
  });

  it('is refused with a 409 that says why once someone acknowledged it, and writes nothing', async () => {
    const number = await file();
    const row = await rowOf(number);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged', note: '' })).status).toBe(200);
    const eventsBefore = await countWhere(complaintEvents, eq(complaintEvents.complaintId, row.id));
    const refused = await student.send('POST', `/api/complaints/${number}/withdraw`);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('cannot_withdraw');
    expect(refused.body.error?.message).toBe(`${number} can no longer be withdrawn: the hostel team has already taken it up. Reply in the conversation instead.`);
    expect(await countWhere(complaintEvents, eq(complaintEvents.complaintId, row.id))).toBe(eventsBefore);
    expect((await rowOf(number)).status).toBe('acknowledged');
    expect((await other.send('POST', `/api/complaints/${number}/withdraw`)).status).toBe(404);
  });
});

describe("refusing a student's action", () => {
  it('answers each action the status does not allow with a 409 in one style: the complaint, its status, what to do', async () => {
    const submitted = await file();
    const confirmEarly = await student.send('POST', `/api/complaints/${submitted}/confirm`, {});
    expect([confirmEarly.status, confirmEarly.body.error?.code, confirmEarly.body.error?.message]).toEqual([
      409,
      'cannot_confirm',
      `${submitted} is submitted: only a resolved complaint can be confirmed.`,
    ]);
    const reopenEarly = await student.send('POST', `/api/complaints/${submitted}/reopen`, { reason: 'Still broken' });
    expect([reopenEarly.status, reopenEarly.body.error?.code, reopenEarly.body.error?.message]).toEqual([
      409,
      'cannot_reopen',
      `${submitted} is submitted: only a resolved complaint can be reopened.`,
    ]);

    const closed = await file();
    for (const to of ['acknowledged', 'resolved']) {
      expect((await staff.send('POST', `/api/staff/complaints/${closed}/transitions`, { to, note: '' })).status).toBe(200);
    }
    expect((await student.send('POST', `/api/complaints/${closed}/confirm`, {})).status).toBe(200);
    const answers = {
      reply: await reply(student, closed, 'One more thing'),
      withdraw: await student.send('POST', `/api/complaints/${closed}/withdraw`),
      reopen: await student.send('POST', `/api/complaints/${closed}/reopen`, { reason: 'Broken again' }),
      confirm: await student.send('POST', `/api/complaints/${closed}/confirm`, {}),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([action, a]) => [action, [a.status, a.body.error?.code, a.body.error?.message]]))).toEqual({
      reply: [409, 'complaint_finished', `${closed} is closed: it takes no more replies. File a new complaint if something is still wrong.`],
      withdraw: [409, 'cannot_withdraw', `${closed} is closed: it can no longer be withdrawn.`],
      reopen: [409, 'cannot_reopen', `${closed} is closed: only a resolved complaint can be reopened. File a new complaint if something is still wrong.`],
      confirm: [409, 'cannot_confirm', `${closed} is closed: only a resolved complaint can be confirmed.`],
    });
  });
});

describe('viewing a complaint clears its bell', () => {
  it("marks read the student's notifications about that complaint only", async () => {
    const first = await file();
    const second = await file();
    for (const number of [first, second]) {
      expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Which room exactly?', internal: false })).status).toBe(204);
    }
    const list = async () => (await student.get('/api/notifications')).body as { items: Array<{ complaintNumber: string; read: boolean }>; unread: number };
    const before = await list();
    expect(before.items.filter((n) => n.complaintNumber === first && !n.read).length).toBeGreaterThan(0);
    const marked = await student.send('POST', '/api/notifications/read', { complaintNumber: first });
    expect(marked.status).toBe(204);
    const after = await list();
    expect(after.items.filter((n) => n.complaintNumber === first).every((n) => n.read)).toBe(true);
    expect(after.items.filter((n) => n.complaintNumber === second).some((n) => !n.read)).toBe(true);
    expect(after.unread).toBe(before.unread - before.items.filter((n) => n.complaintNumber === first && !n.read).length);
  });
});
