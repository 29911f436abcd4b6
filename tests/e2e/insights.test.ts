import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { addDays, dayIn } from '../../src/shared/time.js';
import { OPEN_STATUSES } from '../../src/shared/constants.js';
import { complaints, users } from '../../src/server/db/schema.js';
import { countedInSql, seedInsights } from '../factories/insights.js';
import { DESKTOP, PHONE, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Insights as a warden of one hostel meets them: the dashboard shows that hostel only, with the
 * numbers a count in SQL gives for the seeded data; its CSV and the queue's CSV download with the
 * right rows; the digest mail arrives (a real SMTP server) with the same numbers; the opt-out holds.
 */

const ADMIN = { email: 'insights.admin@vitbhopal.ac.in', name: 'Insights Admin' };
const WARDEN = { email: 'block3.warden@vitbhopal.ac.in', name: 'Block Three Warden' };
const STUDENT = { email: 'neha.gupta@vitbhopal.ac.in', name: 'Neha Gupta 22BCE10321' };

// The portal sends mail to the suite's sink, started before its app.
const env: Record<string, string> = { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, MAIL_POLL_INTERVAL_MS: '200' };
const suite = browserSuite(env, { mail: true, admin: ADMIN, team: { warden: { ...WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Block-3' }] } } });
const { it } = suite;

beforeAll(async () => {
  await seedInsights(suite.portal.app.db);
});

const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`);

/** The range the page shows ("2026-09-01 to 2026-11-23"). */
async function shownRange(page: Page) {
  const heading = await page.getByRole('heading', { name: / to / }).first().textContent();
  const [, from = '', to = ''] = /(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(heading ?? '') ?? [];
  return { from, to };
}

const csvRows = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('insights for a warden of one hostel', () => {
  it("shows only that hostel's figures, equal to a count made in SQL, on a desk and a phone", async ({ browse }) => {
    const { page } = await browse.as(WARDEN, DESKTOP);
    await page.goto(`${suite.portal.baseUrl}/insights`);
    await expect.poll(() => figure(page, 'filed').textContent()).toMatch(/^\d+$/);
    const { from, to } = await shownRange(page);
    const counted = await countedInSql(suite.portal.app.db, 'Block-3', from, to);
    expect(counted.filed).toBeGreaterThan(0);
    expect(await figure(page, 'filed').textContent()).toBe(String(counted.filed));
    expect(await figure(page, 'open').textContent()).toBe(String(counted.open));
    expect(await figure(page, 'overdue').textContent()).toBe(String(counted.overdue));
    expect(await figure(page, 'acknowledged').textContent()).toBe(String(counted.acknowledged));
    expect(await figure(page, 'resolved').textContent()).toBe(String(counted.resolved));
    expect(await figure(page, 'rating').textContent()).toBe(counted.ratingAverage === null ? '—' : counted.ratingAverage.toFixed(1));

    // Only Block-3 can be chosen, and only Block-3 is in the tables.
    const hostels = await page.getByRole('combobox', { name: 'Hostel' }).locator('option').allTextContents();
    expect(hostels).toEqual(['All my hostels', 'Block-3']);
    const openRows = await page.getByTestId('open-table').locator('tbody th').allTextContents();
    expect(openRows).toEqual(['Block-3']);
    await expect.poll(() => page.getByTestId('bar-chart').first().locator('canvas').count()).toBeGreaterThan(0);

    // The chart's table view shows the same weekly figures the chart draws.
    const weekly = page.getByRole('region', { name: 'Complaints per week by category' });
    await weekly.getByRole('button', { name: 'Table view' }).click();
    await expect.poll(() => weekly.getByTestId('weekly-table').isVisible()).toBe(true);
    const weeklyTotal = (await weekly.getByTestId('weekly-table').locator('tbody td').allTextContents()).reduce((a, n) => a + Number(n), 0);
    expect(weeklyTotal).toBe(counted.filed);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Filtering by category narrows the figures to that category's count.
    await page.getByRole('combobox', { name: 'Category' }).selectOption('water');
    await expect.poll(() => page.url()).toContain('category=water');
    const water = await suite.portal.app.db
      .select({ id: complaints.id })
      .from(complaints)
      .where(and(eq(complaints.hostel, 'Block-3'), eq(complaints.category, 'water'), inArray(complaints.status, [...OPEN_STATUSES])));
    await expect.poll(() => figure(page, 'open').textContent()).toBe(String(water.length));

    const phone = (await browse.as(WARDEN, PHONE)).page;
    await phone.goto(`${suite.portal.baseUrl}/insights`);
    await expect.poll(() => figure(phone, 'filed').textContent()).toBe(String(counted.filed));
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await seriousAxeViolations(phone)).toEqual([]);
  });

  it('downloads CSVs with the right rows: the open table, and the staff queue view', async ({ browse }) => {
    const { page } = await browse.as(WARDEN, DESKTOP);
    await page.goto(`${suite.portal.baseUrl}/insights`);
    const openSection = page.getByRole('region', { name: 'Open and overdue now' });
    await openSection.getByTestId('open-table').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), openSection.getByRole('link', { name: 'Download CSV' }).click()]);
    const openCsv = csvRows(readFileSync((await download.path()) ?? '', 'utf8'));
    expect(openCsv[0]).toEqual(['Hostel', 'Category', 'Open', 'Overdue']);
    const openInSql = await suite.portal.app.db
      .select({ category: complaints.category })
      .from(complaints)
      .where(and(eq(complaints.hostel, 'Block-3'), inArray(complaints.status, [...OPEN_STATUSES])));
    expect(openCsv.slice(1).every((r) => r[0] === 'Block-3')).toBe(true);
    expect(openCsv.slice(1).reduce((a, r) => a + Number(r[2]), 0)).toBe(openInSql.length);

    await page.goto(`${suite.portal.baseUrl}/staff?view=all`);
    const [queueDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download this view as CSV' }).click()]);
    const queueCsv = csvRows(readFileSync((await queueDownload.path()) ?? '', 'utf8'));
    const inBlock3 = await suite.portal.app.db.select({ number: complaints.number }).from(complaints).where(eq(complaints.hostel, 'Block-3'));
    expect(queueCsv[0]?.[0]).toBe('Number');
    expect(queueCsv.slice(1).map((r) => r[0]).sort()).toEqual(inBlock3.map((r) => r.number).sort());
  });

  it('mails the digest with the same numbers, and stops after the warden opts out', async ({ browse }) => {
    const { page } = await browse.as(WARDEN, DESKTOP);
    // The digest's week ends today on the university's clock (Asia/Kolkata here): from 18:30 UTC on,
    // that is tomorrow's date in UTC, so the page's first day is counted on the same clock.
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    await page.goto(`${suite.portal.baseUrl}/insights?from=${weekAgo}`);
    await expect.poll(() => figure(page, 'filed').textContent()).toMatch(/^\d+$/);
    const filed = await figure(page, 'filed').textContent();
    const open = await figure(page, 'open').textContent();
    const overdue = await figure(page, 'overdue').textContent();

    expect(await suite.portal.app.jobs.insightsDigests()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => suite.sink.received.some((m) => m.envelopeTo.includes(WARDEN.email))).toBe(true);
    const mail = suite.sink.received.find((m) => m.envelopeTo.includes(WARDEN.email));
    const text = mail?.parsed.text ?? '';
    expect(mail?.parsed.subject).toMatch(/^Insights for Block-3: /);
    expect(text).toContain(`Filed: ${filed}\n`);
    expect(text).toContain(`Open now: ${open} (overdue: ${overdue})`);
    expect(text).toContain(`${suite.portal.baseUrl}/insights?from=`);
    expect(text).not.toContain('Block-2');

    // Opting out on the page is remembered on the server.
    const box = page.getByLabel(/Mail me these figures for my hostels every week/);
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await expect.poll(() => page.getByText('Saved.').isVisible()).toBe(true);
    const [row] = await suite.portal.app.db.select({ digest: users.insightsDigest }).from(users).where(eq(users.email, WARDEN.email));
    expect(row?.digest).toBe(false);
  });

  it('tells a student the page is not for them', async ({ browse }) => {
    const { page } = await browse.as(STUDENT, PHONE);
    await page.goto(`${suite.portal.baseUrl}/insights`);
    await expect.poll(() => page.getByTestId('not-insights').isVisible()).toBe(true);
  });
});

describe('insights in Hindi', () => {
  it("shows a warden who reads Hindi the dashboard in Hindi, with the same figures, on the university's days", async ({ browse }) => {
    await suite.portal.app.db.update(users).set({ locale: 'hi' }).where(eq(users.email, WARDEN.email));
    try {
      const { page } = await browse.as(WARDEN, PHONE);
      await page.goto(`${suite.portal.baseUrl}/insights`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('आँकड़े');
      await expect.poll(() => figure(page, 'filed').textContent()).toMatch(/^[\d,]+$/);
      // The default range: the 12 weeks up to today in Kolkata (the profile's zone).
      const to = dayIn(new Date(), 'Asia/Kolkata');
      const from = addDays(to, -83);
      expect(await page.getByRole('heading', { name: `${from} से ${to} तक` }).count()).toBe(1);
      const counted = await countedInSql(suite.portal.app.db, 'Block-3', from, to);
      expect(await figure(page, 'filed').textContent()).toBe(String(counted.filed));
      expect(await page.getByRole('link', { name: 'CSV डाउनलोड करें' }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('combobox', { name: 'हॉस्टल' }).count()).toBe(1);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await suite.portal.app.db.update(users).set({ locale: null }).where(eq(users.email, WARDEN.email));
    }
  });
});
