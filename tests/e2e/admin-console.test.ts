import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  hasHorizontalScroll,
  launchBrowser,
  openPage,
  seriousAxeViolations,
  signInThroughDevProvider,
} from '../support/browser.js';
import { ApiClient } from '../support/student.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The admin is an admin by ADMIN_EMAILS and signs in while the database still holds the default
// university; everything after that is set up from the browser.
const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };
const STUDENT = { email: 'riya.verma@example.edu', name: 'Riya Verma 21BCE10002' };
const HELPER = { email: 'gym.helper@vitbhopal.ac.in', name: 'Gym Helper' };

const UNIVERSITY = 'Example Institute of Technology';
// A 1×1 PNG: the smallest real image the logo upload accepts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const NUMBER = /HC-\d{4}-\d{6,}/;
const SECTIONS = ['University', 'Hostels', 'Categories', 'Services', 'People', 'Mail', 'Audit log'] as const;
const LAUNDRY_DESK = 'laundry.desk@example.edu';
const GYM_TOWER_A = 'gym.tower-a@example.edu';

type Session = { context: BrowserContext; page: Page; consoleErrors: string[] };

let portal: TestApp;
let browser: Browser;
let api: ApiClient;
let admin: Session;
let gymNumber = '';
// The student's browser, kept from the laundry pickup to the hostel checks (one sign-in).
let student: Session | undefined;
let studentApi: ApiClient;

/**
 * Console errors other than Chromium's own lines for answers a test provoked on purpose. The
 * admin's page lives through every test, so each test starts from an empty list.
 */
function unexpected(errors: string[], allowed: RegExp[] = []): string[] {
  const found = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
  errors.length = 0;
  return found;
}

async function session(device: typeof PHONE | typeof DESKTOP = PHONE, from?: BrowserContext): Promise<Session> {
  const context = await browser.newContext({ ...device, ...(from ? { storageState: await from.storageState() } : {}) });
  // A step that cannot happen fails on its own line, well inside the test's time limit.
  context.setDefaultTimeout(10_000);
  const opened = await openPage(context);
  return { context, ...opened };
}

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/**
 * The mail page frames the message's HTML in a sandbox without scripts, where axe cannot run (it
 * would wait for the frame until it gives up): the page is checked without that frame.
 */
async function checkMailPage(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).exclude('[data-testid="mail-html"]').analyze();
  const violations = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect({ what, violations }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** The options of a select, without its 'Choose …' placeholder. */
async function optionTexts(within: Page | Locator, label: string): Promise<string[]> {
  const texts = await within.getByLabel(label, { exact: true }).locator('option').allTextContents();
  return texts.map((t) => t.trim()).filter((t) => t !== '' && !t.startsWith('Choose'));
}

/** A Gym complaint filed through the API by the student; the status and the body as the server answers. */
function fileGymComplaint(hostel: string, roomNo: string) {
  return studentApi.post('/api/complaints', {
    category: 'gym',
    hostel,
    floor: 1,
    roomNo,
    subCategory: 'Treadmill',
    complaint: `The treadmill in ${hostel} stops after a minute.`,
  });
}

/** The student's complaint form for Gym, freshly loaded, with the hostels it offers. */
async function studentHostelChoices(): Promise<string[]> {
  if (!student) throw new Error('the student signs in with the laundry pickup');
  const { page } = student;
  await page.goto(`${portal.baseUrl}/complaints/gymComplaint`);
  await page.getByRole('heading', { name: 'Gym complaint', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Submit' }).waitFor();
  // The seed's hostels are always there; wait for them before reading the list.
  await page.getByLabel('Hostel', { exact: true }).locator('option', { hasText: 'Block-2' }).waitFor({ state: 'attached' });
  return optionTexts(page, 'Hostel');
}

async function openSection(page: Page, name: (typeof SECTIONS)[number]) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

beforeAll(async () => {
  // No ALLOWED_EMAIL_DOMAINS: the domains the admin saves are the ones in effect.
  portal = await startTestApp({
    ADMIN_EMAILS: ADMIN.email,
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
  });
  browser = await launchBrowser();
  api = await ApiClient.signedIn(portal.baseUrl, ADMIN);
  admin = await session();
});
afterAll(async () => {
  await student?.context.close();
  await admin?.context.close();
  await browser?.close();
  await portal?.close();
});

describe('an administrator sets up another university from the browser', () => {
  it('changes the name, the short name and the allowed domain', async () => {
    const { page, consoleErrors } = admin;
    await page.goto(`${portal.baseUrl}/admin`);
    await page.getByTestId('sign-in-first').waitFor();
    await signInThroughDevProvider(page, ADMIN);
    await page.waitForURL(/\/admin\/university$/);
    await page.getByRole('heading', { name: 'University', level: 1 }).waitFor();
    await checkPage(page, '/admin/university');

    await page.getByLabel('Name', { exact: true }).fill(UNIVERSITY);
    await page.getByLabel('Short name').fill('example');
    await page.getByText('Please login with example email').first().waitFor();
    await page.getByLabel('Domain 1', { exact: true }).fill('example.edu');
    expect(await page.getByTestId('pattern-verdict').textContent()).toBe('21BCE10001 → matches');
    await page.getByLabel('Try the pattern on a registration number').fill('ABC');
    await page.getByTestId('pattern-verdict').getByText('ABC → does not match').waitFor();

    // A bad domain is refused in the form and nothing is sent.
    await page.getByRole('button', { name: 'Add a domain' }).click();
    await page.getByLabel('Domain 2', { exact: true }).fill('not a domain');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Each domain must be a domain name such as vitbhopal.ac.in').waitFor();
    expect((await api.get('/api/admin/university')).body).toMatchObject({ saved: { name: 'VIT Bhopal University' } });
    await page.getByRole('button', { name: 'Remove domain 2' }).click();

    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').getByText('The university profile is saved.').waitFor();
    const saved = await api.get('/api/admin/university');
    expect(saved.body).toMatchObject({
      effective: { name: UNIVERSITY, shortName: 'example', allowedDomains: ['example.edu'] },
      fromEnvironment: [],
    });
    await checkPage(page, '/admin/university (saved)');

    // A logo: checked in the browser (type and size), previewed, saved, shown, removed.
    const logo = page.getByRole('region', { name: 'Logo' });
    await logo.getByLabel('Upload a logo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await logo.getByText('Choose a PNG, JPEG or WebP image.').waitFor();
    await logo.getByLabel('Upload a logo').setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: PNG });
    await logo.getByRole('img', { name: 'Preview of crest.png' }).waitFor();
    await logo.getByRole('button', { name: 'Use this logo' }).click();
    await logo.getByRole('status').getByText('The new logo is saved.').waitFor();
    const current = logo.getByRole('img', { name: 'The current logo' });
    await current.waitFor();
    expect(await current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await logo.getByRole('button', { name: 'Remove logo' }).click();
    await logo.getByRole('status').getByText('The logo is removed.').waitFor();
    expect((await api.get('/api/admin/university')).body).toMatchObject({ logoUrl: null });
    expect(unexpected(consoleErrors)).toEqual([]);
  }, 40_000);

  it('adds the hostel Tower A; a duplicate name or overlapping ranges change nothing', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Hostels');
    await checkPage(page, '/admin/hostels');
    const add = page.getByRole('region', { name: 'Add a hostel' });

    await add.getByLabel('Name').fill('Tower A');
    await add.getByLabel('Lowest floor').fill('0');
    await add.getByLabel('Top floor').fill('3');
    await add.getByLabel('From room (range 1)').fill('1');
    await add.getByLabel('To room (range 1)').fill('40');
    await add.getByRole('button', { name: 'Add hostel' }).click();
    await add.getByRole('status').getByText('Tower A is added.').waitFor();
    const tower = page.getByTestId('hostel').filter({ hasText: 'Tower A' });
    await tower.waitFor();
    expect(await tower.textContent()).toContain('Floors 0–3 · rooms 1–40 · 0 complaints');

    // The same name again: the server refuses it, the form says why, and there is still one Tower A.
    await add.getByLabel('Name').fill('Tower A');
    await add.getByLabel('Top floor').fill('5');
    await add.getByLabel('From room (range 1)').fill('1');
    await add.getByLabel('To room (range 1)').fill('10');
    await add.getByRole('button', { name: 'Add hostel' }).click();
    await add.getByRole('alert').getByText('There is already a hostel called Tower A.').waitFor();
    expect(await add.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    const afterDuplicate = await api.get('/api/admin/hostels');
    expect((afterDuplicate.body.items as Array<{ name: string }>).filter((h) => h.name === 'Tower A')).toHaveLength(1);

    // Overlapping room ranges are refused before anything is sent.
    await add.getByLabel('Name').fill('Tower B');
    await add.getByLabel('To room (range 1)').fill('40');
    await add.getByRole('button', { name: 'Add a room range' }).click();
    await add.getByLabel('From room (range 2)').fill('30');
    await add.getByLabel('To room (range 2)').fill('60');
    await add.getByRole('button', { name: 'Add hostel' }).click();
    await add.getByText('Room ranges 1–40 and 30–60 overlap').waitFor();
    const afterOverlap = await api.get('/api/admin/hostels');
    expect((afterOverlap.body.items as Array<{ name: string }>).map((h) => h.name)).not.toContain('Tower B');
    await checkPage(page, '/admin/hostels (refused)');
    expect(unexpected(consoleErrors, [/status of 409 .*\/api\/admin\/hostels/])).toEqual([]);
  }, 40_000);

  it('adds the category gym with two sub-categories and a default recipient', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Categories');
    await page.getByRole('button', { name: 'Add a category' }).click();
    const form = page.getByRole('form', { name: 'New category' });
    await form.getByLabel('Key').fill('gym');
    await form.getByText('/complaints/gymComplaint').waitFor();
    await form.getByLabel('Card title').fill('Gym');
    await form.getByLabel('Complaint heading').fill('Gym Complaint');
    await form.getByLabel('Description').fill('Treadmills, weights and the gym floor.');
    await form.getByLabel('Sub-category 1', { exact: true }).fill('Treadmill');
    await form.getByRole('button', { name: 'Add a sub-category' }).click();
    await form.getByLabel('Sub-category 2', { exact: true }).fill('Weights');
    await form.getByLabel('Target resolution time (hours)').fill('48');
    await form.getByLabel('To', { exact: true }).fill('gym@example.edu');
    await checkPage(page, '/admin/categories (new category form)');
    await form.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('status').getByText('Gym is added: its form is at /complaints/gymComplaint.').waitFor();

    const gym = page.getByTestId('category').filter({ hasText: '/complaints/gymComplaint' });
    await gym.waitFor();
    const text = (await gym.textContent()) ?? '';
    for (const part of ['Treadmill, Weights', '48 hours', 'gym@example.edu']) expect(text).toContain(part);
    await checkPage(page, '/admin/categories');
    expect(unexpected(consoleErrors)).toEqual([]);
  }, 40_000);

  it('a student of the new domain files a Gym complaint in Tower A; a room outside 1–40 is refused', async () => {
    const student = await session();
    const { page, consoleErrors } = student;
    await page.goto(`${portal.baseUrl}/complaints/gymComplaint`);
    await page.getByRole('heading', { name: 'Gym complaint', level: 1 }).waitFor();
    await signInThroughDevProvider(page, STUDENT);
    await page.getByRole('heading', { name: 'Gym complaint', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).waitFor();

    await page.getByLabel('Hostel', { exact: true }).selectOption('Tower A');
    await page.getByLabel('Floor', { exact: true }).fill('2');
    await page.getByLabel('Room number', { exact: true }).fill('41');
    await page.getByLabel('Category', { exact: true }).selectOption('Weights');
    await page.getByLabel('Message', { exact: true }).fill('Two of the dumbbell racks are loose and wobble.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Room 41 is not in Tower A (rooms 1–40)').waitFor();

    await page.getByLabel('Room number', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    const card = page.getByRole('status').filter({ hasText: 'Your complaint is registered' });
    await card.waitFor();
    gymNumber = NUMBER.exec((await card.textContent()) ?? '')?.[0] ?? '';
    expect(gymNumber).toMatch(NUMBER);
    expect(unexpected(consoleErrors)).toEqual([]);
    await student.context.close();
  }, 40_000);

  it('the held mail to gym@example.edu is in the outbox, with its headers, text and HTML', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Mail');
    const row = page.getByTestId('mail-row').filter({ hasText: 'gym@example.edu' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Held');
    expect(await row.textContent()).toContain(gymNumber);
    await checkPage(page, '/admin/mail');

    await page.getByLabel('Show').selectOption('failed');
    await page.waitForURL(/status=failed/);
    await page.getByTestId('mail-empty').waitFor();
    await page.getByLabel('Show').selectOption('held');
    await row.waitFor();

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Mail message', level: 1 }).waitFor();
    const headers = page.getByTestId('mail-headers');
    await headers.waitFor();
    expect(await headers.textContent()).toContain('gym@example.edu');
    expect(await page.getByTestId('mail-text').textContent()).toContain('Two of the dumbbell racks are loose and wobble.');
    // The HTML part is its own sandboxed page (no scripts run there, so it is read over HTTP with
    // the admin's cookies rather than through the frame).
    const frame = page.getByTestId('mail-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/admin\/outbox\/[0-9a-f-]+\/html$/);
    await expect.poll(() => page.frames().some((f) => f.url().endsWith(src))).toBe(true);
    const html = await admin.context.request.get(`${portal.baseUrl}${src}`);
    expect(html.status()).toBe(200);
    expect(html.headers()['content-security-policy']).toContain('sandbox');
    expect(await html.text()).toContain('Two of the dumbbell racks are loose and wobble.');
    // Held mail is not failed mail: there is nothing to retry.
    expect(await page.getByRole('button', { name: 'Retry sending' }).count()).toBe(0);
    await checkMailPage(page, '/admin/mail/:id');
    expect(unexpected(consoleErrors)).toEqual([]);
  }, 40_000);

  it('switches Laundry on with its own recipient; a student files a pickup and the mail goes there', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Services');
    const laundry = page.getByRole('form', { name: 'Laundry' });
    await laundry.waitFor();
    expect(await laundry.getByRole('switch', { name: 'Students can ask for it' }).isChecked()).toBe(false);
    await laundry.getByRole('switch', { name: 'Students can ask for it' }).check();
    await laundry.getByLabel('To', { exact: true }).fill(LAUNDRY_DESK);
    await laundry.getByRole('button', { name: 'Save Laundry' }).click();
    await laundry.getByRole('status').getByText('Laundry is saved.').waitFor();
    await laundry.getByText('On', { exact: true }).waitFor();
    const services = await api.get('/api/admin/services');
    expect((services.body.items as Array<{ key: string }>).find((s) => s.key === 'laundry')).toMatchObject({
      enabled: true,
      routing: { default: { to: [LAUNDRY_DESK], cc: [] }, overrides: [] },
    });
    await checkPage(page, '/admin/services (Laundry on)');
    expect(unexpected(consoleErrors)).toEqual([]);

    student = await session();
    const s = student;
    await s.page.goto(`${portal.baseUrl}/services`);
    await s.page.getByRole('heading', { name: 'Assistance', level: 1 }).waitFor();
    await signInThroughDevProvider(s.page, STUDENT);
    await s.page.getByRole('heading', { name: 'Assistance', level: 1 }).waitFor();
    await s.page.getByRole('heading', { name: 'Room cleaning', level: 2 }).waitFor();
    await s.page.getByLabel('Service', { exact: true }).selectOption({ label: 'Laundry' });
    await s.page.getByRole('heading', { name: 'Laundry pickup', level: 2 }).waitFor();
    for (const label of ['Hostel', 'Room number', 'Number of items', 'Pickup time', 'Note (optional)']) {
      await s.page.getByLabel(label, { exact: true }).waitFor();
    }
    await checkPage(s.page, '/services (laundry pickup form)');

    await s.page.getByLabel('Hostel', { exact: true }).selectOption('Tower A');
    await s.page.getByLabel('Room number', { exact: true }).fill('12');
    await s.page.getByLabel('Number of items', { exact: true }).fill('6');
    await s.page.getByLabel('Pickup time', { exact: true }).selectOption('Evening (5–8)');
    await s.page.getByLabel('Note (optional)', { exact: true }).fill('Two shirts need ironing.');
    await s.page.getByRole('button', { name: 'Request pickup' }).click();
    const card = s.page.getByRole('status').filter({ hasText: 'Your laundry pickup is registered' });
    await card.waitFor();
    const pickup = NUMBER.exec((await card.textContent()) ?? '')?.[0] ?? '';
    expect(pickup).toMatch(NUMBER);
    await checkPage(s.page, '/services (pickup registered)');
    expect(unexpected(s.consoleErrors)).toEqual([]);

    const outbox = await api.get('/api/admin/outbox');
    // The pickup's mail to the desk (the student's acknowledgement goes to the student).
    const facility = (outbox.body.items as Array<{ complaintNumber: string | null; purpose: string }>).filter(
      (m) => m.complaintNumber === pickup && m.purpose === 'facility',
    );
    expect(facility).toMatchObject([{ to: [LAUNDRY_DESK], cc: [], status: 'held', subject: `Laundry Pickup — ${pickup}` }]);
    await openSection(page, 'Mail');
    // The page was seen a moment ago: opened again, it shows the mail written since.
    const row = page.getByTestId('mail-row').filter({ hasText: `Laundry Pickup — ${pickup}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(`To: ${LAUNDRY_DESK}`);
    expect(await row.textContent()).toContain('Held');
    expect(unexpected(consoleErrors)).toEqual([]);
  }, 40_000);

  it('gives Gym its own recipient in Tower A: complaints from there go to it, the others to the default', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Categories');
    const gym = page.getByTestId('category').filter({ hasText: '/complaints/gymComplaint' });
    await gym.getByRole('button', { name: 'Edit Gym' }).click();
    const form = gym.getByRole('form', { name: 'Edit Gym' });
    await form.getByRole('button', { name: "Add a hostel's recipients" }).click();
    const hostels = await optionTexts(form, 'Hostel 1');
    expect(hostels).toContain('Tower A');
    await form.getByLabel('Hostel 1', { exact: true }).selectOption('Tower A');
    await form.getByLabel('To for hostel 1', { exact: true }).fill(GYM_TOWER_A);
    await checkPage(page, '/admin/categories (editing, with a hostel override)');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await gym.getByRole('status').getByText('Saved the changes to Gym.').waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await gym.textContent()).toContain(`Tower A: ${GYM_TOWER_A}`);
    const categories = await api.get('/api/admin/categories');
    expect((categories.body.items as Array<{ key: string }>).find((c) => c.key === 'gym')).toMatchObject({
      routing: { default: { to: ['gym@example.edu'] }, overrides: [{ hostel: 'Tower A', to: [GYM_TOWER_A], cc: [] }] },
    });
    expect(unexpected(consoleErrors)).toEqual([]);

    // Retiring a category and bringing it back: the card changes lists and keeps its confirmation.
    const others = (list: string) => page.getByRole('list', { name: list }).getByTestId('category').filter({ hasText: '/complaints/otherComplaint' });
    await others('Categories in use').getByRole('button', { name: 'Retire Others' }).click();
    await others('Retired categories').getByRole('status').getByText('Others is retired: students can no longer file it.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Bring back Others');
    await others('Retired categories').getByRole('button', { name: 'Bring back Others' }).click();
    await others('Categories in use').getByRole('status').getByText('Others is back on the Complaints page.').waitFor();
    expect(unexpected(consoleErrors)).toEqual([]);

    studentApi = await ApiClient.signedIn(portal.baseUrl, STUDENT);
    const inTower = await fileGymComplaint('Tower A', '20');
    expect({ status: inTower.status, toEmail: inTower.body.toEmail }).toEqual({ status: 201, toEmail: GYM_TOWER_A });
    const elsewhere = await fileGymComplaint('Block-2', '20');
    expect({ status: elsewhere.status, toEmail: elsewhere.body.toEmail }).toEqual({ status: 201, toEmail: 'gym@example.edu' });
  }, 40_000);

  it('widens Tower A to rooms 1–60, retires it and brings it back', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Hostels');
    const inUse = page.getByRole('list', { name: 'Hostels in use' });
    const tower = inUse.getByTestId('hostel').filter({ hasText: 'Tower A' });
    await tower.getByRole('button', { name: 'Edit Tower A' }).click();
    const form = tower.getByRole('form', { name: 'Edit Tower A' });
    expect(await form.getByLabel('From room (range 1)').inputValue()).toBe('1');
    await form.getByLabel('To room (range 1)').fill('60');
    await checkPage(page, '/admin/hostels (editing Tower A)');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await tower.getByRole('status').getByText('Saved the changes to Tower A.').waitFor();
    await tower.getByText(/Floors 0–3 · rooms 1–60 · \d+ complaints/).waitFor();
    const room55 = await fileGymComplaint('Tower A', '55');
    expect(room55.status).toBe(201);
    expect(room55.body).toMatchObject({ hostel: 'Tower A', roomNo: '55', toEmail: GYM_TOWER_A });

    // Retired: it moves under Retired, with the confirmation, and leaves the student's form.
    await tower.getByRole('button', { name: 'Retire Tower A' }).click();
    const retired = page.getByRole('list', { name: 'Retired hostels' }).getByTestId('hostel').filter({ hasText: 'Tower A' });
    await retired.waitFor();
    await retired.getByText('Retired', { exact: true }).waitFor();
    await retired.getByRole('status').getByText('Tower A is retired: students can no longer choose it.').waitFor();
    // The pressed button moved with the card; so does the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Bring back Tower A');
    expect(await inUse.getByTestId('hostel').filter({ hasText: 'Tower A' }).count()).toBe(0);
    expect(await retired.getByRole('button', { name: 'Edit Tower A' }).count()).toBe(0);
    await checkPage(page, '/admin/hostels (Tower A retired)');
    const hostelsNow = await studentHostelChoices();
    expect(hostelsNow).toContain('Block-2');
    expect(hostelsNow).not.toContain('Tower A');
    const refused = await fileGymComplaint('Tower A', '30');
    expect(refused.status).toBe(400);

    await retired.getByRole('button', { name: 'Bring back Tower A' }).click();
    await inUse.getByTestId('hostel').filter({ hasText: 'Tower A' }).getByRole('status').getByText('Tower A is back in the forms.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Retire Tower A');
    await page.getByRole('heading', { name: /^Retired/ }).waitFor({ state: 'detached' });
    expect(await studentHostelChoices()).toContain('Tower A');
    expect(unexpected(consoleErrors)).toEqual([]);
    expect(unexpected(student?.consoleErrors ?? [])).toEqual([]);
  }, 40_000);

  it('the audit log lists the steps, with what changed', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Audit log');
    for (const action of ['university.update', 'hostel.create', 'category.create']) {
      await page.locator(`[data-testid="audit-entry"][data-action="${action}"]`).first().waitFor();
    }
    const update = page.locator('[data-testid="audit-entry"][data-action="university.update"]').first();
    expect(await update.textContent()).toContain(UNIVERSITY);
    expect(await update.textContent()).toContain(ADMIN.email);
    await checkPage(page, '/admin/audit');

    await page.getByLabel('Action', { exact: true }).fill('hostel.create');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.waitForURL(/action=hostel\.create/);
    await page.locator('[data-testid="audit-entry"][data-action="category.create"]').waitFor({ state: 'detached' });
    await page.locator('[data-testid="audit-entry"][data-action="hostel.create"]').first().waitFor();
    const actions = await page.getByTestId('audit-entry').evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['hostel.create']));
    expect(await page.getByTestId('audit-entry').first().textContent()).toContain('Tower A');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.locator('[data-testid="audit-entry"][data-action="category.create"]').first().waitFor();
    expect(unexpected(consoleErrors)).toEqual([]);
  }, 40_000);

  it('the audit log, filtered by action, shows Laundry switched on, Gym updated and Tower A retired', async () => {
    const { page, consoleErrors } = admin;
    await openSection(page, 'Audit log');
    const wanted = [
      { action: 'service.enable', label: 'Laundry', changed: 'enabled' },
      { action: 'category.update', label: 'Gym', changed: 'routing' },
      { action: 'hostel.retire', label: 'Tower A', changed: 'retired' },
    ];
    for (const { action, label, changed } of wanted) {
      await page.getByLabel('Action', { exact: true }).fill(action);
      await page.getByRole('button', { name: 'Show entries' }).click();
      await page.waitForURL(new RegExp(`action=${action.replace('.', '\\.')}`));
      const entries = page.getByTestId('audit-entry');
      await expect
        .poll(() => entries.evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('data-action')))]))
        .toEqual([action]);
      const entry = entries.filter({ hasText: label }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain(ADMIN.email);
      await entry.getByRole('list', { name: 'Changes' }).getByText(changed, { exact: true }).waitFor();
    }
    await checkPage(page, '/admin/audit (filtered by hostel.retire)');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.locator('[data-testid="audit-entry"][data-action="service.enable"]').first().waitFor();
    expect(unexpected(consoleErrors)).toEqual([]);
  }, 40_000);

  it('refuses to remove the last admin, and disables and enables an account', async () => {
    const { page, consoleErrors } = admin;
    const added = await api.send('POST', '/api/admin/users', { ...HELPER, role: 'staff', antiRagging: false, scopes: [{ category: 'gym', hostel: 'Tower A' }] });
    expect(added.status).toBe(201);
    await openSection(page, 'People');

    const me = page.getByTestId('person').filter({ hasText: ADMIN.email });
    await me.getByRole('button', { name: `Edit ${ADMIN.email}` }).click();
    await me.getByLabel('Role').selectOption('staff');
    await me.getByRole('button', { name: 'Save changes' }).click();
    await me.getByRole('alert').getByText('This is the last administrator; make someone else an admin first.').waitFor();
    const still = await api.get(`/api/admin/users?q=${encodeURIComponent(ADMIN.email)}`);
    expect(still.body.items).toMatchObject([{ email: ADMIN.email, role: 'admin' }]);
    await me.getByRole('button', { name: `Close ${ADMIN.email}` }).click();

    const helper = page.getByTestId('person').filter({ hasText: HELPER.email });
    await helper.waitFor();
    expect(await helper.textContent()).toContain('Gym · Tower A');
    await helper.getByRole('button', { name: `Disable account of ${HELPER.email}` }).click();
    await helper.getByTestId('confirm-disable').waitFor();
    await checkPage(page, '/admin/people (confirm disable)');
    await helper.getByTestId('confirm-disable').getByRole('button', { name: `Disable account of ${HELPER.email}` }).click();
    await helper.getByRole('status').getByText(`${HELPER.email} is disabled and signed out everywhere.`).waitFor();
    await helper.getByText('Disabled', { exact: true }).first().waitFor();
    const disabled = await api.get(`/api/admin/users?q=${encodeURIComponent(HELPER.email)}`);
    expect(disabled.body.items).toMatchObject([{ email: HELPER.email, disabled: true, role: 'staff', scopes: [{ category: 'gym', hostel: 'Tower A' }] }]);

    await helper.getByRole('button', { name: `Enable account of ${HELPER.email}` }).click();
    await helper.getByRole('status').getByText(`${HELPER.email} can sign in again.`).waitFor();
    const enabled = await api.get(`/api/admin/users?q=${encodeURIComponent(HELPER.email)}`);
    expect(enabled.body.items).toMatchObject([{ email: HELPER.email, disabled: false }]);
    await checkPage(page, '/admin/people');
    expect(unexpected(consoleErrors, [/status of 409 .*\/api\/admin\/users\//])).toEqual([]);
  }, 40_000);

  it('every section passes axe without sideways scrolling, on a phone and on a desktop', async () => {
    await openSection(admin.page, 'Services');
    await admin.page.getByTestId('service').first().waitFor();
    await checkPage(admin.page, '/admin/services (phone)');

    // The same admin session on a desktop (their domain is no longer the university's).
    const desktop = await session(DESKTOP, admin.context);
    const { page, consoleErrors } = desktop;
    await page.goto(`${portal.baseUrl}/admin/university`);
    await page.getByRole('heading', { name: 'University', level: 1 }).waitFor();
    for (const name of SECTIONS) {
      await openSection(page, name);
      await page.getByRole('status').filter({ hasText: /^Loading/ }).first().waitFor({ state: 'detached' });
      await checkPage(page, `/admin ${name} (desktop)`);
    }
    expect(unexpected(consoleErrors)).toEqual([]);
    await desktop.context.close();
  }, 60_000);
});
