import { expect } from 'vitest';
import { browserSuite } from '../support/e2e.js';

/**
 * React and the app load after the load event on the pages that read without them (decision 64):
 * a tap before the app is live must not be lost (issue 41). The app's chunk is held back here, so
 * every tap lands before React owns the page, as on a slow phone.
 */
const suite = browserSuite({});
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const HELD_MS = 1500;

suite.it('opens the menu tapped before the app was live, once it is, and a card tapped meanwhile still opens its form', async ({ browse }) => {
  const { page } = await browse.signedOut(PHONE_390);
  let appRequested = 0;
  await page.route(/\/assets\/boot-[^/]*\.js$/, async (route) => {
    appRequested += 1;
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue();
  });
  await page.goto(`${suite.portal.baseUrl}/`);
  await page.getByRole('heading', { name: 'Hostel Complaint Portal', level: 1 }).waitFor();
  const menu = page.getByRole('button', { name: 'Menu' });
  expect(await menu.getAttribute('aria-expanded')).toBe('false');
  await menu.tap();
  // Held, not lost: the menu opens once the app is live, and only once (not toggled shut again).
  await expect.poll(() => menu.getAttribute('aria-expanded'), { timeout: HELD_MS * 5 }).toBe('true');
  expect(appRequested).toBe(1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Complaints' }).waitFor();

  // On a second first visit, a link works before the app does: it is a link.
  const { page: again } = await browse.signedOut(PHONE_390);
  await again.route(/\/assets\/boot-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue();
  });
  await again.goto(`${suite.portal.baseUrl}/complaints`);
  await again.getByRole('link', { name: /Wifi/ }).first().tap();
  await again.waitForURL(/\/complaints\/wifiComplaint$/);
  await again.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
});

suite.it("switches the language tapped before the app was live, saved to the account, the focus staying on the switch", async ({ browse }) => {
  const { page } = await browse.as({ email: 'early.tap@vitbhopal.ac.in', name: 'Early Tap 23BCE10099' }, PHONE_390);
  await page.route(/\/assets\/boot-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    await route.continue();
  });
  await page.goto(`${suite.portal.baseUrl}/`);
  await page.getByRole('heading', { name: 'Hostel Complaint Portal', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'हिन्दी', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'हॉस्टल शिकायत पोर्टल', level: 1 }).waitFor({ timeout: HELD_MS * 5 });
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('English');
  const saved = () => page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { locale: string | null } }).user.locale);
  await expect.poll(saved).toBe('hi');
});
