import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { whatsappInbound } from '../../src/server/db/schema.js';
import { WHATSAPP_CODE_PATTERN } from '../../src/shared/whatsapp.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite, type Session } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/**
 * Trying WhatsApp on `npm start` (decision 70): the account page's "Open WhatsApp" opens the
 * development simulator with `LINK <code>` typed in; Send posts it to the portal's own webhook as
 * Meta would, the portal's answer comes back through its Graph API client into the simulated chat,
 * and the account page turns to the linked number. The tests run with NODE_ENV=test, where the
 * simulator is on only because WHATSAPP_SIMULATOR=on asks.
 */

const STUDENT = { email: 'nisha.verma@vitbhopal.ac.in', name: 'NISHA VERMA 23BCE10077' };
/** The simulator's default number for the student's phone. */
const STUDENT_PHONE = '919812345678';
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const suite = browserSuite({ ...RELAXED_LIMITS, WHATSAPP_SIMULATOR: 'on', WHATSAPP_POLL_INTERVAL_MS: '100', WHATSAPP_RETRY_BASE_MS: '50' });
const { it } = suite;

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** A page the account page opened (a new tab): its console errors count as the session's. */
function watched(session: Session, page: Page): Page {
  page.on('console', (message) => {
    if (message.type() === 'error') session.problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => session.problems.push(`uncaught: ${error.message}`));
  return page;
}

describe('the development WhatsApp simulator', () => {
  it('a student links WhatsApp from the account page through the simulated chat, then files a complaint in it', async ({ browse }) => {
    const session = await browse.as(STUDENT, PHONE_390);
    const { page, context } = session;
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    const card = page.getByRole('region', { name: 'WhatsApp' });
    await card.getByRole('button', { name: 'Connect WhatsApp' }).click();
    const code = ((await card.getByTestId('whatsapp-code').textContent()) ?? '').trim();
    expect(code).toMatch(WHATSAPP_CODE_PATTERN);
    const open = card.getByRole('link', { name: 'Open WhatsApp' });
    expect(await open.getAttribute('href')).toBe(`${suite.portal.baseUrl}/dev-whatsapp?number=&text=LINK%20${code}`);

    // "Open WhatsApp" opens a new tab, as it would open the WhatsApp app.
    const [opened] = await Promise.all([context.waitForEvent('page'), open.click()]);
    const chat = watched(session, opened);
    await chat.getByRole('heading', { name: 'Development WhatsApp', level: 1 }).waitFor();
    await chat.getByText('A development tool').waitFor();
    expect(await chat.getByRole('textbox', { name: 'Your WhatsApp number' }).inputValue()).toBe(STUDENT_PHONE);
    const box = chat.getByRole('textbox', { name: 'Message' });
    expect(await box.inputValue()).toBe(`LINK ${code}`);
    // The address keeps the number, and no longer the code.
    await chat.waitForURL(`${suite.portal.baseUrl}/dev-whatsapp?number=${STUDENT_PHONE}`);
    const log = chat.getByRole('log', { name: 'Chat with the portal' });
    await log.getByText('No messages yet. Send one below.').waitFor();
    await checkPage(chat, 'the simulator, the link’s message typed in');

    await chat.getByRole('button', { name: 'Send' }).click();
    await log.getByText(`LINK ${code}`, { exact: true }).waitFor();
    const helloText = /^Hello \S.*, this WhatsApp number is now connected/;
    await log.getByText(helloText).waitFor();
    expect(await box.inputValue()).toBe('');
    await checkPage(chat, 'the simulator, linked');

    // Back on the account page, the card has seen the message arrive.
    await page.bringToFront();
    const linked = card.getByTestId('whatsapp-linked');
    await linked.waitFor();
    expect(await linked.textContent()).toContain('WhatsApp connected');
    expect(await linked.textContent()).toContain(STUDENT_PHONE.slice(-4));

    // A quoted reply: "Reply" on the portal's message, then the text goes with its id as context.
    await chat.bringToFront();
    // An inner locator is looked for inside each item: built on the page, not on the log.
    const portalMessage = log.getByRole('listitem').filter({ has: chat.getByText(helloText) });
    await portalMessage.getByRole('button', { name: 'Reply' }).click();
    await chat.getByText('Replying to:').waitFor();
    await box.fill('Thank you');
    await box.press('Enter');
    await log.getByRole('listitem').filter({ hasText: 'Thank you' }).getByText(/^Hello /).waitFor();
    expect(await chat.getByText('Replying to:').isVisible()).toBe(false);

    // "Thank you" answers no complaint, so the portal starts filing one: the student files it all in the chat.
    const said = (text: string | RegExp) => log.getByRole('listitem').filter({ hasText: text }).last();
    const choose = async (question: string, option: string) => {
      const item = said(question);
      await item.getByText('Choose', { exact: true }).click();
      await item.getByRole('button', { name: option }).click();
    };
    await choose('What is it about?', 'Electrician');
    await choose('What is wrong?', 'Fan');
    await checkPage(chat, 'the simulator, a list to choose from');
    await choose('Which hostel?', 'Block-2');
    await said('Your floor and room number').waitFor();
    await box.fill('2 214');
    await box.press('Enter');
    await said('Describe the problem').waitFor();
    await box.fill('The ceiling fan wobbles and makes a grinding noise.');
    await box.press('Enter');
    const confirm = log.getByRole('group', { name: /^File this\?/ });
    await confirm.getByRole('button', { name: 'File it' }).click();
    const filed = said(/Filed: \S+\./);
    await filed.waitFor();
    const number = /Filed: (\S+)\./.exec((await filed.textContent()) ?? '')?.[1] ?? '';
    expect(number).not.toBe('');
    await checkPage(chat, 'the simulator, a complaint filed');

    // The complaint is the student's like any other: on their page, with what the chat said.
    await page.bringToFront();
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    await page.getByTestId('timeline').getByText('The ceiling fan wobbles and makes a grinding noise.').waitFor();
    const db = suite.portal.database.db;
    await expect
      .poll(async () => (await db.select().from(whatsappInbound).where(eq(whatsappInbound.waId, STUDENT_PHONE))).filter((row) => row.status !== 'done').length)
      .toBe(0);
  });
});
