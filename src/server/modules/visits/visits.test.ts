import { and, count, eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENTRY_CONSENT_MISSING, ENTRY_NOT_ASKED, ENTRY_SLOTS_MISSING, visitDateText } from '../../../shared/visits.js';
import { dayIn as zonedDate, zonedInstant } from '../../../shared/time.js';
import { auditLog, complaints, notifications, outbox, visitProposals } from '../../db/schema.js';
import { aCleaningRequest, aComplaint } from '../../../../tests/factories/complaints.js';
import type { SmtpSink } from '../../../../tests/support/smtp-sink.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Consent to enter and time slots at filing, and visit proposals (issue 27, decision 47): what is
 * accepted and refused, where it is stored and shown, the facility mail, and the proposal state
 * machine — supersession, answers by the right side only, races, and who hears of each step once.
 */

const TZ = 'Asia/Kolkata';
let sink: SmtpSink;
let portal: TestApp;
let staff: ApiClient;
let student: ApiClient;
let other: ApiClient;
let staffId: string;
let studentId: string;

const test = portalTest({
  env: { ...RELAXED_LIMITS, TIME_ZONE: TZ, MAIL_FROM: 'Hostel Complaint Portal <complaints@vitbhopal.ac.in>', MAIL_POLL_INTERVAL_MS: '200' },
  mail: true,
  admin: { email: 'visit.admin@vitbhopal.ac.in', name: 'Visit Admin' },
  staff: {
    email: 'wifi.visitor@vitbhopal.ac.in',
    name: 'Wifi Visitor',
    role: 'staff',
    scopes: [{ category: 'wifi', hostel: '' }, { category: 'mess', hostel: '' }, { category: 'room_cleaning', hostel: '' }],
  },
  student: { email: 'visit.student@vitbhopal.ac.in', name: 'Kavya Rao 21BCE10301' },
  students: { other: { email: 'visit.other@vitbhopal.ac.in', name: 'Other Student 21BCE10302' } },
});
test.beforeAll(({ portal: app, sink: mail, staff: visitor, student: kavya, students }) => {
  [portal, sink, staff, student, other] = [app, mail, visitor, kavya, students.other];
  [staffId, studentId] = [visitor.user.id, kavya.user.id];
});

const db = () => portal.database.db;
const countWhere = async (table: typeof outbox | typeof notifications | typeof auditLog | typeof complaints | typeof visitProposals, where: SQL | undefined) =>
  Number((await db().select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

async function rowOf(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return row;
}

async function file(over: Record<string, unknown> = { entryConsent: true, entrySlots: ['evening'] }) {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status).toBe(201);
  return String(filed.body.number);
}

/** A day `days` from now on the university's clock. */
const day = (days: number) => zonedDate(new Date(Date.now() + days * 86_400_000), TZ);
const slot = (days: number, start: string, end: string, replaces: string | null = null) => ({ date: day(days), start, end, replaces });
/** How stored words (the thread, mail, bells) name that time: "Fri 28 Nov, 16:00–17:00". */
const named = (days: number, start: string, end: string) =>
  visitDateText(zonedInstant(day(days), start, TZ) ?? new Date(Number.NaN), zonedInstant(day(days), end, TZ) ?? new Date(Number.NaN), TZ);

type VisitView = {
  agreed: { startsAt: string; endsAt: string } | null;
  proposal: { id: string; byStudent: boolean; startsAt: string } | null;
  timeZone: string;
} | null;
const staffVisit = async (number: string) => (await staff.get(`/api/staff/complaints/${number}`)).body.visit as VisitView;
const studentVisit = async (number: string) => (await student.get(`/api/complaints/${number}`)).body.visit as VisitView;
const openId = async (number: string) => {
  const id = (await staffVisit(number))?.proposal?.id;
  if (!id) throw new Error('no open proposal');
  return id;
};

describe('consent to enter and time slots at filing', () => {
  it('refuses a wrong answer with a clear message on its field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ entryConsent: false, entrySlots: [] }, 'entrySlots', ENTRY_SLOTS_MISSING],
      [{ entryConsent: false }, 'entrySlots', ENTRY_SLOTS_MISSING],
      [{ entrySlots: ['morning'] }, 'entryConsent', ENTRY_CONSENT_MISSING],
      [{ entryConsent: 'no', entrySlots: ['morning'] }, 'entryConsent', ENTRY_CONSENT_MISSING],
      [{ entryConsent: true, entrySlots: ['noon'] }, 'entrySlots.0', 'Choose morning, afternoon or evening'],
      [{ entryConsent: true, entrySlots: ['evening', 'evening'] }, 'entrySlots', 'Choose each time at most once'],
      [{ category: 'mess', subCategory: 'Food', entryConsent: true }, 'entryConsent', ENTRY_NOT_ASKED],
      [
        { category: 'ragging', subCategory: 'Verbal / abuse', roomNo: '', placeKind: 'hostel', placeText: 'Second floor', entryConsent: false, entrySlots: ['morning'] },
        'entryConsent',
        ENTRY_NOT_ASKED,
      ],
    ];
    for (const [over, field, message] of cases) {
      const refused = await student.post('/api/complaints', aComplaint(over));
      expect(refused.status, JSON.stringify(over)).toBe(400);
      const fields = (refused.body.error as { fields?: Record<string, string> }).fields ?? {};
      expect(fields[field], JSON.stringify(refused.body)).toBe(message);
    }
    expect(await countWhere(complaints, eq(complaints.studentId, studentId))).toBe(0);
  });

  it('stores the answer, shows it to both sides and puts it in the facility mail (text and HTML)', async () => {
    const before = sink.received.length;
    const number = await file({ entryConsent: false, entrySlots: ['evening', 'morning'] });
    const row = await rowOf(number);
    expect([row.entryConsent, row.entrySlots]).toEqual([false, ['evening', 'morning']]);
    const mine = await student.get(`/api/complaints/${number}`);
    expect([mine.body.entryConsent, mine.body.entrySlots]).toEqual([false, ['evening', 'morning']]);
    const detail = await staff.get(`/api/staff/complaints/${number}`);
    expect([detail.body.entryConsent, detail.body.entrySlots]).toEqual([false, ['evening', 'morning']]);

    await sink.waitFor(before + 2);
    const facility = sink.received.find((m) => m.parsed.subject === `Wifi Complaint — ${number}`);
    expect(facility?.parsed.text).toMatch(/Enter when out\s+: No, only when the student is in/);
    expect(facility?.parsed.text).toMatch(/Usually in\s+: Morning 9–12, Evening 17–20/);
    expect(facility?.parsed.html).toContain('<th align="left" valign="top" style="padding:6px 12px 6px 0;color:#334155;white-space:nowrap">Enter when out</th>');
    expect(facility?.parsed.html).toContain('Morning 9–12, Evening 17–20');
  });

  it('leaves both unasked when a client sends neither, and asks them of a room-cleaning request too, shown to staff and in its mail', async () => {
    const plain = await rowOf(await file({}));
    expect([plain.entryConsent, plain.entrySlots]).toEqual([null, []]);
    const cleaning = await student.post('/api/cleaning-requests', aCleaningRequest({ entryConsent: true, entrySlots: ['afternoon'] }));
    expect(cleaning.status).toBe(201);
    const number = String(cleaning.body.number);
    const row = await rowOf(number);
    expect([row.entryConsent, row.entrySlots]).toEqual([true, ['afternoon']]);
    const detail = await staff.get(`/api/staff/complaints/${number}`);
    expect([detail.body.entryConsent, detail.body.entrySlots]).toEqual([true, ['afternoon']]);
    // The plain complaint's mails may still be on their way: wait for this request's own.
    const subject = `Room Cleaning — ${number}`;
    await expect.poll(() => sink.received.some((m) => m.parsed.subject === subject), { timeout: 20_000 }).toBe(true);
    const facility = sink.received.find((m) => m.parsed.subject === subject);
    expect(facility?.parsed.text).toMatch(/Enter when out\s+: Yes, staff may enter when the student is out/);
    expect(facility?.parsed.text).toMatch(/Usually in\s+: Afternoon 12–17/);
    expect(facility?.parsed.html).toContain('Yes, staff may enter when the student is out');
    const refused = await student.post('/api/cleaning-requests', aCleaningRequest({ entryConsent: false, entrySlots: [] }));
    expect(refused.status).toBe(400);
    expect((refused.body.error as { fields: Record<string, string> }).fields.entrySlots).toBe(ENTRY_SLOTS_MISSING);
  });
});

describe('visit proposals', () => {
  it('goes staff proposal → student counter-proposal → staff accepts, each side told once, and both pages and the queue show the visit', async () => {
    const number = await file();
    const row = await rowOf(number);

    expect((await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '16:00', '17:00'))).status).toBe(204);
    const first = await studentVisit(number);
    expect(first?.proposal?.byStudent).toBe(false);
    expect(first?.agreed).toBeNull();
    expect(first?.timeZone).toBe(TZ);
    const toStudent = await db().select().from(notifications).where(and(eq(notifications.userId, studentId), eq(notifications.complaintId, row.id)));
    expect(toStudent.map((n) => n.text)).toEqual([`The hostel team proposed a visit for ${number}: ${named(1, '16:00', '17:00')}`]);
    const visitMails = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'visit')));
    expect(visitMails.map((m) => [m.toEmails, m.subject])).toEqual([[['visit.student@vitbhopal.ac.in'], `Visit proposed for ${number}: ${named(1, '16:00', '17:00')}`]]);

    // The student proposes another time instead: the team's proposal is superseded.
    const p1 = String(first?.proposal?.id);
    expect((await student.post(`/api/complaints/${number}/visits`, slot(2, '09:00', '10:00', p1))).status).toBe(204);
    const second = await studentVisit(number);
    expect(second?.proposal?.byStudent).toBe(true);
    const p2 = String(second?.proposal?.id);
    expect((await db().select().from(visitProposals).where(eq(visitProposals.id, p1)))[0]?.status).toBe('superseded');
    const toStaff = await db().select().from(notifications).where(and(eq(notifications.userId, staffId), eq(notifications.complaintId, row.id)));
    expect(toStaff.filter((n) => n.text.startsWith('The student proposed')).map((n) => n.text)).toHaveLength(1);

    // Nobody answers their own side's proposal; a superseded one takes no answer.
    const own = await student.post(`/api/complaints/${number}/visits/${p2}/answer`, { answer: 'accept' });
    expect(own.status).toBe(403);
    expect((await staff.post(`/api/staff/complaints/${number}/visits/${p1}/answer`, { answer: 'accept' })).status).toBe(403);
    const stale = await student.post(`/api/complaints/${number}/visits/${p1}/answer`, { answer: 'accept' });
    expect(stale.status).toBe(409);
    expect((stale.body.error as { code: string }).code).toBe('visit_not_open');

    expect((await staff.post(`/api/staff/complaints/${number}/visits/${p2}/answer`, { answer: 'accept' })).status).toBe(204);
    const agreed = await rowOf(number);
    expect(agreed.visitStartsAt?.toISOString()).toBe(second?.proposal?.startsAt);
    expect((await studentVisit(number))?.agreed?.startsAt).toBe(second?.proposal?.startsAt);
    expect((await staffVisit(number))?.proposal).toBeNull();
    const queue = await staff.get(`/api/staff/complaints?q=${number}`);
    const listed = (queue.body.items as Array<{ number: string; visitStartsAt: string | null }>).find((i) => i.number === number);
    expect(listed?.visitStartsAt).toBe(second?.proposal?.startsAt);
    expect(queue.body.timeZone).toBe(TZ);
    expect(await countWhere(outbox, and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'visit')))).toBe(2);
    expect(await countWhere(notifications, and(eq(notifications.userId, studentId), eq(notifications.complaintId, row.id)))).toBe(2);

    // The thread shows each step to both sides.
    const thread = ((await student.get(`/api/complaints/${number}`)).body.timeline as Array<{ kind: string; note: string }>).filter((e) => e.kind === 'visit');
    expect(thread.map((e) => e.note)).toEqual([
      `Proposed a visit: ${named(1, '16:00', '17:00')}`,
      `Proposed another visit time: ${named(2, '09:00', '10:00')}`,
      `Visit agreed: ${named(2, '09:00', '10:00')}`,
    ]);
    expect(named(2, '09:00', '10:00')).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, 09:00–10:00$/);
    expect(await countWhere(auditLog, and(eq(auditLog.targetId, number), eq(auditLog.action, 'complaint.visit_accepted')))).toBe(1);
  });

  it('refuses times in the past, beyond 14 days, backwards, and a stale view of the open proposal', async () => {
    const number = await file();
    const past = await staff.post(`/api/staff/complaints/${number}/visits`, slot(-1, '10:00', '11:00'));
    expect([past.status, (past.body.error as { message: string }).message]).toEqual([400, 'The visit must start in the future']);
    const far = await staff.post(`/api/staff/complaints/${number}/visits`, slot(15, '10:00', '11:00'));
    expect([far.status, (far.body.error as { message: string }).message]).toEqual([400, 'The visit must be within the next 14 days']);
    const backwards = await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '11:00', '10:00'));
    expect(backwards.status).toBe(400);
    expect((backwards.body.error as { fields: Record<string, string> }).fields.end).toBe('The visit must end after it starts');
    const badDay = await staff.post(`/api/staff/complaints/${number}/visits`, { date: '2026-02-30', start: '10:00', end: '11:00', replaces: null });
    expect([badDay.status, (badDay.body.error as { fields: Record<string, string> }).fields.date]).toEqual([400, 'Choose a day of the calendar']);
    const unknown = await student.post(`/api/complaints/${number}/visits/${crypto.randomUUID()}/answer`, { answer: 'accept' });
    expect(unknown.status).toBe(404);
    expect((await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '10:00', '11:00'))).status).toBe(204);
    const blind = await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '12:00', '13:00'));
    expect([blind.status, (blind.body.error as { code: string }).code]).toEqual([409, 'visit_changed']);
    expect(await countWhere(visitProposals, eq(visitProposals.complaintId, (await rowOf(number)).id))).toBe(1);
  });

  it('lets exactly one of an acceptance and a new proposal win when they cross', async () => {
    for (let round = 0; round < 3; round += 1) {
      const number = await file();
      expect((await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '10:00', '11:00'))).status).toBe(204);
      const p = await openId(number);
      const [accept, propose] = await Promise.all([
        student.post(`/api/complaints/${number}/visits/${p}/answer`, { answer: 'accept' }),
        staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '12:00', '13:00', p)),
      ]);
      expect([accept.status, propose.status].sort()).toEqual([204, 409]);
      const row = await rowOf(number);
      const proposals = await db().select().from(visitProposals).where(eq(visitProposals.complaintId, row.id));
      if (accept.status === 204) {
        expect(row.visitStartsAt).not.toBeNull();
        expect(proposals.map((x) => x.status)).toEqual(['accepted']);
      } else {
        expect(row.visitStartsAt).toBeNull();
        expect(proposals.map((x) => x.status).sort()).toEqual(['open', 'superseded']);
      }
    }
  });

  it('declining tells the other side once and leaves no visit; a retry with the same key is written once', async () => {
    const number = await file();
    const row = await rowOf(number);
    const key = 'visit-retry-0001';
    const body = slot(3, '17:00', '18:00');
    expect((await staff.post(`/api/staff/complaints/${number}/visits`, body, key)).status).toBe(204);
    expect((await staff.post(`/api/staff/complaints/${number}/visits`, body, key)).status).toBe(204);
    expect(await countWhere(visitProposals, eq(visitProposals.complaintId, row.id))).toBe(1);
    expect(await countWhere(outbox, and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'visit')))).toBe(1);
    const p = await openId(number);
    expect((await student.post(`/api/complaints/${number}/visits/${p}/answer`, { answer: 'decline' })).status).toBe(204);
    expect((await student.post(`/api/complaints/${number}/visits/${p}/answer`, { answer: 'accept' })).status).toBe(409);
    expect((await rowOf(number)).visitStartsAt).toBeNull();
    const bells = await db().select().from(notifications).where(and(eq(notifications.userId, staffId), eq(notifications.complaintId, row.id)));
    expect(bells.filter((b) => b.text.startsWith('The student declined'))).toHaveLength(1);
  });

  it('refuses the wrong people and complaints: another student, a student on the staff side, a finished or not in-room complaint', async () => {
    const number = await file();
    expect((await other.post(`/api/complaints/${number}/visits`, slot(1, '10:00', '11:00'))).status).toBe(404);
    expect((await student.post(`/api/staff/complaints/${number}/visits`, slot(1, '10:00', '11:00'))).status).toBe(403);
    const mess = await student.post('/api/complaints', aComplaint({ category: 'mess', subCategory: 'Food' }));
    const messVisit = await staff.post(`/api/staff/complaints/${String(mess.body.number)}/visits`, slot(1, '10:00', '11:00'));
    expect([messVisit.status, (messVisit.body.error as { code: string }).code]).toEqual([409, 'no_visit']);
    expect((await staff.get(`/api/staff/complaints/${String(mess.body.number)}`)).body.visit).toBeNull();
    expect((await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '10:00', '11:00'))).status).toBe(204);
    const left = await openId(number);
    expect((await staff.post(`/api/staff/complaints/${number}/transitions`, { to: 'rejected', note: 'Duplicate' })).status).toBe(200);
    const finished = await staff.post(`/api/staff/complaints/${number}/visits`, slot(1, '12:00', '13:00', left));
    expect([finished.status, (finished.body.error as { code: string }).code]).toEqual([409, 'not_open']);
    const late = await student.post(`/api/complaints/${number}/visits/${left}/answer`, { answer: 'accept' });
    expect([late.status, (late.body.error as { code: string }).code]).toEqual([409, 'not_open']);
    expect((await studentVisit(number))?.proposal).toBeNull();
  });
});
