import { and, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ANONYMOUS_REPORTER_EMAIL } from '../../src/shared/constants.js';
import { complaints, notifications, outbox, pushOutbox } from '../../src/server/db/schema.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { mailSinkFor } from '../support/mail-sink.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * An anonymous ragging report, whole (decision 41): a student signed in on their phone reports
 * without their name (the session is ignored), keeps the code and the secret; the duty answers in
 * the console; signed out, the code and secret open the thread, the answer is read and answered;
 * the duty sees it. Then every mail the SMTP server got, every bell, every push, the console's
 * pages and the queue's CSV are searched for the student: none names them.
 */

const ADMIN = { email: 'anon.admin@vitbhopal.ac.in', name: 'Anon Admin' };
const STUDENT = { email: 'ishaan.verma@vitbhopal.ac.in', name: 'Ishaan Verma 24BCE10321' };
const IDENTITY = ['ishaan.verma@vitbhopal.ac.in', 'ishaan', 'verma', '24bce10321'];
const DUTY = { email: 'duty.officer@vitbhopal.ac.in', name: 'Duty Officer' };
const WHAT = 'Seniors made us stand in the corridor until 2 am and took our phones.';
const ANSWER = 'Thank you. Which corridor, and on which nights? Nobody will be told who sent this.';
const MORE = 'Second floor, Monday and Wednesday nights.';
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const env: Record<string, string> = { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, MAIL_POLL_INTERVAL_MS: '200' };
const mail = mailSinkFor(env);
const suite = browserSuite(env, { admin: ADMIN, team: { duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'ragging', hostel: '' }] } } });
const { it } = suite;

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

function expectNobody(where: string, text: string) {
  const lower = text.toLowerCase();
  for (const word of IDENTITY) expect(lower, `${where} names the student (${word})`).not.toContain(word);
}

/** Every mail about the report has left the outbox for the SMTP server. */
async function mailSent(complaintId: string) {
  const waiting = await suite.portal.app.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.complaintId, complaintId), inArray(outbox.status, ['held', 'queued'])));
  return waiting.length === 0;
}

describe('an anonymous ragging report', () => {
  it('is filed signed out of its student, answered by the duty, followed with code and secret, and names nobody anywhere', async ({ browse }) => {
    // The student's own phone, signed in: "Report ragging" → "Report without my name".
    const mine = await browse.as(STUDENT, PHONE_390);
    await mine.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.portal.baseUrl });
    const { page } = mine;
    await page.goto(`${suite.portal.baseUrl}/`);
    await page.getByRole('link', { name: 'Report ragging' }).first().click();
    await page.getByRole('link', { name: 'Report without my name' }).first().click();
    await page.getByRole('heading', { name: 'Report ragging without your name', level: 1 }).waitFor();
    await page.getByTestId('anonymous-means').getByText('There is no other way to reach you', { exact: false }).waitFor();
    const form = page.getByTestId('anonymous-form');
    await form.getByRole('button', { name: 'Send without my name' }).tap();
    // Nothing chosen: each field says what it needs.
    await form.getByText('Say where it happened').waitFor();
    await form.getByText('Write what happened').waitFor();
    await checkPage(page, 'the anonymous form with its messages');
    await form.getByRole('radio', { name: 'Verbal / abuse' }).check();
    await form.getByRole('radio', { name: 'In a hostel' }).check();
    await form.getByLabel('Describe the place').fill('Second-floor corridor');
    await form.getByLabel('What happened').fill(WHAT);
    await form.getByRole('button', { name: 'Send without my name' }).tap();

    // Shown once: the code and the secret, copied, and nothing leaves until they are saved.
    const kept = page.getByTestId('keep-secret');
    await kept.getByRole('heading', { name: 'Your report was sent' }).waitFor();
    const code = (await kept.getByTestId('tracking-code').textContent()) ?? '';
    const secret = (await kept.getByTestId('tracking-secret').textContent()) ?? '';
    expect(code).toMatch(/^RG-\w{4}-\w{4}$/);
    expect(secret).toMatch(/^(\w{4}-){6}\w{4}$/);
    await kept.getByRole('button', { name: 'Copy secret' }).tap();
    await kept.getByText('Secret copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await kept.getByRole('button', { name: 'Open my report' }).isDisabled()).toBe(true);
    await checkPage(page, 'the code and secret shown once');
    // A link elsewhere asks in the page first; staying keeps them on the screen.
    await page.getByRole('link', { name: 'Report ragging' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stay and save them' }).click();
    await kept.getByTestId('tracking-secret').waitFor();
    await kept.getByLabel('I have saved the tracking code and the secret').check();
    await kept.getByRole('button', { name: 'Open my report' }).tap();
    // The code comes along; the secret is typed (pasted) by the reporter.
    const follow = page.getByTestId('follow-form');
    expect(await follow.getByLabel('Tracking code').inputValue()).toBe(code);

    // Never linked to the signed-in student.
    const [row] = await suite.portal.app.db.select().from(complaints).where(eq(complaints.trackingCode, code));
    expect(row).toMatchObject({ anonymous: true, userEmail: ANONYMOUS_REPORTER_EMAIL, fname: '', regId: '', message: WHAT });
    const number = row?.number ?? '';

    // The duty answers in the console: an anonymous report, nobody to reveal.
    const duty = await browse.as(DUTY, PHONE_390);
    await duty.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const staffThread = duty.page.getByTestId('staff-timeline');
    await staffThread.getByText(WHAT).waitFor();
    expect(await staffThread.locator(':scope > li').first().textContent()).toContain('Anonymous report');
    expect(await duty.page.getByTestId('student-identity').textContent()).toContain('Anonymous report');
    expect(await duty.page.getByRole('button', { name: 'Reveal identity' }).count()).toBe(0);
    await duty.page.getByLabel('Reply to the student').fill(ANSWER);
    await duty.page.getByRole('button', { name: 'Send', exact: true }).tap();
    await staffThread.getByText(ANSWER).waitFor();
    const staffPage = await duty.page.content();

    // Signed out, somewhere else: code and secret open the thread, the answer is there, and answered.
    const away = await browse.signedOut(PHONE_390);
    await away.page.goto(`${suite.portal.baseUrl}/ragging/follow`);
    const open = away.page.getByTestId('follow-form');
    await open.getByLabel('Tracking code').fill(code.toLowerCase());
    await open.getByLabel('Secret').fill(secret);
    await open.getByRole('button', { name: 'Open the report' }).tap();
    const thread = away.page.getByTestId('anonymous-thread');
    await thread.getByText(ANSWER).waitFor();
    await thread.getByText(WHAT).waitFor();
    await checkPage(away.page, 'the followed report');
    await thread.getByLabel('Your reply').fill(MORE);
    await thread.getByRole('button', { name: 'Send reply' }).tap();
    await thread.getByTestId('anonymous-reply-result').getByText('Reply sent. The committee has been told.').waitFor();
    await thread.getByTestId('anonymous-timeline').getByText(MORE).waitFor();

    // The duty sees the reply, from the anonymous reporter.
    await duty.page.reload();
    const reply = staffThread.locator(':scope > li').filter({ hasText: MORE });
    await reply.waitFor();
    expect(await reply.textContent()).toContain('Anonymous reporter');

    // Closing it on that device: the thread goes, the form is back.
    await away.page.getByRole('button', { name: 'Close it on this device' }).tap();
    await away.page.getByTestId('follow-notice').getByText('The report is closed on this device.', { exact: false }).waitFor();

    // Nobody is named anywhere: mail (all of it sent), bells, pushes, the console's pages, the CSV.
    await expect.poll(() => mailSent(row?.id ?? '')).toBe(true);
    const mails = mail.sink.received.filter((m) => m.raw.includes(number));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.envelopeTo).not.toContain(ANONYMOUS_REPORTER_EMAIL);
      expectNobody(`mail "${m.parsed.subject ?? ''}"`, m.raw);
    }
    const db = suite.portal.app.db;
    expectNobody('bells', JSON.stringify(await db.select().from(notifications)));
    expectNobody('pushes', JSON.stringify(await db.select().from(pushOutbox)));
    expectNobody('the staff complaint page', staffPage);
    await duty.page.goto(`${suite.portal.baseUrl}/staff`);
    const queueRow = duty.page.getByTestId('queue-row').filter({ hasText: number }).first();
    await queueRow.waitFor();
    expect(await queueRow.textContent()).toContain('Anonymous report');
    expectNobody('the staff queue', await duty.page.content());
    const csv = await (await suite.api(DUTY)).http.request(`${suite.portal.baseUrl}/api/staff/complaints.csv?category=ragging`);
    const csvText = await csv.text();
    expect(csvText).toContain(number);
    expectNobody('the queue CSV', csvText);
  }, 60_000);
});
