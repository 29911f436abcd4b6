import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintCounts, complaints, outbox, users } from '../../db/schema.js';
import { aCleaningRequest, aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { addStaff, type NewStaff } from '../../../../tests/support/staff.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

let portal: TestApp;
let admin: ApiClient;
let student: ApiClient;
let otherStudent: ApiClient;
let wifiTech: ApiClient;
let wifiTech2: ApiClient;
let warden: ApiClient;
let duty: ApiClient;
let contractor: ApiClient;
let wifiNumber: string;
let messNumber: string;
let raggingNumber: string;

type Item = { number: string; status: string; fname: string; userEmail: string; id: string; confidential: boolean };

const addPerson = async (person: NewStaff) => ({ id: await addStaff(admin, person) });

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' },
  team: {
    wifiTech: { email: 'wifi.tech@vitbhopal.ac.in', name: 'Ravi Kumar', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
    wifiTech2: { email: 'wifi.tech2@vitbhopal.ac.in', name: 'Sunil Das', role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] },
    warden: { email: 'block2.warden@vitbhopal.ac.in', name: 'Anita Rao', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
    duty: {
      email: 'anti.ragging@vitbhopal.ac.in',
      name: 'Duty Officer',
      role: 'staff',
      antiRagging: true,
      scopes: [{ category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }],
    },
    contractor: { email: 'electrician@contractor.example', name: 'Contract Electrician', role: 'staff', scopes: [{ category: 'electricity', hostel: '' }] },
  },
  student: { email: 'aarav.sharma@vitbhopal.ac.in', name: 'Aarav Sharma 21BCE10001' },
  students: { other: { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' } },
});
test.beforeAll(async ({ portal: app, admin: a, team, student: aarav, students }) => {
  [portal, admin, student, otherStudent] = [app, a, aarav, students.other];
  ({ wifiTech, wifiTech2, warden, duty, contractor } = team);

  wifiNumber = String((await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', complaint: 'Router on floor three keeps rebooting' }))).body.number);
  messNumber = String((await student.post('/api/complaints', aComplaint({ category: 'mess', subCategory: 'Food', hostel: 'Block-3' }))).body.number);
  raggingNumber = String(
    (await otherStudent.post('/api/complaints', aComplaint({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', hostel: 'Block-2', complaint: 'Seniors in room 210' }))).body.number,
  );
});
const queue = async (client: ApiClient, query = '') => {
  const { status, body } = await client.get(`/api/staff/complaints${query}`);
  return { status, items: (body.items ?? []) as Item[], nextCursor: body.nextCursor as string | null };
};

describe('roles and scopes', () => {
  it('lets staff from another domain sign in only because an admin added them', async () => {
    expect((await contractor.get('/api/me')).body.user).toMatchObject({ role: 'staff', email: 'electrician@contractor.example' });
    // A colleague at the same domain whom nobody added is refused.
    await expect(ApiClient.signedIn(portal.baseUrl, { email: 'plumber@contractor.example', name: 'Contract Plumber' })).rejects.toThrow(
      /signInError=domain/,
    );
  });

  it('shows each worker only the complaints of their scope', async () => {
    const tech = (await queue(wifiTech)).items.map((c) => c.number);
    expect(tech).toContain(wifiNumber);
    expect(tech).not.toContain(messNumber);
    expect(tech).not.toContain(raggingNumber);
    const wardenSees = (await queue(warden)).items.map((c) => c.number);
    expect(wardenSees).toEqual(expect.arrayContaining([wifiNumber, raggingNumber]));
    expect(wardenSees).not.toContain(messNumber);
    expect((await queue(contractor)).items).toEqual([]);
    const all = (await queue(admin)).items.map((c) => c.number);
    expect(all).toEqual(expect.arrayContaining([wifiNumber, messNumber, raggingNumber]));
  });

  it('answers out-of-scope records as not found, and refuses students', async () => {
    expect((await wifiTech.get(`/api/staff/complaints/${messNumber}`)).status).toBe(404);
    expect((await wifiTech.send('POST', `/api/staff/complaints/${messNumber}/transitions`, { to: 'acknowledged' })).status).toBe(404);
    expect((await student.get('/api/staff/complaints')).status).toBe(403);
    expect((await student.get(`/api/staff/complaints/${wifiNumber}`)).status).toBe(403);
    expect((await student.send('POST', `/api/staff/complaints/${wifiNumber}/replies`, { text: 'hi' })).status).toBe(403);
    expect((await wifiTech.get('/api/admin/users')).status).toBe(403);
  });

  it('counts per status within the scope, from the counts table', async () => {
    const { body } = await wifiTech.get('/api/staff/counts');
    const mine = (await queue(wifiTech, '?limit=100')).items;
    expect(body.total).toBe(mine.length);
    const { body: all } = await admin.get('/api/staff/counts');
    const rows = await portal.database.db.select({ id: complaints.id }).from(complaints);
    expect(all.total).toBe(rows.length);

    // The counts come from the counts table, not from counting complaints: a change made there
    // alone shows up (and is undone at once).
    const { db } = portal.database;
    const wifiSubmitted = and(eq(complaintCounts.category, 'wifi'), eq(complaintCounts.hostel, 'Block-2'), eq(complaintCounts.status, 'submitted'));
    await db.update(complaintCounts).set({ count: sql`${complaintCounts.count} + 1000` }).where(wifiSubmitted);
    try {
      expect((await wifiTech.get('/api/staff/counts')).body).toMatchObject({ total: mine.length + 1000 });
      expect((await admin.get('/api/staff/counts')).body).toMatchObject({ total: rows.length + 1000 });
    } finally {
      await db.update(complaintCounts).set({ count: sql`${complaintCounts.count} - 1000` }).where(wifiSubmitted);
    }
    expect((await admin.get('/api/staff/counts')).body).toMatchObject({ total: rows.length });
  });

  it('lists people by role and refuses the duty for a student', async () => {
    const { body } = await admin.get('/api/admin/users?role=staff,warden');
    const roles = new Set((body.items as Array<{ role: string }>).map((p) => p.role));
    expect([...roles].sort()).toEqual(['staff', 'warden']);
    const { body: students } = await admin.get('/api/admin/users?role=student&q=meera');
    const meera = (students.items as Array<{ id: string }>)[0];
    const refused = await admin.send('PUT', `/api/admin/users/${meera?.id ?? ''}`, { role: 'student', antiRagging: true, scopes: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields?.antiRagging).toBe('not for students');
  });

  it('refuses to remove the last admin', async () => {
    const { body } = await admin.get('/api/admin/users?q=chief.admin');
    const me = (body.items as Array<{ id: string }>)[0];
    const result = await admin.send('PUT', `/api/admin/users/${me?.id ?? ''}`, { role: 'staff', scopes: [] });
    expect(result.status).toBe(409);
    expect(result.body.error?.code).toBe('last_admin');
  });
});

describe('the lifecycle', () => {
  it('acknowledges, replies in public, keeps internal notes internal, and tells the student', async () => {
    const ack = await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/transitions`, { to: 'acknowledged', note: 'Looking into it' });
    expect(ack.status).toBe(200);
    // Nobody had it: acknowledging it from the console makes it the acknowledger's.
    expect(ack.body).toMatchObject({ status: 'acknowledged', assignee: { name: 'Ravi Kumar' } });
    expect((await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/replies`, { text: 'Which floor exactly?' })).status).toBe(204);
    expect(
      (await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/replies`, { text: 'Router serial 4471, replace it', internal: true }))
        .status,
    ).toBe(204);

    const mine = await student.get(`/api/complaints/${wifiNumber}`);
    expect(mine.body.status).toBe('acknowledged');
    const timeline = JSON.stringify(mine.body.timeline);
    expect(timeline).toContain('Which floor exactly?');
    expect(timeline).toContain('Looking into it');
    expect(timeline).not.toContain('Router serial 4471');

    const staffView = await wifiTech.get(`/api/staff/complaints/${wifiNumber}`);
    expect(JSON.stringify(staffView.body.timeline)).toContain('Router serial 4471');

    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, wifiNumber));
    const mails = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row?.id ?? ''));
    expect(mails.map((m) => m.purpose).sort()).toEqual(['acknowledgement', 'facility', 'reply', 'status']);
    expect(mails.some((m) => m.textBody.includes('Router serial 4471'))).toBe(false);
  });

  it('offers only the transitions the state machine allows, and refuses the others', async () => {
    const detail = await wifiTech.get(`/api/staff/complaints/${wifiNumber}`);
    expect((detail.body.allowedTransitions as Array<{ to: string }>).map((t) => t.to)).toEqual(['in_progress', 'resolved', 'rejected']);
    expect((await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/transitions`, { to: 'closed' })).status).toBe(409);
    const reject = await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/transitions`, { to: 'rejected' });
    expect(reject.status).toBe(400);
    expect(reject.body.error?.fields?.note).toBe('Give a reason');
  });

  it('assigns to a colleague whose scope covers the complaint, and mails them', async () => {
    const { body } = await admin.get('/api/admin/users?q=wifi.tech2');
    const colleague = (body.items as Array<{ id: string }>)[0]?.id ?? '';
    expect((await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/assign`, { assigneeId: colleague })).status).toBe(204);
    expect((await queue(wifiTech2, '?assignee=me')).items.map((c) => c.number)).toEqual([wifiNumber]);
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, wifiNumber));
    const mails = await portal.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'assignment')));
    expect(mails.map((m) => m.toEmails)).toEqual([['wifi.tech2@vitbhopal.ac.in']]);

    const { body: people } = await admin.get('/api/admin/users?q=contractor');
    const outsider = (people.items as Array<{ id: string }>)[0]?.id ?? '';
    const refused = await wifiTech.send('POST', `/api/staff/complaints/${wifiNumber}/assign`, { assigneeId: outsider });
    expect(refused.status).toBe(400);
  });

  it('resolves; the student confirms with a rating and it closes', async () => {
    const resolved = await wifiTech2.send('POST', `/api/staff/complaints/${wifiNumber}/transitions`, { to: 'resolved', note: 'Router replaced' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.assignee).toMatchObject({ name: 'Sunil Das' });
    const early = await otherStudent.send('POST', `/api/complaints/${wifiNumber}/confirm`, { rating: 5 });
    expect(early.status).toBe(404);
    const confirmed = await student.send('POST', `/api/complaints/${wifiNumber}/confirm`, { rating: 4, comment: 'Works now' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe('closed');
    const detail = await admin.get(`/api/staff/complaints/${wifiNumber}`);
    expect(detail.body).toMatchObject({ rating: 4, ratingComment: 'Works now', status: 'closed' });
    expect((await student.send('POST', `/api/complaints/${wifiNumber}/reopen`, { reason: 'again' })).status).toBe(409);
  });

  it('lets the student reopen a resolved complaint only with a reason', async () => {
    const number = String((await student.post('/api/cleaning-requests', aCleaningRequest({ hostel: 'Block-2', roomNo: 214 }))).body.number);
    expect((await warden.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved' })).status).toBe(200);
    const noReason = await student.send('POST', `/api/complaints/${number}/reopen`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const reopened = await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'The floor is still dirty' });
    expect(reopened.body.status).toBe('reopened');
  });

});

describe('the queue', () => {
  it('filters, searches the message, and pages by keyset', async () => {
    const found = await queue(admin, '?q=rebooting');
    expect(found.items.map((c) => c.number)).toEqual([wifiNumber]);
    const mess = await queue(admin, '?category=mess&hostel=Block-3');
    expect(mess.items.map((c) => c.number)).toEqual([messNumber]);
    const statuses = await queue(admin, '?status=submitted,reopened');
    expect(statuses.items.every((c) => ['submitted', 'reopened'].includes(c.status))).toBe(true);

    const first = await queue(admin, '?limit=2');
    const second = await queue(admin, `?limit=2&cursor=${first.nextCursor ?? ''}`);
    expect(first.items).toHaveLength(2);
    expect(second.items.map((c) => c.number)).not.toContain(first.items[0]?.number);
    const oldest = await queue(admin, '?sort=oldest&limit=1');
    expect(oldest.items[0]?.number).toBe(wifiNumber);
  });

  it('refuses a bad filter with a field message', async () => {
    const { status, body } = await admin.get('/api/staff/complaints?status=lost');
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
  });
});

describe('confidential complaints', () => {
  it('hide the student from everyone without the duty: queue, detail and the facility mail', async () => {
    const item = (await queue(warden)).items.find((c) => c.number === raggingNumber);
    expect(item).toMatchObject({ confidential: true, fname: 'Confidential student', userEmail: 'Confidential student', id: '' });
    const detail = await warden.get(`/api/staff/complaints/${raggingNumber}`);
    expect(JSON.stringify(detail.body)).not.toContain('meera.iyer');
    expect(JSON.stringify(detail.body)).not.toContain('22MIM10045');
    expect((await warden.send('POST', `/api/staff/complaints/${raggingNumber}/reveal`, { reason: 'Checking who filed it' })).status).toBe(403);

    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, raggingNumber));
    const [facility] = await portal.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'facility')));
    expect(facility?.textBody).toContain('Confidential student');
    expect(facility?.textBody).not.toContain('meera.iyer');
    expect(facility?.htmlBody).not.toContain('meera.iyer');
    expect(facility?.replyTo).toBeNull();
  });

  it('tell each reader whether they may reveal the student, by the rule the reveal itself follows', async () => {
    await addPerson({ email: 'others.desk@vitbhopal.ac.in', name: 'Others Desk', role: 'staff', scopes: [{ category: 'other', hostel: '' }, { category: 'ragging', hostel: '' }] });
    const othersDesk = await ApiClient.signedIn(portal.baseUrl, { email: 'others.desk@vitbhopal.ac.in', name: 'Others Desk' });
    for (const [who, client, may] of [
      ['plain staff in scope', othersDesk, false],
      ['warden in scope', warden, false],
      ['anti-ragging duty', duty, true],
      // Issue 39: an admin without the duty is like any member of staff.
      ['admin without the duty', admin, false],
    ] as const) {
      const detail = await client.get(`/api/staff/complaints/${raggingNumber}`);
      expect(detail.status, who).toBe(200);
      expect(detail.body.canRevealIdentity, who).toBe(may);
    }
    // What the flag says is what the reveal does.
    expect((await othersDesk.send('POST', `/api/staff/complaints/${raggingNumber}/reveal`, { reason: 'Checking who filed it' })).status).toBe(403);
  });

  it('are revealed to the anti-ragging duty on request, and every reveal is recorded', async () => {
    const before = await portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'complaint.reveal_identity'));
    const revealed = await duty.send('POST', `/api/staff/complaints/${raggingNumber}/reveal`, { reason: 'Checking who filed it' });
    expect(revealed.status).toBe(200);
    expect(revealed.body).toMatchObject({ userEmail: 'meera.iyer@vitbhopal.ac.in', id: '22MIM10045' });
    const after = await portal.database.db.select().from(auditLog).where(eq(auditLog.action, 'complaint.reveal_identity'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ targetId: raggingNumber, details: { reason: 'Checking who filed it' } });
  });
});

describe('staff added by an admin before they sign in', () => {
  it('get the header chip name without their title ("Dr. Meera Iyer" is Meera)', async () => {
    const person = await addPerson({ email: 'dr.meera@vitbhopal.ac.in', name: 'Dr. Meera Iyer', role: 'staff', scopes: [{ category: 'mess', hostel: '' }] });
    const [row] = await portal.database.db.select({ fname: users.fname }).from(users).where(eq(users.id, person.id));
    expect(row?.fname).toBe('Meera');
  });
});
