import { inArray } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { complaints } from '../../src/server/db/schema.js';
import { aCleaningRequest, aComplaint } from '../factories/complaints.js';
import { RELAXED_LIMITS } from '../support/limits.js';

const AARAV = { email: 'aarav.sharma@vitbhopal.ac.in', name: 'AARAV SHARMA 21BCE10001' };
const MEERA = { email: 'meera.iyer@vitbhopal.ac.in', name: 'MEERA IYER 21BCE10002' };
const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };
const ROUTING = { default: { to: ['facilities@vitbhopal.ac.in'], cc: [] }, overrides: [] };
const CREDITS = ['Aarav Sharma (21BCE10001)', 'Priya Nair (21BCE10002)'];

const NUMBER = /HC-\d{4}-\d{6,}/;
const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

const suite = browserSuite({
  ...RELAXED_LIMITS,
  ABOUT_CREDITS: CREDITS.join('; '),
  ADMIN_EMAILS: ADMIN.email,
});
const { it } = suite;

/** The POSTs a page sends to the three filing endpoints, in order. */
function postsOf(page: Page) {
  const posted = { complaints: [] as Request[], cleaning: [] as Request[], laundry: [] as Request[] };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const { pathname } = new URL(request.url());
    if (pathname === '/api/complaints') posted.complaints.push(request);
    if (pathname === '/api/cleaning-requests') posted.cleaning.push(request);
    if (pathname === '/api/laundry-requests') posted.laundry.push(request);
  });
  return posted;
}

interface ComplaintInput {
  hostel: string;
  floor: string;
  roomNo: string;
  category: string;
  message: string;
}

async function fillComplaint(target: Page, input: ComplaintInput) {
  await target.getByLabel('Hostel', { exact: true }).selectOption(input.hostel);
  await target.getByLabel('Floor', { exact: true }).fill(input.floor);
  await target.getByLabel('Room number', { exact: true }).fill(input.roomNo);
  // "What's wrong?" is a row of chips (radio buttons), not a select.
  await target.getByRole('radio', { name: input.category, exact: true }).check();
  await target.getByLabel('Message', { exact: true }).fill(input.message);
  // In-room work asks whether staff may enter when the student is out (decision 47); the mess does not.
  const consent = target.getByRole('radiogroup', { name: 'May staff enter when you are out?' });
  if ((await consent.count()) > 0) await consent.getByRole('radio', { name: 'Yes', exact: true }).check();
}

async function formValues(target: Page): Promise<ComplaintInput> {
  return {
    hostel: await target.getByLabel('Hostel', { exact: true }).inputValue(),
    floor: await target.getByLabel('Floor', { exact: true }).inputValue(),
    roomNo: await target.getByLabel('Room number', { exact: true }).inputValue(),
    category: await target.evaluate(() => document.querySelector<HTMLInputElement>('input[name="complaint-subCategory"]:checked')?.value ?? ''),
    message: await target.getByLabel('Message', { exact: true }).inputValue(),
  };
}

const confirmationOf = (target: Page, title: string) => target.getByRole('status').filter({ hasText: title });

/** Waits for the confirmation card and returns the complaint number it shows. */
async function confirmedNumber(target: Page, title: string): Promise<string> {
  const card = confirmationOf(target, title);
  await card.waitFor();
  const text = (await card.textContent()) ?? '';
  const match = NUMBER.exec(text);
  // A complaint says 'Complaint number'; a cleaning or laundry request says 'Request number'.
  expect(text).toMatch(/(Complaint|Request) number/);
  expect(match).not.toBeNull();
  return match?.[0] ?? '';
}

/** A complaint the student filed through the API (arranging a page, not testing the form). */
async function filed(who: typeof AARAV, body: Record<string, unknown>, path = '/api/complaints'): Promise<string> {
  const api = await suite.api(who);
  const answer = await api.post(path, body);
  expect(answer.status).toBe(201);
  return String(answer.body.number);
}

describe('a student files complaints and cleaning requests', () => {
  // Signing in from here and finding the draft again is the walk in sign-in.test.ts.
  it('asks a signed-out student to sign in first and keeps what was typed', async ({ browse }) => {
    const { page } = await browse.signedOut();
    const posted = postsOf(page);
    await page.goto(`${suite.portal.baseUrl}/services`);
    await page.getByRole('heading', { name: 'Assistance', level: 1 }).waitFor();
    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-3');
    await page.getByLabel('Room number', { exact: true }).fill('214');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please Sign In first' }).waitFor();

    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to complaints' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    const typed = { hostel: 'Block-2', floor: '3', roomNo: '312', category: 'Slow', message: 'Wifi drops every evening.' };
    await fillComplaint(page, typed);
    await page.getByText('Rooms 0–800').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please Sign In first' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await formValues(page)).toEqual(typed);
    expect(await page.evaluate(() => sessionStorage.getItem('hcp:complaint-draft:wifi'))).not.toBeNull();
    expect(posted.complaints).toHaveLength(0);
    expect(posted.cleaning).toHaveLength(0);
  });

  it('shows the confirmation only after the server answered, with its number, for about 3 seconds', async ({ browse }) => {
    const { page } = await browse.as(AARAV);
    const posted = postsOf(page);
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    await fillComplaint(page, { hostel: 'Block-2', floor: '3', roomNo: '312', category: 'Slow', message: 'Wifi drops every evening.' });

    // Hold the request back until the page has been looked at: nothing may be confirmed before the answer.
    let arrived = () => {};
    let release = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/complaints',
      async (route) => {
        arrived();
        await released;
        await route.continue();
      },
      { times: 1 },
    );

    // The page's clock is ours: the card's 300 ms delay and 3 s stay are stepped through, not waited for.
    // Paused well ahead of now: on a busy machine the page's clock may run on for a moment before
    // pauseAt arrives, and a pause in its past is refused. Nothing on the form waits on a timer yet.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/complaints'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await arrival;
    await expect.poll(() => page.locator('form button[type="submit"]').textContent()).toBe('Submitting…');
    expect(await confirmationOf(page, 'Your complaint is registered').isVisible()).toBe(false);
    release();
    expect((await answered).status()).toBe(201);

    // The answer reaches the network before the page's code has read it and started the card's
    // 300 ms delay: the clock is stepped until the card shows, so it never runs out ahead of that timer.
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return confirmationOf(page, 'Your complaint is registered').isVisible();
      })
      .toBe(true);
    const number = await confirmedNumber(page, 'Your complaint is registered');
    const card = confirmationOf(page, 'Your complaint is registered');
    expect(await card.textContent()).toContain('Thank you for submitting your complaint.');
    await card.getByRole('link', { name: `Follow complaint ${number}` }).waitFor();
    // The success screen replaced the form: nothing invites a second filing by accident.
    await page.getByTestId('filed-screen').filter({ hasText: number }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('hcp:complaint-draft:wifi'))).toBeNull();

    // Still there just before three seconds, gone just after.
    await page.clock.runFor(2_900);
    expect(await card.isVisible()).toBe(true);
    await page.clock.runFor(200);
    await page.getByText('Your complaint is registered').waitFor({ state: 'hidden' });
    await page.clock.resume();
    expect(posted.complaints).toHaveLength(1);

    // "Report something else": a new form with the place of this first complaint filled in, and on
    // another category's form too; what is wrong is left to choose.
    const remembered = { hostel: 'Block-2', floor: '3', roomNo: '312', category: '', message: '' };
    await page.getByRole('button', { name: 'Report something else' }).click();
    await expect.poll(() => formValues(page)).toEqual(remembered);
    await page.goto(`${suite.portal.baseUrl}/complaints/electricityComplaint`);
    await page.getByRole('heading', { name: 'Electricity complaint', level: 1 }).waitFor();
    await expect.poll(() => formValues(page)).toEqual(remembered);
  });

  it('refuses floor 8 and a room outside the hostel in the browser, then retries a lost answer with the same Idempotency-Key', async ({ browse }) => {
    const KABIR = { email: 'kabir.rao@vitbhopal.ac.in', name: 'KABIR RAO 21BCE10003' };
    // The lost answer shows up as Chromium's own line and a failed request: provoked on purpose.
    browse.allow(/ERR_CONNECTION_RESET/);
    const { page } = await browse.as(KABIR);
    const posted = postsOf(page);
    await page.goto(`${suite.portal.baseUrl}/complaints/electricityComplaint`);
    await page.getByRole('heading', { name: 'Electricity complaint', level: 1 }).waitFor();
    const input = { hostel: 'Girls', floor: '8', roomNo: '801', category: 'Fan', message: 'The fan makes a grinding noise.' };
    await fillComplaint(page, input);
    await page.getByRole('button', { name: 'Submit' }).click();
    // The messages are the catalogue's (checkComplaintPlace), the same the server answers with.
    await page.getByText('Floor must be a number from 0 to 7').waitFor();
    await page.getByText('Room 801 is not in Girls (rooms 0–800)').waitFor();
    const floor = page.getByLabel('Floor', { exact: true });
    const room = page.getByLabel('Room number', { exact: true });
    expect(await floor.getAttribute('aria-invalid')).toBe('true');
    expect(await floor.getAttribute('aria-describedby')).toContain('complaint-floor-error');
    expect(await room.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('complaint-floor');
    expect(posted.complaints).toHaveLength(0);

    await floor.fill('2');
    await room.fill('B-12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter the room number as a number (Girls: rooms 0–800)').waitFor();
    expect(await page.getByText('Floor must be a number from 0 to 7').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('complaint-roomNo');
    expect(posted.complaints).toHaveLength(0);

    // The server stores the complaint but the answer is lost on the way back.
    await room.fill('701');
    let firstStatus = 0;
    await page.route(
      '**/api/complaints',
      async (route) => {
        firstStatus = (await route.fetch()).status();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: NETWORK_MESSAGE }).waitFor();
    expect(firstStatus).toBe(201);
    expect(await formValues(page)).toEqual({ ...input, floor: '2', roomNo: '701' });
    expect(await page.getByText('Your complaint is registered').count()).toBe(0);

    const replay = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/complaints'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await replay).status()).toBe(200);
    const number = await confirmedNumber(page, 'Your complaint is registered');

    const [lost, retried] = posted.complaints;
    expect(posted.complaints).toHaveLength(2);
    expect(lost?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(retried?.headers()['idempotency-key']).toBe(lost?.headers()['idempotency-key']);

    // The next complaint is a new request with a new key; the lost answer was stored once, not twice.
    await page.getByRole('button', { name: 'Report something else' }).click();
    await fillComplaint(page, { ...input, floor: '2', roomNo: '702', message: 'The socket sparks.' });
    await page.getByRole('button', { name: 'Submit' }).click();
    const next = await confirmedNumber(page, 'Your complaint is registered');
    expect(posted.complaints).toHaveLength(3);
    expect(posted.complaints[2]?.headers()['idempotency-key']).not.toBe(lost?.headers()['idempotency-key']);
    const mine = await (await suite.api(KABIR)).get('/api/complaints/mine');
    expect((mine.body.items as Array<{ number: string }>).map((c) => c.number)).toEqual([next, number]);
  });

  it('files a complaint from each of the other category cards', async ({ browse }) => {
    const { page } = await browse.as(AARAV);
    const cases = [
      { card: 'Furniture (carpenter)', heading: 'Carpenter complaint', category: 'Study Table' },
      { card: 'Washroom (water)', heading: 'Water complaint', category: 'Shower' },
      { card: 'Mess', heading: 'Mess complaint', category: 'Food' },
      { card: 'Others', heading: 'Other complaint', category: 'Theft' },
    ];
    const numbers: string[] = [];
    for (const item of cases) {
      await page.goto(`${suite.portal.baseUrl}/complaints`);
      await page.getByRole('heading', { name: 'Complaints', level: 1 }).waitFor();
      await page.getByRole('link', { name: new RegExp(`^${item.card.replace(/[()]/g, '\\$&')}`) }).click();
      await page.getByRole('heading', { name: item.heading, level: 1 }).waitFor();
      await fillComplaint(page, {
        hostel: 'Block-1 (Old)',
        floor: '0',
        roomNo: `10${numbers.length}`,
        category: item.category,
        message: `${item.category} needs attention.`,
      });
      await page.getByRole('button', { name: 'Submit' }).click();
      numbers.push(await confirmedNumber(page, 'Your complaint is registered'));
    }
    expect(new Set(numbers).size).toBe(4);
  }, 40_000);

  it('asks for room cleaning: validation, consent to enter, the confirmation in the page (cancel sends nothing and says so), Register, Laundry Under Construction !; staff see the answers', async ({ browse }) => {
    // Laundry as it ships: switched off (the laundry test below switches it on).
    const admin = await suite.api(ADMIN);
    expect((await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', enabled: false, routing: ROUTING })).status).toBe(200);
    const { page } = await browse.as(AARAV);
    const posted = postsOf(page);
    // The page's clock runs as usual but can be moved on: the confirmation's 3 s are skipped, not waited for.
    await page.clock.install();
    // No browser pop-up anywhere: the question is asked inside the page.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${suite.portal.baseUrl}/services`);
    await page.getByRole('heading', { name: 'Assistance', level: 1 }).waitFor();
    const request = page.getByRole('button', { name: 'Register' });
    const room = page.getByLabel('Room number', { exact: true });
    // Aarav's place is remembered from his first complaint (Block-2, room 312): filled in, no typing.
    await expect.poll(() => room.inputValue()).toBe('312');
    expect(await page.getByLabel('Hostel', { exact: true }).inputValue()).toBe('Block-2');
    await room.fill('');
    expect(await request.isDisabled()).toBe(true);
    expect(await page.getByRole('option', { name: 'Laundry' }).isDisabled()).toBe(true);
    // Seed §2: the disabled Laundry shows the original app's words, the plain ones after them (issue 40, item 5).
    await page.getByText('Laundry: Under Construction ! It cannot be requested yet.').waitFor();
    expect(await page.getByText('Under Construction !', { exact: true }).count()).toBe(1);

    await page.getByText('Rooms 0–800').waitFor();
    await room.fill('900');
    await request.click();
    await page.getByRole('alert').filter({ hasText: 'Please enter valid room number' }).waitFor();
    const question = page.getByRole('alertdialog', { name: 'Confirm room cleaning at 512?' });

    // Cleaning is in-room work (decision 47): both questions are asked, and the first is required.
    const consent = page.getByRole('radiogroup', { name: 'May staff enter when you are out?' });
    const slots = page.getByRole('group', { name: 'When are you usually in?' });
    await room.fill('512');
    await request.click();
    await page.getByText('Say whether staff may enter when you are out').waitFor();
    expect(await page.getByText('Please enter valid room number').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('assistance-entryConsent');
    // A "No" needs a time when the student is in.
    await consent.getByRole('radio', { name: 'No', exact: true }).check();
    await request.click();
    await page.getByText('Choose when you are usually in, so staff can come then').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await slots.getByRole('checkbox', { name: 'Evening 17–20' }).check();
    expect(posted.cleaning).toHaveLength(0);

    await request.click();
    await question.waitFor();
    expect(await page.getByText('Choose when you are usually in, so staff can come then').count()).toBe(0);
    // The answer is one keypress away: the question takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Yes, request cleaning');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Not sent: room cleaning was not requested.' }).waitFor();
    expect(posted.cleaning).toHaveLength(0);
    expect(await room.inputValue()).toBe('512');

    await request.click();
    await question.getByRole('button', { name: 'Yes, request cleaning' }).click();
    const number = await confirmedNumber(page, 'Your cleaning request is registered');
    expect(posted.cleaning).toHaveLength(1);
    expect(JSON.parse(posted.cleaning[0]?.postData() ?? '{}')).toEqual({
      hostel: 'Block-2',
      service: 'room_cleaning',
      roomNo: 512,
      entryConsent: false,
      entrySlots: ['evening'],
    });
    expect(await room.inputValue()).toBe('');
    // The next request is asked afresh.
    expect(await consent.getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(false);
    expect(await slots.getByRole('checkbox', { name: 'Evening 17–20' }).isChecked()).toBe(false);
    expect(await request.isDisabled()).toBe(true);
    await page.clock.fastForward(3_500);
    await page.getByText('Your cleaning request is registered').waitFor({ state: 'hidden' });
    expect(number).toMatch(NUMBER);
    expect(dialogs).toEqual([]);

    // The staff page shows the answers beside the place.
    const staff = await browse.as(ADMIN);
    await staff.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const entry = staff.page.getByTestId('entry-line');
    await entry.getByText('no, only when the student is in').waitFor();
    expect(await entry.getByTestId('entry-slots').textContent()).toBe('Usually in: Evening 17–20');
  });

  it('keeps the student\'s room on the account page, checked against the hostel, and fills it into both forms', async ({ browse }) => {
    const NEHA = { email: 'neha.joshi@vitbhopal.ac.in', name: 'NEHA JOSHI 21BCE10006' };
    const { page } = await browse.as(NEHA);
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    const form = page.getByRole('form', { name: 'Your room' });
    await form.waitFor();
    expect(await form.getByLabel('Hostel', { exact: true }).inputValue()).toBe('');
    await form.getByLabel('Hostel', { exact: true }).selectOption('Block-3');
    await form.getByLabel('Floor', { exact: true }).fill('2');
    await form.getByLabel('Room number', { exact: true }).fill('999');
    await form.getByRole('button', { name: 'Save your room' }).click();
    await form.getByText(/Room 999 is not in Block-3/).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('place-roomNo');
    await form.getByLabel('Room number', { exact: true }).fill('214');
    await form.getByRole('button', { name: 'Save your room' }).click();
    await form.getByRole('status').getByText('Saved. The forms will fill this in.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.goto(`${suite.portal.baseUrl}/services`);
    await expect.poll(() => page.getByLabel('Room number', { exact: true }).inputValue()).toBe('214');
    expect(await page.getByLabel('Hostel', { exact: true }).inputValue()).toBe('Block-3');
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await expect.poll(() => formValues(page)).toEqual({ hostel: 'Block-3', floor: '2', roomNo: '214', category: '', message: '' });
  });

  it('lists My complaints newest first and shows one with its timeline', async ({ browse }) => {
    const ISHAAN = { email: 'ishaan.gupta@vitbhopal.ac.in', name: 'ISHAAN GUPTA 21BCE10004' };
    const wifiNumber = await filed(
      ISHAAN,
      aComplaint({ hostel: 'Block-2', floor: 3, roomNo: '312', subCategory: 'Slow', complaint: 'Wifi drops every evening.' }),
    );
    const others = [
      { category: 'electricity', subCategory: 'Fan' },
      { category: 'carpenter', subCategory: 'Study Table' },
      { category: 'water', subCategory: 'Shower' },
      { category: 'mess', subCategory: 'Food' },
      { category: 'other', subCategory: 'Theft' },
    ];
    for (const [i, other] of others.entries()) {
      await filed(ISHAAN, aComplaint({ ...other, hostel: 'Block-1 (Old)', floor: 0, roomNo: `10${i}`, complaint: `${other.subCategory} needs attention.` }));
    }
    await filed(ISHAAN, aCleaningRequest({ hostel: 'Block-2', roomNo: 512 }), '/api/cleaning-requests');

    const { page } = await browse.as(ISHAAN);
    await page.goto(`${suite.portal.baseUrl}/`);
    const open = page.getByTestId('open-complaints');
    await open.getByRole('heading', { name: 'Your open complaints' }).waitFor();
    await open.getByRole('link', { name: /Room Cleaning/ }).waitFor();
    expect(await open.getByRole('listitem').count()).toBe(3);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'My complaints' }).click();
    await page.getByRole('heading', { name: 'My complaints', level: 1 }).waitFor();
    const rows = page.getByTestId('complaint-row');
    await rows.first().waitFor();
    const texts = await rows.allTextContents();
    const heads = ['Room Cleaning', 'Other Complaint', 'Mess Complaint', 'Water Complaint', 'Carpenter Complaint', 'Electricity Complaint', 'Wifi Complaint'];
    expect(texts).toHaveLength(heads.length);
    texts.forEach((text, index) => expect(text).toContain(heads[index]));
    expect(texts.every((text) => text.includes('Submitted'))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await rows.filter({ hasText: wifiNumber }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/my/${wifiNumber}`);
    // The facts fold away under "Details"; nothing tells the student which mailbox it went to.
    const details = page.getByTestId('complaint-details');
    await page.locator('summary').filter({ hasText: 'Details' }).click();
    await details.waitFor();
    const detailText = (await details.textContent()) ?? '';
    for (const part of ['Complaint number', wifiNumber, 'Wifi Complaint', 'Sub-category', 'Slow', 'Block-2', '312', 'Wifi drops every evening.', 'Filed on']) {
      expect(detailText).toContain(part);
    }
    expect(await page.getByText('Sent to').count()).toBe(0);
    expect(await page.getByText('facilities@').count()).toBe(0);
    // The student's own message is the first bubble of the conversation.
    const timeline = page.getByTestId('timeline');
    const first = (await timeline.getByRole('listitem').first().textContent()) ?? '';
    expect(first).toContain('Submitted');
    expect(first).toContain('Wifi drops every evening.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('shows an old open complaint on the home page behind twenty newer finished cleaning requests', async ({ browse }) => {
    const TARA = { email: 'tara.menon@vitbhopal.ac.in', name: 'TARA MENON 21BCE10005' };
    const old = await filed(TARA, aComplaint({ complaint: 'The wifi has been down for a month.' }));
    const api = await suite.api(TARA);
    const cleanings: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await api.post('/api/cleaning-requests', aCleaningRequest({ hostel: 'Block-2', roomNo: 300 + i }));
      expect(answer.status).toBe(201);
      cleanings.push(String(answer.body.number));
    }
    // Every week's cleaning was done and confirmed; the complaint is still waiting.
    await suite.portal.database.db.update(complaints).set({ status: 'closed' }).where(inArray(complaints.number, cleanings));

    const { page } = await browse.as(TARA);
    await page.goto(`${suite.portal.baseUrl}/`);
    const open = page.getByTestId('open-complaints');
    await open.getByRole('link', { name: new RegExp(old) }).waitFor();
    expect(await open.getByRole('listitem').count()).toBe(1);
    expect(await open.getByText('Room Cleaning').count()).toBe(0);
  });

  it('offers on a resolved complaint what the lifecycle table allows, and nothing on a closed one', async ({ browse }) => {
    const resolved = await filed(AARAV, aComplaint({ complaint: 'The socket still sparks.' }));
    const closed = await filed(AARAV, aComplaint({ roomNo: '313', complaint: 'The router was replaced.' }));
    const { db } = suite.portal.database;
    await db.update(complaints).set({ status: 'resolved' }).where(inArray(complaints.number, [resolved]));
    await db.update(complaints).set({ status: 'closed' }).where(inArray(complaints.number, [closed]));

    const { page } = await browse.as(AARAV);
    await page.goto(`${suite.portal.baseUrl}/my/${resolved}`);
    await page.getByTestId('resolution').getByRole('button', { name: 'Confirm it is fixed' }).waitFor();
    await page.getByTestId('resolution').getByRole('button', { name: 'Reopen' }).waitFor();
    // The student may be telling the team it is not fixed: words and photos are still welcome.
    await page.getByTestId('photo-picker').getByText('Add photos').waitFor();
    await page.getByTestId('student-reply-form').getByLabel('Your reply').waitFor();
    expect(await page.getByTestId('withdraw').count()).toBe(0);

    await page.goto(`${suite.portal.baseUrl}/my/${closed}`);
    await page.getByTestId('timeline').waitFor();
    await page.getByText('it takes no more replies').waitFor();
    expect(await page.getByTestId('resolution').count()).toBe(0);
    expect(await page.getByTestId('photo-picker').count()).toBe(0);
    expect(await page.getByTestId('student-reply-form').count()).toBe(0);
    expect(await page.getByTestId('withdraw').count()).toBe(0);
  });

  it('has no serious accessibility problems and no horizontal scroll at 360 px', async ({ browse }) => {
    await filed(AARAV, aComplaint());
    const { page } = await browse.as(AARAV);
    const pages = [
      { path: '/complaints', heading: 'Complaints' },
      { path: '/complaints/messComplaint', heading: 'Mess complaint' },
      { path: '/services', heading: 'Assistance' },
      { path: '/aboutus', heading: 'About Us' },
      { path: '/my', heading: 'My complaints' },
    ];
    for (const { path, heading } of pages) {
      await page.goto(`${suite.portal.baseUrl}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      if (path === '/aboutus') {
        await page.getByTestId('credits').waitFor();
        expect(await page.getByTestId('credits').getByRole('listitem').allTextContents()).toEqual(CREDITS);
      }
      if (path === '/my') await page.getByTestId('complaint-row').first().waitFor();
      expect({ path, violations: await seriousAxeViolations(page) }).toEqual({ path, violations: [] });
      expect({ path, scroll: await hasHorizontalScroll(page) }).toEqual({ path, scroll: false });
    }
    await page.goto(`${suite.portal.baseUrl}/complaints/nonsenseComplaint`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  }, 40_000);

  it('does not show one student’s complaint to another', async ({ browse }) => {
    const number = await filed(AARAV, aComplaint({ complaint: 'Wifi drops every evening.' }));
    const signedOut = await browse.signedOut(DESKTOP);
    await signedOut.page.goto(`${suite.portal.baseUrl}/my/${number}`);
    await signedOut.page.getByText('Please Sign In first').waitFor();
    expect(await signedOut.page.getByText('Wifi drops every evening.').count()).toBe(0);

    browse.allow(new RegExp(`status of 404 .*/api/complaints/${number}`));
    const { page } = await browse.as(MEERA, DESKTOP);
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    await page.getByRole('link', { name: 'Meera 21BCE10002' }).waitFor();
    await page.getByTestId('complaint-not-found').getByText('Complaint not found').waitFor();
    expect(await page.getByTestId('complaint-details').count()).toBe(0);
    expect(await page.getByText('Wifi drops every evening.').count()).toBe(0);

    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByTestId('no-complaints').waitFor();
    await page.getByTestId('no-complaints').getByRole('link', { name: 'File a complaint' }).waitFor();
  });

  it('signs out: My complaints disappears from the navigation and asks to sign in', async ({ browse }) => {
    await filed(AARAV, aComplaint());
    const { page } = await browse.as(AARAV);
    await page.goto(`${suite.portal.baseUrl}/`);
    await page.getByTestId('open-complaints').getByRole('listitem').first().waitFor();
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'About Us' }).waitFor();
    expect(await page.getByRole('link', { name: 'My complaints' }).count()).toBe(0);
    expect(await page.getByTestId('open-complaints').count()).toBe(0);

    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByRole('heading', { name: 'My complaints', level: 1 }).waitFor();
    await page.getByText('Please Sign In first').waitFor();
    expect(await page.getByTestId('complaint-row').count()).toBe(0);
  });

  // Last: it changes the catalogue (Laundry on, a new category and hostel) for the rest of the file.
  it('files a laundry pickup once an administrator opens the service; an added category and hostel get their own form and rules', async ({ browse }) => {
    // The catalogue is made unreachable on purpose near the end.
    browse.allow(/ERR_FAILED/);
    const admin = await suite.api(ADMIN);
    const opened = await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', enabled: true, routing: ROUTING });
    expect(opened.status).toBe(200);

    const { page } = await browse.as(AARAV);
    const posted = postsOf(page);
    await page.goto(`${suite.portal.baseUrl}/services`);
    await page.getByRole('heading', { name: 'Assistance', level: 1 }).waitFor();
    await page.getByLabel('Service', { exact: true }).selectOption('laundry');
    await page.getByRole('heading', { name: 'Laundry pickup', level: 2 }).waitFor();
    // A pickup needs nobody to enter the room (decision 47).
    expect(await page.getByRole('radiogroup', { name: 'May staff enter when you are out?' }).count()).toBe(0);
    expect(await page.getByText('Under Construction !').count()).toBe(0);
    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-3');
    await page.getByLabel('Room number', { exact: true }).fill('214');
    const request = page.getByRole('button', { name: 'Request pickup' });
    await request.click();
    await page.getByText('Give the number of items, 1 to 40').waitFor();
    expect(await page.locator('#assistance-slot-error').textContent()).toBe('Choose a pickup time');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('assistance-items');
    expect(posted.laundry).toHaveLength(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByLabel('Number of items', { exact: true }).fill('6');
    await page.getByLabel('Pickup time', { exact: true }).selectOption('Evening (5–8)');
    await page.getByLabel('Note (optional)', { exact: true }).fill('Two shirts need ironing.');
    await request.click();
    const number = await confirmedNumber(page, 'Your laundry pickup is registered');
    expect(number).toMatch(NUMBER);
    expect(posted.laundry).toHaveLength(1);
    expect(posted.laundry[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(posted.laundry[0]?.postData() ?? '{}')).toEqual({
      hostel: 'Block-3',
      roomNo: 214,
      items: 6,
      slot: 'Evening (5–8)',
      note: 'Two shirts need ironing.',
    });
    expect(await page.getByLabel('Number of items', { exact: true }).inputValue()).toBe('');

    // The forms follow the catalogue: a new category's card and form, a new hostel's floors and rooms.
    const annexe = await admin.send('POST', '/api/admin/hostels', {
      name: 'Annexe',
      floorMin: 0,
      floorMax: 3,
      roomRanges: [{ from: 100, to: 199 }],
    });
    expect(annexe.status).toBe(201);
    const gym = await admin.send('POST', '/api/admin/categories', {
      key: 'gym',
      cardTitle: 'Gym',
      complaintHead: 'Gym Complaint',
      description: 'Machines, weights and the gym floor.',
      subCategories: [{ name: 'Treadmill' }, { name: 'Weights' }],
      targetHours: 48,
      routing: ROUTING,
    });
    expect(gym.status).toBe(201);

    await page.goto(`${suite.portal.baseUrl}/complaints`);
    await page.getByRole('link', { name: /^Gym/ }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/complaints/gymComplaint`);
    await page.getByRole('heading', { name: 'Gym complaint', level: 1 }).waitFor();
    await fillComplaint(page, { hostel: 'Annexe', floor: '5', roomNo: '250', category: 'Treadmill', message: 'The belt slips.' });
    await page.getByText('Rooms 100–199').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Floor must be a number from 0 to 3').waitFor();
    await page.getByText('Room 250 is not in Annexe (rooms 100–199)').waitFor();
    await page.getByLabel('Floor', { exact: true }).fill('1');
    await page.getByLabel('Room number', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Submit' }).click();
    await confirmedNumber(page, 'Your complaint is registered');

    // Loaded afresh (not prerendered: the catalogue is no longer the default one).
    await page.goto(`${suite.portal.baseUrl}/complaints/gymComplaint`);
    await page.getByRole('heading', { name: 'Gym complaint', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Without the catalogue the page says so and offers to try again.
    await page.route('**/api/catalog', (route) => route.abort('failed'));
    await page.goto(`${suite.portal.baseUrl}/complaints`);
    const failed = page.getByTestId('catalog-error');
    await failed.getByText(NETWORK_MESSAGE).waitFor();
    await page.unroute('**/api/catalog');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('link', { name: /^Gym/ }).waitFor();
    expect(await page.getByTestId('catalog-error').count()).toBe(0);
  }, 40_000);
});
