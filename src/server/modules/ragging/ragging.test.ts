import { readFileSync } from 'node:fs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, categories, complaintEvents, complaints, notifications, outbox, routingRules, scheduledJobs, users } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { anonymousReporterId } from '../users/service.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Ragging as a channel of its own (decision 40), over HTTP with the real app and database: reports
 * go to the anti-ragging committee (never the hostel office) and say where it happened rather than
 * the reporter's room; the duty records the FIR decision and closes the enquiry, once each; the
 * statutory clocks escalate once to the nodal officer and once more to the head of the institution;
 * sub-categories carry their own target time and routing; the contacts are validated and audited.
 */

let portal: TestApp;
let admin: ApiClient;
let duty: ApiClient;
let warden: ApiClient;
let student: ApiClient;
const ids: Record<string, string> = {};

const ADMIN = { email: 'rag.admin@vitbhopal.ac.in', name: 'Rag Admin' };
const DUTY = { email: 'rag.duty@vitbhopal.ac.in', name: 'Kavita Joshi' };
const WARDEN = { email: 'rag.warden@vitbhopal.ac.in', name: 'Block Two Warden' };
const NODAL = { email: 'nodal.antiragging@vitbhopal.ac.in', name: 'Nodal Officer' };
const STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' };
const IDENTITY = ['meera.iyer@vitbhopal.ac.in', 'Meera', 'Iyer', '22MIM10045'];
const COMMITTEE = 'anti.ragging.committee@vitbhopal.ac.in';
const HEAD = 'vice.chancellor@vitbhopal.ac.in';

const A_REPORT = {
  category: 'ragging',
  subCategory: 'Verbal / abuse',
  hostel: 'Block-2',
  floor: 0,
  roomNo: '',
  placeKind: 'hostel',
  placeText: 'Block-2, floor 3 corridor',
  complaint: 'Seniors stop us in the corridor every night and make us sing.',
};

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: ADMIN,
  team: {
    // The duty works wifi; the ragging reports come with the duty, whatever the scope.
    duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'wifi', hostel: '' }] },
    nodal: { ...NODAL, role: 'staff', antiRagging: false, scopes: [] },
  },
  warden: { ...WARDEN, role: 'warden', antiRagging: false, scopes: [{ category: '', hostel: 'Block-2' }] },
  student: STUDENT,
});
test.beforeAll(async ({ portal: app }) => {
  portal = app;
  // This file runs the clocks and the escalation itself: the minute timers must not run them meanwhile.
  await portal.database.db
    .update(scheduledJobs)
    .set({ nextRunAt: sql`now() + interval '1 day'` })
    .where(inArray(scheduledJobs.name, ['ragging clocks', 'escalation']));
});
test.beforeAll(({ admin: a, team, warden: w, student: meera }) => {
  [admin, duty, warden, student] = [a, team.duty, w, meera];
  for (const member of [team.duty, w, team.nodal]) ids[member.user.email] = member.user.id;
});

const db = () => portal.database.db;
const report = async (over: Record<string, unknown> = {}, who = student) => {
  const filed = await who.post('/api/complaints', { ...A_REPORT, ...over });
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
};
const rowOf = async (number: string) => {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(number);
  return row;
};
const mailsOf = async (number: string, purpose?: string) => {
  const row = await rowOf(number);
  const mails = await db().select().from(outbox).where(eq(outbox.complaintId, row.id));
  return purpose ? mails.filter((m) => m.purpose === purpose) : mails;
};
const auditOf = (number: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, number), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt));
const expectNoIdentity = (where: string, text: string) => {
  for (const word of IDENTITY) expect(text.toLowerCase(), `${where} names ${word}`).not.toContain(word.toLowerCase());
};
const decide = (client: ApiClient, number: string, body: unknown) => client.send('POST', `/api/staff/complaints/${number}/fir-decision`, body);
const closeEnquiry = (client: ApiClient, number: string, body: unknown) => client.send('POST', `/api/staff/complaints/${number}/enquiry-close`, body);

describe('a ragging report', () => {
  it('goes to the anti-ragging committee with the nodal officer in copy, never the hostel office, with its clocks started', async () => {
    const number = await report();
    const row = await rowOf(number);
    expect(row).toMatchObject({ category: 'ragging', confidential: true, roomNo: '', floor: 0, placeKind: 'hostel', placeText: 'Block-2, floor 3 corridor' });
    expect(row.toEmails).toEqual([COMMITTEE]);
    expect(row.ccEmails).toEqual(['nodal.antiragging@vitbhopal.ac.in']);
    const hours = (at: Date | null) => ((at?.getTime() ?? 0) - row.createdAt.getTime()) / 3_600_000;
    expect(hours(row.firDueAt)).toBeCloseTo(24, 1);
    expect(hours(row.enquiryDueAt)).toBeCloseTo(7 * 24, 1);

    const [facility] = await mailsOf(number, 'facility');
    expect(facility?.toEmails).toEqual([COMMITTEE]);
    expect(facility?.textBody).toContain('Where it happened');
    expect(facility?.textBody).toContain('Block-2, floor 3 corridor');
    expectNoIdentity('the committee mail', `${facility?.subject ?? ''} ${facility?.textBody ?? ''} ${facility?.replyTo ?? ''}`);
    const all = await mailsOf(number);
    expect(all.flatMap((m) => [...m.toEmails, ...m.ccEmails]).some((a) => a.startsWith('hostel.office@'))).toBe(false);

    // The duty hears of it by bell, whatever their scope; it is in their queue.
    const [bell] = await db().select().from(notifications).where(and(eq(notifications.userId, ids[DUTY.email] ?? ''), eq(notifications.complaintId, row.id)));
    expect(bell?.text).toContain(number);
    const queue = await duty.get('/api/staff/complaints?category=ragging');
    expect((queue.body.items as Array<{ number: string }>).map((c) => c.number)).toContain(number);
    // The reporter's room is not remembered from a report that left it out.
    const [me] = await db().select().from(users).where(eq(users.email, STUDENT.email));
    expect(me?.placeRoom ?? null).toBeNull();
  });

  it("acknowledges the reporter naming the committee, with the helpline and the nodal officer, not a mailbox", async () => {
    const number = await report();
    const [ack] = await mailsOf(number, 'acknowledgement');
    expect(ack?.toEmails).toEqual([STUDENT.email]);
    for (const words of ['Anti-Ragging Committee', '1800-180-5522', 'nodal.antiragging@vitbhopal.ac.in', '24 hours', '7 days']) {
      expect(ack?.textBody).toContain(words);
    }
    expect(ack?.textBody).not.toContain('sent to');
    expect(ack?.textBody).not.toContain('hostel.office');
  });

  it('says where it happened, and leaves the room out or checks it when given', async () => {
    const problems = async (body: Record<string, unknown>) => {
      const { status, body: answer } = await student.post('/api/complaints', body);
      expect(status, JSON.stringify(answer)).toBe(400);
      return answer.error?.fields ?? {};
    };
    expect(await problems({ ...A_REPORT, placeKind: undefined })).toMatchObject({ placeKind: 'Say where it happened' });
    expect(await problems({ ...A_REPORT, placeText: '  ' })).toMatchObject({ placeText: 'Describe where it happened' });
    expect(await problems({ ...A_REPORT, placeKind: 'basement' })).toHaveProperty('placeKind');
    expect(await problems({ ...A_REPORT, placeText: 'x'.repeat(201) })).toHaveProperty('placeText');
    expect(await problems({ ...A_REPORT, roomNo: '9999', floor: 3 })).toHaveProperty('roomNo');
    // Every other complaint still needs the room, and says nothing of a place.
    expect(await problems(aComplaint({ roomNo: '' }))).toMatchObject({ roomNo: 'Enter your room number' });
    expect(await problems(aComplaint({ placeKind: 'hostel', placeText: 'corridor' }))).toMatchObject({ placeKind: 'Only a ragging report says where it happened' });
    // A room given is kept with its floor.
    const number = await report({ roomNo: '312', floor: 3, placeKind: 'campus', placeText: 'Behind the library' });
    expect(await rowOf(number)).toMatchObject({ roomNo: '312', floor: 3, placeKind: 'campus' });
  });

  // Issue 40, item 7: floor 12345 with no room was stored as floor 0, and the queue said "Block-3, floor 0".
  it('refuses a floor the hostel does not have, and shows the place the report gave, not a floor it did not', async () => {
    const refused = await student.post('/api/complaints', { ...A_REPORT, floor: 12345 });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toHaveProperty('floor');
    const number = await report({ floor: 2 });
    expect(await rowOf(number)).toMatchObject({ roomNo: '', floor: 0 });
    const queue = await warden.get('/api/staff/complaints?category=ragging&limit=100');
    const item = (queue.body.items as Array<{ number: string; reportedPlace: unknown; roomNo: string }>).find((c) => c.number === number);
    expect(item).toMatchObject({ roomNo: '', reportedPlace: { kind: 'hostel', text: 'Block-2, floor 3 corridor' } });
  });

  // Issue 40, item 9: the reporter's own report did not say where it happened.
  it("tells the reporter, on their own report, where they said it happened", async () => {
    const number = await report();
    const own = await student.get(`/api/complaints/${number}`);
    expect(own.status).toBe(200);
    expect(own.body.reportedPlace).toEqual({ kind: 'hostel', text: 'Block-2, floor 3 corridor' });
    // Every other complaint has its room or area instead.
    const wifi = await student.post('/api/complaints', aComplaint());
    expect((await student.get(`/api/complaints/${String(wifi.body.number)}`)).body.reportedPlace).toBeNull();
  });

  it('is a card of its own: Others no longer offers Ragging, and every page gets the contacts (not the head)', async () => {
    const { body } = await student.get('/api/catalog');
    const catalog = body as unknown as {
      university: { raggingContacts: Record<string, string> };
      categories: Array<{ key: string; confidential: boolean; subCategories: Array<{ name: string }> }>;
    };
    const other = catalog.categories.find((c) => c.key === 'other');
    expect(other?.subCategories.map((s) => s.name)).toEqual(['Theft', 'Others']);
    const ragging = catalog.categories.find((c) => c.key === 'ragging');
    expect(ragging?.confidential).toBe(true);
    expect(ragging?.subCategories.map((s) => s.name)).toEqual(['Physical', 'Verbal / abuse', 'Forced to do something', 'Online', 'Other']);
    expect(catalog.university.raggingContacts).toEqual({
      raggingHelpline: '1800-180-5522',
      committeeName: 'Anti-Ragging Committee',
      committeeEmail: COMMITTEE,
      committeePhone: '',
      nodalOfficerName: 'Nodal Officer (Anti-Ragging)',
      nodalOfficerEmail: 'nodal.antiragging@vitbhopal.ac.in',
      nodalOfficerPhone: '',
    });
  });

  it('cannot be switched off or made open', async () => {
    const { body } = await admin.get('/api/admin/categories');
    const ragging = (body.items as Array<Record<string, unknown>>).find((c) => c.key === 'ragging');
    if (!ragging) throw new Error('no ragging category');
    const { key: _key, route: _route, routingKey: _routingKey, updatedAt: _at, ...editable } = ragging;
    const retire = await admin.send('PUT', '/api/admin/categories/ragging', { ...editable, retired: true });
    expect([retire.status, retire.body.error?.fields]).toEqual([409, { retired: 'Reporting ragging cannot be switched off.' }]);
    const open = await admin.send('PUT', '/api/admin/categories/ragging', { ...editable, confidential: false });
    expect([open.status, open.body.error?.fields]).toEqual([409, { confidential: 'Ragging reports are always confidential.' }]);
  });

  it('follows a hostel override an administrator set explicitly for the ragging key', async () => {
    const set = await admin.send('PUT', '/api/admin/routing/ragging/Girls', { to: ['girls.committee@vitbhopal.ac.in'], cc: [] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await rowOf(await report({ hostel: 'Girls' }))).toEmails).toEqual(['girls.committee@vitbhopal.ac.in']);
    expect((await admin.send('DELETE', '/api/admin/routing/ragging/Girls')).status).toBe(204);
  });
});

describe("the duty's decisions", () => {
  it('are the anti-ragging duty\'s and the admins\' alone', async () => {
    const number = await report();
    const body = { decision: 'not_needed', note: 'Verbal only; the seniors were warned in writing.' };
    expect((await decide(student, number, body)).status).toBe(403);
    // The warden works everything in Block-2, the report included, but holds no duty.
    expect((await warden.get(`/api/staff/complaints/${number}`)).status).toBe(200);
    const refused = await decide(warden, number, body);
    expect([refused.status, refused.body.error?.message]).toEqual([403, 'Only the anti-ragging duty and administrators record ragging decisions and see their deadlines.']);
    expect((await closeEnquiry(warden, number, { outcome: 'not_established', note: 'x' })).status).toBe(403);
    expect((await warden.get('/api/staff/ragging/clocks')).status).toBe(403);
    // The warden may read the record, and is told they may not decide.
    const state = await warden.get(`/api/staff/complaints/${number}/ragging`);
    expect([state.status, state.body.canDecide]).toEqual([200, false]);
    expect((await rowOf(number)).firDecision).toBeNull();
  });

  it('record the FIR decision once, with its reason, as an internal entry and an audit row', async () => {
    const number = await report();
    expect((await decide(duty, number, { decision: 'maybe', note: 'x' })).body.error?.fields).toHaveProperty('decision');
    expect((await decide(duty, number, { decision: 'needed', note: ' ' })).body.error?.fields).toHaveProperty('note');
    const decided = await decide(duty, number, { decision: 'needed', note: 'Assault: the police were called at 10 pm.' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({
      number,
      canDecide: true,
      fir: { state: 'done', decision: 'needed', note: 'Assault: the police were called at 10 pm.', decidedBy: { id: ids[DUTY.email], name: DUTY.name } },
      enquiry: { state: 'running', outcome: null },
    });
    const again = await decide(admin, number, { decision: 'not_needed', note: 'Second thoughts.' });
    expect([again.status, again.body.error?.code]).toEqual([409, 'already_decided']);
    expect((await rowOf(number)).firDecision).toBe('needed');

    const [entry] = await auditOf(number, 'ragging.fir_decision');
    expect(entry?.actorId).toBe(ids[DUTY.email]);
    expect(entry?.details).toMatchObject({ decision: 'needed', note: 'Assault: the police were called at 10 pm.', late: false });
    const events = await db().select().from(complaintEvents).where(and(eq(complaintEvents.complaintId, (await rowOf(number)).id), eq(complaintEvents.kind, 'ragging')));
    expect(events.map((e) => [e.public, e.note])).toEqual([[false, 'FIR decision: FIR to be filed. Assault: the police were called at 10 pm.']]);
    // The reporter's page shows nothing of it.
    const mine = await student.get(`/api/complaints/${number}`);
    expect(JSON.stringify(mine.body)).not.toContain('police');
  });

  it('close the enquiry after the FIR decision, once: the report is resolved and the reporter told the outcome, not the note', async () => {
    const number = await report();
    const early = await closeEnquiry(duty, number, { outcome: 'action_taken', note: 'Two seniors suspended.' });
    expect([early.status, early.body.error?.code]).toEqual([409, 'fir_decision_first']);
    expect((await decide(admin, number, { decision: 'not_needed', note: 'No offence made out.' })).status).toBe(200);
    expect((await closeEnquiry(duty, number, { outcome: 'suspended', note: 'x' })).status).toBe(400);
    const closed = await closeEnquiry(duty, number, { outcome: 'action_taken', note: 'Seniors R. and T. suspended for a term.' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'resolved', enquiry: { state: 'done', outcome: 'action_taken', closedBy: { name: DUTY.name } } });
    const again = await closeEnquiry(admin, number, { outcome: 'referred', note: 'x' });
    expect([again.status, again.body.error?.code]).toEqual([409, 'already_closed']);

    const [told] = await mailsOf(number, 'status');
    expect(told?.toEmails).toEqual([STUDENT.email]);
    expect(told?.textBody).toContain('Ragging established: action taken');
    expect(told?.textBody).not.toContain('suspended for a term');
    const [entry] = await auditOf(number, 'ragging.enquiry_close');
    expect(entry?.details).toMatchObject({ outcome: 'action_taken', note: 'Seniors R. and T. suspended for a term.' });
  });

  it('are refused on a complaint that is not a ragging report', async () => {
    const filed = await student.post('/api/complaints', aComplaint());
    const refused = await decide(admin, String(filed.body.number), { decision: 'needed', note: 'x' });
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'not_a_ragging_report']);
  });
});

describe('the statutory clocks', () => {
  const runClocks = () => portal.app.jobs.raggingClocks();
  const setDue = (number: string, clock: 'fir' | 'enquiry', hoursAgo: number) =>
    db()
      .update(complaints)
      .set(clock === 'fir' ? { firDueAt: sql`now() - make_interval(hours => ${hoursAgo})` } : { enquiryDueAt: sql`now() - make_interval(hours => ${hoursAgo})` })
      .where(eq(complaints.number, number));

  it('escalate a missed FIR decision once to the nodal officer, then once to the head of the institution a day later', async () => {
    const number = await report();
    expect(await runClocks()).toEqual([]);
    await setDue(number, 'fir', 1);
    await runClocks();
    await runClocks();
    let row = await rowOf(number);
    expect([row.firEscalationLevel, row.enquiryEscalationLevel]).toEqual([1, 0]);
    let mails = await mailsOf(number, 'ragging_clock');
    expect(mails.map((m) => m.toEmails)).toEqual([[NODAL.email]]);
    expect(mails[0]?.subject).toBe(`Ragging report overdue: FIR decision — ${number}`);
    const bells = await db().select().from(notifications).where(and(eq(notifications.userId, ids[NODAL.email] ?? ''), eq(notifications.complaintId, row.id)));
    expect(bells.map((b) => b.text)).toEqual([`${number}: fir decision is overdue (ragging report)`]);

    await setDue(number, 'fir', 25);
    await runClocks();
    await runClocks();
    row = await rowOf(number);
    expect(row.firEscalationLevel).toBe(2);
    mails = await mailsOf(number, 'ragging_clock');
    expect(mails.map((m) => m.toEmails)).toEqual([[NODAL.email], [HEAD]]);
    for (const mail of mails) expectNoIdentity('a clock mail', `${mail.subject} ${mail.textBody} ${mail.htmlBody}`);

    const entries = await auditOf(number, 'ragging.clock_escalate');
    expect(entries.map((e) => (e.details as { level: number; to: string }).to).sort()).toEqual(['head', 'nodal_officer']);
    const events = await db().select().from(complaintEvents).where(and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.kind, 'ragging')));
    expect(events.every((e) => !e.public)).toBe(true);
    expect(events.map((e) => e.note).join('\n')).toMatch(/FIR decision overdue .*the nodal officer .* was told[\s\S]*the head of the institution .* was told/);
  });

  it('stop when the decision is recorded, and time the enquiry on its own', async () => {
    const number = await report();
    expect((await decide(duty, number, { decision: 'not_needed', note: 'Verbal; counselled.' })).status).toBe(200);
    await setDue(number, 'fir', 30);
    await setDue(number, 'enquiry', 2);
    await runClocks();
    const row = await rowOf(number);
    expect([row.firEscalationLevel, row.enquiryEscalationLevel]).toEqual([0, 1]);
    const [mail] = await mailsOf(number, 'ragging_clock');
    expect(mail?.subject).toBe(`Ragging report overdue: enquiry — ${number}`);
    expect(mail?.textBody).toContain('The FIR decision is recorded (No FIR needed)');
  });

  it('leave ragging reports out of the hostel wardens\' late escalation', async () => {
    const number = await report();
    await db().update(complaints).set({ dueAt: sql`now() - interval '3 days'` }).where(eq(complaints.number, number));
    await portal.app.jobs.escalate();
    expect((await rowOf(number)).escalationLevel).toBe(0);
  });

  it('pin the reports with a clock open at the top of the duty\'s list, soonest due first', async () => {
    const later = await report();
    const sooner = await report();
    const withdrawn = await report();
    await setDue(sooner, 'fir', 3);
    expect((await student.send('POST', `/api/complaints/${withdrawn}/withdraw`)).status).toBe(200);
    const { status, body } = await duty.get('/api/staff/ragging/clocks');
    expect(status, JSON.stringify(body)).toBe(200);
    const items = body.items as Array<{ number: string; nextDueAt: string; fir: { state: string }; enquiry: { state: string } }>;
    const numbers = items.map((i) => i.number);
    expect(numbers).toContain(later);
    expect(numbers).not.toContain(withdrawn);
    expect(numbers.indexOf(sooner)).toBeLessThan(numbers.indexOf(later));
    expect(items.find((i) => i.number === sooner)).toMatchObject({ fir: { state: 'overdue' }, enquiry: { state: 'running' } });
    const dues = items.map((i) => i.nextDueAt);
    expect(dues).toEqual([...dues].sort());
    // A report whose decision and enquiry are both recorded is off the list.
    expect((await decide(duty, later, { decision: 'not_needed', note: 'No offence.' })).status).toBe(200);
    expect((await closeEnquiry(duty, later, { outcome: 'not_established', note: 'Witnesses disagree.' })).status).toBe(200);
    const after = await duty.get('/api/staff/ragging/clocks');
    expect((after.body.items as Array<{ number: string }>).map((i) => i.number)).not.toContain(later);
  });
});

describe('an anonymous report', () => {
  it('has nobody to reveal and nobody to tell', async () => {
    const number = await report();
    const anonymousId = await anonymousReporterId(db());
    await db()
      .update(complaints)
      .set({ anonymous: true, studentId: anonymousId, userEmail: 'anonymous@invalid', fname: '', regId: '', trackingCode: `T-${number}` })
      .where(eq(complaints.number, number));
    const refused = await duty.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'The committee wants to meet the reporter.' });
    expect([refused.status, refused.body.error?.message]).toEqual([409, 'This report was filed anonymously: there is nobody to reveal.']);
    expect(await auditOf(number, 'complaint.reveal_identity')).toEqual([]);

    const moved = await duty.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged', note: 'We are on it.' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const row = await rowOf(number);
    expect((await mailsOf(number, 'status')).length).toBe(0);
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, anonymousId), eq(notifications.complaintId, row.id)))).toEqual([]);
  });

  it('stands behind one disabled account an administrator cannot change', async () => {
    const id = await anonymousReporterId(db());
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'anonymous@invalid', role: 'student', notifyMail: false, notifyBell: false, notifyPush: false });
    expect(row?.disabledAt).not.toBeNull();
    const enable = await admin.send('PUT', `/api/admin/users/${id}`, { role: 'student', antiRagging: false, scopes: [], disabled: false });
    expect([enable.status, enable.body.error?.code]).toEqual([409, 'anonymous_reporter']);
  });

  it('a named report is revealed only with a reason, which the audit keeps', async () => {
    const number = await report();
    expect((await duty.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: '' })).status).toBe(400);
    const shown = await duty.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'The committee meets the student tomorrow.' });
    expect([shown.status, shown.body.userEmail]).toEqual([200, STUDENT.email]);
    const [entry] = await auditOf(number, 'complaint.reveal_identity');
    expect(entry?.details).toMatchObject({ reason: 'The committee meets the student tomorrow.' });
  });
});

describe('sub-categories', () => {
  it('carry their own target time and routing key, seeded from the category and listed under routing', async () => {
    const { body } = await admin.get('/api/admin/categories');
    const other = (body.items as Array<Record<string, unknown>>).find((c) => c.key === 'other');
    if (!other) throw new Error('no Others');
    const { key: _key, route: _route, routingKey: _routingKey, updatedAt: _at, ...editable } = other;
    const subCategories = [
      { name: 'Theft', confidential: false, targetHours: 6, routingKey: 'securityDesk' },
      { name: 'Others', confidential: false },
    ];
    const bad = await admin.send('PUT', '/api/admin/categories/other', { ...editable, subCategories: [{ name: 'Theft', confidential: false, routingKey: 'no spaces' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {})).toEqual(['subCategories.0.routingKey']);
    const saved = await admin.send('PUT', '/api/admin/categories/other', { ...editable, subCategories });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.subCategories).toEqual(subCategories);

    // The new key starts with the category's recipients, and is an administrator's to change.
    const [seeded] = await db().select().from(routingRules).where(and(eq(routingRules.routingKey, 'securityDesk'), eq(routingRules.hostel, '')));
    expect(seeded?.toEmails).toEqual(['hostel.office@vitbhopal.ac.in']);
    const routing = await admin.get('/api/admin/routing');
    const keys = routing.body.keys as Array<{ routingKey: string; usedBy: Array<{ kind: string; name: string }> }>;
    expect(keys.find((k) => k.routingKey === 'securityDesk')?.usedBy).toEqual([{ kind: 'subCategory', category: 'other', name: 'Others → Theft' }]);
    expect(keys.find((k) => k.routingKey === 'ragging')?.usedBy).toEqual([{ kind: 'category', category: 'ragging', name: 'Report ragging' }]);
    expect((await admin.send('PUT', '/api/admin/routing/securityDesk/default', { to: ['security.desk@vitbhopal.ac.in'], cc: [] })).status).toBe(200);
    expect((await admin.send('PUT', '/api/admin/routing/nobodyReadsThis/default', { to: ['x@vitbhopal.ac.in'], cc: [] })).status).toBe(404);

    const theft = await student.post('/api/complaints', aComplaint({ category: 'other', subCategory: 'Theft', complaint: 'My bicycle is gone.' }));
    const others = await student.post('/api/complaints', aComplaint({ category: 'other', subCategory: 'Others', complaint: 'The notice board fell.' }));
    const theftRow = await rowOf(String(theft.body.number));
    const othersRow = await rowOf(String(others.body.number));
    expect(theftRow.toEmails).toEqual(['security.desk@vitbhopal.ac.in']);
    expect(othersRow.toEmails).toEqual(['hostel.office@vitbhopal.ac.in']);
    const hours = (r: typeof theftRow) => (r.dueAt.getTime() - r.createdAt.getTime()) / 3_600_000;
    expect(hours(theftRow)).toBeCloseTo(6, 1);
    expect(hours(othersRow)).toBeCloseTo(24, 1);

    // Reopened, it gets the sub-category's target again.
    expect((await admin.send('POST', `/api/staff/complaints/${theftRow.number}/transitions`, { to: 'resolved', note: 'Found it.' })).status).toBe(200);
    expect((await student.send('POST', `/api/complaints/${theftRow.number}/reopen`, { reason: 'It is not my bicycle.' })).status).toBe(200);
    const reopened = await rowOf(theftRow.number);
    expect((reopened.dueAt.getTime() - Date.now()) / 3_600_000).toBeCloseTo(6, 0);
  });
});

describe('the anti-ragging contacts', () => {
  const CONTACTS = {
    raggingHelpline: '1800-180-5522',
    committeeName: 'Anti-Ragging Committee, VIT Bhopal',
    committeeEmail: 'ARC@vitbhopal.ac.in',
    committeePhone: '+91 755 000 1111',
    nodalOfficerName: 'Dr. Asha Rao',
    nodalOfficerEmail: 'asha.rao@vitbhopal.ac.in',
    nodalOfficerPhone: '0755-000-2222',
    headName: 'Prof. Vice Chancellor',
    headEmail: 'vc@vitbhopal.ac.in',
  };

  it('are validated, audited apart from the profile, and followed by the ragging routing', async () => {
    const { body } = await admin.get('/api/admin/university');
    const profile = body.saved as Record<string, unknown>;
    expect(body.contacts).toMatchObject({ headEmail: HEAD, committeeEmail: COMMITTEE });
    expect((await duty.send('PUT', '/api/admin/university', { ...profile, contacts: CONTACTS })).status).toBe(403);
    const bad = await admin.send('PUT', '/api/admin/university', {
      ...profile,
      contacts: { ...CONTACTS, nodalOfficerEmail: 'not an address', committeePhone: 'call me', raggingHelpline: '', headName: '' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error?.fields ?? {}).sort()).toEqual(['contacts.committeePhone', 'contacts.headName', 'contacts.nodalOfficerEmail', 'contacts.raggingHelpline']);

    // The profile alone changes no contact and writes no contacts entry.
    expect((await admin.send('PUT', '/api/admin/university', profile)).status).toBe(200);
    expect(await auditOf('1', 'university.contacts')).toEqual([]);

    const saved = await admin.send('PUT', '/api/admin/university', { ...profile, contacts: CONTACTS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The committee's name in other languages comes with the contacts (decision 67): none given here.
    expect(saved.body.contacts).toEqual({ ...CONTACTS, committeeEmail: 'arc@vitbhopal.ac.in', translations: {} });
    const [entry] = await auditOf('1', 'university.contacts');
    expect(entry?.details).toMatchObject({ before: { committeeEmail: COMMITTEE, headEmail: HEAD }, after: { committeeEmail: 'arc@vitbhopal.ac.in', headEmail: 'vc@vitbhopal.ac.in' } });

    const [rule] = await db().select().from(routingRules).where(and(eq(routingRules.routingKey, 'ragging'), eq(routingRules.hostel, '')));
    expect([rule?.toEmails, rule?.ccEmails]).toEqual([['arc@vitbhopal.ac.in'], ['asha.rao@vitbhopal.ac.in']]);
    const catalog = await student.get('/api/catalog');
    const shown = (catalog.body.university as { raggingContacts: Record<string, string> }).raggingContacts;
    expect(shown).toMatchObject({ committeeEmail: 'arc@vitbhopal.ac.in', nodalOfficerName: 'Dr. Asha Rao', nodalOfficerPhone: '0755-000-2222' });
    expect(shown).not.toHaveProperty('headEmail');
    expect((await rowOf(await report())).toEmails).toEqual(['arc@vitbhopal.ac.in']);
  });
});

describe('migration 0021', () => {
  /** The migration's own statements that move Others → Ragging: run again on rows made the old way. */
  const statements = readFileSync(new URL('../../db/migrations/0021_ragging_channel.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim());
  const named = (start: string) => {
    const found = statements.find((s) => s.replace(/^(--[^\n]*\n)+/, '').startsWith(start));
    if (!found) throw new Error(`no statement starting ${start}`);
    return found;
  };

  it('moves confidential Others → Ragging complaints to the ragging category, the open ones to the committee with clocks from now', async () => {
    const open = await student.post('/api/complaints', aComplaint({ category: 'other', subCategory: 'Theft', complaint: 'Seniors at night (filed the old way).' }));
    const done = await student.post('/api/complaints', aComplaint({ category: 'other', subCategory: 'Theft', complaint: 'Seniors last term.' }));
    const theft = await student.post('/api/complaints', aComplaint({ category: 'other', subCategory: 'Theft', complaint: 'Bicycle.' }));
    const [openNo, doneNo, theftNo] = [open, done, theft].map((f) => String(f.body.number));
    const old = { category: 'other', complaintHead: 'Other Complaint', subCategory: 'Ragging', confidential: true, toEmails: ['hostel.office@vitbhopal.ac.in'], firDueAt: null, enquiryDueAt: null };
    await db().update(complaints).set(old).where(inArray(complaints.number, [openNo ?? '', doneNo ?? '']));
    await db().update(complaints).set({ status: 'closed' }).where(eq(complaints.number, doneNo ?? ''));
    await db()
      .update(categories)
      .set({ subCategories: sql`'[{"name":"Ragging","confidential":true},{"name":"Theft","confidential":false},{"name":"Others","confidential":false}]'::jsonb` })
      .where(eq(categories.key, 'other'));

    await db().execute(sql.raw(named('UPDATE "categories" SET')));
    await db().execute(sql.raw(named('WITH "moved"')));
    const [committee] = await db().select().from(routingRules).where(and(eq(routingRules.routingKey, 'ragging'), eq(routingRules.hostel, '')));

    const [other] = await db().select().from(categories).where(eq(categories.key, 'other'));
    expect(other?.subCategories.map((s) => s.name)).toEqual(['Theft', 'Others']);
    const moved = await rowOf(openNo ?? '');
    expect(moved).toMatchObject({ category: 'ragging', complaintHead: 'Ragging Complaint', subCategory: 'Ragging', toEmails: committee?.toEmails, ccEmails: committee?.ccEmails });
    expect(((moved.firDueAt?.getTime() ?? 0) - Date.now()) / 3_600_000).toBeCloseTo(24, 0);
    const finished = await rowOf(doneNo ?? '');
    expect(finished).toMatchObject({ category: 'ragging', toEmails: ['hostel.office@vitbhopal.ac.in'], firDueAt: null, enquiryDueAt: null });
    expect((await rowOf(theftNo ?? '')).category).toBe('other');
    const [note] = await db().select().from(complaintEvents).where(and(eq(complaintEvents.complaintId, moved.id), eq(complaintEvents.kind, 'ragging')));
    expect(note?.public).toBe(false);
    expect(note?.note).toContain('Moved from Others to Ragging');
  });
});
