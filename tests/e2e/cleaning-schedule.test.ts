import { afterEach, describe, expect } from 'vitest';
import { MovableClock } from '../support/clock.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Weekly cleaning on a phone: the admin offers Tuesdays 09:00–11:00 in Block-2; a student books it
 * for room 214 from the Services page; on that Tuesday the cleaner's list shows the room and the
 * cleaner marks it not possible with a reason, which the student reads by the bell and on their
 * page; the student skips the following Tuesday, and that day's list is empty.
 *
 * The portal runs in this process: its clock is set to Monday 30 November 2026, 11:30 in
 * Kolkata (the test portal's TIME_ZONE), so the next Tuesday is 1 December whatever today is.
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'weekly.admin@vitbhopal.ac.in', name: 'Weekly Admin' };
const CLEANER = { email: 'weekly.cleaner@vitbhopal.ac.in', name: 'Weekly Cleaner' };
const STUDENT = { email: 'ananya.rao@vitbhopal.ac.in', name: 'Ananya Rao 22BCE10777' };
const REASON = 'Room locked and nobody answered';

const clock = new MovableClock();
const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, TIME_ZONE: 'Asia/Kolkata' }, { admin: ADMIN, app: { clock }, team: { cleaner: { ...CLEANER, role: 'staff', scopes: [{ category: 'room_cleaning', hostel: 'Block-2' }] } } });
const { it } = suite;
const at = (iso: string) => {
  clock.at(iso);
};

afterEach(() => {
  clock.release();
});

describe('cleaning on a schedule', () => {
  it('a Tuesday slot gives the day its list, a visit not possible reaches the student, and a skipped week gives none', async ({ browse }) => {
    at('2026-11-30T06:00:00Z');
    const base = suite.portal.baseUrl;

    // The admin offers Tuesdays 09:00–11:00 in Block-2.
    const admin = await browse.as(ADMIN, PHONE_390);
    await admin.page.goto(`${base}/admin/cleaning`);
    const block2 = admin.page.getByRole('region', { name: 'Block-2' });
    const form = block2.getByRole('form', { name: 'Add a weekly cleaning time to Block-2' });
    await form.getByLabel('Day').selectOption({ label: 'Tuesday' });
    await form.getByLabel('Starts').fill('09:00');
    await form.getByLabel('Ends').fill('11:00');
    await form.getByRole('button', { name: 'Add time' }).click();
    await form.getByText('Block-2 now offers Every Tuesday 09:00–11:00.').waitFor();
    await block2.getByText('0 booked').waitFor();
    expect(await hasHorizontalScroll(admin.page)).toBe(false);

    // The student finds weekly cleaning beside the one-off request, and books it for room 214.
    const student = await browse.as(STUDENT, PHONE_390);
    await student.page.goto(`${base}/services`);
    await student.page.getByRole('link', { name: 'Book weekly cleaning' }).click();
    await student.page.getByRole('heading', { name: 'Weekly cleaning', level: 1 }).waitFor();
    await student.page.getByText('You have no weekly cleaning booked.').waitFor();
    const booking = student.page.getByRole('region', { name: 'Book weekly cleaning' });
    await booking.getByLabel('Hostel').selectOption('Block-2');
    await booking.getByLabel('Time').selectOption({ label: 'Every Tuesday 09:00–11:00 · from Tue 1 Dec' });
    await booking.getByLabel('Room number').fill('214');
    await booking.getByRole('button', { name: 'Book' }).click();
    // Asked in the page, never by a browser dialog.
    await booking.getByText('Book Every Tuesday 09:00–11:00 for room 214 of Block-2?').waitFor();
    expect(await seriousAxeViolations(student.page)).toEqual([]);
    await booking.getByRole('button', { name: 'Yes, book it' }).click();
    const summary = student.page.getByTestId('booking-summary');
    await expect.poll(() => summary.textContent()).toBe('Every Tuesday 09:00–11:00 · next: Tue 1 Dec');
    await student.page.getByText('Room 214, Block-2 (floor 2)').waitFor();
    expect(await hasHorizontalScroll(student.page)).toBe(false);

    // That Tuesday the cleaner's list has the room; it cannot be done, and the cleaner says why.
    at('2026-12-01T04:30:00Z'); // 10:00 in Kolkata
    const cleaner = await browse.as(CLEANER, PHONE_390);
    await cleaner.page.goto(`${base}/staff/cleaning?date=2026-12-01`);
    await expect.poll(() => cleaner.page.getByTestId('cleaning-day').textContent()).toBe('Tue 1 Dec (today)');
    const floor2 = cleaner.page.getByRole('region', { name: 'Block-2, floor 2' });
    const room = floor2.getByRole('listitem', { name: 'Room 214' });
    await room.getByText('09:00–11:00').waitFor();
    await room.getByText('Ananya Rao').waitFor();
    await room.getByRole('button', { name: 'Not possible: room 214' }).click();
    await room.getByRole('button', { name: 'Send reason' }).click();
    await room.getByText('Say why it was not possible').waitFor();
    await room.getByLabel('Why was cleaning room 214 not possible?').fill(REASON);
    expect(await seriousAxeViolations(cleaner.page)).toEqual([]);
    await room.getByRole('button', { name: 'Send reason' }).click();
    await room.getByText('Marked not possible: the student is told.').waitFor();
    await room.getByText(REASON).waitFor();
    expect(await hasHorizontalScroll(cleaner.page)).toBe(false);

    // The student hears of it by the bell, which leads to their weekly cleaning page and the reason.
    await student.page.goto(`${base}/`);
    await student.page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await student.page.getByRole('link', { name: new RegExp(`Cleaning of room 214 on Tue 1 Dec was not possible: ${REASON}`) }).click();
    await student.page.waitForURL(`${base}/cleaning`);
    const card = student.page.getByTestId('cleaning-booking');
    await card.getByText(`Tue 1 Dec: not possible — ${REASON}`).waitFor();

    // The student skips the following Tuesday: that day's list is empty.
    await expect.poll(() => summary.textContent()).toBe('Every Tuesday 09:00–11:00 · next: Tue 8 Dec');
    await card.getByRole('button', { name: 'Skip Tue 8 Dec' }).click();
    await card.getByText('Tue 8 Dec is skipped.').waitFor();
    await expect.poll(() => summary.textContent()).toBe('Every Tuesday 09:00–11:00 · next: Tue 15 Dec');
    await cleaner.page.goto(`${base}/staff/cleaning?date=2026-12-08`);
    await expect.poll(() => cleaner.page.getByTestId('cleaning-empty').textContent()).toBe('No rooms are booked for Tue 8 Dec.');
  });
});
