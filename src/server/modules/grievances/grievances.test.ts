import { and, count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { targetOf } from '../../../shared/catalog.js';
import type { GrievanceSummary, GrievanceView } from '../../../shared/grievances.js';
import { auditLog, complaints, grievanceEntries, grievances, holidays, notifications, outbox, university } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { aPhoneJpeg, uploadPhoto } from '../../../../tests/factories/photos.js';
import { MovableClock } from '../../../../tests/support/clock.js';
import { portalTest } from '../../../../tests/support/fixtures.js';
import { MESSAGES_PER_HOUR } from './routes.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { pdfText } from '../../../../tests/support/pdf-text.js';
import type { SmtpSink } from '../../../../tests/support/smtp-sink.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';

/*
 * The grievance ladder over HTTP (issue 44): raising, the committee's hearing and decision, the
 * appeal and the Ombudsperson's disposal, the clocks across weekends and holidays on Kolkata's
 * calendar, the reminders of missed clocks (once each), and the university's report against SQL.
 * The portal's clock is moved; complaints are filed in the present.
 */

const clock = new MovableClock();
const test = portalTest({
  // A student may raise this many grievances a day (the limit's own test below meets it).
  env: { ...RELAXED_LIMITS, TIME_ZONE: 'Asia/Kolkata', RATE_LIMIT_GRIEVANCES_PER_DAY: '20' },
  app: { clock },
  mail: true,
  students: { other: { email: 'griev.other@vitbhopal.ac.in', name: 'Meera Iyer 21BCE20002' } },
});

const PEOPLE = {
  chair: { email: 'sgrc.chair@vitbhopal.ac.in', name: 'Prof. Suresh Rao' },
  member: { email: 'sgrc.member@vitbhopal.ac.in', name: 'Dr. Lata Verma' },
  invitee: { email: 'sgrc.invitee@vitbhopal.ac.in', name: 'Rohan Das 21BCE20003' },
  ombudsperson: { email: 'ombudsperson@vitbhopal.ac.in', name: 'Justice (Retd.) Anil Kapoor' },
  outsider: { email: 'not.on.it@vitbhopal.ac.in', name: 'Kiran Shah' },
};
const HEAD = 'vc.office@vitbhopal.ac.in';

let portal: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let other: ApiClient;
let mailSink: SmtpSink;
const seat: Record<keyof typeof PEOPLE, ApiClient> = {} as Record<keyof typeof PEOPLE, ApiClient>;

const SETUP = {
  members: [
    { email: PEOPLE.chair.email, name: PEOPLE.chair.name, position: 'chair', woman: false, reservedCategory: false },
    { email: PEOPLE.member.email, name: PEOPLE.member.name, position: 'member', woman: true, reservedCategory: true },
    { email: PEOPLE.invitee.email, name: PEOPLE.invitee.name, position: 'special_invitee', woman: false, reservedCategory: false },
  ],
  ombudsperson: { email: PEOPLE.ombudsperson.email, name: PEOPLE.ombudsperson.name },
};

let signInAs: (who: { email: string; name: string }) => Promise<ApiClient>;
test.beforeAll(async ({ portal: app, admin: a, staff: s, student: st, students, signIn, sink }) => {
  [portal, admin, staff, student, other, mailSink] = [app, a, s, st, students.other, sink];
  signInAs = signIn;
  for (const [key, who] of Object.entries(PEOPLE) as Array<[keyof typeof PEOPLE, { email: string; name: string }]>) seat[key] = await signIn(who);
  // Saturdays and Sundays off, as many universities keep them; the head of the institution has no account (until they follow the mail's link).
  await portal.database.db.update(university).set({ weeklyDaysOff: [6, 7], headName: 'Vice-Chancellor', headEmail: HEAD, catalogVersion: sql`${university.catalogVersion} + 1` });
  portal.app.catalog.invalidate();
});
afterEach(() => {
  clock.release();
});

const db = () => portal.database.db;

async function file(who: ApiClient, over: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await who.post('/api/complaints', aComplaint(over));
  expect(status, JSON.stringify(body)).toBe(201);
  return String(body.number);
}
/** The complaint's target as the catalogue says, in milliseconds of its unit. */
async function targetMsOf(category: string, subCategory: string): Promise<number> {
  const catalog = (await student.get('/api/catalog')).body as Parameters<typeof targetOf>[0];
  return targetOf(catalog, category, subCategory).hours * 3_600_000;
}

/** The same, for the tests whose categories count plain hours. */
async function targetMs(category: string, subCategory: string): Promise<number> {
  const catalog = (await student.get('/api/catalog')).body as Parameters<typeof targetOf>[0];
  expect(targetOf(catalog, category, subCategory).unit).toBe('hours');
  return targetMsOf(category, subCategory);
}

async function move(number: string, to: string, note = '') {
  const { status, body } = await staff.post(`/api/staff/complaints/${number}/transitions`, { to, note });
  expect(status, JSON.stringify(body)).toBe(200);
}
async function rejected(who: ApiClient = student): Promise<string> {
  const number = await file(who);
  await move(number, 'rejected', 'Outside the hostel’s responsibility.');
  return number;
}
async function raise(who: ApiClient, body: Record<string, unknown>): Promise<GrievanceView> {
  const { status, body: answer } = await who.send('POST', '/api/grievances', { reason: 'The wifi still does not work and nobody came.', ...body });
  expect(status, JSON.stringify(answer)).toBe(201);
  return answer as unknown as GrievanceView;
}
const grievanceCount = async () => Number((await db().select({ n: count() }).from(grievances))[0]?.n ?? 0);
const entryCount = async (number: string) =>
  Number((await db().select({ n: count() }).from(grievanceEntries).innerJoin(grievances, eq(grievances.id, grievanceEntries.grievanceId)).where(eq(grievances.number, number)))[0]?.n ?? 0);
/** The mail about one grievance (its number is in every subject) to one address. */
const outboxTo = async (address: string, purpose: string, number: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.purpose, purpose), sql`${address} = any(${outbox.toEmails})`, sql`${outbox.subject} like ${`%${number}%`}`));
async function decide(number: string, who: ApiClient = seat.chair) {
  const { status, body } = await who.send('POST', `/api/committee/grievances/${number}/decision`, { outcome: 'partly_upheld', findings: 'The router on floor 3 was never replaced.', decision: 'The estate office replaces it within a week.' });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as GrievanceView;
}
async function pdfOf(who: ApiClient, path: string) {
  const response = await who.http.request(`${who.baseUrl}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}
async function setHoliday(day: string, name: string) {
  await db().insert(holidays).values({ day, name }).onConflictDoNothing();
  await db().update(university).set({ catalogVersion: sql`${university.catalogVersion} + 1` });
  portal.app.catalog.invalidate();
}

describe('the committee (admin console)', () => {
  it('is named whole, with the regulation’s checklist saying what is missing; bad setups are refused and nothing is stored', async () => {
    expect((await student.get('/api/admin/grievance-committee')).status).toBe(403);
    const empty = await admin.get('/api/admin/grievance-committee');
    expect(empty.body).toMatchObject({ members: [], ombudsperson: null });
    expect((empty.body.checklist as Array<{ met: boolean }>).every((c) => !c.met)).toBe(true);

    const put = (body: unknown) => admin.send('PUT', '/api/admin/grievance-committee', body);
    const twoChairs = await put({ ...SETUP, members: [...SETUP.members, { ...SETUP.members[1], email: 'second.chair@vitbhopal.ac.in', position: 'chair' }] });
    expect(twoChairs.status).toBe(400);
    expect(twoChairs.body.error?.fields?.['members.3.position']).toBe('The committee has one chair');
    const outside = await put({ ...SETUP, ombudsperson: { email: 'judge@gmail.com', name: 'A Judge' } });
    expect(outside.status).toBe(400);
    expect(outside.body.error?.fields?.['ombudsperson.email']).toBe('Use an address of the university’s own domain');
    const twice = await put({ ...SETUP, ombudsperson: { email: PEOPLE.member.email, name: 'Dr. Lata Verma' } });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.fields?.['ombudsperson.email']).toBe('This address is given twice: a person holds one seat');
    expect((await put({ ...SETUP, members: [{ ...SETUP.members[0], email: 'not-an-address' }] })).status).toBe(400);
    expect((await admin.get('/api/admin/grievance-committee')).body).toMatchObject({ members: [], ombudsperson: null });

    const saved = await put(SETUP);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.members).toEqual([
      expect.objectContaining({ email: PEOPLE.chair.email, position: 'chair', signedUp: true }),
      expect.objectContaining({ email: PEOPLE.member.email, woman: true, reservedCategory: true }),
      expect.objectContaining({ email: PEOPLE.invitee.email, position: 'special_invitee' }),
    ]);
    // Three people: a chair, the woman and SC/ST/OBC member, an invitee: four members are not there yet.
    expect(saved.body.checklist).toEqual([
      { item: 'chair', met: true },
      { item: 'members', met: false },
      { item: 'woman', met: true },
      { item: 'reserved_category', met: true },
      { item: 'student_invitee', met: true },
      { item: 'ombudsperson', met: true },
    ]);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, 'grievance.committee'));
    expect(row?.details).toMatchObject({ before: { members: [] }, after: { ombudsperson: { email: PEOPLE.ombudsperson.email } } });

    expect((await seat.chair.get('/api/grievance-seats')).body).toEqual({ committee: 'chair', ombudsperson: false, head: false });
    expect((await seat.ombudsperson.get('/api/grievance-seats')).body).toEqual({ committee: null, ombudsperson: true, head: false });
    expect((await student.get('/api/grievance-seats')).body).toEqual({ committee: null, ombudsperson: false, head: false });
  });
});

describe('raising a grievance', () => {
  it('on a rejected complaint: its own number, status and clock; the committee and the student are told', async () => {
    const number = await rejected();
    expect((await student.get(`/api/complaints/${number}/grievance`)).body).toEqual({ eligible: true, because: 'rejected' });
    const g = await raise(student, { complaintNumber: number });
    expect(g.number).toMatch(/^GR-\d{4}-\d{4,}$/);
    expect(g).toMatchObject({ status: 'received', complaintNumber: number, hostel: 'Block-2', subject: 'Wifi Complaint: Slow', mayAppeal: false, appealUntil: null });
    expect(g.committee.state).toBe('running');
    expect(g.thread).toEqual([expect.objectContaining({ kind: 'raised', by: 'You', text: 'The wifi still does not work and nobody came.' })]);
    expect((await student.get(`/api/complaints/${number}/grievance`)).body).toEqual({ eligible: false, because: 'already_raised', grievanceNumber: g.number });
    expect((await student.get('/api/grievances')).body.items).toEqual(expect.arrayContaining([expect.objectContaining({ number: g.number })]));
    for (const member of [PEOPLE.chair.email, PEOPLE.member.email, PEOPLE.invitee.email]) expect(await outboxTo(member, 'grievance_raised', g.number)).toHaveLength(1);
    expect(await outboxTo('aarav.sharma1@vitbhopal.ac.in', 'grievance_received', g.number)).toHaveLength(1);
    await expect.poll(() => portal.database.db.select().from(notifications).where(eq(notifications.link, `/committee/grievances/${g.number}`)).then((r) => r.length)).toBe(3);
    const [audited] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'grievance.raise'), eq(auditLog.targetId, g.number)));
    expect(audited?.details).toMatchObject({ complaint: number });
    // Twice on one complaint: refused with the first one's number.
    const again = await student.send('POST', '/api/grievances', { complaintNumber: number, reason: 'Again.' });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(`This complaint is already with the grievance committee as ${g.number}.`);
  });

  it('on a complaint reopened twice, and on one overdue by more than its target', async () => {
    const reopenedTwice = await file(student);
    for (let i = 0; i < 2; i += 1) {
      await move(reopenedTwice, 'resolved', 'Fixed.');
      expect((await student.send('POST', `/api/complaints/${reopenedTwice}/reopen`, { reason: 'It drops again.' })).status).toBe(200);
    }
    expect((await student.get(`/api/complaints/${reopenedTwice}/grievance`)).body).toEqual({ eligible: true, because: 'reopened_twice' });
    await raise(student, { complaintNumber: reopenedTwice });

    const late = await file(student);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, late));
    if (!row) throw new Error('filed');
    const target = await targetMs(row.category, row.subCategory);
    // Overdue by exactly its target is not yet more than it.
    clock.at(new Date(row.dueAt.getTime() + target));
    expect((await student.get(`/api/complaints/${late}/grievance`)).body).toEqual({ eligible: false, because: 'not_yet' });
    const early = await student.send('POST', '/api/grievances', { complaintNumber: late, reason: 'Late.' });
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('not_eligible');
    clock.at(new Date(row.dueAt.getTime() + target + 60_000));
    expect((await student.get(`/api/complaints/${late}/grievance`)).body).toEqual({ eligible: true, because: 'overdue' });
    await raise(student, { complaintNumber: late });

    // A clock that waits for the student's answer stands still: that complaint is never overdue meanwhile.
    clock.release();
    const waiting = await file(student);
    const asked = await staff.post(`/api/staff/complaints/${waiting}/replies`, { text: 'Which room exactly?', internal: false, waitForStudent: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(204);
    expect((await db().select().from(complaints).where(eq(complaints.number, waiting)))[0]?.clockPausedAt).not.toBeNull();
    clock.at(new Date(Date.now() + 30 * 86_400_000));
    expect((await student.get(`/api/complaints/${waiting}/grievance`)).body).toEqual({ eligible: false, because: 'not_yet' });
  });

  it('reads a waiting clock in working hours as it stood: not yet when it was on time, overdue when it stopped late beyond its target', async () => {
    const list = await admin.get('/api/admin/categories');
    const wifi = (list.body.items as Array<Record<string, unknown>>).find((c) => c.key === 'wifi');
    if (!wifi) throw new Error('the wifi category');
    const { key: _key, route: _route, routingKey: _routingKey, updatedAt: _updatedAt, ...editable } = wifi;
    const setUnit = async (targetUnit: 'hours' | 'working_hours') => expect((await admin.send('PUT', '/api/admin/categories/wifi', { ...editable, targetUnit })).status).toBe(200);
    await setUnit('working_hours');
    try {
      clock.at('2027-03-02T04:30:00Z'); // a Tuesday morning in Kolkata
      const onTime = await file(student);
      expect((await staff.post(`/api/staff/complaints/${onTime}/replies`, { text: 'Which access point?', internal: false, waitForStudent: true })).status).toBe(204);
      clock.at('2027-04-30T04:30:00Z');
      expect((await student.get(`/api/complaints/${onTime}/grievance`)).body).toEqual({ eligible: false, because: 'not_yet' });

      clock.at('2027-03-02T04:30:00Z');
      const late = await file(student);
      const [row] = await db().select().from(complaints).where(eq(complaints.number, late));
      if (!row) throw new Error('filed');
      const target = await targetMsOf(row.category, row.subCategory);
      // Late by more than its target (counted on the clock, which only lengthens working hours), then waiting.
      clock.at(new Date(row.dueAt.getTime() + 2 * target + 7 * 86_400_000));
      expect((await staff.post(`/api/staff/complaints/${late}/replies`, { text: 'Still happening?', internal: false, waitForStudent: true })).status).toBe(204);
      expect((await student.get(`/api/complaints/${late}/grievance`)).body).toEqual({ eligible: true, because: 'overdue' });
    } finally {
      await setUnit('hours');
      clock.release();
    }
  });

  it('counts a reopened complaint late from its reopening, not from its filing', async () => {
    const filedAt = new Date('2027-03-01T04:30:00Z');
    clock.at(filedAt);
    const number = await file(student);
    await move(number, 'resolved', 'Fixed.');
    // Reopened ten days later, its clock starts again then: one target past that new due time, it may go.
    clock.at(new Date(filedAt.getTime() + 10 * 86_400_000));
    expect((await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'It drops again.' })).status).toBe(200);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    if (!row) throw new Error('filed');
    const target = await targetMs(row.category, row.subCategory);
    clock.at(new Date(row.dueAt.getTime() + target - 60_000));
    expect((await student.get(`/api/complaints/${number}/grievance`)).body).toEqual({ eligible: false, because: 'not_yet' });
    clock.at(new Date(row.dueAt.getTime() + target + 60_000));
    expect((await student.get(`/api/complaints/${number}/grievance`)).body).toEqual({ eligible: true, because: 'overdue' });
    clock.release();
  });

  it('is refused for a complaint not yet eligible, a ragging report, a confidential or anonymous one, someone else’s, and bad input: nothing stored', async () => {
    const before = await grievanceCount();
    const fresh = await file(student);
    const notYet = await student.send('POST', '/api/grievances', { complaintNumber: fresh, reason: 'Too slow.' });
    expect(notYet.status).toBe(409);
    expect(notYet.body.error?.message).toBe('This complaint cannot go to the grievance committee yet: it can once it is rejected, reopened twice, or overdue by more than its target time.');

    const ragging = await student.post('/api/complaints', {
      category: 'ragging',
      subCategory: 'Verbal / abuse',
      hostel: 'Block-2',
      floor: 0,
      roomNo: '',
      placeKind: 'hostel',
      placeText: 'Block-2, corridor of floor 2',
      complaint: 'Seniors shout at us every night.',
    });
    expect(ragging.status, JSON.stringify(ragging.body)).toBe(201);
    const refusedRagging = await student.send('POST', '/api/grievances', { complaintNumber: ragging.body.number, reason: 'Nothing happened.' });
    expect(refusedRagging.status).toBe(409);
    expect(refusedRagging.body.error?.code).toBe('ragging_not_grievance');
    expect(refusedRagging.body.error?.message).toContain('Ragging is not a grievance: it stays with the Anti-Ragging Committee');
    expect(refusedRagging.body.error?.message).toContain('1800-180-5522');

    for (const flag of ['confidential', 'anonymous'] as const) {
      const number = await rejected();
      await db().update(complaints).set({ [flag]: true }).where(eq(complaints.number, number));
      expect((await student.get(`/api/complaints/${number}/grievance`)).body).toEqual({ eligible: false, because: flag });
      const refused = await student.send('POST', '/api/grievances', { complaintNumber: number, reason: 'Why?' });
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('confidential_not_grievance');
    }

    const theirs = await rejected(other);
    expect((await student.send('POST', '/api/grievances', { complaintNumber: theirs, reason: 'Not mine.' })).status).toBe(404);
    expect((await student.get(`/api/complaints/${theirs}/grievance`)).status).toBe(404);
    expect((await student.send('POST', '/api/grievances', { complaintNumber: 'HC-2026-999999', reason: 'None.' })).status).toBe(404);

    const empty = await student.send('POST', '/api/grievances', { complaintNumber: theirs, reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.reason).toBe('Say why you are not satisfied');
    const noHostel = await student.send('POST', '/api/grievances', { reason: 'The mess food is stale.' });
    expect(noHostel.status).toBe(400);
    expect(noHostel.body.error?.fields).toMatchObject({ hostel: 'Choose your hostel', subject: 'Give the grievance a subject' });
    expect((await student.send('POST', '/api/grievances', { hostel: 'Nowhere', subject: 'Mess', reason: 'Stale food.' })).status).toBe(400);
    expect(await grievanceCount()).toBe(before);
  });

  it('about a hostel matter with no complaint behind it, with photos its readers see and nobody else', async () => {
    const upload = await uploadPhoto(other, await aPhoneJpeg({ width: 320, height: 240 }));
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const photoId = String(upload.body.id);
    const g = await raise(other, { hostel: 'Girls', subject: 'The mess serves stale food', reason: 'Three weeks of stale breakfasts; the warden says it is not theirs to fix.', photoIds: [photoId] });
    expect(g).toMatchObject({ complaintNumber: null, hostel: 'Girls', subject: 'The mess serves stale food', status: 'received' });
    expect(g.photos).toEqual([{ id: photoId, url: `/api/grievances/${g.number}/photos/${photoId}/full` }]);
    const photo = await pdfOf(seat.member, g.photos[0]?.url ?? '');
    expect(photo).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await pdfOf(student, g.photos[0]?.url ?? '')).status).toBe(404);
    // Sent with the grievance, it is not anyone's to attach again, nor a pending upload the clean-up takes.
    const reused = await other.post('/api/complaints', aComplaint({ photoIds: [photoId] }));
    expect(reused.status).toBe(422);
    expect(await portal.app.jobs.removeAbandonedPhotos()).toBe(0);
    const seen = await seat.member.get(`/api/committee/grievances/${g.number}`);
    expect(seen.body).toMatchObject({ complaint: null, student: { name: 'Meera Iyer', email: 'griev.other@vitbhopal.ac.in' } });
    // Someone else's grievance is not said to exist.
    expect((await student.get(`/api/grievances/${g.number}`)).status).toBe(404);
  });
});

describe('the limit on raising', () => {
  test('refuses a student’s grievance past the day’s limit with when it lifts, and stores nothing', async ({ newStudent }) => {
    for (let i = 0; i < 20; i += 1) await raise(newStudent, { hostel: 'Block-3', subject: `Matter ${i + 1}`, reason: 'The common room is locked.' });
    const before = await grievanceCount();
    const refused = await newStudent.send('POST', '/api/grievances', { hostel: 'Block-3', subject: 'One more', reason: 'The common room is locked.' });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/^You have raised as many grievances as the portal takes in a day\. You can raise another after \d\d:\d\d\.$/);
    expect(await grievanceCount()).toBe(before);
    // Another student is not held back by it.
    await raise(other, { hostel: 'Block-3', subject: 'The common room', reason: 'Locked since Monday.' });
  });
});

describe('the committee at work', () => {
  it('members see the complaint’s whole history; a hearing tells the student; the decision goes to the thread and as a dated PDF, once', async () => {
    const number = await file(student);
    await staff.post(`/api/staff/complaints/${number}/replies`, { text: 'Vendor called; waiting on the part.', internal: true });
    await move(number, 'rejected', 'Duplicate of an older complaint.');
    const g = await raise(student, { complaintNumber: number });

    const listed = (await seat.invitee.get('/api/committee/grievances?state=open')).body.items as GrievanceSummary[];
    expect(listed.map((s) => s.number)).toContain(g.number);
    const view = (await seat.member.get(`/api/committee/grievances/${g.number}`)).body as unknown as GrievanceView;
    expect(view.student).toMatchObject({ email: 'aarav.sharma1@vitbhopal.ac.in' });
    expect(view.complaint).toMatchObject({ number, status: 'rejected', text: 'The wifi drops every evening after 9 pm.' });
    const history = view.complaint?.history ?? [];
    expect(history.map((h) => h.text)).toEqual(expect.arrayContaining(['Vendor called; waiting on the part.', 'Rejected — Duplicate of an older complaint.']));
    expect(history.find((h) => h.text.startsWith('Vendor'))?.kind).toBe('note');
    // The student special invitee reads the student's name and the complaint as a student could:
    // not another student's address and registration number, nor the team's internal notes.
    const inviteeView = (await seat.invitee.get(`/api/committee/grievances/${g.number}`)).body as unknown as GrievanceView;
    expect(inviteeView.student).toEqual({ name: view.student?.name, email: '', regNumber: null });
    expect(inviteeView.complaint?.history.map((h) => h.text)).toEqual(expect.arrayContaining(['Rejected — Duplicate of an older complaint.']));
    expect(inviteeView.complaint?.history.some((h) => h.kind === 'note' || h.text.startsWith('Vendor'))).toBe(false);

    // The invitee writes but does not hold hearings or decide.
    expect((await seat.invitee.send('POST', `/api/committee/grievances/${g.number}/messages`, { text: 'I live on that floor; it is still down.' })).status).toBe(201);
    const inviteeHearing = await seat.invitee.send('POST', `/api/committee/grievances/${g.number}/hearings`, { at: '2030-01-10T10:00:00+05:30', place: 'Room 101' });
    expect(inviteeHearing.status).toBe(403);
    expect(inviteeHearing.body.error?.code).toBe('invitee_cannot_decide');

    const past = await seat.chair.send('POST', `/api/committee/grievances/${g.number}/hearings`, { at: '2020-01-10T10:00:00+05:30', place: 'Room 101' });
    expect(past.status).toBe(400);
    const hearing = await seat.chair.send('POST', `/api/committee/grievances/${g.number}/hearings`, { at: '2030-01-10T10:00:00+05:30', place: 'Dean’s office, Academic Block 1' });
    expect(hearing.status, JSON.stringify(hearing.body)).toBe(201);
    expect(hearing.body).toMatchObject({ kind: 'hearing', hearing: { at: '2030-01-10T04:30:00.000Z', place: 'Dean’s office, Academic Block 1' } });
    const toStudent = await outboxTo('aarav.sharma1@vitbhopal.ac.in', 'grievance_hearing', g.number);
    expect(toStudent).toHaveLength(1);
    expect(toStudent[0]?.textBody).toContain('10 Jan 2030, 10:00');
    expect(toStudent[0]?.textBody).toContain('Dean’s office, Academic Block 1');
    const mine = (await student.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView;
    expect(mine.status).toBe('hearing_scheduled');
    expect(mine.thread.map((t) => [t.kind, t.by])).toEqual([
      ['raised', 'You'],
      ['message', 'The committee'],
      ['hearing', 'The committee'],
    ]);
    expect(mine.complaint).toBeUndefined();

    const decided = await decide(g.number);
    expect(decided).toMatchObject({ status: 'decided', decision: { outcome: 'partly_upheld', pdfUrl: `/api/grievances/${g.number}/decision.pdf` } });
    const twice = await seat.member.send('POST', `/api/committee/grievances/${g.number}/decision`, { outcome: 'upheld', findings: 'Again.', decision: 'Again.' });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.code).toBe('already_decided');
    expect((await db().select().from(grievances).where(eq(grievances.number, g.number)))[0]?.outcome).toBe('partly_upheld');

    const studentView = (await student.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView;
    expect(studentView.thread.at(-1)).toMatchObject({ kind: 'decision', outcome: 'partly_upheld', text: 'The estate office replaces it within a week.', pdfUrl: `/api/grievances/${g.number}/decision.pdf` });
    expect(studentView.mayAppeal).toBe(true);
    expect(await outboxTo('aarav.sharma1@vitbhopal.ac.in', 'grievance_decision', g.number)).toHaveLength(1);

    const pdf = await pdfOf(student, `/api/grievances/${g.number}/decision.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = pdfText(pdf.bytes);
    for (const words of [g.number, number, 'Aarav Sharma', 'The router on floor 3 was never replaced.', 'The estate office replaces it within a week.', PEOPLE.chair.name, PEOPLE.ombudsperson.name, 'Partly upheld']) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(/appeal against this decision to the Ombudsperson/);
    expect((await pdfOf(seat.member, `/api/grievances/${g.number}/decision.pdf`)).status).toBe(200);
    expect((await pdfOf(other, `/api/grievances/${g.number}/decision.pdf`)).status).toBe(404);
    // Not appealed: the Ombudsperson has nothing of it to read.
    expect((await pdfOf(seat.ombudsperson, `/api/grievances/${g.number}/decision.pdf`)).status).toBe(404);
    expect((await pdfOf(student, `/api/grievances/${g.number}/disposal.pdf`)).status).toBe(404);

    // A paper issued once reads the same when the seats change hands: it names the Ombudsperson of its day.
    const next = { email: 'new.ombudsperson@vitbhopal.ac.in', name: 'Justice (Retd.) K. Varma' };
    expect((await admin.send('PUT', '/api/admin/grievance-committee', { ...SETUP, ombudsperson: next })).status).toBe(200);
    try {
      const later = pdfText((await pdfOf(student, `/api/grievances/${g.number}/decision.pdf`)).bytes);
      expect(later).toContain(PEOPLE.ombudsperson.name);
      expect(later).not.toContain(next.name);
    } finally {
      expect((await admin.send('PUT', '/api/admin/grievance-committee', SETUP)).status).toBe(200);
    }
  });

  it('refuses whoever is not a member, a member of another seat and a removed member: 403, nothing stored; an unknown number is 404', async () => {
    const g = await raise(student, { complaintNumber: await rejected() });
    const before = await entryCount(g.number);
    const writes = [
      ['POST', `/api/committee/grievances/${g.number}/hearings`, { at: '2030-02-01T10:00:00+05:30', place: 'Room 1' }],
      ['POST', `/api/committee/grievances/${g.number}/decision`, { outcome: 'upheld', findings: 'F', decision: 'D' }],
      ['POST', `/api/committee/grievances/${g.number}/messages`, { text: 'Hello' }],
    ] as const;
    for (const who of [seat.outsider, staff, admin, seat.ombudsperson]) {
      expect((await who.get(`/api/committee/grievances/${g.number}`)).status).toBe(403);
      expect((await who.get('/api/committee/grievances')).status).toBe(403);
      for (const [method, path, body] of writes) {
        const answer = await who.send(method, path, body);
        expect(answer.status, `${who.user.email} ${path}`).toBe(403);
      }
    }
    for (const who of [seat.chair, seat.outsider, student]) {
      expect((await who.get('/api/ombudsperson/appeals')).status).toBe(403);
      expect((await who.send('POST', `/api/ombudsperson/appeals/${g.number}/questions`, { to: 'student', text: 'Why?' })).status).toBe(403);
    }
    expect(await entryCount(g.number)).toBe(before);
    expect((await seat.chair.get('/api/committee/grievances/GR-2026-9999')).status).toBe(404);
    expect((await seat.outsider.get('/api/committee/grievances/GR-2026-9999')).status).toBe(403);

    // Taken off the committee, the member can do nothing more.
    await admin.send('PUT', '/api/admin/grievance-committee', { ...SETUP, members: SETUP.members.filter((m) => m.email !== PEOPLE.member.email) });
    expect((await seat.member.send('POST', `/api/committee/grievances/${g.number}/messages`, { text: 'Still here?' })).status).toBe(403);
    expect(await entryCount(g.number)).toBe(before);
    await admin.send('PUT', '/api/admin/grievance-committee', SETUP);
  });
});

describe('the clocks on Kolkata’s working calendar', () => {
  // 19:00 UTC on Thursday 17 December 2026 is 00:30 on Friday the 18th in Kolkata: received on a Friday.
  const RECEIVED = '2026-12-17T19:00:00Z';

  it('put the committee’s deadline on the 15th working day, past weekends and holidays, and the appeal and the Ombudsperson’s on calendar days', async () => {
    await setHoliday('2026-12-25', 'Christmas');
    clock.at(RECEIVED);
    const g = await raise(student, { complaintNumber: await rejected() });
    // Working days from Monday 21 Dec, without the Saturdays, Sundays and Christmas: the 15th is Monday 11 January.
    expect(g.committee).toEqual({ dueAt: '2027-01-11T18:29:59.999Z', state: 'running' });
    // A holiday declared after receipt does not move the deadline already given.
    await setHoliday('2027-01-05', 'Declared later');
    expect(((await student.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView).committee.dueAt).toBe('2027-01-11T18:29:59.999Z');

    // Decided at 01:30 on Saturday 9 January in Kolkata (still Friday in UTC): the window ends with Sunday 24 January there.
    clock.at('2027-01-08T20:00:00Z');
    const decided = await decide(g.number);
    expect(decided.committee.state).toBe('on_time');
    expect(((await student.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView).appealUntil).toBe('2027-01-24T18:29:59.999Z');

    clock.at('2027-01-24T18:00:00Z');
    const appealed = await student.send('POST', `/api/grievances/${g.number}/appeal`, { reason: 'A week was not enough; the router is still not replaced.' });
    expect(appealed.status, JSON.stringify(appealed.body)).toBe(200);
    // Thirty days from Sunday 24 January, holidays and all: the end of Tuesday 23 February.
    expect(appealed.body).toMatchObject({ status: 'appealed', mayAppeal: false, appeal: { dueAt: '2027-02-23T18:29:59.999Z', state: 'running' } });
    expect((await student.send('POST', `/api/grievances/${g.number}/appeal`, { reason: 'Again.' })).body.error?.code).toBe('already_appealed');
  });

  it('close the appeal after its 15th day: the button goes, and the refusal names the day it closed', async () => {
    clock.at(RECEIVED);
    const g = await raise(student, { complaintNumber: await rejected() });
    const early = await student.send('POST', `/api/grievances/${g.number}/appeal`, { reason: 'Too soon.' });
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('not_decided');
    clock.at('2027-01-08T20:00:00Z');
    await decide(g.number);
    clock.at('2027-01-24T18:30:00Z');
    const view = (await student.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView;
    expect(view).toMatchObject({ status: 'decided', mayAppeal: false, appealUntil: '2027-01-24T18:29:59.999Z' });
    const late = await student.send('POST', `/api/grievances/${g.number}/appeal`, { reason: 'Late.' });
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(`The time to appeal against the decision on ${g.number} ended on Sun, 24 Jan, 2027: an appeal is made within 15 days of the decision.`);
    expect((await db().select().from(grievances).where(eq(grievances.number, g.number)))[0]?.appealedAt).toBeNull();
  });
});

describe('the appeal to the Ombudsperson', () => {
  it('sees what the committee saw, asks the student and the committee, and disposes once; both are told with a dated PDF', async () => {
    const number = await rejected();
    const g = await raise(student, { complaintNumber: number });
    await decide(g.number);
    expect((await seat.ombudsperson.get(`/api/ombudsperson/appeals/${g.number}`)).status).toBe(404);
    expect((await student.send('POST', `/api/grievances/${g.number}/appeal`, { reason: 'The decision does not say <b>when</b>.' })).status).toBe(200);
    const [appealMail] = await outboxTo(PEOPLE.ombudsperson.email, 'grievance_appeal', g.number);
    // What the student wrote reaches the mail as text, never as markup.
    expect(appealMail?.htmlBody).toContain('does not say &lt;b&gt;when&lt;/b&gt;.');
    expect(appealMail?.htmlBody).not.toContain('<b>when');
    expect(appealMail?.textBody).toContain('The appeal is to be disposed of within 30 days');

    expect(((await seat.ombudsperson.get('/api/ombudsperson/appeals')).body.items as GrievanceSummary[]).map((s) => s.number)).toContain(g.number);
    const seen = (await seat.ombudsperson.get(`/api/ombudsperson/appeals/${g.number}`)).body as unknown as GrievanceView;
    expect(seen).toMatchObject({ status: 'appealed', decision: { outcome: 'partly_upheld' }, complaint: { number }, student: { email: 'aarav.sharma1@vitbhopal.ac.in' } });
    expect((await pdfOf(seat.ombudsperson, `/api/grievances/${g.number}/decision.pdf`)).status).toBe(200);

    const asked = await seat.ombudsperson.send('POST', `/api/ombudsperson/appeals/${g.number}/questions`, { to: 'committee', text: 'Who checked the router?' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ kind: 'question', to: 'committee', text: 'Who checked the router?' });
    expect(await outboxTo(PEOPLE.chair.email, 'grievance_question', g.number)).toHaveLength(1);
    const answer = await seat.chair.send('POST', `/api/committee/grievances/${g.number}/messages`, { text: 'The estate office did, on 2 December.' });
    expect(answer.status).toBe(201);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'grievance.answer'), eq(auditLog.targetId, g.number)))).toHaveLength(1);
    expect((await seat.ombudsperson.send('POST', `/api/ombudsperson/appeals/${g.number}/questions`, { to: 'student', text: 'Is it working now?' })).status).toBe(201);
    const thread = ((await student.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView).thread;
    expect(thread.at(-1)).toMatchObject({ kind: 'question', to: 'student', by: 'The Ombudsperson' });
    const answered = await student.send('POST', `/api/grievances/${g.number}/messages`, { text: 'No, it drops every night.' });
    expect(answered.body).toMatchObject({ kind: 'message', by: 'You', fromStudent: true });
    const seenByOmbudsperson = ((await seat.ombudsperson.get(`/api/ombudsperson/appeals/${g.number}`)).body as unknown as GrievanceView).thread;
    expect(seenByOmbudsperson.filter((t) => t.kind === 'message').map((t) => t.fromStudent)).toEqual([false, true]);
    expect((await seat.ombudsperson.send('POST', `/api/ombudsperson/appeals/${g.number}/questions`, { to: 'nobody', text: 'x' })).status).toBe(400);

    const disposal = { outcome: 'modified', findings: 'The committee gave no date.', decision: 'The router is replaced by 15 December; the warden confirms in writing.' };
    const disposed = await seat.ombudsperson.send('POST', `/api/ombudsperson/appeals/${g.number}/disposal`, disposal);
    expect(disposed.status, JSON.stringify(disposed.body)).toBe(200);
    expect(disposed.body).toMatchObject({ status: 'disposed', disposal: { outcome: 'modified', pdfUrl: `/api/grievances/${g.number}/disposal.pdf` }, appeal: { state: 'on_time' } });
    const twice = await seat.ombudsperson.send('POST', `/api/ombudsperson/appeals/${g.number}/disposal`, { ...disposal, outcome: 'set_aside' });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.code).toBe('already_disposed');
    expect((await seat.ombudsperson.send('POST', `/api/ombudsperson/appeals/${g.number}/questions`, { to: 'student', text: 'After?' })).status).toBe(409);
    expect(await outboxTo('aarav.sharma1@vitbhopal.ac.in', 'grievance_disposal', g.number)).toHaveLength(1);
    expect(await outboxTo(PEOPLE.chair.email, 'grievance_disposal', g.number)).toHaveLength(1);
    const text = pdfText((await pdfOf(student, `/api/grievances/${g.number}/disposal.pdf`)).bytes);
    for (const words of [g.number, number, 'Decision modified', 'The committee gave no date.', PEOPLE.ombudsperson.name]) expect(text).toContain(words);
    // Closed now: no more messages.
    expect((await student.send('POST', `/api/grievances/${g.number}/messages`, { text: 'Thanks.' })).status).toBe(409);
  });

  it('a grievance withdrawn before the decision takes no decision', async () => {
    const g = await raise(student, { complaintNumber: await rejected() });
    const withdrawn = await student.send('POST', `/api/grievances/${g.number}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn' });
    expect((await seat.chair.send('POST', `/api/committee/grievances/${g.number}/decision`, { outcome: 'upheld', findings: 'F', decision: 'D' })).status).toBe(409);
    expect((await student.send('POST', `/api/grievances/${g.number}/withdraw`)).status).toBe(409);
  });
});

describe('missed clocks', () => {
  it('tell the chair once, then the head of the institution once; an overdue appeal the Ombudsperson, then the head', async () => {
    const run = async (number: string) => (await portal.app.jobs.grievanceClocks()).filter((t) => t.number === number);
    await setHoliday('2027-01-14', 'Makar Sankranti');
    clock.at('2026-12-17T19:00:00Z');
    const g = await raise(other, { hostel: 'Block-3', subject: 'Water cooler broken for a month', reason: 'Nobody fixes it.' });
    // The holiday declared on 5 January counts for a grievance received after it was declared.
    expect(g.committee.dueAt).toBe('2027-01-12T18:29:59.999Z');

    clock.at('2027-01-12T18:29:00Z');
    expect(await run(g.number)).toEqual([]);
    clock.at('2027-01-12T18:31:00Z');
    expect(await run(g.number)).toEqual([{ number: g.number, clock: 'committee', level: 1 }]);
    expect(await run(g.number)).toEqual([]);
    expect(await outboxTo(PEOPLE.chair.email, 'grievance_reminder', g.number)).toHaveLength(1);
    await expect.poll(() => portal.database.db.select().from(notifications).where(and(eq(notifications.link, `/committee/grievances/${g.number}`), sql`${notifications.text} like '%past the committee%'`)).then((r) => r.length)).toBe(1);

    // Five working days after Tuesday 12 January, without Makar Sankranti and the weekend: the end of Wednesday the 20th.
    clock.at('2027-01-20T18:29:00Z');
    expect(await run(g.number)).toEqual([]);
    clock.at('2027-01-20T18:31:00Z');
    expect(await run(g.number)).toEqual([{ number: g.number, clock: 'committee', level: 2 }]);
    expect(await run(g.number)).toEqual([]);
    const toHead = await outboxTo(HEAD, 'grievance_reminder', g.number);
    expect(toHead).toHaveLength(1);
    expect(toHead[0]?.textBody).toContain('You are told as the head of the institution');
    expect(await outboxTo(PEOPLE.chair.email, 'grievance_reminder', g.number)).toHaveLength(1);
    const thread = ((await other.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView).thread;
    expect(thread.filter((t) => t.kind === 'reminder').map((t) => t.text)).toEqual([
      'The committee’s decision is past its deadline (12 Jan 2027, 23:59 IST): a reminder was sent.',
      'The committee’s decision is past its deadline (12 Jan 2027, 23:59 IST): a reminder was sent.',
    ]);
    const members = ((await seat.chair.get(`/api/committee/grievances/${g.number}`)).body as unknown as GrievanceView).thread.filter((t) => t.kind === 'reminder');
    expect(members.map((t) => t.text)).toEqual([
      'The committee’s decision is past its deadline (12 Jan 2027, 23:59 IST): the chair was told.',
      'The committee’s decision is past its deadline (12 Jan 2027, 23:59 IST): the head of the institution was told.',
    ]);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'grievance.reminder'), eq(auditLog.targetId, g.number)))).toHaveLength(2);
    // The mail leaves the portal.
    await expect.poll(() => mailSink.to(HEAD).filter((m) => m.parsed.subject?.includes(g.number)).length).toBe(1);
    // The head of the institution opens what the mail links to, and reads only: no hearing, no message.
    const head = await signInAs({ email: HEAD, name: 'Vice-Chancellor' });
    expect((await head.get('/api/grievance-seats')).body).toEqual({ committee: null, ombudsperson: false, head: true });
    expect(toHead[0]?.textBody).toContain(`/committee/grievances/${g.number}`);
    expect((await head.get(`/api/committee/grievances/${g.number}`)).status).toBe(200);
    expect((await head.get('/api/committee/grievances?state=open')).status).toBe(200);
    const entriesOf = () =>
      db().select({ n: count() }).from(grievanceEntries).innerJoin(grievances, eq(grievances.id, grievanceEntries.grievanceId)).where(eq(grievances.number, g.number));
    const entries = await entriesOf();
    const heardByHead = await head.post(`/api/committee/grievances/${g.number}/hearings`, { at: '2027-01-25T05:30:00.000Z', place: 'Room 1' });
    expect(heardByHead.status).toBe(403);
    expect((await head.post(`/api/committee/grievances/${g.number}/messages`, { text: 'Please decide.' })).status).toBe(403);
    expect(await entriesOf()).toEqual(entries);

    // Decided late, appealed: the Ombudsperson's 30 days, then five working days more.
    clock.at('2027-01-21T06:00:00Z');
    expect((await decide(g.number)).committee.state).toBe('late');
    expect((await other.send('POST', `/api/grievances/${g.number}/appeal`, { reason: 'Decided late and wrongly.' })).status).toBe(200);
    const appealDue = ((await other.get(`/api/grievances/${g.number}`)).body as unknown as GrievanceView).appeal?.dueAt;
    expect(appealDue).toBe('2027-02-20T18:29:59.999Z');
    clock.at('2027-02-20T18:29:00Z');
    expect(await run(g.number)).toEqual([]);
    clock.at('2027-02-20T18:31:00Z');
    expect(await run(g.number)).toEqual([{ number: g.number, clock: 'appeal', level: 1 }]);
    expect(await run(g.number)).toEqual([]);
    expect(await outboxTo(PEOPLE.ombudsperson.email, 'grievance_reminder', g.number)).toHaveLength(1);
    // Five working days from Saturday 20 February: Monday the 22nd to Friday the 26th.
    clock.at('2027-02-26T18:29:00Z');
    expect(await run(g.number)).toEqual([]);
    clock.at('2027-02-26T18:31:00Z');
    expect(await run(g.number)).toEqual([{ number: g.number, clock: 'appeal', level: 2 }]);
    expect(await run(g.number)).toEqual([]);
    expect(await outboxTo(HEAD, 'grievance_reminder', g.number)).toHaveLength(2);
    expect((await head.get(`/api/ombudsperson/appeals/${g.number}`)).status).toBe(200);
    expect((await head.post(`/api/ombudsperson/appeals/${g.number}/disposal`, { outcome: 'confirmed', findings: 'Seen.', decision: 'Confirmed.' })).status).toBe(403);
  });
});

describe('with nobody in the seats', () => {
  it('tells the administrators where they can name the committee, not a page that is the seats’ to open', async () => {
    const adminEmail = ((await admin.get('/api/me')).body.user as { email: string }).email;
    expect((await admin.send('PUT', '/api/admin/grievance-committee', { members: [], ombudsperson: null })).status).toBe(200);
    try {
      const g = await raise(other, { hostel: 'Block-3', subject: 'The reading room', reason: 'Locked every evening since the exams began.' });
      const [told] = await outboxTo(adminEmail, 'grievance_raised', g.number);
      expect(told?.textBody).toContain('/admin/grievance-committee');
      expect(told?.textBody).not.toContain(`/committee/grievances/${g.number}`);
    } finally {
      expect((await admin.send('PUT', '/api/admin/grievance-committee', SETUP)).status).toBe(200);
    }
  });
});

describe('messages on a grievance', () => {
  it('are held to a conversation’s pace: past the hour’s limit a clear refusal, and nothing stored or sent', async () => {
    const g = await raise(other, { complaintNumber: await rejected(other) });
    for (let i = 0; i < MESSAGES_PER_HOUR; i += 1) {
      expect((await other.post(`/api/grievances/${g.number}/messages`, { text: `Message ${i + 1}` })).status).toBe(201);
    }
    const before = await entryCount(g.number);
    const refused = await other.post(`/api/grievances/${g.number}/messages`, { text: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBeTruthy();
    expect(await entryCount(g.number)).toBe(before);
  });
});

describe('the university’s report', () => {
  it('counts as SQL counts, by hostel and category, and comes as PDF and CSV', async () => {
    const query = 'from=2026-12-01&to=2027-03-31';
    expect((await seat.chair.get(`/api/admin/grievance-report?${query}`)).status).toBe(403);
    expect((await admin.get('/api/admin/grievance-report?from=2027-03-31&to=2026-12-01')).status).toBe(400);
    const { status, body } = await admin.get(`/api/admin/grievance-report?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const [direct] = await db()
      .select({
        received: sql<number>`count(*)::int`,
        decided: sql<number>`(count(*) filter (where decided_at is not null))::int`,
        within: sql<number>`(count(*) filter (where decided_at <= committee_due_at))::int`,
        appeals: sql<number>`(count(*) filter (where appealed_at is not null))::int`,
        disposed: sql<number>`(count(*) filter (where disposed_at is not null))::int`,
        withdrawn: sql<number>`(count(*) filter (where status = 'withdrawn'))::int`,
        partly: sql<number>`(count(*) filter (where outcome = 'partly_upheld'))::int`,
        block2: sql<number>`(count(*) filter (where hostel = 'Block-2'))::int`,
        none: sql<number>`(count(*) filter (where category is null))::int`,
      })
      .from(grievances)
      .where(sql`received_at >= '2026-11-30T18:30:00Z' and received_at < '2027-03-31T18:30:00Z'`);
    expect(direct?.received).toBeGreaterThan(5);
    expect(body).toMatchObject({
      received: direct?.received,
      decided: direct?.decided,
      decidedWithinClock: direct?.within,
      appeals: direct?.appeals,
      disposed: direct?.disposed,
      withdrawn: direct?.withdrawn,
      outcomes: { partly_upheld: direct?.partly },
    });
    expect((body.byHostel as Array<{ hostel: string; received: number }>).find((h) => h.hostel === 'Block-2')?.received).toBe(direct?.block2);
    expect((body.byCategory as Array<{ category: string; received: number }>).find((c) => c.category === 'No complaint (a hostel matter)')?.received).toBe(direct?.none);

    const csv = await pdfOf(admin, `/api/admin/grievance-report?${query}&format=csv`);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.bytes.toString('utf8')).toContain(`Grievances received,${direct?.received}`);
    const pdf = await pdfOf(admin, `/api/admin/grievance-report?${query}&format=pdf`);
    expect(pdf.type).toBe('application/pdf');
    expect(pdfText(pdf.bytes)).toContain('Decided within 15 working days');
  });
});

