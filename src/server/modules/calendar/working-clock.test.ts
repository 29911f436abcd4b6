import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaints, holidays, insightDaily, notifications, scheduledJobs } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { MovableClock } from '../../../../tests/support/clock.js';
import { portalTest } from '../../../../tests/support/fixtures.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';

/*
 * The working calendar over HTTP (issue 44), on one clock the test moves: the admin keeps the
 * weekly days off and the holidays; a target in working hours skips them on the university's clock
 * (Asia/Kolkata, UTC+05:30, the profile's default); a clock waiting for the student's answer keeps
 * its time left and gets it back; overdue, the queue and the escalation follow the clock and the pause.
 *
 * December 2026 in Kolkata: Thursday the 3rd, Friday the 4th, Saturday the 5th, Sunday the 6th;
 * Saturday the 26th, Sunday the 27th, Monday the 28th (made a holiday below), Tuesday the 29th.
 */

const HOUR = 3_600_000;
const clock = new MovableClock();
let portal: TestApp;
let admin: ApiClient;
let wifi: ApiClient;
let warden: ApiClient;
let student: ApiClient;

const test = portalTest({ env: RELAXED_LIMITS, app: { clock } });
test.beforeAll(async ({ portal: app, admin: a, staff, warden: w, student: s }) => {
  portal = app;
  [admin, wifi, warden, student] = [a, staff, w, s];
  // The test runs the escalation itself: the minute timer must not run it meanwhile.
  await db().update(scheduledJobs).set({ nextRunAt: sql`now() + interval '1 day'` }).where(eq(scheduledJobs.name, 'escalation'));
  // Wifi's team works 24 working hours; water stays in hours on the clock.
  await setTarget('wifi', 24, 'working_hours');
});
test.afterAll(() => {
  clock.release();
});

const db = () => portal.database.db;

async function setTarget(key: string, targetHours: number, targetUnit: 'hours' | 'working_hours') {
  const list = await admin.get('/api/admin/categories');
  const category = (list.body.items as Array<Record<string, unknown>>).find((c) => c.key === key);
  if (!category) throw new Error(`no ${key} category`);
  const { key: _key, route: _route, routingKey: _routingKey, updatedAt: _updatedAt, ...editable } = category;
  const saved = await admin.send('PUT', `/api/admin/categories/${key}`, { ...editable, targetHours, targetUnit });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.targetUnit).toBe(targetUnit);
}

async function file(over: Record<string, unknown> = {}): Promise<{ number: string; dueAt: string }> {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return { number: String(filed.body.number), dueAt: String(filed.body.dueAt) };
}

const staffView = async (number: string) => {
  const { status, body } = await wifi.get(`/api/staff/complaints/${number}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Record<string, unknown> & { dueAt: string; waitingSince: string | null; clockLeftMs: number | null };
};
const queueNumbers = async (client: ApiClient, query: string) => {
  const { status, body } = await client.get(`/api/staff/complaints?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.items as Array<{ number: string }>).map((c) => c.number);
};
const lateBells = (userId: string) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.groupKey, 'late')));
const clockEvents = (number: string) =>
  db()
    .select({ note: complaintEvents.note, public: complaintEvents.public })
    .from(complaintEvents)
    .innerJoin(complaints, eq(complaints.id, complaintEvents.complaintId))
    .where(and(eq(complaints.number, number), eq(complaintEvents.kind, 'clock')))
    .orderBy(complaintEvents.createdAt);

describe("a clock that waits for the student's answer", () => {
  it('keeps the working time it had, gives it back across a weekend, and is neither overdue nor escalated meanwhile', async () => {
    clock.at('2026-12-03T04:30:00Z'); // Thursday 10:00 in Kolkata
    const { number, dueAt } = await file({ complaint: 'The wifi drops in the reading room' });
    // 24 working hours: Thursday and Friday both work.
    expect(dueAt).toBe('2026-12-04T04:30:00.000Z');

    clock.at('2026-12-04T00:30:00Z'); // Friday 06:00: four hours left
    const asked = await wifi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Which floor is the reading room on?', waitForStudent: true });
    expect(asked.status, JSON.stringify(asked.body)).toBe(204);
    const waiting = await staffView(number);
    expect(waiting.waitingSince).toBe('2026-12-04T00:30:00.000Z');
    expect(waiting.clockLeftMs).toBe(4 * HOUR);
    const mine = await student.get(`/api/complaints/${number}`);
    expect(mine.body.waitingSince).toBe('2026-12-04T00:30:00.000Z');

    clock.at('2026-12-04T10:30:00Z'); // Friday 16:00, well past the due time it had
    expect(await queueNumbers(wifi, 'due=overdue&limit=100')).not.toContain(number);
    expect(await queueNumbers(wifi, 'due=today&limit=100')).not.toContain(number);
    expect((await portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    // Due order puts a waiting complaint last: after one filed now, due tomorrow.
    const later = await file({ complaint: 'The router on the second floor blinks red' });
    const byDue = await queueNumbers(wifi, 'sort=due&limit=100');
    expect(byDue.indexOf(number)).toBeGreaterThan(byDue.indexOf(later.number));
    expect(byDue.at(-1)).toBe(number);

    clock.at('2026-12-05T16:30:00Z'); // Saturday 22:00: the student answers
    const answered = await student.send('POST', `/api/complaints/${number}/replies`, { text: 'The second floor' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(204);
    const running = await staffView(number);
    expect(running.waitingSince).toBeNull();
    expect(running.clockLeftMs).toBeNull();
    // Four working hours: Saturday's last two, no Sunday, Monday's first two: Monday 02:00 in Kolkata.
    expect(running.dueAt).toBe('2026-12-06T20:30:00.000Z');
    expect(await clockEvents(number)).toEqual([
      { note: "Waiting for the student's answer: the clock is paused", public: true },
      { note: 'The student answered: the clock runs again', public: true },
    ]);
    const timeline = (await student.get(`/api/complaints/${number}`)).body.timeline as Array<{ kind: string; note: string }>;
    expect(timeline.filter((e) => e.kind === 'clock').map((e) => e.note)).toEqual([
      "Waiting for the student's answer: the clock is paused",
      'The student answered: the clock runs again',
    ]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, number));
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('complaint.clock'))).toEqual(['complaint.clock_pause', 'complaint.clock_resume']);

    // Once the clock passes its due time, it is overdue and late: the wardens hear once, then the admins once.
    clock.at('2026-12-06T21:30:00Z'); // Monday 03:00
    expect(await queueNumbers(wifi, 'due=overdue&limit=100')).toContain(number);
    expect(await portal.app.jobs.escalate()).toContainEqual({ number, level: 1 });
    expect((await portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    clock.at('2026-12-07T20:31:00Z'); // a day past due: the admins' turn
    expect(await portal.app.jobs.escalate()).toContainEqual({ number, level: 2 });
    expect((await portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    expect(await lateBells(warden.user.id)).toHaveLength(1);
    expect(await lateBells(admin.user.id)).toHaveLength(1);
    const escalations = await db()
      .select({ id: complaintEvents.id })
      .from(complaintEvents)
      .innerJoin(complaints, eq(complaints.id, complaintEvents.complaintId))
      .where(and(eq(complaints.number, number), eq(complaintEvents.kind, 'escalation')));
    expect(escalations).toHaveLength(2);
  });

  it('runs again when a worker says so, or when the status changes', async () => {
    clock.at('2026-12-10T04:30:00Z'); // Thursday 10:00
    const { number } = await file({ complaint: 'No signal in room 312' });
    clock.at('2026-12-10T06:30:00Z'); // two hours on: 22 left
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Is it every evening?', waitForStudent: true })).status).toBe(204);
    expect((await staffView(number)).clockLeftMs).toBe(22 * HOUR);
    // An internal note cannot wait for anyone.
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'note', internal: true, waitForStudent: true })).status).toBe(400);

    clock.at('2026-12-10T08:30:00Z'); // two hours later, standing still
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/clock/resume`)).status).toBe(204);
    expect((await staffView(number)).dueAt).toBe(new Date(Date.parse('2026-12-10T08:30:00Z') + 22 * HOUR).toISOString());
    // Its clock runs now: there is nothing to resume.
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/clock/resume`)).status).toBe(409);

    expect((await wifi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Still there?', waitForStudent: true })).status).toBe(204);
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged' })).status).toBe(200);
    const after = await staffView(number);
    expect(after.waitingSince).toBeNull();
    expect(after.dueAt).toBe(new Date(Date.parse('2026-12-10T08:30:00Z') + 22 * HOUR).toISOString());
    expect((await clockEvents(number)).map((e) => e.note)).toEqual([
      "Waiting for the student's answer: the clock is paused",
      'The team started the clock again',
      "Waiting for the student's answer: the clock is paused",
      'No longer waiting for the student: the clock runs again',
    ]);
  });
});

describe('a clock that waits when the work ends', () => {
  const resolvedOnTime = async () => {
    const [row] = await db().select({ resolved: sql<number>`coalesce(sum(${insightDaily.resolved}), 0)::int`, onTime: sql<number>`coalesce(sum(${insightDaily.resolvedOnTime}), 0)::int` }).from(insightDaily);
    return row ?? { resolved: 0, onTime: 0 };
  };

  it('is counted against the time it had: resolved while waiting and already late is not "within target", and it waits no more', async () => {
    clock.at('2026-12-15T04:30:00Z'); // Tuesday 10:00, 24 working hours: Wednesday 10:00
    const { number } = await file({ complaint: 'The router in room 118 restarts all day' });
    clock.at('2026-12-16T10:30:00Z'); // six hours late
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Does it restart now?', waitForStudent: true })).status).toBe(204);
    clock.at('2026-12-17T04:30:00Z');
    const before = await resolvedOnTime();
    expect((await wifi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Replaced the router.' })).status).toBe(200);
    const after = await resolvedOnTime();
    expect(after.resolved).toBe(before.resolved + 1);
    // Six hours late when it stopped, six hours late when it was resolved.
    expect(after.onTime).toBe(before.onTime);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(row?.clockPausedAt).toBeNull();
    expect(row?.dueAt.toISOString()).toBe('2026-12-16T22:30:00.000Z');
  });
});

describe('deadlines on the working calendar', () => {
  it("fall on the right working day in Kolkata, and move with the admin's holidays and days off", async () => {
    const calendar = await admin.get('/api/admin/calendar?year=2026');
    expect(calendar.body).toMatchObject({ timeZone: 'Asia/Kolkata', weeklyDaysOff: [7] });
    expect((await admin.send('POST', '/api/admin/calendar/holidays', { day: '2026-12-28', name: 'Founders Day', translations: { hi: { name: 'संस्थापक दिवस' } } })).status).toBe(201);

    clock.at('2026-12-26T13:30:00Z'); // Saturday 19:00, before Sunday and a holiday Monday
    // Saturday's last five hours, then Tuesday's first nineteen: Tuesday 19:00.
    expect((await file()).dueAt).toBe('2026-12-29T13:30:00.000Z');
    // Water counts every hour: Sunday 19:00.
    expect((await file({ category: 'water', subCategory: 'Shower' })).dueAt).toBe('2026-12-27T13:30:00.000Z');

    expect((await admin.send('DELETE', '/api/admin/calendar/holidays/2026-12-28')).status).toBe(204);
    expect((await file()).dueAt).toBe('2026-12-28T13:30:00.000Z');

    expect((await admin.send('PUT', '/api/admin/calendar/days-off', { weeklyDaysOff: [7, 6] })).status).toBe(204);
    // Saturday and Sunday count nothing: all of Monday, due as Tuesday begins.
    expect((await file()).dueAt).toBe('2026-12-28T18:30:00.000Z');
    expect((await admin.send('PUT', '/api/admin/calendar/days-off', { weeklyDaysOff: [7] })).status).toBe(204);
  });
});

describe("the admin's calendar", () => {
  it('is for admins only', async () => {
    for (const who of [student, wifi, warden]) {
      expect((await who.get('/api/admin/calendar?year=2026')).status).toBe(403);
      expect((await who.send('POST', '/api/admin/calendar/holidays', { day: '2026-08-15', name: 'Independence Day' })).status).toBe(403);
      expect((await who.send('PUT', '/api/admin/calendar/days-off', { weeklyDaysOff: [7] })).status).toBe(403);
    }
  });

  it('refuses a week without a working day, and a holiday twice', async () => {
    const none = await admin.send('PUT', '/api/admin/calendar/days-off', { weeklyDaysOff: [1, 2, 3, 4, 5, 6, 7] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body.error)).toContain('Keep at least one working day in the week');
    expect((await admin.get('/api/admin/calendar?year=2026')).body.weeklyDaysOff).toEqual([7]);
    expect((await admin.send('POST', '/api/admin/calendar/holidays', { day: '2026-02-30', name: 'No such day' })).status).toBe(400);
    expect((await admin.send('POST', '/api/admin/calendar/holidays', { day: '2026-10-02', name: 'Gandhi Jayanti' })).status).toBe(201);
    expect((await admin.send('POST', '/api/admin/calendar/holidays', { day: '2026-10-02', name: 'Again' })).status).toBe(409);
    const renamed = await admin.send('PUT', '/api/admin/calendar/holidays/2026-10-02', { name: 'Gandhi Jayanti', translations: { hi: { name: 'गांधी जयंती' } } });
    expect(renamed.body).toEqual({ day: '2026-10-02', name: 'Gandhi Jayanti', translations: { hi: { name: 'गांधी जयंती' } } });
    expect((await admin.send('DELETE', '/api/admin/calendar/holidays/2026-10-03')).status).toBe(404);
  });

  it('imports a year from CSV: every bad line named with its number and nothing stored, then a preview, then the import, and the export reads back', async () => {
    const bad = ['date,name,name_hi', '2027-01-26,Republic Day,गणतंत्र दिवस', '2027-13-01,Nothing', '2027-03-22,', '2026-12-25,Christmas', '2027-01-26,Again'].join('\n');
    const refused = await admin.send('POST', '/api/admin/calendar/holidays/import', { year: 2027, csv: bad });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error?.fields ?? {})).toEqual(['line 3', 'line 4', 'line 5', 'line 6']);
    expect(refused.body.error?.fields?.['line 3']).toBe('Line 3: "2027-13-01" is not a date written YYYY-MM-DD');
    expect(refused.body.error?.fields?.['line 6']).toBe('Line 6: 2027-01-26 is already on line 2');
    expect(refused.body.error?.message).toContain('nothing was imported');
    expect(await db().select().from(holidays).where(sql`extract(year from ${holidays.day}) = 2027`)).toEqual([]);

    const good = ['\ufeffdate,name,name_hi', '2027-01-26,Republic Day,गणतंत्र दिवस', '"2027-08-15","Independence Day, 80th",स्वतंत्रता दिवस', '2027-12-25,Christmas,'].join('\r\n');
    const preview = await admin.send('POST', '/api/admin/calendar/holidays/import', { year: 2027, csv: good, preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ stored: false, mode: 'merge', renamed: [], removed: [], unchanged: 0 });
    expect((preview.body.added as unknown[]).length).toBe(3);
    expect((await admin.get('/api/admin/calendar?year=2027')).body.holidays).toEqual([]);

    const imported = await admin.send('POST', '/api/admin/calendar/holidays/import', { year: 2027, csv: good });
    expect(imported.body).toMatchObject({ stored: true });
    const year = await admin.get('/api/admin/calendar?year=2027');
    expect(year.body.holidays).toEqual([
      { day: '2027-01-26', name: 'Republic Day', translations: { hi: { name: 'गणतंत्र दिवस' } } },
      { day: '2027-08-15', name: 'Independence Day, 80th', translations: { hi: { name: 'स्वतंत्रता दिवस' } } },
      { day: '2027-12-25', name: 'Christmas' },
    ]);

    // A day named again is renamed; replace removes the days the file leaves out.
    const replaced = await admin.send('POST', '/api/admin/calendar/holidays/import', { year: 2027, csv: 'date,name\n2027-08-15,Independence Day\n2027-10-02,Gandhi Jayanti', mode: 'replace' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((replaced.body.renamed as Array<{ day: string }>).map((h) => h.day)).toEqual(['2027-08-15']);
    expect((replaced.body.removed as Array<{ day: string }>).map((h) => h.day).sort()).toEqual(['2027-01-26', '2027-12-25']);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'holiday.import'), eq(auditLog.targetId, '2027')));
    expect(audits).toHaveLength(2);

    const response = await admin.http.request(`${portal.baseUrl}/api/admin/calendar/holidays.csv?year=2027`);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const text = await response.text();
    expect(text.replace('\ufeff', '').split('\r\n')).toEqual(['date,name,name_hi', '2027-08-15,Independence Day,स्वतंत्रता दिवस', '2027-10-02,Gandhi Jayanti,', '']);
  });
});
