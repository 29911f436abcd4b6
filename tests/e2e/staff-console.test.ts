import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import { auditLog, complaints, outbox } from '../../src/server/db/schema.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import type { ApiClient } from '../support/student.js';
import { aComplaint } from '../factories/complaints.js';
import { addStaff } from '../support/staff.js';
import { RELAXED_LIMITS } from '../support/limits.js';

const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };
const STUDENT = { email: 'aarav.sharma@vitbhopal.ac.in', name: 'AARAV SHARMA 21BCE10001' };
const WIFI_STAFF = { email: 'wifi.tech@vitbhopal.ac.in', name: 'Wifi Tech' };

const NUMBER = /HC-\d{4}-\d{6,}/;
const WIFI_DOWN = 'The wifi has been down on the third floor since Monday.';
const REPLY = 'A technician will replace the access point on your floor tomorrow.';
const NOTE = 'Access point AP-B2-3 is end of life; spare is in the store room.';
const RAGGING_TEXT = 'Seniors keep waking us at night and demand errands.';

const suite = browserSuite({
  ...RELAXED_LIMITS,
  ADMIN_EMAILS: ADMIN.email,
  // A bulk action waits this long for an undo before it runs (queue-first-screen.test.ts undoes one).
  BULK_UNDO_SECONDS: '1',
});
const { it } = suite;

let admin: ApiClient;

/** Staff, wardens and admins as an administrator adds them on /admin/people. */
async function addPerson(person: { email: string; name: string }, role: 'staff' | 'warden', scopes: Array<{ category: string; hostel: string }>) {
  await addStaff(admin, { ...person, role, antiRagging: false, scopes });
}

/** The student's wifi complaint, filed through the API; its number. */
async function fileWifi(over: Record<string, unknown> = {}): Promise<string> {
  const student = await suite.api(STUDENT);
  const filed = await student.post(
    '/api/complaints',
    aComplaint({ hostel: 'Block-2', floor: 3, roomNo: '312', subCategory: 'Not Working', complaint: WIFI_DOWN, ...over }),
  );
  expect(filed.status).toBe(201);
  return String(filed.body.number);
}

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

beforeAll(async () => {
  admin = await suite.api(ADMIN);
  // Wifi for every hostel: the staff member most tests work as.
  await addPerson(WIFI_STAFF, 'staff', [{ category: 'wifi', hostel: '' }]);
});

describe('the staff console, from filing to closing', () => {
  it('a student files a wifi complaint and is not let into the staff console', async ({ browse }) => {
    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('link', { name: 'Aarav 21BCE10001' }).waitFor();
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();

    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-2');
    await page.getByLabel('Floor', { exact: true }).fill('3');
    await page.getByLabel('Room number', { exact: true }).fill('312');
    await page.getByRole('radio', { name: 'Not Working', exact: true }).check();
    await page.getByLabel('Message', { exact: true }).fill(WIFI_DOWN);
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const card = page.getByRole('status').filter({ hasText: 'Your complaint is registered' });
    await card.waitFor();
    const number = NUMBER.exec((await card.textContent()) ?? '')?.[0] ?? '';
    expect(number).toMatch(NUMBER);

    // A student has no staff console: no link, and an explanation instead of the queue.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'My complaints' }).waitFor();
    expect(await page.getByRole('link', { name: 'Staff console' }).count()).toBe(0);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    await page.getByTestId('not-staff').waitFor();
    expect(await page.getByTestId('queue-row').count()).toBe(0);
  });

  it('wifi staff find it in the queue, acknowledge it in bulk, reply and add an internal note', async ({ browse }) => {
    // Wifi in Block-3 only, where no other test files anything: the counts below are this test's.
    const BLOCK3_TECH = { email: 'block3.tech@vitbhopal.ac.in', name: 'Block Three Tech' };
    await addPerson(BLOCK3_TECH, 'staff', [{ category: 'wifi', hostel: 'Block-3' }]);
    const number = await fileWifi({ hostel: 'Block-3' });

    const { page } = await browse.as(BLOCK3_TECH);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    await page.getByRole('heading', { name: 'Staff console', level: 1 }).waitFor();
    // "My open work", below the first screen's "New" (which shows it too).
    const row = page.getByTestId('queue-list').getByTestId('queue-row').filter({ hasText: number });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    for (const part of ['Wifi Complaint', 'Not Working', 'Block-3', 'floor 3', 'room 312', 'Aarav', 'Submitted', 'Nobody', 'today']) {
      expect(rowText).toContain(part);
    }
    await page.getByRole('group', { name: 'Show complaints by status' }).getByRole('button', { name: 'Submitted 1' }).waitFor();
    await checkPage(page, '/staff');

    // Filters live in the address bar.
    await page.getByLabel('Search messages, rooms, numbers and students').fill('third floor');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/[?&]q=third\+floor/);
    await row.waitFor();
    await page.getByLabel('Search messages, rooms, numbers and students').fill('elevator');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('queue-empty').waitFor();
    await page.getByTestId('queue-empty').getByRole('button', { name: 'Clear filters' }).click();
    await row.waitFor();

    await page.getByTestId('queue-list').getByRole('checkbox', { name: `Select ${number}` }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Acknowledge 1' }).click();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Acknowledge 1, mail 1 student' }).click();
    await page.getByTestId('bulk-results').locator('li[data-outcome="done"]').filter({ hasText: number }).getByText('Acknowledged: it is yours now.').waitFor();
    await row.getByText('Acknowledged').waitFor();
    await page.getByRole('button', { name: 'Acknowledged 1' }).waitFor();

    await row.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: `Complaint ${number}`, level: 1 }).waitFor();
    await page.getByTestId('student-message').getByText(WIFI_DOWN).waitFor();
    expect(await page.getByTestId('student-identity').textContent()).toContain(STUDENT.email);
    expect(await page.getByRole('button', { name: 'Acknowledge', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark resolved' }).waitFor();

    await page.getByLabel('Reply to the student').fill(REPLY);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('reply-result').getByText('Reply sent to the student.').waitFor();
    await page.getByLabel('Internal note (not shown to the student)').check();
    await page.getByLabel('Internal note', { exact: true }).fill(NOTE);
    // An internal note is never the student's: it cannot go with a resolution.
    expect(await page.getByRole('button', { name: /resolved/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByTestId('reply-result').getByText('Internal note added.').waitFor();

    // Acknowledging gave it to whoever acknowledged it; it can be given up and taken again.
    const holder = page.getByTestId('holder');
    await holder.getByText('You have it.').waitFor();
    await page.getByText('Give it to a colleague').click();
    await page.getByLabel('Assign to').selectOption({ label: 'Nobody' });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Nobody is assigned now.' }).waitFor();
    await holder.getByText('Nobody has it yet.').waitFor();
    await holder.getByRole('button', { name: 'Take it' }).click();
    await page.getByTestId('take-result').getByText('It is yours now.').waitFor();
    await holder.getByText('You have it.').waitFor();

    const timeline = page.getByTestId('staff-timeline');
    const note = timeline.locator('li[data-kind="note"]');
    await note.waitFor();
    expect(await note.textContent()).toContain('Internal note — the student never sees this');
    expect(await note.textContent()).toContain(NOTE);
    expect(await timeline.locator('li[data-kind="reply"]').textContent()).toContain(REPLY);
    await checkPage(page, '/staff/complaints/:number');
  }, 40_000);

  it('the student sees the reply and the new status, never the internal note, and the bell', async ({ browse }) => {
    const number = await fileWifi();
    const staff = await suite.api(WIFI_STAFF);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged', note: '' })).status).toBe(200);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: REPLY })).status).toBe(204);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: NOTE, internal: true })).status).toBe(204);

    const { page } = await browse.as(STUDENT);
    // The bell, seen from the list: the link leads to the complaint.
    await page.goto(`${suite.portal.baseUrl}/my`);
    const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
    await bell.waitFor();
    expect(Number(await page.getByTestId('unread-count').textContent())).toBeGreaterThan(0);
    await bell.click();
    const list = page.getByTestId('notification-list');
    await list.waitFor();
    await list.getByRole('link').first().waitFor();
    expect(await list.getByRole('link').first().getAttribute('href')).toBe(`/my/${number}`);
    await checkPage(page, 'notifications panel');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
    expect(await page.getByTestId('unread-count').count()).toBe(0);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });

    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    // The facts fold away under "Details" on the student's page: read them without unfolding.
    const details = page.getByTestId('complaint-details');
    await details.waitFor({ state: 'attached' });
    expect(await details.textContent()).toContain('Acknowledged');
    const reply = page.getByTestId('timeline').locator('li[data-kind="reply"]');
    await reply.waitFor();
    expect(await reply.textContent()).toContain('Reply from the hostel team');
    expect(await reply.textContent()).toContain(REPLY);
    expect(await page.getByText(NOTE).count()).toBe(0);
    expect(await page.content()).not.toContain('AP-B2-3');
  });

  it('staff resolve it and the student confirms it is fixed with a rating', async ({ browse }) => {
    const number = await fileWifi();
    const staffApi = await suite.api(WIFI_STAFF);
    expect((await staffApi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged', note: '' })).status).toBe(200);

    const staff = await browse.as(WIFI_STAFF);
    await staff.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    await staff.page.getByRole('button', { name: 'Mark resolved' }).click();
    await staff.page.getByTestId('reply-result').getByText('Marked resolved.').waitFor();
    await staff.page.getByTestId('complaint-header').getByText('Resolved', { exact: true }).waitFor();

    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    const resolution = page.getByTestId('resolution');
    await resolution.waitFor();
    await resolution.getByRole('button', { name: 'Reopen' }).waitFor();
    await checkPage(page, '/my/:number (resolved)');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Comment (optional)').fill('Fast and friendly, thank you.');
    await resolution.getByRole('button', { name: 'Confirm it is fixed' }).click();
    await page.getByTestId('resolution-outcome').getByText('Thank you. The complaint is closed.').waitFor();
    await resolution.waitFor({ state: 'detached' });
    expect(await page.getByTestId('complaint-details').textContent()).toContain('Closed');
    // The rating stays on the page after confirming.
    const rating = page.getByTestId('your-rating');
    await rating.getByText('4 of 5').waitFor();
    expect(await rating.textContent()).toContain('Fast and friendly, thank you.');

    const seen = await admin.get(`/api/staff/complaints/${number}`);
    expect(seen.body).toMatchObject({ status: 'closed', rating: 4, ratingComment: 'Fast and friendly, thank you.' });
  });

  const A_ROOMLESS_REPORT = {
    category: 'ragging',
    hostel: 'Block-2',
    floor: 0,
    roomNo: '',
    subCategory: 'Verbal / abuse',
    placeKind: 'hostel',
    placeText: 'Behind the mess, near the water cooler',
    complaint: 'They stop us behind the mess every evening.',
  };

  it('a ragging complaint shows only "Confidential student" to a warden without the duty', async ({ browse }) => {
    const WARDEN = { email: 'block2.warden@vitbhopal.ac.in', name: 'Block Two Warden' };
    await addPerson(WARDEN, 'warden', [{ category: '', hostel: 'Block-2' }]);
    const wifiNumber = await fileWifi();
    const filer = await suite.api(STUDENT);
    const filed = await filer.post('/api/complaints', {
      category: 'ragging',
      hostel: 'Block-2',
      floor: 1,
      roomNo: '101',
      subCategory: 'Physical',
      placeKind: 'hostel',
      placeText: 'Ground-floor common room',
      complaint: RAGGING_TEXT,
    });
    expect(filed.status).toBe(201);
    const raggingNumber = String(filed.body.number);

    const { page } = await browse.as(WARDEN);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    const row = page.getByTestId('queue-list').getByTestId('queue-row').filter({ hasText: raggingNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain('Confidential student');
    expect(await row.textContent()).toContain('Confidential');
    expect(await row.textContent()).not.toContain('Aarav');
    // Every category of the warden's hostel, the wifi complaint too.
    await page.getByTestId('queue-list').getByTestId('queue-row').filter({ hasText: wifiNumber }).waitFor();

    await row.getByRole('link', { name: raggingNumber }).click();
    const identity = page.getByTestId('student-identity');
    await identity.waitFor();
    expect(await identity.textContent()).toContain('Confidential student');
    await page.getByText('Only the anti-ragging duty may see who filed it and the room they gave.').waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).toContain(RAGGING_TEXT);
    for (const secret of [STUDENT.email, 'Aarav', '21BCE10001']) expect(body).not.toContain(secret);

    // Without the duty there is nothing to press: the server says the reveal would be refused.
    expect(await page.getByRole('button', { name: 'Reveal identity' }).count()).toBe(0);
    expect(await page.getByText('Every reveal is recorded').count()).toBe(0);
    expect(await page.getByTestId('revealed-identity').count()).toBe(0);
    await checkPage(page, '/staff/complaints/:number (confidential)');

    // Issue 40, items 7 and 9: a report without a room shows where it happened, not "floor 0", and
    // its reporter reads where they said it happened on their own page.
    const roomless = await filer.post('/api/complaints', { ...A_ROOMLESS_REPORT });
    expect(roomless.status).toBe(201);
    const roomlessNumber = String(roomless.body.number);
    await page.goto(`${suite.portal.baseUrl}/staff?category=ragging`);
    const roomlessRow = page.getByTestId('queue-list').getByTestId('queue-row').filter({ hasText: roomlessNumber });
    await roomlessRow.waitFor();
    await expect.poll(() => roomlessRow.textContent()).toContain('Block-2, Behind the mess, near the water cooler');
    expect(await roomlessRow.textContent()).not.toMatch(/floor 0/i);
    const { page: own } = await browse.as(STUDENT);
    await own.goto(`${suite.portal.baseUrl}/my/${roomlessNumber}`);
    await own.getByText('(number, where it happened, category)').click();
    await expect.poll(() => own.getByTestId('complaint-details').textContent()).toContain('In a hostel: Behind the mess, near the water cooler');
  });

  it('the anti-ragging duty reveals the student after giving a reason and confirming on the page', async ({ browse }) => {
    // A title before the name: the header chip still says the first name.
    const DUTY = { email: 'kavita.joshi@vitbhopal.ac.in', name: 'Dr. Kavita Joshi' };
    await addStaff(admin, { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'other', hostel: '' }] });
    const filed = await (await suite.api(STUDENT)).post(
      '/api/complaints',
      aComplaint({ category: 'ragging', hostel: 'Block-3', floor: 1, roomNo: '110', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Mess queue', complaint: RAGGING_TEXT }),
    );
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);
    const REASON = 'The committee meets the student tomorrow.';

    const { page } = await browse.as(DUTY);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    await page.getByRole('link', { name: 'Kavita', exact: true }).waitFor();
    await page.getByTestId('student-identity').waitFor();
    const reveals = () => suite.portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'complaint.reveal_identity'), eq(auditLog.targetId, number)));

    // One tap only asks: nothing is revealed or recorded yet.
    await page.getByRole('button', { name: 'Reveal identity' }).click();
    const ask = page.getByRole('form', { name: 'Reveal who filed this' });
    await ask.getByLabel('Why do you need to see who filed this?').waitFor();
    expect(await page.getByTestId('revealed-identity').count()).toBe(0);
    await ask.getByRole('button', { name: 'Reveal the student' }).click();
    await ask.getByText('Give the reason you need to see who filed this').waitFor();
    expect(await reveals()).toEqual([]);
    await checkPage(page, '/staff/complaints/:number (reveal reason)');

    await ask.getByLabel('Why do you need to see who filed this?').fill(REASON);
    await ask.getByRole('button', { name: 'Reveal the student' }).click();
    const revealed = page.getByTestId('revealed-identity');
    await revealed.waitFor();
    const text = (await revealed.textContent()) ?? '';
    for (const part of [STUDENT.email, '21BCE10001', 'Block-3, floor 1, room 110']) expect(text).toContain(part);
    expect(dialogs).toEqual([]);
    await expect.poll(async () => (await reveals()).map((row) => row.details)).toEqual([{ confidential: true, reason: REASON }]);
  });

  it('an administrator adds staff and gives the anti-ragging duty on /admin/people', async ({ browse }) => {
    const GIRLS_WARDEN = { email: 'girls.warden@vitbhopal.ac.in', name: 'Girls Warden' };
    await addPerson(GIRLS_WARDEN, 'warden', [{ category: '', hostel: 'Girls' }]);
    const { page } = await browse.as(ADMIN);
    await page.goto(`${suite.portal.baseUrl}/admin/people`);
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Staff console' }).waitFor();
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();

    const wifi = page.getByTestId('person').filter({ hasText: WIFI_STAFF.email });
    await wifi.waitFor();
    expect(await wifi.textContent()).toContain('Wifi · All hostels');
    await checkPage(page, '/admin/people');

    // The form checks the address first; then the new person is listed with their scope.
    const add = page.getByRole('region', { name: 'Add staff by e-mail' });
    await add.getByLabel('E-mail').fill('not an address');
    await add.getByRole('button', { name: 'Add person' }).click();
    await add.getByText('Give a valid e-mail address').waitFor();
    await add.getByLabel('E-mail').fill('mess.girls@vitbhopal.ac.in');
    await add.getByLabel('Name').fill('Mess Manager');
    await add.getByLabel('Category of scope 1').selectOption('mess');
    await add.getByLabel('Hostel of scope 1').selectOption('Girls');
    await add.getByRole('button', { name: 'Add person' }).click();
    await add.getByRole('status').getByText('mess.girls@vitbhopal.ac.in was added as staff.').waitFor();
    const mess = page.getByTestId('person').filter({ hasText: 'mess.girls@vitbhopal.ac.in' });
    await mess.waitFor();
    expect(await mess.textContent()).toContain('Mess · Girls');

    const warden = page.getByTestId('person').filter({ hasText: GIRLS_WARDEN.email });
    await warden.getByRole('button', { name: `Edit ${GIRLS_WARDEN.email}` }).click();
    await warden.getByLabel('Anti-ragging duty (may see who filed confidential complaints)').check();
    await warden.getByRole('button', { name: 'Save changes' }).click();
    await warden.getByRole('status').getByText(`Saved the changes for ${GIRLS_WARDEN.email}.`).waitFor();
    expect(await warden.textContent()).toContain('Anti-ragging duty: Yes');
    const listed = await admin.get(`/api/admin/users?q=${encodeURIComponent(GIRLS_WARDEN.email)}`);
    expect(listed.body.items).toMatchObject([{ email: GIRLS_WARDEN.email, role: 'warden', antiRagging: true }]);
  });

  it('a one-click link from the facility mail acknowledges once, after a confirmation page', async ({ browse }) => {
    // A used link answers 410 Gone, which Chromium reports on the console.
    browse.allow(/status of 410/);
    const filer = await suite.api({ email: 'link.user@vitbhopal.ac.in', name: 'Link User 21BCE10077' });
    const number = String((await filer.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower' }))).body.number);
    const { db } = suite.portal.database;
    const [row] = await db.select().from(complaints).where(eq(complaints.number, number));
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'facility')));
    const link = /Acknowledge: (\S+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect(link).toContain('/act/');

    const { page } = await browse.signedOut();
    await page.goto(link);
    await page.getByRole('heading', { name: `Acknowledge ${number}?` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await filer.get(`/api/complaints/${number}`)).body.status).toBe('submitted');
    await page.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByRole('heading', { name: 'Done' }).waitFor();
    expect((await filer.get(`/api/complaints/${number}`)).body.status).toBe('acknowledged');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Link already used' }).waitFor();
  });
});
