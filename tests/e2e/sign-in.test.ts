import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, PHONE, hasHorizontalScroll, seriousAxeViolations, signInThroughDevProvider } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

const suite = browserSuite(RELAXED_LIMITS);
const { it } = suite;

const AARAV = { email: 'aarav.sharma@vitbhopal.ac.in', name: 'AARAV SHARMA 21BCE10001' };

async function formValues(page: Page) {
  return {
    hostel: await page.getByLabel('Hostel', { exact: true }).inputValue(),
    floor: await page.getByLabel('Floor', { exact: true }).inputValue(),
    roomNo: await page.getByLabel('Room number', { exact: true }).inputValue(),
    category: await page.evaluate(() => document.querySelector<HTMLInputElement>('input[name="complaint-subCategory"]:checked')?.value ?? ''),
    message: await page.getByLabel('Message', { exact: true }).inputValue(),
  };
}

describe('signing in with the development provider', () => {
  // The one walk through the provider's page: every other browser test signs in directly.
  it('keeps a signed-out draft through the provider and back, then shows "Fname ID" on a phone', async ({ browse }) => {
    const { page } = await browse.signedOut(PHONE);
    const posted: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/complaints') posted.push(request);
    });
    await page.goto(suite.portal.baseUrl);
    await page.getByRole('heading', { name: 'Hostel Complaint Portal', level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // What a signed-out student typed survives the round trip through the provider.
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    const typed = { hostel: 'Block-2', floor: '3', roomNo: '312', category: 'Slow', message: 'Wifi drops every evening.' };
    await page.getByLabel('Hostel', { exact: true }).selectOption(typed.hostel);
    await page.getByLabel('Floor', { exact: true }).fill(typed.floor);
    await page.getByLabel('Room number', { exact: true }).fill(typed.roomNo);
    await page.getByRole('radio', { name: typed.category, exact: true }).check();
    await page.getByLabel('Message', { exact: true }).fill(typed.message);
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please Sign In first' });
    await alert.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await formValues(page)).toEqual(typed);
    expect(posted).toHaveLength(0);

    await signInThroughDevProvider(page, AARAV);
    const account = page.getByRole('link', { name: 'Aarav 21BCE10001' });
    await account.waitFor();
    // Back where sign-in started, with the draft, and nothing sent on the student's behalf.
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    expect(page.url()).toBe(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    expect(await formValues(page)).toEqual(typed);
    expect(posted).toHaveLength(0);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await account.click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.getByTestId('user-info').textContent()).toContain('aarav.sharma@vitbhopal.ac.in');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('refuses an address outside the university with the original message', async ({ browse }) => {
    const { page } = await browse.signedOut(DESKTOP);
    await page.goto(suite.portal.baseUrl);
    await signInThroughDevProvider(page, { email: 'eve@gmail.com', name: 'Eve 21BCE10009' });
    await page.getByRole('alert').filter({ hasText: 'Please login with vitbhopal email' }).waitFor();
    expect(page.url()).toBe(`${suite.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/me')).status)).toBe(401);
  });

  it('signs out on the server and returns to the start page', async ({ browse }) => {
    const { page } = await browse.as({ email: 'priya.nair@vitbhopal.ac.in', name: 'Priya Nair' }, DESKTOP);
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    // A staff name has no registration id.
    await page.getByRole('link', { name: 'Priya', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).status);
    expect(me).toBe(401);
  });

  it('shows its own 404 page for an unknown path', async ({ browse }) => {
    const { page } = await browse.signedOut(PHONE);
    await page.goto(`${suite.portal.baseUrl}/this/does/not/exist`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
