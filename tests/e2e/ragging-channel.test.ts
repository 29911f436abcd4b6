import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { complaints } from '../../src/server/db/schema.js';
import { DESKTOP, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Ragging as a channel of its own, on the web (decision 40): the helpline and the nodal officer in
 * the footer of every page; a student reports from the home page's own card, saying where it
 * happened and leaving their room out; the anti-ragging duty finds it pinned with its FIR clock,
 * records "No FIR needed" with a note and closes the enquiry, each confirmed on the page; an
 * administrator changes the nodal officer's phone and the footer shows it. The rules behind each
 * step are the server's tests (src/server/modules/ragging).
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'channel.admin@vitbhopal.ac.in', name: 'Channel Admin' };
const DUTY = { email: 'channel.duty@vitbhopal.ac.in', name: 'Channel Duty' };
const STUDENT = { email: 'tanvi.rao@vitbhopal.ac.in', name: 'Tanvi Rao 23BCE10456' };
const WHAT = 'Two seniors stop first-years in the corridor after 11 pm and make us do push-ups.';
const HELPLINE = 'Anti-ragging helpline 1800-180-5522';
const NEW_PHONE = '+91 755 246 8100';

const suite = browserSuite(
  { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email },
  // The duty works wifi; every ragging report comes with the duty, whatever the scope.
  { admin: ADMIN, team: { duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'wifi', hostel: '' }] } } },
);
const { it } = suite;

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** The footer's anti-ragging line, once /api/catalog brought the contacts. */
async function footerLine(page: Page): Promise<string> {
  const line = page.getByRole('contentinfo').getByTestId('ragging-contacts');
  await line.waitFor();
  return (await line.textContent()) ?? '';
}

describe('ragging as a channel of its own', () => {
  it('is reported from its own card, worked against its clocks by the duty, and its contacts are on every page', async ({ browse }) => {
    // A student on a phone: the home page's own card, not a category among the others.
    const { page } = await browse.as(STUDENT, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/`);
    expect(await footerLine(page)).toContain(HELPLINE);
    expect(await footerLine(page)).toContain('Nodal officer: Nodal Officer (Anti-Ragging), nodal.antiragging@vitbhopal.ac.in');
    expect(await page.getByRole('link', { name: 'Report ragging' }).first().isVisible()).toBe(true);
    const card = page.getByTestId('ragging-card');
    expect(await card.getByRole('link', { name: 'Report without my name' }).getAttribute('href')).toBe('/ragging/anonymous');
    expect(await page.getByRole('heading', { name: 'What you can report' }).locator('xpath=..').getByText('Report ragging').count()).toBe(0);
    await checkPage(page, 'the home page with the ragging card');
    await card.getByRole('link', { name: 'Report ragging' }).tap();

    await page.getByRole('heading', { name: 'Report ragging', level: 1 }).waitFor();
    expect(await footerLine(page)).toContain(HELPLINE);
    const help = page.getByTestId('ragging-help');
    expect(await help.getByRole('link', { name: '1800-180-5522' }).getAttribute('href')).toBe('tel:18001805522');
    expect(await help.textContent()).toContain('anti.ragging.committee@vitbhopal.ac.in');
    // Sent empty: where it happened is asked for itself, the room is not.
    await page.getByRole('button', { name: 'Send the report' }).tap();
    await page.getByText('Say where it happened').waitFor();
    expect(await page.getByLabel('Room number').getAttribute('aria-invalid')).toBe('false');
    await page.getByRole('radio', { name: 'Verbal / abuse' }).check();
    await page.getByRole('radio', { name: 'In a hostel' }).check();
    await page.getByLabel('Which hostel?').selectOption('Block-2');
    await page.getByLabel('Where in the hostel?').fill('floor 3 corridor');
    await page.getByLabel('Tell the committee what happened').fill(WHAT);
    await page.getByLabel('Your hostel').selectOption('Block-2');
    await checkPage(page, 'the ragging form, filled');
    await page.getByRole('button', { name: 'Send the report' }).tap();
    const filed = page.getByTestId('filed-screen');
    await filed.getByRole('heading', { name: 'Your report is with the anti-ragging committee' }).waitFor();
    const number = ((await filed.locator('strong').textContent()) ?? '').trim();
    expect(number).toMatch(/^HC-\d{4}-\d+$/);
    expect(await filed.textContent()).toContain('Within 24 hours');
    expect(await page.getByTestId('ragging-help').getByRole('link', { name: '1800-180-5522' }).count()).toBe(1);
    await checkPage(page, 'the filed screen with the contacts');
    const [row] = await suite.portal.app.db.select().from(complaints).where(eq(complaints.number, number));
    expect(row).toMatchObject({ category: 'ragging', hostel: 'Block-2', roomNo: '', floor: 0, placeKind: 'hostel', placeText: 'Block-2, floor 3 corridor', message: WHAT });

    await page.getByRole('link', { name: 'Track it' }).tap();
    await page.getByTestId('timeline').getByText(WHAT).waitFor();
    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByRole('link', { name: new RegExp(number) }).waitFor();
    expect(await footerLine(page)).toContain(HELPLINE);

    // The duty's queue: the report pinned with its FIR clock, opened from there.
    const duty = await browse.as(DUTY, PHONE_390);
    await duty.page.goto(`${suite.portal.baseUrl}/staff`);
    const clocks = duty.page.getByTestId('ragging-clocks');
    const pinned = clocks.getByTestId('ragging-clock').filter({ hasText: number });
    await pinned.waitFor();
    expect(await pinned.textContent()).toMatch(/FIR decision due in 23 h/);
    expect(await pinned.textContent()).toContain('In a hostel: Block-2, floor 3 corridor');
    expect(await footerLine(duty.page)).toContain(HELPLINE);
    await checkPage(duty.page, 'the queue with the ragging clocks');
    await pinned.tap();

    const record = duty.page.getByTestId('ragging-record');
    await record.getByText('FIR decision due in 23 h').waitFor();
    await record.getByRole('button', { name: 'Record the FIR decision' }).tap();
    const fir = record.getByRole('form', { name: 'FIR decision' });
    await fir.getByRole('radio', { name: 'No FIR needed' }).check();
    await fir.getByLabel('Why').fill('Verbal only; the seniors were warned by the warden tonight.');
    await fir.getByRole('button', { name: 'Continue' }).tap();
    // Confirmed on the page before anything is recorded.
    const confirm = record.getByTestId('decision-confirm');
    await confirm.getByText('Record “No FIR needed”?').waitFor();
    const [waiting] = await suite.portal.app.db.select().from(complaints).where(eq(complaints.number, number));
    expect(waiting?.firDecision).toBeNull();
    await checkPage(duty.page, 'the FIR decision asked on the page');
    await confirm.getByRole('button', { name: 'Record the decision' }).tap();
    await record.getByText('The FIR decision is recorded.', { exact: false }).waitFor();
    await record.getByText('Verbal only; the seniors were warned by the warden tonight.').waitFor();

    await record.getByRole('button', { name: 'Close the enquiry' }).tap();
    const enquiry = record.getByRole('form', { name: 'Close the enquiry' });
    await enquiry.getByRole('radio', { name: 'Ragging established: action taken' }).check();
    await enquiry.getByLabel('What the enquiry found').fill('Both seniors admitted it; suspended from the hostel for a month.');
    await enquiry.getByRole('button', { name: 'Continue' }).tap();
    await record.getByTestId('decision-confirm').getByRole('button', { name: 'Close the enquiry' }).tap();
    await record.getByText('The enquiry is closed and its outcome recorded.').waitFor();
    await expect
      .poll(async () => (await suite.portal.app.db.select().from(complaints).where(eq(complaints.number, number)))[0])
      .toMatchObject({ firDecision: 'not_needed', enquiryOutcome: 'action_taken', status: 'resolved' });
    expect(await footerLine(duty.page)).toContain(HELPLINE);
    await checkPage(duty.page, 'the ragging record, decided and closed');
    // Nothing left to decide: the report leaves the pinned clocks.
    await duty.page.goto(`${suite.portal.baseUrl}/staff`);
    await duty.page.getByRole('link', { name: 'Download this view as CSV' }).waitFor();
    await expect.poll(() => duty.page.getByTestId('ragging-clock').filter({ hasText: number }).count()).toBe(0);

    // An administrator at a desk: the nodal officer's phone, and the footer shows it at once.
    const admin = await browse.as(ADMIN, DESKTOP);
    await admin.page.goto(`${suite.portal.baseUrl}/admin/university`);
    expect(await footerLine(admin.page)).toContain(HELPLINE);
    const contacts = admin.page.getByTestId('ragging-contacts-form');
    expect(await contacts.getByLabel('Anti-ragging helpline').inputValue()).toBe('1800-180-5522');
    await contacts.getByLabel("Nodal officer's phone (optional)").fill(NEW_PHONE);
    await contacts.getByRole('button', { name: 'Save contacts' }).click();
    await contacts.getByText('The anti-ragging contacts are saved', { exact: false }).waitFor();
    await expect.poll(() => footerLine(admin.page)).toContain(`Nodal Officer (Anti-Ragging), ${NEW_PHONE}`);
    expect(await admin.page.getByRole('contentinfo').getByRole('link', { name: NEW_PHONE }).getAttribute('href')).toBe('tel:+917552468100');
    await checkPage(admin.page, 'the admin university page with the contacts');
    // A sub-category with its own target and recipients: set in the categories editor, kept there.
    const sections = admin.page.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Categories', exact: true }).click();
    const others = admin.page.getByTestId('category').filter({ hasText: '/complaints/otherComplaint' });
    await others.getByRole('button', { name: 'Edit Others' }).click();
    await others.getByLabel('Own target (hours) of sub-category 1').fill('12');
    await others.getByLabel('Own routing of sub-category 1').fill('otherTheft');
    await others.getByRole('button', { name: 'Save changes' }).click();
    await others.getByText('Theft (12 h, to otherTheft)').waitFor();
    // Every routing key is listed with what it routes: the ragging reports' with the committee and
    // the nodal officer in copy, the new key with its category's recipients until changed here.
    await sections.getByRole('link', { name: 'Routing', exact: true }).click();
    const keyCard = (key: string) => admin.page.getByTestId('routing-key').filter({ has: admin.page.getByRole('heading', { name: key, exact: true }) });
    expect(await keyCard('ragging').textContent()).toContain('anti.ragging.committee@vitbhopal.ac.in (cc: nodal.antiragging@vitbhopal.ac.in)');
    const theft = keyCard('otherTheft');
    expect(await theft.textContent()).toContain('Others → Theft (sub-category)');
    await checkPage(admin.page, 'the admin routing page');
    await theft.getByRole('button', { name: 'Edit the recipients of otherTheft' }).click();
    await theft.getByLabel('To', { exact: true }).fill('security.desk@vitbhopal.ac.in');
    await theft.getByRole('button', { name: 'Save otherTheft' }).click();
    await theft.getByText('Saved who receives otherTheft.').waitFor();
    expect(await theft.textContent()).toContain('Every hostel: security.desk@vitbhopal.ac.in');
    const api = await suite.api(ADMIN);
    const { body } = await api.get('/api/admin/categories');
    const theftSub = (body.items as Array<{ key: string; subCategories: Array<Record<string, unknown>> }>).find((c) => c.key === 'other')?.subCategories[0];
    expect(theftSub).toMatchObject({ name: 'Theft', targetHours: 12, routingKey: 'otherTheft' });
  });
});
