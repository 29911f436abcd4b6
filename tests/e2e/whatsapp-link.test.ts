import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { WHATSAPP_CODE_PATTERN } from '../../src/shared/whatsapp.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import { sendWhatsApp, startGraphFake, whatsappEnv } from '../support/whatsapp.js';

/**
 * Linking WhatsApp (issue 43) as a student does it on a phone: the account page gives a code and a
 * link that opens WhatsApp with `LINK <code>` typed in; the test, playing the phone, sends it to
 * the portal's webhook, and the card turns to the linked number by itself. The notifications page
 * then offers the WhatsApp switch; disconnecting, confirmed in the page, brings the button back.
 */

const STUDENT = { email: 'meera.pillai@vitbhopal.ac.in', name: 'MEERA PILLAI 22BCE10417' };
/** The student's phone: the card shows its last four digits only. */
const STUDENT_PHONE = '919812345678';
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// The Graph API fake (what the portal sends its WhatsApp messages to) starts before the portal
// does, so its address is in the environment the portal starts with (this hook runs before the suite's own).
let graph: Awaited<ReturnType<typeof startGraphFake>> | undefined;
const env: Record<string, string> = { ...RELAXED_LIMITS };
beforeAll(async () => {
  graph = await startGraphFake();
  Object.assign(env, whatsappEnv(graph.url));
});
const suite = browserSuite(env, { afterClose: () => graph?.close() });
const { it } = suite;

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

describe('linking WhatsApp from the account page', () => {
  it('a student links their number with the code, gets the WhatsApp switch, and disconnects it in the page', async ({ browse }) => {
    const { page } = await browse.as(STUDENT, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'WhatsApp' });
    await card.getByText('Get your complaint updates on WhatsApp and answer them from the chat.').waitFor();
    await checkPage(page, 'the account page, nothing linked');

    await card.getByRole('button', { name: 'Connect WhatsApp' }).click();
    const shown = card.getByTestId('whatsapp-code');
    await shown.waitFor();
    const code = (await shown.textContent())?.trim() ?? '';
    expect(code).toMatch(WHATSAPP_CODE_PATTERN);
    const open = card.getByRole('link', { name: 'Open WhatsApp' });
    const href = (await open.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/'), href).toBe(true);
    expect(href).toContain(`LINK%20${code}`);
    await card.getByText(`Or send LINK ${code} to the university’s WhatsApp number.`).waitFor();
    await card.getByText('The code works for 15 minutes').waitFor();
    await checkPage(page, 'the account page, a code shown');

    // The phone: the student sends the code from WhatsApp; the card, asking every few seconds, sees it.
    expect((await sendWhatsApp(suite.portal, { from: STUDENT_PHONE, text: `LINK ${code}` })).status).toBe(200);
    const linked = card.getByTestId('whatsapp-linked');
    await linked.waitFor();
    expect(await linked.textContent()).toContain('WhatsApp connected');
    expect(await linked.textContent()).toContain('5678');
    expect(await linked.textContent()).not.toContain('98123');
    await page.getByTestId('whatsapp-status').filter({ hasText: 'WhatsApp connected.' }).waitFor();
    expect(await card.getByTestId('whatsapp-code').count()).toBe(0);
    await checkPage(page, 'the account page, linked');
    // The phone got the answer in the chat, with the student's name.
    await expect.poll(() => graph?.to(STUDENT_PHONE).map((m) => /^Hello \S.*, this WhatsApp number is now connected/i.test(m.text))).toEqual([true]);

    await page.goto(`${suite.portal.baseUrl}/settings/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const whatsapp = page.getByRole('switch', { name: 'WhatsApp' });
    await whatsapp.waitFor();
    expect(await whatsapp.getAttribute('aria-checked')).toBe('true');
    await checkPage(page, 'the notifications page, WhatsApp linked');

    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await card.getByTestId('whatsapp-linked').waitFor();
    // Kept: the question goes away and the number stays linked.
    await card.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await card.getByRole('group', { name: 'Disconnect WhatsApp?' }).waitFor();
    await card.getByRole('button', { name: 'Keep it' }).click();
    await card.getByRole('button', { name: 'Disconnect', exact: true }).waitFor();
    expect(await card.getByTestId('whatsapp-linked').count()).toBe(1);

    await card.getByRole('button', { name: 'Disconnect', exact: true }).click();
    const confirm = card.getByRole('group', { name: 'Disconnect WhatsApp?' });
    await checkPage(page, 'the account page, asking to disconnect');
    await confirm.getByRole('button', { name: 'Yes, disconnect' }).click();
    await page.getByTestId('whatsapp-status').filter({ hasText: 'WhatsApp disconnected.' }).waitFor();
    await card.getByRole('button', { name: 'Connect WhatsApp' }).waitFor();
    expect(await card.getByTestId('whatsapp-linked').count()).toBe(0);
    const link = await (await suite.api(STUDENT)).get('/api/me/whatsapp');
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ available: true, linked: null });

    // Unlinked, the notifications page says where to link it instead of offering the switch.
    await page.goto(`${suite.portal.baseUrl}/settings/notifications`);
    await page.getByRole('switch', { name: 'E-mail' }).waitFor();
    await page.getByTestId('whatsapp-hint').filter({ hasText: 'Connect WhatsApp on your account page to get updates there.' }).waitFor();
    expect(await page.getByRole('switch', { name: 'WhatsApp' }).count()).toBe(0);
    await page.getByTestId('whatsapp-hint').getByRole('link', { name: 'your account page' }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/userInfo`);
  });
});
