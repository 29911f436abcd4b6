import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

type Session = { context: BrowserContext; page: Page; consoleErrors: string[] };

let portal: TestApp;
let browser: Browser;
let api: ApiClient;
let admin: Session;
let gymNumber = '';

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
