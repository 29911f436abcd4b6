import { beforeAll, describe, expect } from 'vitest';
import { incidents } from '../../src/server/db/schema.js';
import { aComplaint } from '../factories/complaints.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import type { ApiClient } from '../support/student.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * One Wi-Fi outage, once (decision 36): a student about to file the same problem sees it already
 * reported (and the team's notice) and says Me too instead; a worker merges a third student's
 * duplicate into it from the complaint page; when the team resolves it, the follower and the
 * merged duplicate's student each get the resolution once, and the merge notice once.
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'metoo.admin@vitbhopal.ac.in', name: 'Me Too Admin' };
const TECH = { email: 'metoo.wifi@vitbhopal.ac.in', name: 'Wifi Tech' };
const FILER = { email: 'aditya.verma@vitbhopal.ac.in', name: 'Aditya Verma 21BCE10711' };
const FOLLOWER = { email: 'sneha.pillai@vitbhopal.ac.in', name: 'Sneha Pillai 22BCE10712' };
const DUPLICATE = { email: 'karan.mehta@vitbhopal.ac.in', name: 'Karan Mehta 23BCE10713' };
const RESOLUTION = 'Replaced the access point by the stairs on floor 3.';

// The portal sends mail to the suite's sink, started before its app. The
// merge's undo window is short here, so its held notice goes out during the test.
const env: Record<string, string> = {
  ...RELAXED_LIMITS,
  ADMIN_EMAILS: ADMIN.email,
  MAIL_POLL_INTERVAL_MS: '200',
  MERGE_UNDO_MINUTES: '0.05',
};
const suite = browserSuite(env, { mail: true, admin: ADMIN, team: { tech: { ...TECH, role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] } } });
const { it } = suite;

let tech: ApiClient;
let filed = '';
let duplicate = '';

beforeAll(async () => {
  tech = await suite.api(TECH);
  const first = await (await suite.api(FILER)).post('/api/complaints', aComplaint({ floor: 3, roomNo: '312', subCategory: 'Not Working', complaint: 'The wifi router by the stairs keeps restarting.' }));
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  filed = String(first.body.number);
  const again = await (await suite.api(DUPLICATE)).post('/api/complaints', aComplaint({ floor: 3, roomNo: '320', subCategory: 'Not Working', complaint: 'No wifi at all on floor 3.' }));
  expect(again.status, JSON.stringify(again.body)).toBe(201);
  duplicate = String(again.body.number);
  await suite.portal.app.db
    .insert(incidents)
    .values({ hostel: 'Block-2', floors: [3], category: 'wifi', title: 'Floor 3 access point restarting', endsAt: new Date(Date.now() + 4 * 3600_000) });
});

const mailsTo = (address: string, subject: string) => suite.sink.to(address).filter((m) => m.parsed.subject === subject);

describe('one outage, reported once', () => {
  it('a student sees it already reported and says Me too; a merged duplicate and the follower each hear of the resolution once', async ({ browse }) => {
    // The follower starts the same complaint on a phone and sees what is already known.
    const student = await browse.as(FOLLOWER, PHONE_390);
    const { page } = student;
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-2');
    await page.getByLabel('Floor', { exact: true }).fill('3');
    await page.getByLabel('Room number', { exact: true }).fill('318');
    await page.getByLabel('Message', { exact: true }).fill('router restarting again');
    const panel = page.getByTestId('already-reported');
    const suggestion = panel.getByTestId('nearby-complaint').filter({ hasText: filed });
    await suggestion.getByText('“The wifi router by the stairs keeps restarting.”').waitFor();
    await panel.getByTestId('nearby-notice').getByText('Floor 3 access point restarting').waitFor();
    expect(await panel.textContent()).not.toContain('Aditya');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await suggestion.getByRole('button', { name: `Me too (${filed})` }).click();
    await expect.poll(() => suggestion.getByTestId('me-too-result').textContent()).toContain(`Done: you follow ${filed}.`);
    await suggestion.getByRole('button', { name: 'Undo' }).waitFor();
    await suggestion.getByText('affects 2 students').waitFor();

    // A worker merges the third student's duplicate into it from the duplicate's page.
    const worker = await browse.as(TECH, PHONE_390);
    await worker.page.goto(`${suite.portal.baseUrl}/staff/complaints/${duplicate}`);
    const mergePanel = worker.page.getByTestId('merge-panel');
    await mergePanel.getByText('Same problem as another complaint?').click();
    await mergePanel.getByRole('button', { name: `Merge into ${filed}` }).click();
    await expect.poll(() => worker.page.getByTestId('merge-result').textContent()).toContain(`Merged into ${filed}.`);
    await mergePanel.getByRole('link', { name: filed }).waitFor();
    expect(await seriousAxeViolations(worker.page)).toEqual([]);

    // The merged duplicate's student is told once, after the (short) undo window.
    const mergedSubject = `${duplicate} is the same problem as ${filed}`;
    await expect.poll(() => mailsTo(DUPLICATE.email, mergedSubject).length).toBe(1);

    // The team resolves it: the follower and the duplicate's student each get the resolution once.
    const resolved = await tech.send('POST', `/api/staff/complaints/${filed}/transitions`, { to: 'resolved', note: RESOLUTION });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const resolvedSubject = `${filed}, which you follow, is now Resolved`;
    await expect.poll(() => mailsTo(FOLLOWER.email, resolvedSubject).length).toBe(1);
    await expect.poll(() => mailsTo(DUPLICATE.email, resolvedSubject).length).toBe(1);
    const mail = mailsTo(FOLLOWER.email, resolvedSubject)[0];
    expect(mail?.parsed.text).toContain(`Note from the hostel team: ${RESOLUTION}`);
    expect(mail?.envelopeTo).toEqual([FOLLOWER.email]);
    expect(mail?.parsed.text).not.toContain('Aditya');

    // The follower's bell leads to their view of it, with the team's note and without the filer.
    await page.goto(`${suite.portal.baseUrl}/my/${filed}`);
    const view = page.getByTestId('follower-view');
    await view.getByTestId('resolution-note').getByText(RESOLUTION).waitFor();
    expect(await view.textContent()).not.toContain('312');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Nothing more arrives: one merge notice, one resolution each, and nothing for the follower's Me too.
    expect(mailsTo(DUPLICATE.email, mergedSubject)).toHaveLength(1);
    expect(suite.sink.to(FOLLOWER.email).map((m) => m.parsed.subject)).toEqual([resolvedSubject]);
  });
});
