import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { aComplaint } from '../factories/complaints.js';
import { PHONE } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { addStaff } from '../support/staff.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Issue 28: an electrician whose account reads Hindi works a new complaint on a phone, and the
 * staff console speaks Hindi throughout: the queue's sections, views, filters and actions, the
 * complaint's page, acknowledging and replying. Only names (people, hostels, categories) and what
 * the student wrote stay as they were typed.
 */

const ADMIN = { email: 'hindi.admin@vitbhopal.ac.in', name: 'Hindi Admin' };
const STUDENT = { email: 'kabir.singh@vitbhopal.ac.in', name: 'KABIR SINGH 22BCE10321' };
const ELECTRICIAN = { email: 'ramesh.electrician@vitbhopal.ac.in', name: 'Ramesh Kumar' };
const FAN_BROKEN = 'The ceiling fan in my room stopped working yesterday evening.';
const REPLY = 'पंखा कल सुबह ठीक कर देंगे।';

/** Words in Latin letters people say as they are (Wi-Fi, OTP, CSV, PDF, QR; FIR). */
const KEPT = new Set(['CSV', 'FIR', 'Wi-Fi', 'OTP', 'PDF', 'QR']);

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email });
const { it } = suite;

/** Every name the catalogue gives (categories, sub-categories, hostels, common areas, services): data, not the console's words. */
let catalogueNames: string[] = [];

beforeAll(async () => {
  const admin = await suite.api(ADMIN);
  await addStaff(admin, { ...ELECTRICIAN, role: 'staff', antiRagging: false, scopes: [{ category: 'electricity', hostel: '' }] });
  const catalog = (await admin.get('/api/catalog')).body as {
    hostels: Array<{ name: string; commonAreas?: Array<{ name: string }> }>;
    categories: Array<{ cardTitle: string; complaintHead: string; subCategories: Array<{ name: string }> }>;
    services: Array<{ label: string }>;
  };
  catalogueNames = [
    ...catalog.hostels.flatMap((h) => [h.name, ...(h.commonAreas ?? []).map((a) => a.name)]),
    ...catalog.categories.flatMap((c) => [c.cardTitle, c.complaintHead, ...c.subCategories.map((s) => s.name)]),
    ...catalog.services.map((s) => s.label),
  ];
});

/**
 * The words in Latin letters left in the page's main region once the names and the student's text
 * are taken out: none should be, apart from those people say in English anyway.
 */
async function englishLeft(page: Page, names: readonly string[]): Promise<string[]> {
  let text = await page.locator('main').innerText();
  // Longest first, so "Block-1 (Old)" goes before a shorter name inside it.
  for (const name of [...names, ...catalogueNames].sort((a, b) => b.length - a.length)) text = text.split(name).join(' ');
  // E-mail addresses (the student's, where it was sent) are names too.
  text = text.replace(/\S+@\S+/g, ' ');
  return [...text.matchAll(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g)].map((match) => match[0]).filter((word) => !KEPT.has(word));
}

describe('the staff console in Hindi', () => {
  it('an electrician reading Hindi finds a new complaint on a phone, acknowledges it and replies, all in Hindi', async ({ browse }) => {
    const student = await suite.api(STUDENT);
    const filed = await student.post(
      '/api/complaints',
      aComplaint({ category: 'electricity', subCategory: 'Fan', hostel: 'Block-1 (Old)', floor: 2, roomNo: '214', complaint: FAN_BROKEN }),
    );
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const number = String(filed.body.number);

    // The worker's account language, as the header's switch sets it.
    const worker = await suite.api(ELECTRICIAN);
    expect((await worker.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);

    const { page } = await browse.as(ELECTRICIAN, PHONE);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    await page.getByRole('heading', { name: 'स्टाफ़ कंसोल', level: 1 }).waitFor();

    // "New" on the first screen, in Hindi, with the complaint in it.
    const newSection = page.getByTestId('new-section');
    await newSection.getByRole('heading', { name: /^नई/ }).waitFor();
    const newRow = newSection.getByTestId('queue-row').filter({ hasText: number });
    await newRow.waitFor();
    await expect.poll(() => newRow.textContent()).toContain('मंज़िल 2');
    const rowText = (await newRow.textContent()) ?? '';
    for (const part of ['कमरा 214', 'छात्र:', 'किसके पास:', 'कोई नहीं', 'आज', 'बाकी']) expect(rowText).toContain(part);
    await page.getByTestId('queue-list').getByRole('heading', { name: /^मेरा बाकी काम/ }).waitFor();

    // The views, the search and the filters.
    const views = page.getByRole('navigation', { name: 'शिकायतों की सूचियाँ' });
    for (const view of ['मेरा बाकी काम', 'नई', 'ऊपर भेजी गई', 'समय निकल गया', 'आज तक करनी है', 'सभी']) {
      await views.getByRole('button', { name: new RegExp(`^${view}`) }).waitFor();
    }
    await page.getByRole('button', { name: 'खोजें', exact: true }).waitFor();
    await page.getByRole('button', { name: /^फ़िल्टर/ }).click();
    await page.getByLabel('स्थिति', { exact: true }).waitFor();
    await page.getByLabel('श्रेणी', { exact: true }).waitFor();
    await page.getByLabel('किसके पास है', { exact: true }).waitFor();
    await page.getByLabel('क्रम', { exact: true }).waitFor();
    const studentNames = ['Kabir', '22BCE10321'];
    expect(await englishLeft(page, [number, FAN_BROKEN, ...studentNames])).toEqual([]);

    // Selecting the row offers the bulk actions in Hindi.
    await newRow.getByRole('checkbox', { name: `${number} चुनें` }).check();
    const bulkBar = page.getByTestId('bulk-bar');
    await bulkBar.getByRole('button', { name: '1 स्वीकार करें' }).waitFor();
    await bulkBar.getByRole('button', { name: 'चुनाव हटाएँ' }).click();

    // Open it with a tap, acknowledge it, reply.
    await newRow.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { name: `शिकायत ${number}`, level: 1 }).waitFor();
    await page.getByTestId('student-message').getByText(FAN_BROKEN).waitFor();
    await page.getByTestId('holder').getByText('अभी यह किसी के पास नहीं है।').waitFor();
    const statusActions = page.getByTestId('status-actions');
    await statusActions.getByRole('heading', { name: 'स्थिति बदलें' }).waitFor();
    await statusActions.getByRole('button', { name: 'स्वीकार करें', exact: true }).click();
    await expect.poll(() => page.getByTestId('status-result').textContent()).toContain('स्थिति बदलकर');
    await page.getByTestId('holder').getByText('यह आपके पास है।').waitFor();

    await page.getByLabel('छात्र को जवाब', { exact: true }).fill(REPLY);
    await page.getByRole('button', { name: 'भेजें', exact: true }).click();
    await page.getByTestId('reply-result').getByText('छात्र को जवाब भेज दिया गया।').waitFor();
    const reply = page.getByTestId('staff-timeline').locator('li[data-kind="reply"]');
    await expect.poll(() => reply.textContent()).toContain(REPLY);
    expect(await reply.textContent()).toContain('छात्र को जवाब');

    // The page, its actions and its details: nothing left in English but the names.
    await page.getByRole('heading', { name: 'जानकारी' }).waitFor();
    expect(await englishLeft(page, [number, FAN_BROKEN, ELECTRICIAN.name, STUDENT.email, ...studentNames, 'KABIR SINGH'])).toEqual([]);
  }, 40_000);
});
