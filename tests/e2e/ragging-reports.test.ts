import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * The anti-ragging duty on a phone (390 × 844): from the staff console to the reports page, an
 * inspection recorded in the log, and this month's report downloaded as a PDF. The report's rules
 * and counts are the server's tests (src/server/modules/ragging-reports).
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'committee.admin@vitbhopal.ac.in', name: 'Committee Admin' };
const DUTY = { email: 'squad.duty@vitbhopal.ac.in', name: 'Squad Duty' };
const TECH = { email: 'plain.tech@vitbhopal.ac.in', name: 'Plain Tech' };
const TIME_ZONE = 'Asia/Kolkata';

const suite = browserSuite(
  { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, TIME_ZONE },
  {
    admin: ADMIN,
    team: {
      duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'ragging', hostel: '' }] },
      tech: { ...TECH, role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
    },
  },
);
const { it } = suite;

describe('the anti-ragging reports page', () => {
  it('the duty records an inspection and downloads the month’s report as a PDF; staff without the duty are not offered it', async ({ browse }) => {
    const other = await browse.as(TECH, PHONE_390);
    await other.page.goto(`${suite.portal.baseUrl}/staff`);
    // The queue shows once the console knows who is signed in: the header has had its say too.
    await other.page.getByRole('link', { name: 'Download this view as CSV' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Anti-ragging', exact: true }).count()).toBe(0);
    await other.page.goto(`${suite.portal.baseUrl}/staff/anti-ragging`);
    await other.page.getByRole('heading', { name: 'This page is for the anti-ragging duty' }).waitFor();

    const { page } = await browse.as(DUTY, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    await page.getByRole('link', { name: 'Anti-ragging', exact: true }).click();
    await page.getByRole('heading', { name: 'Anti-ragging reports', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Record an inspection' }).click();
    const form = page.getByRole('form', { name: 'Record an inspection' });
    // Sent empty first: each field says what it needs.
    await form.getByRole('button', { name: 'Record the inspection' }).click();
    await expect.poll(() => form.getByLabel('Hostel').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Hostel').selectOption('Block-2');
    await form.getByLabel('Findings').fill('Walked all four floors after lights-out; juniors spoken to, nothing reported.');
    await form.getByLabel('Squad').fill('Chief warden, two faculty members');
    await form.getByRole('button', { name: 'Record the inspection' }).click();
    await page.getByTestId('inspection-result').filter({ hasText: 'Recorded the inspection of Block-2' }).waitFor();
    const log = page.getByRole('list', { name: 'Inspections, the latest first' });
    await log.getByText('Walked all four floors after lights-out').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('inspections-heading');

    // This month so far, on the university's clock: the inspection just recorded is in it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    await page.getByLabel('First day').fill(`${today.slice(0, 8)}01`);
    await page.getByLabel('Last day').fill(today);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`anti-ragging-report-${today.slice(0, 8)}01-to-${today}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(await hasHorizontalScroll(page)).toBe(false);
    expect({ violations: await seriousAxeViolations(page) }).toEqual({ violations: [] });
  });
});
