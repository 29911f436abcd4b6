import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, notifications, outbox, users } from '../../db/schema.js';
import { pushMessageSchema } from '../../../shared/push.js';
import { aStudent } from '../../../../tests/factories/complaints.js';
import { decryptPush, PushEndpoint } from '../../../../tests/support/push-endpoint.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { MovableClock } from '../../../../tests/support/clock.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

let portal: TestApp;
let pushService: PushEndpoint;
let admin: ApiClient;
let cleaner: ApiClient;
let block3Cleaner: ApiClient;
let wifiTech: ApiClient;
const hostelIds = new Map<string, string>();

type Slot = { id: string; text: string; booked: number; retired: boolean };
type Week = { on: string; text: string; skipped: boolean; visit: { outcome: string; reason: string } | null };
type Booking = { id: string; floor: number; roomNo: string; text: string; next: Week | null; weeks: Week[]; cancelled: boolean; undoUntil: string | null; startsOn: string };
type Day = { date: string; text: string; hostels: Array<{ hostel: string; floors: Array<{ floor: number; items: Array<{ bookingId: string; roomNo: string; studentName: string; startTime: string }> }> }> };

/*
 * The university's clock is Kolkata's (UTC+05:30). 20:00 UTC on Monday 30 November 2026 is 01:30
 * on Tuesday 1 December there: the cleaning day is a Tuesday although UTC still says Monday.
 */
const MONDAY_UTC_TUESDAY_KOLKATA = new Date('2026-11-30T20:00:00Z');
const clock = new MovableClock();
const at = (iso: string) => {
  clock.at(iso);
};


async function aSlot(over: Record<string, unknown> = {}): Promise<Slot> {
  const { status, body } = await admin.send('POST', '/api/admin/cleaning-slots', {
    hostelId: hostelIds.get('Block-2'),
    weekday: 2,
    startTime: '09:00',
    endTime: '11:00',
    capacity: null,
    ...over,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as unknown as Slot;
}

async function book(student: ApiClient, slot: Slot, roomNo = 214, hostel = 'Block-2'): Promise<Booking> {
  const { status, body } = await student.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel, roomNo });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as unknown as Booking;
}

const student = () => ApiClient.withSession(portal, aStudent());
const dayOf = async (client: ApiClient, date?: string) => {
  const { status, body } = await client.get(`/api/staff/cleaning${date ? `?date=${date}` : ''}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as Day;
};
const roomsOn = (day: Day) => day.hostels.flatMap((h) => h.floors.flatMap((f) => f.items.map((i) => `${h.hostel}/${f.floor}/${i.roomNo}`)));
const bookingIdsOn = (day: Day) => day.hostels.flatMap((h) => h.floors.flatMap((f) => f.items.map((i) => i.bookingId)));

const test = portalTest({
  env: { ...RELAXED_LIMITS, TIME_ZONE: 'Asia/Kolkata', PUSH_POLL_INTERVAL_MS: '100' },
  app: { clock },
  admin: { email: 'clean.admin@vitbhopal.ac.in', name: 'Clean Admin' },
  // The one-off cleaning requests are scoped by their service key: so are the weekly visits.
  team: {
    cleaner: { email: 'b2.cleaner@vitbhopal.ac.in', name: 'Block Two Cleaner', role: 'staff', scopes: [{ category: 'room_cleaning', hostel: 'Block-2' }] },
    block3Cleaner: { email: 'b3.cleaner@vitbhopal.ac.in', name: 'Block Three Cleaner', role: 'staff', scopes: [{ category: 'room_cleaning', hostel: 'Block-3' }] },
    wifiTech: { email: 'clean.wifi@vitbhopal.ac.in', name: 'Wifi Tech', role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] },
  },
  afterClose: () => pushService?.close(),
});
test.beforeAll(async ({ portal: app, admin: a, team }) => {
  [portal, admin] = [app, a];
  ({ cleaner, block3Cleaner, wifiTech } = team);
  pushService = await PushEndpoint.start();
  for (const h of (await admin.get('/api/admin/hostels')).body.items as Array<{ id: string; name: string }>) hostelIds.set(h.name, h.id);
});
afterEach(() => {
  clock.release();
});
describe('weekly slots (admin console)', () => {
  it('are for admins only, validated, audited, without exact duplicates, and can be retired and brought back', async () => {
    const someone = await student();
    const body = { hostelId: hostelIds.get('Block-3'), weekday: 3, startTime: '14:00', endTime: '15:30', capacity: 20 };
    expect((await someone.send('POST', '/api/admin/cleaning-slots', body)).status).toBe(403);
    expect((await cleaner.send('POST', '/api/admin/cleaning-slots', body)).status).toBe(403);
    expect((await cleaner.get('/api/admin/cleaning-slots')).status).toBe(403);

    const badTime = await admin.send('POST', '/api/admin/cleaning-slots', { ...body, startTime: '9:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error?.fields?.startTime).toBe('Start must be a time of day such as 09:00');
    expect((await admin.send('POST', '/api/admin/cleaning-slots', { ...body, endTime: '24:00' })).status).toBe(400);
    const backwards = await admin.send('POST', '/api/admin/cleaning-slots', { ...body, startTime: '15:30', endTime: '14:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.fields?.endTime).toBe('The slot must end after it starts');
    expect((await admin.send('POST', '/api/admin/cleaning-slots', { ...body, weekday: 8 })).status).toBe(400);
    expect((await admin.send('POST', '/api/admin/cleaning-slots', { ...body, capacity: 0 })).status).toBe(400);
    expect((await admin.send('POST', '/api/admin/cleaning-slots', { ...body, hostelId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    const slot = (await admin.send('POST', '/api/admin/cleaning-slots', body)).body as unknown as Slot;
    expect(slot).toMatchObject({ text: 'Every Wednesday 14:00–15:30', booked: 0, retired: false });
    const again = await admin.send('POST', '/api/admin/cleaning-slots', body);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('This hostel already offers Every Wednesday 14:00–15:30.');
    // Not an exact duplicate: another end time is another slot.
    await aSlot({ hostelId: hostelIds.get('Block-3'), weekday: 3, startTime: '14:00', endTime: '16:00' });

    const retired = await admin.send('POST', `/api/admin/cleaning-slots/${slot.id}/retire`);
    expect(retired.body).toMatchObject({ retired: true });
    // Retired, the same time may be offered anew; then the old one cannot come back beside it.
    const fresh = await aSlot({ ...body });
    expect((await admin.send('POST', `/api/admin/cleaning-slots/${slot.id}/restore`)).status).toBe(409);
    await admin.send('POST', `/api/admin/cleaning-slots/${fresh.id}/retire`);
    expect((await admin.send('POST', `/api/admin/cleaning-slots/${slot.id}/restore`)).body).toMatchObject({ retired: false });

    const listed = (await admin.get(`/api/admin/cleaning-slots?hostelId=${hostelIds.get('Block-3')}`)).body.items as Slot[];
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([slot.id, fresh.id]));
    const trail = await portal.app.db.select().from(auditLog).where(eq(auditLog.targetId, slot.id));
    expect(trail.map((a) => a.action).sort()).toEqual(['cleaning_slot.create', 'cleaning_slot.restore', 'cleaning_slot.retire']);
  });
});

describe('booking a weekly slot', () => {
  it('checks the room like a cleaning request, takes its floor from the room number, and says when the next visit is', async () => {
    at(MONDAY_UTC_TUESDAY_KOLKATA.toISOString());
    const slot = await aSlot({ startTime: '07:00', endTime: '08:30' });
    const aarav = await student();
    const outOfRange = await aarav.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel: 'Block-2', roomNo: 900 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.error?.message).toBe('Please enter valid room number');
    expect((await aarav.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel: 'Nowhere', roomNo: 214 })).body.error?.fields?.hostel).toBe('Choose your hostel');
    const wrongHostel = await aarav.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel: 'Block-3', roomNo: 214 });
    expect(wrongHostel.status).toBe(400);
    expect(wrongHostel.body.error?.fields?.slotId).toBe('Choose a time your hostel offers');
    expect((await aarav.send('POST', '/api/cleaning/bookings', { slotId: '00000000-0000-4000-8000-000000000000', hostel: 'Block-2', roomNo: 214 })).status).toBe(404);
    expect((await cleaner.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel: 'Block-2', roomNo: 214 })).status).toBe(403);

    const booking = await book(aarav, slot, 214);
    expect(booking).toMatchObject({ floor: 2, roomNo: '214', text: 'Every Tuesday 07:00–08:30', startsOn: '2026-12-01' });
    expect(booking.next).toMatchObject({ on: '2026-12-01', text: 'Tue 1 Dec' });
    expect(booking.weeks.map((w) => w.on)).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22']);
    const twice = await aarav.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel: 'Block-2', roomNo: 214 });
    expect(twice.status).toBe(409);

    // Booked once the slot has started that Tuesday, the first visit is the next week's.
    at('2026-12-01T02:00:00Z'); // 07:30 in Kolkata
    const late = await book(await student(), slot, 301);
    expect(late.next).toMatchObject({ on: '2026-12-08', text: 'Tue 8 Dec' });
    expect(late.startsOn).toBe('2026-12-08');
  });

  it('gives the last place to one of two students asking at once', async () => {
    const slot = await aSlot({ weekday: 4, startTime: '10:00', endTime: '12:00', capacity: 2 });
    await book(await student(), slot, 110);
    const [first, second] = await Promise.all([student(), student()]);
    const answers = await Promise.all(
      [first, second].map((s, i) => s.send('POST', '/api/cleaning/bookings', { slotId: slot.id, hostel: 'Block-2', roomNo: 120 + i })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toMatchObject({ code: 'slot_full', message: 'Every Thursday 10:00–12:00 is full: choose another time.' });
    const offered = (await first.get('/api/cleaning/slots?hostel=Block-2')).body.items as Array<{ id: string; placesLeft: number | null }>;
    expect(offered.find((o) => o.id === slot.id)?.placesLeft).toBe(0);
  });

  it('skips a coming week and takes the skip back; cancels, and Undo brings it back only for a while', async () => {
    at(MONDAY_UTC_TUESDAY_KOLKATA.toISOString());
    const slot = await aSlot({ startTime: '11:00', endTime: '12:00' });
    const meera = await student();
    const booking = await book(meera, slot, 512);
    const skipped = (await meera.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '2026-12-01' })).body as unknown as Booking;
    expect(skipped.weeks[0]).toMatchObject({ on: '2026-12-01', skipped: true });
    expect(skipped.next).toMatchObject({ on: '2026-12-08', text: 'Tue 8 Dec' });
    const wednesday = await meera.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '2026-12-02' });
    expect(wednesday.status).toBe(409);
    expect((await meera.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '2027-02-02' })).status).toBe(409);
    expect((await meera.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '2026-13-01' })).status).toBe(400);
    expect((await meera.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '0000-01-01' })).status).toBe(400);
    expect((await meera.send('DELETE', `/api/cleaning/bookings/${booking.id}/skips/0000-01-01`)).status).toBe(400);
    const other = await student();
    expect((await other.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '2026-12-08' })).status).toBe(404);

    const unskipped = (await meera.send('DELETE', `/api/cleaning/bookings/${booking.id}/skips/2026-12-01`)).body as unknown as Booking;
    expect(unskipped.next).toMatchObject({ on: '2026-12-01' });

    const cancelled = (await meera.send('POST', `/api/cleaning/bookings/${booking.id}/cancel`)).body as unknown as Booking;
    expect(cancelled).toMatchObject({ cancelled: true, next: null });
    expect(cancelled.undoUntil).toBe('2026-11-30T20:10:00.000Z');
    at('2026-11-30T20:05:00Z');
    expect((await meera.send('POST', `/api/cleaning/bookings/${booking.id}/restore`)).body).toMatchObject({ cancelled: false, next: { on: '2026-12-01' } });
    await meera.send('POST', `/api/cleaning/bookings/${booking.id}/cancel`);
    at('2026-11-30T20:16:00Z');
    const tooLate = await meera.send('POST', `/api/cleaning/bookings/${booking.id}/restore`);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error?.message).toBe('It is too late to undo: book the time again.');
  });
});

describe("the day's cleaning list", () => {
  it("is today's on the university clock, grouped by hostel and floor, without skipped weeks or cancelled bookings", async () => {
    at(MONDAY_UTC_TUESDAY_KOLKATA.toISOString());
    const slot = await aSlot({ startTime: '13:00', endTime: '14:00' });
    const fourth = await aSlot({ startTime: '15:00', endTime: '16:00' });
    const riya = await student();
    const kabir = await student();
    const dev = await student();
    const riyas = await book(riya, slot, 402);
    const kabirs = await book(kabir, fourth, 415);
    const devs = await book(dev, slot, 118);

    const today = await dayOf(cleaner);
    // 01:30 on Tuesday in Kolkata: the Tuesday list, though it is Monday in UTC.
    expect(today).toMatchObject({ date: '2026-12-01', text: 'Tue 1 Dec' });
    expect(bookingIdsOn(today)).toEqual(expect.arrayContaining([riyas.id, kabirs.id, devs.id]));
    const block2 = today.hostels.find((h) => h.hostel === 'Block-2');
    const floors = block2?.floors.map((f) => f.floor) ?? [];
    expect(floors).toEqual([...floors].sort((a, b) => a - b));
    expect(block2?.floors.find((f) => f.floor === 4)?.items.map((i) => [i.roomNo, i.startTime])).toEqual(expect.arrayContaining([['402', '13:00'], ['415', '15:00']]));
    expect(roomsOn(today)).toContain('Block-2/1/118');
    // Monday 30 November (UTC's "today") has no Tuesday slots on it.
    expect(bookingIdsOn(await dayOf(cleaner, '2026-11-30'))).not.toContain(riyas.id);
    // The Tuesday of the week before the booking started has none either.
    expect(bookingIdsOn(await dayOf(cleaner, '2026-11-24'))).not.toContain(riyas.id);

    // Across the week boundary: Riya skips the next week, Kabir cancels (that Tuesday his room is gone from the list on).
    await riya.send('POST', `/api/cleaning/bookings/${riyas.id}/skips`, { on: '2026-12-08' });
    at('2026-12-03T06:00:00Z');
    await kabir.send('POST', `/api/cleaning/bookings/${kabirs.id}/cancel`);
    const nextWeek = await dayOf(cleaner, '2026-12-08');
    expect(bookingIdsOn(nextWeek)).toContain(devs.id);
    expect(bookingIdsOn(nextWeek)).not.toContain(riyas.id);
    expect(bookingIdsOn(nextWeek)).not.toContain(kabirs.id);
    // The week after, Riya is back; Kabir stays gone; the day before his cancellation still had him.
    expect(bookingIdsOn(await dayOf(cleaner, '2026-12-15'))).toEqual(expect.arrayContaining([riyas.id, devs.id]));
    expect(bookingIdsOn(await dayOf(cleaner, '2026-12-15'))).not.toContain(kabirs.id);
    expect(bookingIdsOn(await dayOf(cleaner, '2026-12-01'))).toContain(kabirs.id);

    // Only the hostels in the worker's room-cleaning scope; nobody else's list.
    expect(bookingIdsOn(await dayOf(block3Cleaner, '2026-12-01'))).not.toContain(riyas.id);
    expect((await wifiTech.get('/api/staff/cleaning')).status).toBe(403);
    expect((await riya.get('/api/staff/cleaning')).status).toBe(403);
    expect((await cleaner.get('/api/staff/cleaning?date=2026-02-30')).status).toBe(400);
    // Year 0000 is a date to JavaScript but not to PostgreSQL: refused with the field's message, never a 500.
    for (const far of ['0000-01-01', '1999-12-31', '3000-01-01']) {
      const { status, body } = await cleaner.get(`/api/staff/cleaning?date=${far}`);
      expect(status, far).toBe(400);
      expect(body.error?.fields?.date, far).toBe('Choose a day such as 2026-12-01');
    }
    expect((await cleaner.send('PUT', '/api/staff/cleaning/visits', { bookingId: riyas.id, on: '0000-01-01', outcome: 'done' })).status).toBe(400);
  });

  it('marks a visit done or not possible (with a reason), once per booking and day, and tells the student when the outcome changes', async () => {
    at(MONDAY_UTC_TUESDAY_KOLKATA.toISOString());
    const slot = await aSlot({ startTime: '16:00', endTime: '17:00' });
    const asha = await student();
    const booking = await book(asha, slot, 233);
    const phone = pushService.browser('/asha-phone');
    expect((await asha.send('PUT', '/api/push/subscription', { endpoint: phone.endpoint, keys: phone.keys })).status).toBe(204);
    const pushes = () =>
      pushService.for('/asha-phone').map((r) => pushMessageSchema.parse(JSON.parse(decryptPush(phone, r.body))));
    at('2026-12-01T11:00:00Z'); // 16:30 on Tuesday in Kolkata
    const mark = (client: ApiClient, body: Record<string, unknown>) => client.send('PUT', '/api/staff/cleaning/visits', { bookingId: booking.id, on: '2026-12-01', ...body });

    const noReason = await mark(cleaner, { outcome: 'not_possible', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.reason).toBe('Say why it was not possible');
    expect((await mark(wifiTech, { outcome: 'done' })).status).toBe(403);
    expect((await mark(block3Cleaner, { outcome: 'done' })).status).toBe(403);
    expect((await mark(asha, { outcome: 'done' })).status).toBe(403);
    expect((await mark(cleaner, { outcome: 'done', on: '2026-12-08' })).body.error?.code).toBe('not_yet');
    expect((await mark(cleaner, { outcome: 'done', on: '2026-11-30' })).body.error?.code).toBe('not_due');

    const first = await mark(cleaner, { outcome: 'not_possible', reason: 'Room locked <b>and</b> nobody answered' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ told: true, item: { roomNo: '233', visit: { outcome: 'not_possible', reason: 'Room locked <b>and</b> nobody answered' } } });
    const { id: ashaId } = (await asha.get('/api/me')).body.user as { id: string };
    const [ashaRow] = await portal.app.db.select().from(users).where(eq(users.id, ashaId));
    if (!ashaRow) throw new Error('the student has no row');
    const bells = await portal.app.db.select().from(notifications).where(eq(notifications.userId, ashaRow.id));
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ complaintId: null, link: '/cleaning', text: 'Cleaning of room 233 on Tue 1 Dec was not possible: Room locked <b>and</b> nobody answered' });
    const listed = (await asha.get('/api/notifications')).body.items as Array<{ link: string | null; complaintNumber: string | null }>;
    expect(listed[0]).toMatchObject({ link: '/cleaning', complaintNumber: null });
    const mails = await portal.app.db.select().from(outbox).where(and(eq(outbox.purpose, 'cleaning_visit'), eq(outbox.toEmails, [ashaRow.email])));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Room cleaning on Tue 1 Dec was not possible');
    expect(mails[0]?.textBody).toContain('Their reason: Room locked <b>and</b> nobody answered');
    expect(mails[0]?.htmlBody).toContain('Room locked &lt;b&gt;and&lt;/b&gt; nobody answered');
    expect(mails[0]?.textBody).toContain(`${portal.baseUrl}/cleaning`);
    // The phone is told too, and tapping it opens the weekly cleaning page.
    await expect.poll(pushes).toEqual([
      expect.objectContaining({ body: 'Cleaning of room 233 on Tue 1 Dec was not possible: Room locked <b>and</b> nobody answered', url: '/cleaning' }),
    ]);

    // The same outcome again (a reworded reason): kept, nobody told twice.
    const again = await mark(cleaner, { outcome: 'not_possible', reason: 'Room locked' });
    expect(again.body).toMatchObject({ told: false, item: { visit: { reason: 'Room locked' } } });
    // Changed to done: one row still, the student told again (bell, no mail).
    const done = await mark(cleaner, { outcome: 'done', reason: 'ignored' });
    expect(done.body).toMatchObject({ told: true, item: { visit: { outcome: 'done', reason: '' } } });
    expect(await portal.app.db.select().from(notifications).where(eq(notifications.userId, ashaRow.id))).toHaveLength(2);
    expect(await portal.app.db.select().from(outbox).where(and(eq(outbox.purpose, 'cleaning_visit'), eq(outbox.toEmails, [ashaRow.email])))).toHaveLength(1);

    const mine = (await asha.get('/api/cleaning/bookings')).body.items as Booking[];
    // The student's page shows what was marked; today's slot is over, so the coming weeks start next Tuesday.
    expect(mine.find((b) => b.id === booking.id)).toMatchObject({ recent: [{ on: '2026-12-01', visit: { outcome: 'done' } }], next: { on: '2026-12-08' } });
    const seen = await dayOf(cleaner, '2026-12-01');
    expect(seen.hostels.flatMap((h) => h.floors.flatMap((f) => f.items)).find((i) => i.bookingId === booking.id)).toMatchObject({ visit: { outcome: 'done' } });
    // A skipped week cannot be marked.
    at(MONDAY_UTC_TUESDAY_KOLKATA.toISOString());
    await asha.send('POST', `/api/cleaning/bookings/${booking.id}/skips`, { on: '2026-12-08' });
    at('2026-12-08T11:00:00Z');
    expect((await cleaner.send('PUT', '/api/staff/cleaning/visits', { bookingId: booking.id, on: '2026-12-08', outcome: 'done' })).body.error?.code).toBe('not_due');
  });
});
