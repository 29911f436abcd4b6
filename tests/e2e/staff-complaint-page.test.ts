import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { complaints, outbox } from '../../src/server/db/schema.js';
import { aComplaint } from '../factories/complaints.js';
import { aPhoneJpeg, uploadPhoto } from '../factories/photos.js';
import { DESKTOP, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { mailSinkFor } from '../support/mail-sink.js';
import { addStaff } from '../support/staff.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * The staff complaint page as a worker has it: on a phone the student's words come first and one
 * tap takes the complaint; at a desk it is worked from the keyboard (r to reply, Escape out of the
 * box, e to resolve with what the box holds, n to the next complaint of the queue), and the student
 * gets one mail carrying the reply, through a real SMTP server.
 */

const ADMIN = { email: 'page.admin@vitbhopal.ac.in', name: 'Page Admin' };
const STUDENT = { email: 'rohan.mehta@vitbhopal.ac.in', name: 'ROHAN MEHTA 22BCE10444' };
const TECH = { email: 'plumbing.desk@vitbhopal.ac.in', name: 'Plumbing Desk' };
const LEAK = 'Water drips from the ceiling above bed 2 whenever the floor above showers.';
const REPLY = 'The pipe above your room was resealed this morning; the ceiling will dry in a day.';
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const env: Record<string, string> = { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, MAIL_POLL_INTERVAL_MS: '200' };
const mail = mailSinkFor(env);
const suite = browserSuite(env);
const { it } = suite;

beforeAll(async () => {
  const admin = await suite.api(ADMIN);
  await addStaff(admin, { ...TECH, role: 'staff', scopes: [{ category: 'water', hostel: '' }] });
});

async function fileLeak(text: string, photoIds: string[] = []): Promise<string> {
  const student = await suite.api(STUDENT);
  const filed = await student.post(
    '/api/complaints',
    aComplaint({ category: 'water', subCategory: 'Water Problem', hostel: 'Block-1 (Old)', floor: 2, roomNo: '214', complaint: text, photoIds }),
  );
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** Every mail about `number` has left the outbox (sent to the sink). */
async function outboxEmptyFor(number: string) {
  const [row] = await suite.portal.app.db.select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number));
  const waiting = await suite.portal.app.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.complaintId, row?.id ?? ''), inArray(outbox.status, ['held', 'queued'])));
  return waiting.length === 0;
}

describe('the staff complaint page', () => {
  it('phone: the student first and one tap takes it; desk: r, Escape, e and n, and the student gets one mail with the reply', async ({ browse }) => {
    // A notice of the leaks on that floor: complaints filed while it is up are part of it.
    const notice = { hostel: 'Block-1 (Old)', floors: [2], category: 'water', title: 'Leaks on floor 2', details: '' };
    const posted = await (await suite.api(TECH)).send('POST', '/api/staff/incidents', { ...notice, endsAt: new Date(Date.now() + 3 * 3600_000).toISOString() });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const student = await suite.api(STUDENT);
    const photo = await uploadPhoto(student, await aPhoneJpeg({ width: 800, height: 600 }));
    expect(photo.status).toBe(201);
    const number = await fileLeak(LEAK, [String(photo.body.id)]);
    await fileLeak('The shower on floor 2 runs cold after 7 am.');

    // A phone: the student's words (and photo) are the first bubble, in the first screen.
    const phone = await browse.as(TECH, PHONE_390);
    await phone.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const thread = phone.page.getByTestId('staff-timeline');
    const first = thread.locator(':scope > li').first();
    await first.getByText(LEAK).waitFor();
    expect(await first.getAttribute('data-kind')).toBe('message');
    expect(await first.textContent()).toContain('ROHAN MEHTA');
    const bubble = await first.getByText(LEAK).boundingBox();
    expect(bubble && bubble.y + bubble.height).toBeLessThan(PHONE_390.viewport.height);
    await first.getByTestId('photos-before').getByRole('img').waitFor();
    // Where it was routed is a detail now, not the first thing read.
    expect(await thread.textContent()).not.toContain('Sent to');
    expect(await phone.page.getByTestId('staff-complaint-details').textContent()).toContain('Sent to');
    await phone.page.getByTestId('notice-line').getByText('Part of notice:').waitFor();
    expect(await phone.page.getByTestId('notice-line').getByRole('link').textContent()).toBe(notice.title);
    await checkPage(phone.page, 'the complaint page on a phone');

    // One tap takes it, and acknowledges it.
    const holder = phone.page.getByTestId('holder');
    await holder.getByText('Nobody has it yet.').waitFor();
    await holder.getByRole('button', { name: 'Take it' }).tap();
    await holder.getByText('You have it.').waitFor();
    await phone.page.getByTestId('take-result').getByText('It is yours, and acknowledged: the student was told.').waitFor();
    await phone.page.getByTestId('complaint-header').getByText('Acknowledged', { exact: true }).waitFor();
    expect(await holder.getByRole('button').count()).toBe(0);

    // A desk, from the queue: the conversation and the reply box in the main column, the actions beside them.
    const desk = await browse.as(TECH, DESKTOP);
    const { page } = desk;
    await page.goto(`${suite.portal.baseUrl}/staff`);
    await page.getByTestId('queue-row').filter({ hasText: number }).getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: `Complaint ${number}`, level: 1 }).waitFor();
    await page.getByTestId('staff-timeline').getByText(LEAK).waitFor();
    const box = await page.getByLabel('Reply to the student').boundingBox();
    const side = await page.getByTestId('staff-sidebar').boundingBox();
    expect(box && side && side.x >= box.x + box.width).toBe(true);
    expect(side && side.y).toBeLessThan(DESKTOP.viewport.height);

    // r goes to the box; typing there is typing; Escape leaves it, so e is a shortcut again.
    await page.keyboard.press('r');
    const reply = page.getByLabel('Reply to the student');
    await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(REPLY);
    expect(await reply.inputValue()).toBe(REPLY);
    await page.keyboard.press('Escape');
    await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(false);
    await page.getByRole('button', { name: 'Send and mark resolved' }).waitFor();

    // e asks in the page (never a browser dialog) and the confirmation takes the focus.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.keyboard.press('e');
    const confirm = page.getByTestId('resolve-confirm');
    await confirm.getByText('Send your reply and mark this complaint resolved?').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, send and mark resolved');
    await checkPage(page, 'the complaint page at a desk, asking to resolve');
    await page.keyboard.press('Enter');
    await page.getByTestId('reply-result').getByText('Sent to the student and marked resolved.').waitFor();
    await page.getByTestId('complaint-header').getByText('Resolved', { exact: true }).waitFor();
    expect(await reply.inputValue()).toBe('');
    expect(dialogs).toEqual([]);

    // The student got one mail carrying the reply: the resolution, not a reply and then a status mail.
    await expect.poll(() => outboxEmptyFor(number)).toBe(true);
    const toStudent = mail.sink.received.filter((m) => m.envelopeTo.includes(STUDENT.email) && m.parsed.subject?.includes(number));
    expect(toStudent.map((m) => m.parsed.subject)).toEqual([
      `We received your complaint — ${number}`,
      `${number} is now Acknowledged`,
      `${number} is now Resolved`,
    ]);
    expect(toStudent.filter((m) => m.parsed.text?.includes(REPLY))).toHaveLength(1);

    // ? lists the page's keys; n opens the next complaint of the queue it came from.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Mark resolved (asks first; what the box holds is sent with it)').waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    const queue = await page.evaluate(() => JSON.parse(sessionStorage.getItem('hcp:staff-queue') ?? '{}') as { numbers?: string[] });
    // Due soonest first: the complaint filed after this one is next.
    const next = queue.numbers?.[queue.numbers.indexOf(number) + 1];
    expect(next).toMatch(/^HC-/);
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: `Complaint ${next ?? ''}`, level: 1 }).waitFor();
  }, 45_000);
});
