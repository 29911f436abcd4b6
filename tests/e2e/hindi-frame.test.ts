import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { PublicCatalog } from '../../src/shared/catalog.js';
import { LOCALE_NAMES } from '../../src/shared/constants.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Issue 28: the frame every page shares (header, navigation, footer) in Hindi on a phone whose
 * browser asks for Hindi, and back in English with the header's switch, a choice this device keeps.
 */

const suite = browserSuite(RELAXED_LIMITS);
const { it } = suite;

const HINDI_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'hi-IN' };

/** Names are data, not messages: what the frame may still show in Latin letters. */
async function namesInFrame(): Promise<string[]> {
  const response = await fetch(`${suite.portal.baseUrl}/api/catalog`);
  const { university } = (await response.json()) as PublicCatalog;
  const contacts = university.raggingContacts;
  return [LOCALE_NAMES.en, university.name, ...(contacts ? [contacts.nodalOfficerName, contacts.nodalOfficerEmail] : [])];
}

/** The words in Latin letters left in the header (with the open menu) and the footer, once the names are taken out. */
async function englishLeft(page: Page, names: string[]): Promise<string[]> {
  const text = [await page.getByRole('banner').innerText(), await page.getByRole('contentinfo').innerText()].join('\n');
  const withoutNames = names.reduce((rest, name) => rest.split(name).join(' '), text);
  return withoutNames.match(/[A-Za-z][A-Za-z'-]*/g) ?? [];
}

describe('the frame in Hindi', () => {
  it('follows a Hindi phone, has no English left but names, and the switch back to English survives a reload', async ({ browse }) => {
    const { page } = await browse.signedOut(HINDI_PHONE);
    const names = await namesInFrame();
    await page.goto(`${suite.portal.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');

    // The footer's anti-ragging line arrives with /api/catalog; the menu's links show once it is open.
    await page.getByRole('contentinfo').getByTestId('ragging-contacts').waitFor();
    await page.getByRole('button', { name: 'मेन्यू' }).tap();
    await page.getByRole('navigation').getByRole('link', { name: 'शिकायतें' }).waitFor();
    await expect.poll(() => englishLeft(page, names)).toEqual([]);

    await page.getByRole('button', { name: LOCALE_NAMES.en }).tap();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('banner').getByRole('link', { name: 'Report ragging' }).waitFor();

    // This device keeps the choice: reloaded, and once everything it asked for has come (a Hindi
    // catalogue would have by then), the page is still English though the browser asks for Hindi.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('contentinfo').getByTestId('ragging-contacts').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('hcp.locale')])).toEqual(['en', 'en']);
    await page.getByRole('banner').getByRole('link', { name: 'Report ragging' }).waitFor();
    await page.getByRole('button', { name: LOCALE_NAMES.hi }).waitFor();
  });
});
