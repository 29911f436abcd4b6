import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { bulkActions, complaints, notifications, outbox } from '../../src/server/db/schema.js';
import { aComplaint } from '../factories/complaints.js';
import { DESKTOP, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * The team's first screen and bulk that can be trusted: on a phone a new complaint is the first row
 * a worker sees; a bulk "resolve" waits out its undo window, and undone it changes nothing and tells
 * nobody; a second one runs and says per complaint what happened. A warden's strip of what needs
 * attention leads to the escalated view.
 */

const ADMIN = { email: 'first.admin@vitbhopal.ac.in', name: 'First Admin' };
const WORKER = { email: 'first.wifi@vitbhopal.ac.in', name: 'First Wifi' };
const WARDEN = { email: 'first.warden@vitbhopal.ac.in', name: 'First Warden' };
const STUDENT = { email: 'tanvi.joshi@vitbhopal.ac.in', name: 'Tanvi Joshi 23BCE10888' };
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// The portal sends mail to the suite's sink (a real SMTP server), started before its app.
const env: Record<string, string> = {
  ...RELAXED_LIMITS,
  ADMIN_EMAILS: ADMIN.email,
  MAIL_POLL_INTERVAL_MS: '200',
  // Long enough to press Undo, short enough not to keep the suite waiting.
  BULK_UNDO_SECONDS: '4',
};
const suite = browserSuite(env, {
  mail: true,
  admin: ADMIN,
  team: {
    worker: { ...WORKER, role: 'staff', antiRagging: false, scopes: [{ category: 'wifi', hostel: '' }] },
    warden: { ...WARDEN, role: 'warden', antiRagging: false, scopes: [{ category: '', hostel: 'Block-2' }] },
  },
});
const { it } = suite;

const db = () => suite.portal.app.db;
async function file(text: string, over: Record<string, unknown> = {}): Promise<string> {
  const student = await suite.api(STUDENT);
  const filed = await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', complaint: text, ...over }));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}
async function move(number: string, to: string) {
  const worker = await suite.api(WORKER);
  expect((await worker.send('POST', `/api/staff/complaints/${number}/transitions`, { to, note: '' })).status).toBe(200);
}
const resolvedMails = (numbers: string[]) => suite.sink.received.filter((m) => numbers.some((n) => m.parsed.subject === `${n} is now Resolved`));
const studentBells = async (numbers: string[]) => {
  const rows = await db().select({ id: complaints.id, studentId: complaints.studentId }).from(complaints).where(inArray(complaints.number, numbers));
  const bells = await db()
    .select()
    .from(notifications)
    .where(and(inArray(notifications.complaintId, rows.map((r) => r.id)), inArray(notifications.userId, rows.map((r) => r.studentId))));
  return bells.filter((b) => b.text.includes('Resolved'));
};
const row = (page: Page, number: string) => page.getByTestId('queue-row').filter({ hasText: number });

let started = '';
let acknowledged = '';
let late = '';
let resolved = '';
let newest = '';

beforeAll(async () => {
  started = await file('The router on floor two restarts every hour.');
  await move(started, 'in_progress');
  acknowledged = await file('No wifi signal in room 214 since Monday.');
  await move(acknowledged, 'acknowledged');
  late = await file('The access point near the stairs has been dead for days.');
  await move(late, 'acknowledged');
  // Late, and its warden was told: the escalated view's.
  await db().update(complaints).set({ dueAt: sql`now() - interval '5 hours'`, escalationLevel: 1 }).where(eq(complaints.number, late));
  resolved = await file('The LAN port was loose; it works now.');
  await move(resolved, 'resolved');
  newest = await file('Wifi keeps dropping in the reading room since this morning.');
});

describe("the team's first screen", () => {
  it('on a phone, the newest complaint is the first row a worker sees, under a search and filters that share one row', async ({ browse }) => {
    const { page } = await browse.as(WORKER, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    const newSection = page.getByTestId('new-section');
    await newSection.getByRole('heading', { name: /^New/ }).waitFor();
    // Both sections loaded (they ask the server apart): the page's first row is New's first.
    await newSection.getByTestId('queue-row').first().waitFor();
    await page.getByTestId('queue-list').getByTestId('queue-row').first().waitFor();
    const first = page.getByTestId('queue-row').first();
    expect(await first.getAttribute('data-number')).toBe(newest);
    // Within the first screen, whole.
    const box = await first.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE_390.viewport.height);
    // "My open work" follows, with the complaints mine or nobody's, soonest due first.
    await page.getByRole('heading', { name: /^My open work/ }).waitFor();
    await page.getByTestId('queue-list').getByTestId('queue-row').filter({ hasText: late }).waitFor();

    const search = await page.getByLabel('Search messages, rooms, numbers and students').boundingBox();
    const searchButton = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    const filtersButton = await page.getByRole('button', { name: /^Filters/ }).boundingBox();
    const middle = (b: { y: number; height: number } | null) => (b ? Math.round(b.y + b.height / 2) : -1);
    expect(new Set([middle(search), middle(searchButton), middle(filtersButton)]).size).toBe(1);
    expect(await page.getByLabel('Assigned to').isVisible()).toBe(false);

    // The late one says how far it went.
    expect(await row(page, late).first().textContent()).toContain('Late — wardens told');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('a bulk resolve can be undone and then changes nothing and tells nobody; a second one runs and says what happened to each', async ({ browse }) => {
    const { page } = await browse.as(WORKER, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/staff?view=all`);
    const bulkBar = page.getByTestId('bulk-bar');
    const select = async (numbers: string[]) => {
      for (const number of numbers) await page.getByTestId('queue-list').getByRole('checkbox', { name: `Select ${number}` }).check();
    };
    await select([started, acknowledged, resolved]);
    // Only what applies to some of them, saying how many.
    const resolve = bulkBar.getByRole('button', { name: 'Resolve 2 of 3 (1 cannot be resolved)' });
    await resolve.click();
    const confirm = bulkBar.getByRole('button', { name: 'Resolve 2, mail 2 students' });
    await confirm.waitFor();
    // On a phone the note comes before the button.
    const note = bulkBar.getByLabel('Note for the students (optional)');
    const noteBox = await note.boundingBox();
    const confirmBox = await confirm.boundingBox();
    expect(noteBox && confirmBox && noteBox.y + noteBox.height <= confirmBox.y).toBe(true);
    await note.fill('Replaced the access points on floor two.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.click();

    const progress = page.getByTestId('bulk-progress');
    await progress.getByText('Resolving 2…').waitFor();
    await progress.getByRole('button', { name: /^Undo \(\d s\)$/ }).click();
    await progress.getByText('Undone: nothing was resolved and nobody was told.').waitFor();
    const [undone] = await db().select().from(bulkActions).orderBy(sql`${bulkActions.createdAt} desc`).limit(1);
    await expect.poll(async () => (await db().select({ status: bulkActions.status }).from(bulkActions).where(eq(bulkActions.id, undone?.id ?? '')))[0]?.status).toBe('cancelled');
    // Its window over, it still does nothing: no status changed, no mail reached the sink, no bell rang.
    await expect.poll(() => Date.now()).toBeGreaterThan((undone?.runAt.getTime() ?? 0) + 250);
    expect(await suite.portal.app.jobs.bulkActions()).toBe(0);
    const statuses = await db().select({ number: complaints.number, status: complaints.status }).from(complaints).where(inArray(complaints.number, [started, acknowledged]));
    expect(Object.fromEntries(statuses.map((s) => [s.number, s.status]))).toEqual({ [started]: 'in_progress', [acknowledged]: 'acknowledged' });
    expect(await db().select().from(outbox).where(and(eq(outbox.purpose, 'status'), inArray(outbox.subject, [`${started} is now Resolved`, `${acknowledged} is now Resolved`])))).toEqual([]);
    expect(resolvedMails([started, acknowledged])).toEqual([]);
    expect(await studentBells([started, acknowledged])).toEqual([]);
    await progress.getByRole('button', { name: 'Close' }).click();

    // Again, and this time it runs; a colleague resolves one of them meanwhile.
    await select([started, acknowledged]);
    await bulkBar.getByRole('button', { name: 'Resolve 2', exact: true }).click();
    await bulkBar.getByRole('button', { name: 'Resolve 2, mail 2 students' }).click();
    await progress.getByText('Resolving 2…').waitFor();
    await move(acknowledged, 'resolved');
    const results = progress.getByTestId('bulk-results');
    await results.waitFor();
    await progress.getByText('Resolved: 1 of 2.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await results.locator('li[data-outcome="done"]').textContent()).toBe(`${started}Resolved: the student was told.`);
    expect(await results.locator('li[data-outcome="skipped"]').textContent()).toBe(`${acknowledged}Not resolved: it is resolved now.`);
    // The student of the one it resolved hears once, by mail and bell.
    await expect.poll(() => resolvedMails([started]).length).toBe(1);
    expect(await studentBells([started])).toHaveLength(1);
    await row(page, started).getByText('Resolved').first().waitFor();
  }, 45_000);

  it("a warden at a desk sees what needs attention today, and the escalated count leads to the late ones", async ({ browse }) => {
    const { page } = await browse.as(WARDEN, DESKTOP);
    await page.goto(`${suite.portal.baseUrl}/staff`);
    const strip = page.getByTestId('attention-strip');
    const escalated = strip.getByRole('link', { name: /^Escalated/ });
    await expect.poll(async () => escalated.textContent()).toMatch(/^Escalated\s*1$/);
    expect(await strip.getByRole('link', { name: /^Overdue/ }).textContent()).toMatch(/^Overdue\s*1$/);
    await escalated.click();
    await page.waitForURL(/escalated=true/);
    await page.getByRole('navigation', { name: 'Queue views' }).getByRole('button', { name: /^Escalated/, pressed: true }).waitFor();
    await row(page, late).getByText('Late — wardens told').waitFor();
    expect(await page.getByTestId('queue-list').getByTestId('queue-row').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
