import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import { addStaff } from '../support/staff.js';

/**
 * Consent to enter and a visit time reach both sides (issue 27, decision 47), on phones at 390×844:
 * the student files in-room work saying staff may not enter while they are out and when they are
 * in; the worker sees both beside the place and proposes a time; the student hears of it by the
 * bell and proposes another; the worker accepts; both pages and the queue show the agreed visit.
 */

const ADMIN = { email: 'visit.admin@vitbhopal.ac.in', name: 'Visit Admin' };
const STUDENT = { email: 'tara.menon@vitbhopal.ac.in', name: 'TARA MENON 21BCE10377' };
const WORKER = { email: 'wifi.rounds@vitbhopal.ac.in', name: 'Wifi Rounds' };
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email });
const { it } = suite;

beforeAll(async () => {
  const admin = await suite.api(ADMIN);
  await addStaff(admin, { ...WORKER, role: 'staff', antiRagging: false, scopes: [{ category: 'wifi', hostel: '' }] });
});

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** Proposes tomorrow from `start` to `end` in the visit panel of the page. */
async function proposeTomorrow(page: Page, start: string, end: string) {
  const panel = page.getByTestId('visit-panel');
  const form = panel.getByTestId('visit-propose-form');
  await form.getByLabel('Day').selectOption({ label: 'Tomorrow' });
  await form.getByLabel('From').fill(start);
  await form.getByLabel('To').fill(end);
  await form.getByRole('button', { name: 'Propose this time' }).click();
  await panel.getByTestId('visit-result').getByText(`Proposed tomorrow ${start}–${end}. The other side has been told.`).waitFor();
}

describe('consent to enter and a visit agreed in the thread', () => {
  it('the student files with consent "No" and a slot; the worker proposes, the student counters, the worker accepts', async ({ browse }) => {
    const student = await browse.as(STUDENT, PHONE_390);
    const page = student.page;
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    await page.getByLabel('Hostel').selectOption('Block-2');
    await page.getByLabel('Floor', { exact: true }).fill('3');
    await page.getByLabel('Room number', { exact: true }).fill('314');
    await page.getByRole('radio', { name: 'Slow', exact: true }).check();
    await page.getByLabel('Message').fill('Slow every evening, the router blinks red.');
    // Consent is asked for work in the room, and a "No" needs a time the student is in.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Say whether staff may enter when you are out').waitFor();
    await page.getByRole('radiogroup', { name: 'May staff enter when you are out?' }).getByRole('radio', { name: 'No', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Choose when you are usually in, so staff can come then').waitFor();
    await checkPage(page, 'the form with consent asked');
    await page.getByRole('group', { name: 'When are you usually in?' }).getByRole('checkbox', { name: 'Evening 17–20' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const screen = page.getByTestId('filed-screen');
    await screen.waitFor();
    const number = /HC-\d{4}-\d{6,}/.exec((await screen.textContent()) ?? '')?.[0] ?? '';
    expect(number).not.toBe('');

    // The worker sees both beside the place, and proposes a time.
    const worker = await browse.as(WORKER, PHONE_390);
    await worker.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const entry = worker.page.getByTestId('entry-line');
    await entry.getByText('no, only when the student is in').waitFor();
    expect(await entry.getByTestId('entry-slots').textContent()).toBe('Usually in: Evening 17–20');
    await worker.page.getByTestId('visit-panel').getByRole('button', { name: 'Propose a visit time' }).click();
    await checkPage(worker.page, 'the staff page proposing a visit');
    await proposeTomorrow(worker.page, '16:00', '17:00');

    // The student hears of it by the bell, opens it, and proposes another time.
    await page.goto(`${suite.portal.baseUrl}/`);
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    // Stored words name the day ("Fri 28 Nov, 16:00–17:00"); the page says it relative to now.
    await page.getByTestId('notification-list').getByRole('link', { name: new RegExp(`proposed a visit for ${number}: \\w{3} \\d{1,2} \\w{3}, 16:00–17:00`) }).click();
    const proposal = page.getByTestId('visit-proposal');
    await proposal.getByText('The hostel team proposes tomorrow 16:00–17:00.').waitFor();
    expect(await page.getByTestId('timeline').locator('li[data-kind="visit"]').first().textContent()).toMatch(/Proposed a visit: \w{3} \d{1,2} \w{3}, 16:00–17:00/);
    await checkPage(page, 'the student page with a proposal');
    await proposal.getByRole('button', { name: 'Propose another time' }).click();
    await proposeTomorrow(page, '18:00', '19:00');
    await proposal.getByText('You proposed tomorrow 18:00–19:00: waiting for the hostel team to answer.').waitFor();

    // The worker accepts the student's time, confirming in the page.
    await worker.page.reload();
    const theirs = worker.page.getByTestId('visit-proposal');
    await theirs.getByText('The student proposes tomorrow 18:00–19:00.').waitFor();
    await theirs.getByRole('button', { name: 'Accept' }).click();
    const confirm = theirs.getByTestId('visit-confirm');
    await confirm.getByText('Agree to the visit tomorrow 18:00–19:00? The student is told.').waitFor();
    await confirm.getByRole('button', { name: 'Yes, agree' }).click();
    await worker.page.getByTestId('visit-agreed').getByText('Visit tomorrow 18:00–19:00').waitFor();
    await worker.page.getByTestId('visit-agreed-header').getByText('Visit tomorrow 18:00–19:00').waitFor();

    // Both pages and the queue row show the agreed visit.
    await page.reload();
    await page.getByTestId('visit-agreed').getByText('Visit tomorrow 18:00–19:00').waitFor();
    expect(await page.getByTestId('visit-proposal').count()).toBe(0);
    await checkPage(page, 'the student page with the agreed visit');
    await worker.page.goto(`${suite.portal.baseUrl}/staff?q=${number}`);
    await worker.page.getByTestId('queue-row').filter({ hasText: number }).getByTestId('queue-visit').getByText('Visit tomorrow 18:00–19:00').waitFor();
  });
});
