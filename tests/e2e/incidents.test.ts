import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { aComplaint } from '../factories/complaints.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import type { ApiClient } from '../support/student.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * One outage, one notice, on a phone: the Wi-Fi tech posts "Wi-Fi outage on floor 2"; a student on
 * that floor sees it on the home page; a complaint filed meanwhile is linked to it; another student
 * says it affects them too; the tech resolves it with a note; each student gets one mail (a real
 * SMTP server) and one bell.
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'notices.admin@vitbhopal.ac.in', name: 'Notices Admin' };
const TECH = { email: 'floor.tech@vitbhopal.ac.in', name: 'Floor Tech' };
const FILER = { email: 'kabir.menon@vitbhopal.ac.in', name: 'Kabir Menon 22BCE10411' };
const NEIGHBOUR = { email: 'isha.verma@vitbhopal.ac.in', name: 'Isha Verma 22BCE10412' };
const TITLE = 'Wi-Fi outage on floor 2';
const NOTE = 'The floor switch is replaced; Wi-Fi is back on floor 2.';

const env: Record<string, string> = { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, MAIL_POLL_INTERVAL_MS: '200' };
const suite = browserSuite(env, { mail: true, admin: ADMIN, team: { tech: { ...TECH, role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] } } });
const { it } = suite;

let filer: ApiClient;
let neighbour: ApiClient;

beforeAll(async () => {
  filer = await suite.api(FILER);
  neighbour = await suite.api(NEIGHBOUR);
  // Both live on floor 2 of Block-2 (their account page's place).
  for (const student of [filer, neighbour]) {
    expect((await student.send('PUT', '/api/me/place', { hostel: 'Block-2', floor: 2, roomNo: '214' })).status).toBe(200);
  }
});

const resolvedMails = (address: string) => suite.sink.to(address).filter((m) => m.parsed.subject === `Resolved: ${TITLE}`);
const resolvedBells = async (student: ApiClient) =>
  ((await student.get('/api/notifications')).body.items as Array<{ text: string }>).filter((n) => n.text.startsWith(`Resolved: “${TITLE}”`));

describe('a notice from posting to resolution', () => {
  it('is posted by the tech, seen and followed by students, links a new complaint, and its resolution tells each student once', async ({ browse }) => {
    // The tech posts the notice from the console on a phone.
    const tech = await browse.as(TECH, PHONE_390);
    await tech.page.goto(`${suite.portal.baseUrl}/staff`);
    await tech.page.getByRole('link', { name: 'Notices', exact: true }).click();
    await tech.page.getByRole('heading', { name: 'Notices', level: 1 }).waitFor();
    await tech.page.getByRole('button', { name: 'New notice' }).click();
    const form = tech.page.getByRole('form', { name: 'Post a notice' });
    await form.getByLabel('Hostel').selectOption('Block-2');
    await form.getByRole('button', { name: 'Floor 2' }).click();
    expect(await form.getByRole('button', { name: 'Floor 2' }).getAttribute('aria-pressed')).toBe('true');
    await form.getByLabel('Category').selectOption('wifi');
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Details (optional)').fill('The switch on floor 2 failed; a new one is on its way.');
    expect(await form.getByLabel('Expected fix').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
    expect(await seriousAxeViolations(tech.page)).toEqual([]);
    await form.getByRole('button', { name: 'Post the notice' }).click();
    await expect.poll(() => tech.page.getByTestId('notices-result').textContent()).toContain(`Posted “${TITLE}”`);
    expect(await hasHorizontalScroll(tech.page)).toBe(false);

    // A complaint filed now is linked to it; its student reads that on the home page.
    const filed = await filer.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor: 2, roomNo: '214', subCategory: 'Not Working' }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const number = String(filed.body.number);
    const filerHome = await browse.as(FILER, PHONE_390);
    await filerHome.page.goto(suite.portal.baseUrl);
    const filersNotice = filerHome.page.getByTestId('notice').filter({ hasText: TITLE });
    await expect.poll(() => filersNotice.textContent()).toContain(`Your complaint ${number} is linked to it`);

    // The neighbour sees it above the categories and says it affects them too (Undo is offered).
    const home = await browse.as(NEIGHBOUR, PHONE_390);
    await home.page.goto(suite.portal.baseUrl);
    const notice = home.page.getByTestId('notice').filter({ hasText: TITLE });
    await expect.poll(() => notice.getByTestId('notice-meta').textContent()).toMatch(/^expected fix (tomorrow )?\d{2}:00 · 1 student affected$/);
    const noticesBox = await home.page.getByTestId('notices').boundingBox();
    const categoriesBox = await home.page.getByRole('heading', { name: 'What you can report' }).boundingBox();
    expect(noticesBox && categoriesBox && noticesBox.y < categoriesBox.y).toBe(true);
    await notice.getByRole('button', { name: 'Affects me too' }).click();
    await notice.getByRole('button', { name: 'Undo' }).waitFor();
    await expect.poll(() => notice.getByTestId('notice-meta').textContent()).toContain('2 students affected');
    expect(await seriousAxeViolations(home.page)).toEqual([]);

    // The tech resolves it, confirming in the page with what it will do.
    await tech.page.reload();
    const card = tech.page.getByTestId('staff-notice').filter({ hasText: TITLE });
    await card.getByRole('button', { name: 'Resolve…' }).click();
    expect(await card.getByTestId('resolve-summary').textContent()).toBe('Resolve 1 linked complaint and tell 2 students.');
    await card.getByLabel('What was done').fill(NOTE);
    await card.getByRole('button', { name: 'Resolve and tell them' }).click();
    await expect.poll(() => tech.page.getByTestId('notices-result').textContent()).toBe(`Resolved “${TITLE}”: 1 complaint resolved, 2 students told.`);

    // Every mail of the resolution has left (the outbox says so); each student got exactly one, and one bell.
    const { db } = suite.portal.app;
    await expect
      .poll(async () => (await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.purpose, 'incident_resolved'))).map((r) => r.status))
      .toEqual(['sent', 'sent']);
    expect(resolvedMails(FILER.email)).toHaveLength(1);
    expect(resolvedMails(NEIGHBOUR.email)).toHaveLength(1);
    expect(resolvedMails(FILER.email)[0]?.parsed.text).toContain(`Your complaint ${number} is now resolved with it`);
    expect(resolvedMails(NEIGHBOUR.email)[0]?.parsed.text).toContain(NOTE);
    expect(await resolvedBells(filer)).toHaveLength(1);
    expect(await resolvedBells(neighbour)).toHaveLength(1);

    // The notice is gone from the home page; the filer's complaint waits for them to confirm it.
    await home.page.reload();
    await home.page.getByRole('heading', { name: 'What you can report' }).waitFor();
    await expect.poll(() => home.page.getByTestId('notice').count()).toBe(0);
    expect((await filer.get(`/api/complaints/${number}`)).body.status).toBe('resolved');
  });

  it('is changed and its complaints linked or unlinked by hand on a phone, with Undo for an unlink (issue 40)', async ({ browse }) => {
    const tech = await suite.api(TECH);
    const posted = await tech.send('POST', '/api/staff/incidents', {
      hostel: 'Block-2',
      floors: [3],
      category: 'wifi',
      title: 'Wi-Fi slow on floor 3',
      details: '',
      endsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    // Filed while it is up, on its floor: linked by itself. The other, on floor 5, is linked by hand.
    const file = async (floor: number, roomNo: string) =>
      String((await filer.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor, roomNo, subCategory: 'Slow' }))).body.number);
    const linked = await file(3, '305');
    const elsewhere = await file(5, '512');

    const { page } = await browse.as(TECH, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/staff/notices`);
    const card = page.getByTestId('staff-notice').filter({ hasText: 'Wi-Fi slow on floor 3' });
    await card.getByRole('button', { name: 'Change…' }).click();
    const edit = card.getByRole('form', { name: 'Change “Wi-Fi slow on floor 3”' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('Wi-Fi slow on floor 3');
    expect(await edit.getByRole('button', { name: 'Floor 3' }).getAttribute('aria-pressed')).toBe('true');
    await edit.getByLabel('Title').fill('Wi-Fi slow on floors 3 and 5');
    await edit.getByRole('button', { name: 'Floor 5' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Save the changes' }).click();
    await expect.poll(() => page.getByTestId('notices-result').textContent()).toBe('Saved “Wi-Fi slow on floors 3 and 5”: students see the change now.');
    const changed = page.getByTestId('staff-notice').filter({ hasText: 'Wi-Fi slow on floors 3 and 5' });
    await expect.poll(() => changed.innerText()).toContain('floors 3 and 5');
    const notice = String(posted.body.id);
    await expect.poll(async () => (await tech.get(`/api/staff/incidents/${notice}`)).body.floors).toEqual([3, 5]);

    // Its complaints: the one filed meanwhile; link the other by its number, unlink the first, undo that.
    await changed.getByRole('button', { name: 'Complaints (1)' }).click();
    const rows = changed.getByTestId('linked-complaint');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(linked)]);
    await changed.getByLabel('Complaint number').fill(elsewhere.toLowerCase());
    await changed.getByRole('button', { name: 'Link', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await changed.getByRole('button', { name: `Unlink ${linked}` }).click();
    await expect.poll(() => changed.getByRole('status').last().innerText()).toContain(`Unlinked ${linked}: it is worked on its own again.`);
    await expect.poll(async () => (await rows.allInnerTexts()).join(' ')).not.toContain(linked);
    await changed.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    const numbers = ((await tech.get(`/api/staff/incidents/${notice}`)).body.complaints as Array<{ number: string }>).map((c) => c.number).sort();
    expect(numbers).toEqual([linked, elsewhere].sort());
    // A number it cannot take is said next to the field.
    browse.allow(/status of 40\d .*\/api\/staff\/incidents\//);
    await changed.getByLabel('Complaint number').fill('HC-2026-999999');
    await changed.getByRole('button', { name: 'Link', exact: true }).click();
    await expect.poll(async () => (await changed.getByRole('alert').allInnerTexts()).join(' ')).toMatch(/HC-2026-999999|not found|No complaint/i);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
