import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  hasHorizontalScroll,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  signInThroughDevProvider,
} from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let portal: TestApp;
let browser: Browser;

beforeAll(async () => {
  portal = await startTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

describe('signing in with the development provider', () => {
  it('shows "Fname ID" in the navigation after signing in on a phone', async () => {
    const context = await browser.newContext(PHONE);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(portal.baseUrl);
    await page.getByRole('heading', { name: 'Hostel Complaint Portal', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await signInThroughDevProvider(page, { email: 'aarav.sharma@vitbhopal.ac.in', name: 'AARAV SHARMA 21BCE10001' });
    const account = page.getByRole('link', { name: 'Aarav 21BCE10001' });
    await account.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await account.click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.getByTestId('user-info').textContent()).toContain('aarav.sharma@vitbhopal.ac.in');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('refuses an address outside the university with the original message', async () => {
    const context = await browser.newContext(DESKTOP);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(portal.baseUrl);
    await signInThroughDevProvider(page, { email: 'eve@gmail.com', name: 'Eve 21BCE10009' });
    await page.getByRole('alert').filter({ hasText: 'Please login with vitbhopal email' }).waitFor();
    expect(page.url()).toBe(`${portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signs out on the server and returns to the start page', async () => {
    const context = await browser.newContext(DESKTOP);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${portal.baseUrl}/userInfo`);
    await signInThroughDevProvider(page, { email: 'priya.nair@vitbhopal.ac.in', name: 'Priya Nair' });
    // Back where sign-in started; a staff name has no registration id.
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByRole('link', { name: 'Priya', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).status);
    expect(me).toBe(401);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows its own 404 page for an unknown path', async () => {
    const context = await browser.newContext(PHONE);
    const { page, consoleErrors } = await openPage(context);
    await page.goto(`${portal.baseUrl}/this/does/not/exist`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
