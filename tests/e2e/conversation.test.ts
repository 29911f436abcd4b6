import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { complaints, inboundMail, outbox } from '../../src/server/db/schema.js';
import { DESKTOP, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { freePort } from '../support/net.js';
import { aComplaint } from '../factories/complaints.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/**
 * The conversation of issue 13 as people have it: a student and a staff member talk in the
 * complaint's thread (the student on a phone), a reply sent by mail to the portal's listener shows
 * up once, a forged one and an auto-reply never do, and the student-side polish around it
 * (withdrawing, the stepper, the success screen, the ragging statement, the rating, the bell).
 */

const ADMIN = { email: 'talk.admin@vitbhopal.ac.in', name: 'Talk Admin' };
const STUDENT = { email: 'ishaan.verma@vitbhopal.ac.in', name: 'ISHAAN VERMA 21BCE10321' };
const STAFF = { email: 'wifi.desk@vitbhopal.ac.in', name: 'Wifi Desk' };
const QUESTION = 'Is it both 2.4 and 5 GHz?';
const ANSWER = 'Both bands, every evening after 9 pm.';

// The listener's port is chosen before the portal starts (this hook runs before the suite's own).
const env: Record<string, string> = {
  ...RELAXED_LIMITS,
  ADMIN_EMAILS: ADMIN.email,
  INBOUND_REPLY_ADDRESS: 'reply@portal.test',
};
beforeAll(async () => {
  env.INBOUND_SMTP_PORT = String(await freePort());
});
const suite = browserSuite(env, {
  admin: ADMIN,
  team: { staff: { ...STAFF, role: 'staff', antiRagging: false, scopes: [{ category: 'wifi', hostel: '' }] } },
});
const { it } = suite;

async function fileWifi(text = 'The wifi drops every evening.'): Promise<string> {
  const student = await suite.api(STUDENT);
  const filed = await student.post('/api/complaints', aComplaint({ complaint: text }));
  expect(filed.status).toBe(201);
  return String(filed.body.number);
}

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

const db = () => suite.portal.database.db;

/** The reply address the portal gave the student in its mail about `number` (the acknowledgement). */
async function studentReplyAddress(number: string): Promise<string> {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  const [ack] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'acknowledgement')));
  expect(ack?.replyTo).toMatch(/^reply\+hc-.*@portal\.test$/);
  return ack?.replyTo ?? '';
}

describe('one thread per complaint', () => {
  it('a student on a phone and a staff member at a desk converse in the thread', async ({ browse }) => {
    const number = await fileWifi();
    const staff = await browse.as(STAFF, DESKTOP);
    await staff.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    await staff.page.getByLabel('Reply to the student').fill(QUESTION);
    await staff.page.getByRole('button', { name: 'Send', exact: true }).click();
    await staff.page.getByTestId('reply-result').getByText('Reply sent to the student.').waitFor();

    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    const thread = page.getByTestId('timeline');
    await thread.locator('li[data-kind="reply"]').filter({ hasText: QUESTION }).waitFor();
    // The stepper says where it stands: filed, nobody has acknowledged it yet.
    const current = page.getByTestId('status-stepper').locator('li[aria-current="step"]');
    expect(await current.textContent()).toContain('Submitted');
    await checkPage(page, '/my/:number with the thread');

    await page.getByLabel('Your reply').fill(ANSWER);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByTestId('student-reply-result').getByText('Reply sent. The hostel team has been told.').waitFor();
    const mine = thread.locator('li[data-kind="reply"]').filter({ hasText: ANSWER });
    await mine.waitFor();
    expect(await mine.textContent()).toContain('Your reply');
    expect(await page.getByLabel('Your reply').inputValue()).toBe('');

    // The staff member hears of it by the bell, and sees the answer in the same thread, under their
    // question; opening the complaint reads the bell.
    await staff.page.goto(`${suite.portal.baseUrl}/staff`);
    await staff.page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).waitFor();
    await staff.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const answer = staff.page.getByTestId('staff-timeline').locator('li[data-kind="reply"]').filter({ hasText: ANSWER });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('Reply from the student');
    await staff.page.getByRole('button', { name: 'Notifications, 0 unread' }).waitFor();
  });

  it("opening the complaint reads the bell's notifications about it", async ({ browse }) => {
    const number = await fileWifi('The LAN port is dead.');
    const staffApi = await suite.api(STAFF);
    expect((await staffApi.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Which room exactly?', internal: false })).status).toBe(204);
    const student = await suite.api(STUDENT);
    const unreadAbout = async () =>
      ((await student.get('/api/notifications?limit=100')).body.items as Array<{ complaintNumber: string; read: boolean }>).filter(
        (n) => n.complaintNumber === number && !n.read,
      ).length;
    expect(await unreadAbout()).toBeGreaterThan(0);
    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    await page.getByTestId('timeline').locator('li[data-kind="reply"]').waitFor();
    await expect.poll(unreadAbout).toBe(0);
  });
});

describe('the complaint reads like a chat, and says when the student needs to act', () => {
  const PHONE_390 = { width: 390, height: 844 };

  it('a team question shows as "Reply needed" with its words on the home page and My complaints, and is answered from the chat page', async ({ browse }) => {
    const question = 'Which access point do you see, AP-27 or AP-28?';
    const number = await fileWifi('No signal at the desk by the window.');
    const staffApi = await suite.api(STAFF);
    expect((await staffApi.send('POST', `/api/staff/complaints/${number}/replies`, { text: question, internal: false })).status).toBe(204);

    const { page } = await browse.as(STUDENT);
    await page.setViewportSize(PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/`);
    const home = page.getByTestId('open-complaints').getByRole('listitem').filter({ hasText: number });
    await home.getByText('Reply needed').waitFor();
    expect(await home.getByTestId('last-message').textContent()).toBe(`Hostel team: ${question}`);

    await page.goto(`${suite.portal.baseUrl}/my`);
    const row = page.getByTestId('complaint-row').filter({ hasText: number });
    await row.getByText('Reply needed').waitFor();
    expect(await row.getByTestId('last-message').textContent()).toBe(`Hostel team: ${question}`);
    await checkPage(page, '/my with badges');

    // One tap opens the chat; it starts with the team's question and the box; one tap reaches the box.
    await row.click();
    const asked = page.getByTestId('team-question');
    await asked.getByText('The hostel team asked you something.').waitFor();
    expect(await asked.textContent()).toContain(question);
    await page.getByTestId('timeline').locator('li[data-kind="reply"]').filter({ hasText: question }).waitFor();
    expect(await page.getByText('Sent to').count()).toBe(0);
    await checkPage(page, 'the chat page, open');
    await asked.getByLabel('Your reply').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('student-reply');
    await page.keyboard.type('AP-28, and it drops every few minutes.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByTestId('student-reply-result').getByText('Reply sent. The hostel team has been told.').waitFor();
    await page.getByTestId('next-step').getByText('Waiting for the hostel team to pick it up').waitFor();

    await page.goto(`${suite.portal.baseUrl}/my`);
    const answered = page.getByTestId('complaint-row').filter({ hasText: number });
    await answered.getByTestId('last-message').filter({ hasText: 'You: AP-28, and it drops every few minutes.' }).waitFor();
    expect(await answered.getByText('Reply needed').count()).toBe(0);
  });

  // Issue 40, item 1: opened from a push, the team's question sat at 1,148 px of a 1,702 px page and
  // Send at 1,436 px, below the header, the stepper, a visit card and the folded details.
  it('puts what needs the student in the first screen of a 390 × 844 phone: the question with the reply box and Send, then Is it fixed? with its button', async ({ browse }) => {
    const question = 'Is the router light on the landing green or red right now?';
    const student = await suite.api(STUDENT);
    // In-room work, so the page also offers a visit time: the card that pushed the question down.
    const filed = await student.post('/api/complaints', aComplaint({ complaint: 'No wifi in the evenings, the whole floor.', entryConsent: true, entrySlots: ['evening'] }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const number = String(filed.body.number);
    const staffApi = await suite.api(STAFF);
    expect((await staffApi.send('POST', `/api/staff/complaints/${number}/replies`, { text: question, internal: false })).status).toBe(204);

    const { page } = await browse.as(STUDENT);
    await page.setViewportSize(PHONE_390);
    // Where the push leads.
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    const asked = page.getByTestId('team-question');
    await asked.getByText(question).waitFor();
    const bottom = async (locator: ReturnType<Page['locator']>) => {
      const box = await locator.boundingBox();
      return (box?.y ?? 1e9) + (box?.height ?? 0);
    };
    expect(await bottom(asked.getByText(question))).toBeLessThanOrEqual(844);
    expect(await bottom(page.getByLabel('Your reply'))).toBeLessThanOrEqual(844);
    expect(await bottom(page.getByRole('button', { name: 'Send reply' }))).toBeLessThanOrEqual(844);
    // One reply box on the page, and the whole conversation still below.
    expect(await page.getByLabel('Your reply').count()).toBe(1);
    await page.getByTestId('timeline').locator('li[data-kind="reply"]').filter({ hasText: question }).waitFor();
    await checkPage(page, 'the chat page, a question first');
    await page.getByLabel('Your reply').fill('Red, and it blinks.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByTestId('student-reply-result').getByText('Reply sent. The hostel team has been told.').waitFor();

    expect((await staffApi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Switch on the landing replaced.' })).status).toBe(200);
    await page.reload();
    const confirm = page.getByTestId('resolution').getByRole('button', { name: 'Confirm it is fixed' }).first();
    await confirm.waitFor();
    expect(await bottom(confirm)).toBeLessThanOrEqual(844);
  });

  it('a resolved complaint asks "Is it fixed?" at the top with the team\'s note inside, and the steps the team skipped say so', async ({ browse }) => {
    const number = await fileWifi('The socket by the bed sparks.');
    const staffApi = await suite.api(STAFF);
    expect((await staffApi.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Router 3 replaced and the cable re-crimped.' })).status).toBe(200);

    const { page } = await browse.as(STUDENT);
    await page.setViewportSize(PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/my`);
    const row = page.getByTestId('complaint-row').filter({ hasText: number });
    await row.getByText('Confirm the fix').waitFor();
    await row.click();

    const card = page.getByTestId('resolution');
    await card.getByRole('heading', { name: 'Is it fixed?' }).waitFor();
    expect(await card.getByTestId('team-note').textContent()).toContain('Router 3 replaced and the cable re-crimped.');
    // The question comes before the steps and the conversation, in the first screen of a phone.
    const cardBox = await card.boundingBox();
    const threadBox = await page.getByTestId('timeline').boundingBox();
    expect((cardBox?.y ?? 1e9) < (threadBox?.y ?? 0)).toBe(true);
    expect(cardBox?.y ?? 1e9).toBeLessThan(844);
    const stepper = page.getByTestId('status-stepper');
    expect(await stepper.locator('li[data-state="skipped"]').allTextContents()).toEqual([
      expect.stringContaining('Acknowledged'),
      expect.stringContaining('In progress'),
    ]);
    await checkPage(page, 'the chat page, resolved');
  });
});

describe('replies by mail', () => {
  it('a reply sent to the listener shows once; a forged token and an auto-reply never do', async ({ browse }) => {
    const number = await fileWifi('No signal in room 312.');
    const address = await studentReplyAddress(number);
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.INBOUND_SMTP_PORT), secure: false, ignoreTLS: true });
    const real = {
      from: `Ishaan Verma <${STUDENT.email}>`,
      to: address,
      subject: `Re: We received your complaint — ${number}`,
      messageId: `<real-${number}@mail.vitbhopal.ac.in>`,
      text: `Still no signal today.\n\nOn Mon, Hostel Complaint Portal wrote:\n> your complaint ${number} is registered\n`,
    };
    const forged = { ...real, to: address.replace(/\.[0-9a-f]+@/, '.0123456789abcdef01234567@'), messageId: `<forged-${number}@x>`, text: 'Forged words.' };
    const auto = { ...real, subject: 'Out of office', messageId: `<ooo-${number}@x>`, text: 'I am away until Monday.', headers: { 'Auto-Submitted': 'auto-replied' } };
    for (const mail of [real, real, forged, auto]) await smtp.sendMail(mail);
    smtp.close();
    // All four were taken and decided on before anyone looks.
    for (const id of [real.messageId, forged.messageId, auto.messageId]) {
      await expect.poll(async () => (await db().select().from(inboundMail).where(eq(inboundMail.messageId, id))).length).toBe(1);
    }

    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    const replies = page.getByTestId('timeline').locator('li[data-kind="reply"]');
    await replies.first().waitFor();
    expect(await replies.count()).toBe(1);
    expect(await replies.first().textContent()).toContain('Still no signal today.');
    expect(await replies.first().textContent()).toContain('Your reply (by e-mail)');
    expect(await replies.first().textContent()).not.toContain('is registered');
    expect(await page.getByText('Forged words.').count()).toBe(0);
    expect(await page.getByText('I am away until Monday.').count()).toBe(0);

    const staff = await browse.as(STAFF, DESKTOP);
    await staff.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    await staff.page.getByTestId('staff-timeline').getByText('Reply from the student (by e-mail)').waitFor();
  });
});

describe('student-side polish', () => {
  it('withdraws a complaint nobody has acknowledged, and offers nothing of the kind once someone has', async ({ browse }) => {
    const open = await fileWifi('Withdraw me.');
    const taken = await fileWifi('Keep me.');
    const staffApi = await suite.api(STAFF);
    expect((await staffApi.send('POST', `/api/staff/complaints/${taken}/transitions`, { to: 'acknowledged', note: '' })).status).toBe(200);

    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/my/${open}`);
    await page.getByRole('button', { name: 'Withdraw complaint' }).click();
    await page.getByRole('button', { name: 'Yes, withdraw it' }).click();
    await page.getByTestId('withdraw-outcome').getByText('You withdrew this complaint. The hostel team has been told.').waitFor();
    const current = page.getByTestId('status-stepper').locator('li[aria-current="step"]');
    await current.filter({ hasText: 'Withdrawn' }).waitFor();
    await page.getByText('This complaint is withdrawn: it takes no more replies.').waitFor();
    expect(await page.getByLabel('Your reply').count()).toBe(0);
    await checkPage(page, '/my/:number (withdrawn)');

    await page.goto(`${suite.portal.baseUrl}/my/${taken}`);
    await page.getByTestId('status-stepper').locator('li[aria-current="step"]').filter({ hasText: 'Acknowledged' }).waitFor();
    await page.getByLabel('Your reply').waitFor();
    expect(await page.getByRole('button', { name: 'Withdraw complaint' }).count()).toBe(0);
  });

  it('after filing on a phone, a success screen with the number, the expected time and Track it', async ({ browse }) => {
    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    await page.getByLabel('Hostel').selectOption('Block-2');
    await page.getByLabel('Floor', { exact: true }).fill('3');
    await page.getByLabel('Room number', { exact: true }).fill('312');
    await page.getByRole('radio', { name: 'Slow', exact: true }).check();
    await page.getByLabel('Message').fill('Slow in the evenings.');
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const screen = page.getByTestId('filed-screen');
    await screen.waitFor();
    const text = (await screen.textContent()) ?? '';
    const number = /HC-\d{4}-\d{6,}/.exec(text)?.[0];
    expect(number).toBeDefined();
    expect(text).toContain('Expected by');
    // The screen is the first thing in view, and focus is on its heading.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filed-heading');
    const box = await screen.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 1e9).toBeLessThan(740);
    await checkPage(page, 'the success screen');
    await screen.getByRole('link', { name: 'Track it' }).click();
    await page.getByRole('heading', { name: `Complaint ${number ?? ''}`, level: 1 }).waitFor();
    await page.getByTestId('status-stepper').waitFor();
  });

  it('the ragging form says plainly who can see the report', async ({ browse }) => {
    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/complaints/otherComplaint`);
    await page.getByRole('heading', { name: 'Other complaint', level: 1 }).waitFor();
    expect(await page.getByTestId('who-sees').count()).toBe(0);
    // Seed §9 (issue 40, item 5): the Others form offers Ragging, Theft, Others; Ragging is a
    // confidential form of its own (decision 40), which choosing it opens.
    // Ragging is a link among the chips (arrow keys through Theft and Others never leave the page).
    const row = page.getByRole('radiogroup', { name: "What's wrong?" }).locator('..');
    const chips = () => row.locator(':scope > a, [role=radiogroup] label').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    await expect.poll(chips).toEqual(['Ragging', 'Theft', 'Others']);
    await page.getByRole('link', { name: 'Ragging', exact: true }).click();
    await page.waitForURL(/\/complaints\/raggingComplaint$/);
    const note = page.getByTestId('who-sees');
    await note.waitFor();
    expect(await note.textContent()).toContain('Only the anti-ragging duty can see who filed it');
    expect(await note.textContent()).toContain('not your name, registration number, e-mail, room or phone number');
    await checkPage(page, 'the Ragging form');
  });
});
