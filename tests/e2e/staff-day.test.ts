import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { complaints, outbox } from '../../src/server/db/schema.js';
import { aComplaint } from '../factories/complaints.js';
import { DESKTOP, PHONE, signInThroughDevProvider } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * The staff's day in the console: sign in and land on "My open work", see what is late, open a
 * complaint with a tap on a phone, work the queue from the keyboard at a desk, and never lose a
 * reply to a failing network.
 */

const ADMIN = { email: 'day.admin@vitbhopal.ac.in', name: 'Day Admin' };
const STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'MEERA IYER 22BCE10077' };
const TECH = { email: 'water.tech@vitbhopal.ac.in', name: 'Water Tech' };
const WARDEN = { email: 'block1.warden@vitbhopal.ac.in', name: 'Block One Warden' };
const REPLY = 'The plumber comes at 4 pm; please keep the bathroom door unlocked.';

const suite = browserSuite(
  {
    ...RELAXED_LIMITS,
    ADMIN_EMAILS: ADMIN.email,
  },
  {
    admin: ADMIN,
    team: {
      tech: { ...TECH, role: 'staff', antiRagging: false, scopes: [{ category: 'water', hostel: '' }] },
      warden: { ...WARDEN, role: 'warden', antiRagging: false, scopes: [{ category: '', hostel: 'Block-1 (Old)' }] },
    },
  },
);
const { it } = suite;

/** A water complaint filed by the student through the API; its number. */
async function fileWater(text: string): Promise<string> {
  const student = await suite.api(STUDENT);
  const filed = await student.post(
    '/api/complaints',
    aComplaint({ category: 'water', subCategory: 'Water Problem', hostel: 'Block-1 (Old)', floor: 1, roomNo: '104', complaint: text }),
  );
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}

const queueUrl = () => `${suite.portal.baseUrl}/staff`;
/** A complaint's row in the view's list (on the first screen "My open work"; "New" above it may show it too). */
const row = (page: Page, number: string) => page.getByTestId('queue-list').getByTestId('queue-row').filter({ hasText: number });

let late = '';

beforeAll(async () => {
  late = await fileWater('Water has been leaking from the ceiling of room 104 since last night.');
  // Two hours past its due time, as if nobody had looked at it.
  await suite.portal.app.db
    .update(complaints)
    .set({ dueAt: sql`now() - interval '2 hours'` })
    .where(eq(complaints.number, late));
});

describe("the staff's day", () => {
  it('a worker signing in from the home page lands on "My open work", where a late complaint shows as overdue', async ({ browse }) => {
    const { page } = await browse.signedOut(PHONE);
    await page.goto(suite.portal.baseUrl);
    await signInThroughDevProvider(page, TECH);
    await page.waitForURL(/\/staff$/);
    await page.getByRole('heading', { name: 'Staff console', level: 1 }).waitFor();
    const views = page.getByRole('navigation', { name: 'Queue views' });
    expect(await views.getByRole('button', { name: 'My open work' }).getAttribute('aria-pressed')).toBe('true');
    expect(await views.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).toBe('false');

    const badge = row(page, late).locator('time[data-due]');
    await badge.waitFor();
    expect(await badge.getAttribute('data-due')).toBe('overdue');
    expect(await badge.textContent()).toMatch(/Overdue 2 h/);
    // The words for screen readers, the exact time in the tooltip.
    expect(await badge.textContent()).toContain('Overdue by 2 hours, due ');
    expect(await badge.getAttribute('title')).toMatch(/^Due .+ \(2 hours ago\)$/);

    // The "Overdue" view has it too; "All" is one tap away and comes back in the address.
    await views.getByRole('button', { name: 'Overdue' }).click();
    await page.waitForURL(/due=overdue/);
    await row(page, late).waitFor();
    await views.getByRole('button', { name: 'All', exact: true }).click();
    await page.waitForURL(/view=all/);
    await row(page, late).waitFor();
  });

  it('on a phone, a tap anywhere on a row opens the complaint; the checkbox stays its own', async ({ browse }) => {
    const { page } = await browse.as(TECH, PHONE);
    await page.goto(queueUrl());
    const target = row(page, late);
    await target.waitFor();
    // No bulk bar until something is selected; the checkbox selects without opening.
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);
    await target.getByRole('checkbox', { name: `Select ${late}` }).tap();
    await page.getByTestId('bulk-bar').waitFor();
    expect(page.url()).toMatch(/\/staff$/);
    await target.getByRole('checkbox', { name: `Select ${late}` }).tap();
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });

    // The lower right of the card: far from the number's text, still the row.
    const box = await target.boundingBox();
    if (!box) throw new Error('the row has no box');
    await target.tap({ position: { x: box.width - 12, y: box.height - 12 } });
    await page.getByRole('heading', { name: `Complaint ${late}`, level: 1 }).waitFor();
    const due = page.getByTestId('staff-due');
    await due.waitFor();
    expect(await due.textContent()).toContain('Overdue 2 h');
    expect(await page.getByTestId('student-identity').textContent()).toContain('MEERA IYER'); // the full name (studentName)
  });

  it('at a desk the queue is worked from the keyboard: j focuses, a acknowledges, Enter opens', async ({ browse }) => {
    const fresh = await fileWater('The tap in the second floor washroom will not stop dripping.');
    const { page } = await browse.as(TECH, DESKTOP);
    await page.goto(queueUrl());
    await page.getByRole('table', { name: 'Complaints in your queue' }).waitFor();
    await row(page, fresh).waitFor();
    // The queue starts in view; the filter choices wait behind their button.
    // Polled: the New and attention sections arrive with their own requests and move the rows as they do.
    await expect
      .poll(async () => {
        const first = await page.getByTestId('queue-row').first().boundingBox();
        return first ? first.y + first.height : Number.POSITIVE_INFINITY;
      })
      .toBeLessThan(DESKTOP.viewport.height);
    // Every column in view without scrolling the table, and no word split across lines (a name or a
    // heading broken letter by letter when the page's break-anywhere rule reached the table).
    const table = page.getByRole('table', { name: 'Complaints in your queue' });
    const fits = await table.evaluate((element) => (element.parentElement?.scrollWidth ?? 0) <= (element.parentElement?.clientWidth ?? 0));
    expect(fits).toBe(true);
    const splitWords = await table.evaluate((element) =>
      [...element.querySelectorAll('th, td')].filter((cell) => {
        // A word on more than one line: its text's line boxes have more than one top.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) return true;
          }
        }
        return false;
      }).length,
    );
    expect(splitWords).toBe(0);
    const filtersButton = page.getByRole('button', { name: /^Filters/ });
    expect(await page.getByLabel('Assigned to').isVisible()).toBe(false);
    await filtersButton.click();
    expect(await filtersButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByLabel('Assigned to').inputValue()).toBe('me_or_none');
    await filtersButton.click();
    expect(await page.getByLabel('Assigned to').isVisible()).toBe(false);

    // ? lists the shortcuts; Escape closes the list.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    // / goes to the search; typing there is typing, not shortcuts; Escape leaves the box, the words kept.
    await page.keyboard.press('/');
    const search = page.getByLabel('Search messages, rooms, numbers and students');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('jak');
    expect(await search.inputValue()).toBe('jak');
    await page.keyboard.press('Escape');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await search.inputValue()).toBe('jak');
    await search.fill('');
    // fill() left the focus in the box, where / is typed: Escape leaves it, so / is the shortcut again.
    await page.keyboard.press('Escape');
    // Enter in the box searches and opens the first result.
    await page.keyboard.press('/');
    await page.keyboard.type(late);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Complaint ${late}`, level: 1 }).waitFor();
    await page.goto(queueUrl());
    await row(page, fresh).waitFor();
    // The New section arrives with its own request, above the list: j starts from it once it is there.
    await page.getByTestId('new-section').getByTestId('queue-row').filter({ hasText: fresh }).waitFor();

    // j and k walk the rows from the top: "New" (the newest first: the fresh one, then the late
    // one), then "My open work" (due soonest).
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('j');
    expect(await focused()).toBe(fresh);
    await page.keyboard.press('j');
    expect(await focused()).toBe(late);
    await page.keyboard.press('j');
    expect(await focused()).toBe(late);
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    expect(await focused()).toBe(fresh);
    // Acknowledged, it leaves "New": its row in "My open work" keeps the focus.
    await page.keyboard.press('a');
    await page.getByRole('status').filter({ hasText: `Acknowledged: ${fresh}.` }).waitFor();
    await row(page, fresh).getByText('Acknowledged').waitFor();
    await row(page, fresh).getByText('Water Tech').waitFor();

    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(fresh);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Complaint ${fresh}`, level: 1 }).waitFor();
    await page.getByTestId('holder').getByText('You have it.').waitFor();
    // At a desk the actions head the side column: in view without scrolling, beside the conversation.
    const start = await page.getByRole('button', { name: 'Start work' }).boundingBox();
    const reply = await page.getByLabel('Reply to the student').boundingBox();
    expect(start && start.y + start.height).toBeLessThan(DESKTOP.viewport.height);
    expect(start && reply && start.x > reply.x + reply.width).toBe(true);
  });

  it('a reply typed while the server refuses is kept, through a reload, and sent once it answers', async ({ browse }) => {
    const number = await fileWater('The geyser in room 104 trips the breaker every morning.');
    const session = await browse.as(TECH, DESKTOP);
    const { page } = session;
    browse.allow(/\/replies/);
    const keys: string[] = [];
    const replies = `**/api/staff/complaints/${number}/replies`;
    await page.route(replies, async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'The server is busy.' } }),
      });
    });

    await page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const box = page.getByLabel('Reply to the student');
    await box.fill(REPLY);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const failure = page.getByTestId('reply-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('The server is busy.');
    expect(await failure.textContent()).toContain('Your text is kept');
    expect(await box.inputValue()).toBe(REPLY);
    // The page is still the complaint, not an error page.
    await page.getByRole('heading', { name: `Complaint ${number}`, level: 1 }).waitFor();
    expect(keys.length).toBeGreaterThanOrEqual(1);

    // A reload keeps the draft.
    await page.reload();
    await page.getByRole('heading', { name: `Complaint ${number}`, level: 1 }).waitFor();
    expect(await page.getByLabel('Reply to the student').inputValue()).toBe(REPLY);

    // The server answers again: the same draft goes with the same Idempotency-Key, once.
    await page.unroute(replies);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/${number}/replies`)) sent.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('reply-result').getByText('Reply sent to the student.').waitFor();
    expect(sent).toHaveLength(1);
    expect(new Set([...keys, ...sent]).size).toBe(1);
    expect(await page.getByLabel('Reply to the student').inputValue()).toBe('');
    await page.getByTestId('staff-timeline').locator('li[data-kind="reply"]').filter({ hasText: REPLY }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('hcp:staff-draft:')))).toEqual([]);

    // Sent once: the student's timeline holds the reply one time.
    const student = await suite.api(STUDENT);
    const mine = await student.get(`/api/complaints/${number}`);
    const timeline = (mine.body.timeline ?? []) as Array<{ kind: string; note: string | null }>;
    expect(timeline.filter((entry) => entry.kind === 'reply' && entry.note === REPLY)).toHaveLength(1);
  }, 45_000);

  it("an admin sets when late work is escalated; the hostel's warden hears of it by mail and in the hour's one late bell, then the admins", async ({ browse }) => {
    // The thresholds are set in the console: wardens as soon as it is late, admins an hour after.
    const admin = await browse.as(ADMIN, DESKTOP);
    await admin.page.goto(`${suite.portal.baseUrl}/admin/categories`);
    const water = admin.page.getByTestId('category').filter({ hasText: '/complaints/waterComplaint' });
    await water.getByRole('button', { name: 'Edit Washroom (water)' }).click();
    const form = water.getByRole('form', { name: 'Edit Washroom (water)' });
    await form.getByLabel("Tell the hostel's wardens when late by (hours)").fill('0');
    await form.getByLabel('Tell the administrators when late by (hours)').fill('0.5');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Escalation to the admins: a whole number of hours').waitFor();
    await form.getByLabel('Tell the administrators when late by (hours)').fill('1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByRole('status').getByText('Saved the changes to Washroom (water).').waitFor();

    // What was late already is told first (the late complaint of the morning, up to the admins):
    // late bells come one per person and hour, so the next one joins theirs.
    await suite.portal.app.jobs.escalate();
    await suite.portal.app.jobs.escalate();
    const number = await fileWater('The flush in the common washroom of floor 1 has not worked for two days.');
    const setLate = (minutes: number) =>
      suite.portal.app.db
        .update(complaints)
        .set({ dueAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(complaints.number, number));
    const escalationMails = async () => {
      const [stored] = await suite.portal.app.db.select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number));
      // In the order they were queued: a mail marked sent is a newer row version, so the table's own order moves.
      const mails = await suite.portal.app.db.select().from(outbox).where(eq(outbox.purpose, 'escalation')).orderBy(outbox.createdAt, outbox.id);
      return mails.filter((m) => m.complaintId === stored?.id).map((m) => m.toEmails);
    };

    await setLate(30);
    expect(await suite.portal.app.jobs.escalate()).toContainEqual({ number, level: 1 });
    expect((await suite.portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    expect(await escalationMails()).toEqual([[WARDEN.email]]);

    // The warden's one late bell of the hour now counts both and leads to the escalated view;
    // the complaint is there, and its timeline says so.
    const warden = await browse.as(WARDEN, PHONE);
    await warden.page.goto(queueUrl());
    await warden.page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const list = warden.page.getByTestId('notification-list');
    const wardenBell = list.getByRole('link', { name: /2 complaints became late/ });
    await wardenBell.waitFor();
    expect(await list.getByRole('link', { name: /became late|is late/ }).count()).toBe(1);
    expect(await wardenBell.getAttribute('href')).toBe('/staff?escalated=true&sort=due');
    const unread = async () => Number((await warden.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? -1);
    const before = await unread();
    await wardenBell.click();
    await warden.page.waitForURL(/escalated=true/);
    await expect.poll(unread).toBe(before - 1);
    const lateRow = row(warden.page, number);
    await lateRow.getByText('Late — wardens told').waitFor();
    await lateRow.getByRole('link', { name: number }).click();
    await warden.page.getByRole('heading', { name: `Complaint ${number}`, level: 1 }).waitFor();
    await warden.page.getByTestId('staff-timeline').locator('li[data-kind="escalation"]').first().waitFor();
    // Opening the complaint reads its own bell: the new work it was.
    await expect.poll(unread).toBe(before - 2);

    // An hour past due: now the admins, once; the warden is not told again.
    await setLate(90);
    expect(await suite.portal.app.jobs.escalate()).toContainEqual({ number, level: 2 });
    expect((await suite.portal.app.jobs.escalate()).map((e) => e.number)).not.toContain(number);
    expect(await escalationMails()).toEqual([[WARDEN.email], [ADMIN.email]]);
    await admin.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    await admin.page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const adminBells = admin.page.getByTestId('notification-list').getByRole('link', { name: /became late|is late/ });
    await adminBells.first().waitFor();
    expect(await adminBells.count()).toBe(1);
    expect(await adminBells.textContent()).toContain('2 complaints became late');
    await expect.poll(() => admin.page.getByTestId('staff-timeline').locator('li[data-kind="escalation"]').count()).toBe(2);
  }, 45_000);

  it('a worker chooses a mail for each new complaint; a new complaint in scope rings the bell and sends the mail', async ({ browse }) => {
    const { page } = await browse.as(TECH, PHONE);
    await page.goto(queueUrl());
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL(/\/staff\/settings$/);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    expect(await page.title()).toBe('Notifications · Staff console · Hostel Complaint Portal');
    const mailMe = page.getByLabel('Mail me');
    await mailMe.selectOption('digest');
    await page.getByLabel('Digest every (hours)').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('Digest every (hours)').and(page.locator('[aria-invalid="true"]')).waitFor();
    await mailMe.selectOption('each');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved: a mail for each new complaint.').waitFor();
    // Kept on the server: a fresh page shows the choice.
    await page.reload();
    await page.getByTestId('notification-settings').waitFor();
    expect(await page.getByLabel('Mail me').inputValue()).toBe('each');

    const number = await fileWater('The tap in the floor 1 washroom does not close and runs all night.');
    await page.getByRole('link', { name: 'Back to the queue' }).click();
    await page.waitForURL(/\/staff$/);
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const bell = page.getByTestId('notification-list').getByRole('link', { name: new RegExp(number) });
    await bell.first().waitFor();
    expect(await bell.getAttribute('href')).toBe(`/staff/complaints/${number}`);
    const [stored] = await suite.portal.app.db.select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number));
    const mails = await suite.portal.app.db.select().from(outbox).where(eq(outbox.purpose, 'new_work'));
    expect(mails.filter((m) => m.complaintId === stored?.id && m.toEmails.includes(TECH.email))).toHaveLength(1);
  }, 45_000);
});

