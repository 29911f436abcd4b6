import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, onTestFinished } from 'vitest';
import { DESKTOP, PHONE, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite, type Browse, type Device } from '../support/e2e.js';
import { CookieClient, signIn } from '../support/http-client.js';
import type { ApiClient } from '../support/student.js';
import { addStaff } from '../support/staff.js';
import { RELAXED_LIMITS } from '../support/limits.js';

// The admin is an admin by ADMIN_EMAILS. Each test arranges what it needs through the admin API
// (or finds it in the small world beforeAll sets up: the hostel Tower A and the category Gym) and
// leaves the university's profile as it found it.
const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };
const STUDENT = { email: 'riya.verma@vitbhopal.ac.in', name: 'Riya Verma 21BCE10002' };
const NEW_DOMAIN_STUDENT = { email: 'riya.verma@example.edu', name: 'Riya Verma 21BCE10002' };
const HELPER = { email: 'gym.helper@vitbhopal.ac.in', name: 'Gym Helper' };

const UNIVERSITY = 'Example Institute of Technology';
// A 1×1 PNG: the smallest real image the logo upload accepts.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const NUMBER = /HC-\d{4}-\d{6,}/;
const SECTIONS = ['University', 'Hostels', 'Categories', 'Services', 'People', 'Mail', 'Audit log'] as const;
const LAUNDRY_DESK = 'laundry.desk@example.edu';
const GYM = 'gym@example.edu';
const routing = (to: string, overrides: Array<{ hostel: string; to: string[]; cc: string[] }> = []) => ({ default: { to: [to], cc: [] }, overrides });

// No ALLOWED_EMAIL_DOMAINS: the domains the admin saves are the ones in effect.
const suite = browserSuite({
  ...RELAXED_LIMITS,
  ADMIN_EMAILS: ADMIN.email,
});
const { it } = suite;

let api: ApiClient;

async function checkPage(page: Page, what: string) {
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** The mail page, less the frame holding the message's HTML (sandboxed without scripts: axe cannot run there). */
async function checkMailPage(page: Page, what: string) {
  const violations = await seriousAxeViolations(page, { exclude: ['[data-testid="mail-html"]'] });
  expect({ what, violations }).toEqual({ what, violations: [] });
  expect({ what, scroll: await hasHorizontalScroll(page) }).toEqual({ what, scroll: false });
}

/** The options of a select, without its 'Choose …' placeholder. */
async function optionTexts(within: Page | Locator, label: string): Promise<string[]> {
  const texts = await within.getByLabel(label, { exact: true }).locator('option').allTextContents();
  return texts.map((t) => t.trim()).filter((t) => t !== '' && !t.startsWith('Choose'));
}

async function addHostel(name: string, rooms: { from: number; to: number } = { from: 1, to: 40 }): Promise<string> {
  const added = await api.send('POST', '/api/admin/hostels', { name, floorMin: 0, floorMax: 3, roomRanges: [rooms] });
  expect(added.status).toBe(201);
  return String(added.body.id);
}

async function addCategory(key: string, title: string, to: string, overrides: Array<{ hostel: string; to: string[]; cc: string[] }> = []) {
  const added = await api.send('POST', '/api/admin/categories', {
    key,
    cardTitle: title,
    complaintHead: `${title} Complaint`,
    description: `${title}: machines, weights and the floor.`,
    subCategories: [{ name: 'Treadmill' }, { name: 'Weights' }],
    targetHours: 48,
    routing: routing(to, overrides),
  });
  expect(added.status).toBe(201);
}

/** The university's profile as saved now; put back when the test ends, however it ends. */
async function restoreProfileAfterTest() {
  const { saved } = (await api.get('/api/admin/university')).body;
  onTestFinished(async () => {
    expect((await api.send('PUT', '/api/admin/university', saved)).status).toBe(200);
  });
  return saved as { allowedDomains: string[] };
}

/** A complaint filed through the API by `who` in one of the test's categories; the status and body as the server answers. */
async function fileComplaint(who: typeof STUDENT, category: string, hostel: string, roomNo: string, complaint = `The treadmill in ${hostel} stops after a minute.`) {
  const student = await suite.api(who);
  return student.post('/api/complaints', { category, hostel, floor: 1, roomNo, subCategory: 'Treadmill', complaint });
}

/** The student's complaint form for a category, freshly loaded, with the hostels it offers. */
async function studentHostelChoices(page: Page, key: string, heading: string): Promise<string[]> {
  await page.goto(`${suite.portal.baseUrl}/complaints/${key}Complaint`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Submit' }).waitFor();
  // The seed's hostels are always there; wait for them before reading the list.
  await page.getByLabel('Hostel', { exact: true }).locator('option', { hasText: 'Block-2' }).waitFor({ state: 'attached' });
  return optionTexts(page, 'Hostel');
}

async function openSection(page: Page, name: (typeof SECTIONS)[number]) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** A new browser signed in as the admin, on one section of the console. */
async function adminOn(browse: Browse, path: string, heading: string, device: Device = PHONE) {
  const session = await browse.as(ADMIN, device);
  await session.page.goto(`${suite.portal.baseUrl}${path}`);
  await session.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return session;
}

beforeAll(async () => {
  api = await suite.api(ADMIN);
  await addHostel('Tower A');
  await addCategory('gym', 'Gym', GYM);
});

describe('an administrator sets up another university from the browser', () => {
  it('changes the name, the short name and the allowed domain', async ({ browse }) => {
    await restoreProfileAfterTest();
    const { page } = await browse.as(ADMIN);
    await page.goto(`${suite.portal.baseUrl}/admin`);
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
    // The saved domain is the one signing in admits from now on (through the provider, for real).
    expect((await signIn(new CookieClient(), suite.portal.baseUrl, NEW_DOMAIN_STUDENT)).location).not.toContain('signInError');
    expect((await signIn(new CookieClient(), suite.portal.baseUrl, { email: 'late.comer@vitbhopal.ac.in', name: 'Late Comer' })).location).toContain(
      'signInError=domain',
    );

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
  }, 40_000);

  it('asks inside the page, not by a browser pop-up, before leaving a form with unsaved changes', async ({ browse }) => {
    const { page } = await adminOn(browse, '/admin/university', 'University');
    const popups: string[] = [];
    page.on('dialog', (dialog) => {
      popups.push(dialog.message());
      void dialog.dismiss();
    });
    const shortName = page.getByLabel('Short name');
    await shortName.fill('unsaved');
    const links = page.getByRole('navigation', { name: 'Admin sections' });
    const question = page.getByRole('dialog', { name: 'You have unsaved changes on this page. Leave without saving them?' });

    await links.getByRole('link', { name: 'Hostels', exact: true }).click();
    await question.waitFor();
    // Staying is the answer under the finger (and Enter).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay on this page');
    await checkPage(page, 'the leave question');
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.getByRole('heading', { name: 'University', level: 1 }).isVisible()).toBe(true);
    expect(await shortName.inputValue()).toBe('unsaved');

    await links.getByRole('link', { name: 'Hostels', exact: true }).click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { name: 'Hostels', level: 1 }).waitFor();
    expect(popups).toEqual([]);
  });

  it('adds the hostel Tower B; a duplicate name or overlapping ranges change nothing', async ({ browse }) => {
    browse.allow(/status of 409 .*\/api\/admin\/hostels/);
    const { page } = await adminOn(browse, '/admin/hostels', 'Hostels');
    await checkPage(page, '/admin/hostels');
    const add = page.getByRole('region', { name: 'Add a hostel' });

    await add.getByLabel('Name').fill('Tower B');
    await add.getByLabel('Lowest floor').fill('0');
    await add.getByLabel('Top floor').fill('3');
    await add.getByLabel('From room (range 1)').fill('1');
    await add.getByLabel('To room (range 1)').fill('40');
    await add.getByRole('button', { name: 'Add hostel' }).click();
    await add.getByRole('status').getByText('Tower B is added.').waitFor();
    const tower = page.getByTestId('hostel').filter({ hasText: 'Tower B' });
    await tower.waitFor();
    expect(await tower.textContent()).toContain('Floors 0–3 · rooms 1–40 · 0 complaints');

    // The same name again: the server refuses it, the form says why, and there is still one Tower B.
    await add.getByLabel('Name').fill('Tower B');
    await add.getByLabel('Top floor').fill('5');
    await add.getByLabel('From room (range 1)').fill('1');
    await add.getByLabel('To room (range 1)').fill('10');
    await add.getByRole('button', { name: 'Add hostel' }).click();
    await add.getByRole('alert').getByText('There is already a hostel called Tower B.').waitFor();
    expect(await add.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    const afterDuplicate = await api.get('/api/admin/hostels');
    expect((afterDuplicate.body.items as Array<{ name: string }>).filter((h) => h.name === 'Tower B')).toHaveLength(1);

    // Overlapping room ranges are refused before anything is sent.
    await add.getByLabel('Name').fill('Tower C');
    await add.getByLabel('To room (range 1)').fill('40');
    await add.getByRole('button', { name: 'Add a room range' }).click();
    await add.getByLabel('From room (range 2)').fill('30');
    await add.getByLabel('To room (range 2)').fill('60');
    await add.getByRole('button', { name: 'Add hostel' }).click();
    await add.getByText('Room ranges 1–40 and 30–60 overlap').waitFor();
    const afterOverlap = await api.get('/api/admin/hostels');
    expect((afterOverlap.body.items as Array<{ name: string }>).map((h) => h.name)).not.toContain('Tower C');
    await checkPage(page, '/admin/hostels (refused)');
  }, 40_000);

  it('adds the category yoga with two sub-categories and a default recipient', async ({ browse }) => {
    const { page } = await adminOn(browse, '/admin/categories', 'Categories');
    await page.getByRole('button', { name: 'Add a category' }).click();
    const form = page.getByRole('form', { name: 'New category' });
    await form.getByLabel('Key').fill('yoga');
    await form.getByText('/complaints/yogaComplaint').waitFor();
    await form.getByLabel('Card title').fill('Yoga');
    await form.getByLabel('Complaint heading').fill('Yoga Complaint');
    await form.getByLabel('Description').fill('Mats, blocks and the yoga room.');
    await form.getByLabel('Sub-category 1', { exact: true }).fill('Mats');
    await form.getByRole('button', { name: 'Add a sub-category' }).click();
    await form.getByLabel('Sub-category 2', { exact: true }).fill('Blocks');
    await form.getByLabel('Target resolution time (hours)').fill('48');
    await form.getByLabel('To', { exact: true }).fill('yoga@example.edu');
    await checkPage(page, '/admin/categories (new category form)');
    await form.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('status').getByText('Yoga is added: its form is at /complaints/yogaComplaint.').waitFor();

    const yoga = page.getByTestId('category').filter({ hasText: '/complaints/yogaComplaint' });
    await yoga.waitFor();
    const text = (await yoga.textContent()) ?? '';
    for (const part of ['Mats, Blocks', '48 hours', 'yoga@example.edu']) expect(text).toContain(part);
    await checkPage(page, '/admin/categories');
  }, 40_000);

  it('a student of the new domain files a Gym complaint in Tower A; a room outside 1–40 is refused', async ({ browse }) => {
    const saved = await restoreProfileAfterTest();
    expect((await api.send('PUT', '/api/admin/university', { ...saved, allowedDomains: [...saved.allowedDomains, 'example.edu'] })).status).toBe(200);
    const { page } = await browse.as(NEW_DOMAIN_STUDENT);
    await page.goto(`${suite.portal.baseUrl}/complaints/gymComplaint`);
    await page.getByRole('heading', { name: 'Gym complaint', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Riya 21BCE10002' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).waitFor();

    await page.getByLabel('Hostel', { exact: true }).selectOption('Tower A');
    await page.getByLabel('Floor', { exact: true }).fill('2');
    await page.getByLabel('Room number', { exact: true }).fill('41');
    await page.getByRole('radio', { name: 'Weights', exact: true }).check();
    await page.getByLabel('Message', { exact: true }).fill('Two of the dumbbell racks are loose and wobble.');
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Room 41 is not in Tower A (rooms 1–40)').waitFor();

    await page.getByLabel('Room number', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Submit' }).click();
    const card = page.getByRole('status').filter({ hasText: 'Your complaint is registered' });
    await card.waitFor();
    const number = NUMBER.exec((await card.textContent()) ?? '')?.[0] ?? '';
    expect(number).toMatch(NUMBER);
    const stored = await api.get(`/api/staff/complaints/${number}`);
    expect(stored.body).toMatchObject({ hostel: 'Tower A', roomNo: '12', subCategory: 'Weights', userEmail: NEW_DOMAIN_STUDENT.email });
  }, 40_000);

  it('the held mail to gym@example.edu is in the outbox, with its headers, text and HTML', async ({ browse }) => {
    const filed = await fileComplaint(STUDENT, 'gym', 'Tower A', '12', 'Two of the dumbbell racks are loose and wobble.');
    expect(filed.status).toBe(201);
    const gymNumber = String(filed.body.number);

    const admin = await adminOn(browse, '/admin/mail', 'Mail');
    const { page } = admin;
    const row = page.getByTestId('mail-row').filter({ hasText: `Gym Complaint — ${gymNumber}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Held');
    expect(await row.textContent()).toContain(GYM);
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
    expect(await headers.textContent()).toContain(GYM);
    expect(await page.getByTestId('mail-text').textContent()).toContain('Two of the dumbbell racks are loose and wobble.');
    // The HTML part is its own sandboxed page (no scripts run there, so it is read over HTTP with
    // the admin's cookies rather than through the frame).
    const frame = page.getByTestId('mail-html');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/admin\/outbox\/[0-9a-f-]+\/html$/);
    await expect.poll(() => page.frames().some((f) => f.url().endsWith(src))).toBe(true);
    const html = await admin.context.request.get(`${suite.portal.baseUrl}${src}`);
    expect(html.status()).toBe(200);
    expect(html.headers()['content-security-policy']).toContain('sandbox');
    expect(await html.text()).toContain('Two of the dumbbell racks are loose and wobble.');
    // Held mail is not failed mail: there is nothing to retry.
    expect(await page.getByRole('button', { name: 'Retry sending' }).count()).toBe(0);
    await checkMailPage(page, '/admin/mail/:id');
  }, 40_000);

  it('switches Laundry on with its own recipient; a student files a pickup and the mail goes there', async ({ browse }) => {
    // Laundry starts switched off, as it ships.
    expect((await api.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', enabled: false, routing: routing('facilities@vitbhopal.ac.in') })).status).toBe(200);
    const { page } = await adminOn(browse, '/admin/services', 'Services');
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

    const s = await browse.as(STUDENT);
    await s.page.goto(`${suite.portal.baseUrl}/services`);
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
  }, 40_000);

  it('gives a category its own recipient in one hostel: complaints from there go to it, the others to the default', async ({ browse }) => {
    const SQUASH = 'squash@example.edu';
    const SQUASH_TOWER_D = 'squash.tower-d@example.edu';
    await addHostel('Tower D');
    await addCategory('squash', 'Squash', SQUASH);
    const { page } = await adminOn(browse, '/admin/categories', 'Categories');
    const squash = page.getByTestId('category').filter({ hasText: '/complaints/squashComplaint' });
    await squash.getByRole('button', { name: 'Edit Squash' }).click();
    const form = squash.getByRole('form', { name: 'Edit Squash' });
    await form.getByRole('button', { name: "Add a hostel's recipients" }).click();
    const hostels = await optionTexts(form, 'Hostel 1');
    expect(hostels).toContain('Tower D');
    await form.getByLabel('Hostel 1', { exact: true }).selectOption('Tower D');
    await form.getByLabel('To for hostel 1', { exact: true }).fill(SQUASH_TOWER_D);
    await checkPage(page, '/admin/categories (editing, with a hostel override)');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await squash.getByRole('status').getByText('Saved the changes to Squash.').waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await squash.textContent()).toContain(`Tower D: ${SQUASH_TOWER_D}`);
    const categories = await api.get('/api/admin/categories');
    expect((categories.body.items as Array<{ key: string }>).find((c) => c.key === 'squash')).toMatchObject({
      routing: { default: { to: [SQUASH] }, overrides: [{ hostel: 'Tower D', to: [SQUASH_TOWER_D], cc: [] }] },
    });

    // Retiring a category and bringing it back: the card changes lists and keeps its confirmation.
    const others = (list: string) => page.getByRole('list', { name: list }).getByTestId('category').filter({ hasText: '/complaints/otherComplaint' });
    await others('Categories in use').getByRole('button', { name: 'Retire Others' }).click();
    await others('Retired categories').getByRole('status').getByText('Others is retired: students can no longer file it.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Bring back Others');
    await others('Retired categories').getByRole('button', { name: 'Bring back Others' }).click();
    await others('Categories in use').getByRole('status').getByText('Others is back on the Complaints page.').waitFor();

    const inTower = await fileComplaint(STUDENT, 'squash', 'Tower D', '20');
    expect({ status: inTower.status, toEmail: inTower.body.toEmail }).toEqual({ status: 201, toEmail: SQUASH_TOWER_D });
    const elsewhere = await fileComplaint(STUDENT, 'squash', 'Block-2', '20');
    expect({ status: elsewhere.status, toEmail: elsewhere.body.toEmail }).toEqual({ status: 201, toEmail: SQUASH });
  }, 40_000);

  it('widens a hostel to rooms 1–60, retires it and brings it back', async ({ browse }) => {
    const TENNIS_TOWER_E = 'tennis.tower-e@example.edu';
    await addHostel('Tower E');
    await addCategory('tennis', 'Tennis', 'tennis@example.edu', [{ hostel: 'Tower E', to: [TENNIS_TOWER_E], cc: [] }]);
    const { page } = await adminOn(browse, '/admin/hostels', 'Hostels');
    const inUse = page.getByRole('list', { name: 'Hostels in use' });
    const tower = inUse.getByTestId('hostel').filter({ hasText: 'Tower E' });
    await tower.getByRole('button', { name: 'Edit Tower E' }).click();
    const form = tower.getByRole('form', { name: 'Edit Tower E' });
    expect(await form.getByLabel('From room (range 1)').inputValue()).toBe('1');
    await form.getByLabel('To room (range 1)').fill('60');
    await checkPage(page, '/admin/hostels (editing Tower E)');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await tower.getByRole('status').getByText('Saved the changes to Tower E.').waitFor();
    await tower.getByText(/Floors 0–3 · rooms 1–60 · \d+ complaints/).waitFor();
    const room55 = await fileComplaint(STUDENT, 'tennis', 'Tower E', '55');
    expect(room55.status).toBe(201);
    expect(room55.body).toMatchObject({ hostel: 'Tower E', roomNo: '55', toEmail: TENNIS_TOWER_E });

    // Retired: it moves under Retired, with the confirmation, and leaves the student's form.
    await tower.getByRole('button', { name: 'Retire Tower E' }).click();
    const retired = page.getByRole('list', { name: 'Retired hostels' }).getByTestId('hostel').filter({ hasText: 'Tower E' });
    await retired.waitFor();
    await retired.getByText('Retired', { exact: true }).waitFor();
    await retired.getByRole('status').getByText('Tower E is retired: students can no longer choose it.').waitFor();
    // The pressed button moved with the card; so does the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Bring back Tower E');
    expect(await inUse.getByTestId('hostel').filter({ hasText: 'Tower E' }).count()).toBe(0);
    expect(await retired.getByRole('button', { name: 'Edit Tower E' }).count()).toBe(0);
    await checkPage(page, '/admin/hostels (Tower E retired)');
    const student = await browse.as(STUDENT);
    const hostelsNow = await studentHostelChoices(student.page, 'tennis', 'Tennis complaint');
    expect(hostelsNow).toContain('Block-2');
    expect(hostelsNow).not.toContain('Tower E');
    const refused = await fileComplaint(STUDENT, 'tennis', 'Tower E', '30');
    expect(refused.status).toBe(400);

    await retired.getByRole('button', { name: 'Bring back Tower E' }).click();
    await inUse.getByTestId('hostel').filter({ hasText: 'Tower E' }).getByRole('status').getByText('Tower E is back in the forms.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Retire Tower E');
    await page.getByRole('heading', { name: /^Retired/ }).waitFor({ state: 'detached' });
    expect(await studentHostelChoices(student.page, 'tennis', 'Tennis complaint')).toContain('Tower E');
  }, 40_000);

  it('the audit log lists the steps, with what changed', async ({ browse }) => {
    const saved = await restoreProfileAfterTest();
    expect((await api.send('PUT', '/api/admin/university', { ...saved, name: UNIVERSITY })).status).toBe(200);
    await addHostel('Tower G');
    await addCategory('rowing', 'Rowing', 'rowing@example.edu');

    const { page } = await adminOn(browse, '/admin/audit', 'Audit log');
    for (const action of ['university.update', 'hostel.create', 'category.create']) {
      await page.locator(`[data-testid="audit-entry"][data-action="${action}"]`).first().waitFor();
    }
    const update = page.locator('[data-testid="audit-entry"][data-action="university.update"]').first();
    expect(await update.textContent()).toContain(UNIVERSITY);
    expect(await update.textContent()).toContain(ADMIN.email);
    await checkPage(page, '/admin/audit');

    await page.getByLabel('Action', { exact: true }).selectOption('hostel.create');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.waitForURL(/action=hostel\.create/);
    // Several entries may still be there when this starts: wait for none, not for one to go.
    await expect.poll(() => page.locator('[data-testid="audit-entry"][data-action="category.create"]').count()).toBe(0);
    await page.locator('[data-testid="audit-entry"][data-action="hostel.create"]').first().waitFor();
    const actions = await page.getByTestId('audit-entry').evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['hostel.create']));
    expect(await page.getByTestId('audit-entry').first().textContent()).toContain('Tower G');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.locator('[data-testid="audit-entry"][data-action="category.create"]').first().waitFor();
  }, 40_000);

  it('the audit log, filtered by action, shows a service switched on, a category updated and a hostel retired', async ({ browse }) => {
    // A service switched on (off first, whatever it was), a category's routing changed, a hostel retired.
    for (const enabled of [false, true]) {
      expect((await api.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', enabled, routing: routing(LAUNDRY_DESK) })).status).toBe(200);
    }
    await addCategory('chess', 'Chess', 'chess@example.edu');
    const chess = (await api.get('/api/admin/categories')).body.items as Array<Record<string, unknown> & { key: string }>;
    const update = chess.find((c) => c.key === 'chess');
    if (!update) throw new Error('the category chess was not added');
    const changed = await api.send('PUT', '/api/admin/categories/chess', {
      cardTitle: update.cardTitle,
      complaintHead: update.complaintHead,
      description: update.description,
      subCategories: update.subCategories,
      confidential: update.confidential,
      targetHours: update.targetHours,
      retired: false,
      routing: routing('chess.club@example.edu'),
    });
    expect(changed.status).toBe(200);
    const towerH = await addHostel('Tower H');
    expect((await api.send('PUT', `/api/admin/hostels/${towerH}`, { floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 40 }], retired: true })).status).toBe(200);

    const { page } = await adminOn(browse, '/admin/audit', 'Audit log');
    const wanted = [
      // The change list speaks plainly: the field's label, not its name in the API.
      { action: 'service.enable', label: 'Laundry', changed: /^Service\b/ },
      { action: 'category.update', label: 'Chess', changed: /^Recipients \(/ },
      { action: 'hostel.retire', label: 'Tower H', changed: /^Retired\b/ },
    ];
    for (const { action, label, changed: what } of wanted) {
      await page.getByLabel('Action', { exact: true }).selectOption(action);
      await page.getByRole('button', { name: 'Show entries' }).click();
      await page.waitForURL(new RegExp(`action=${action.replace('.', '\\.')}`));
      const entries = page.getByTestId('audit-entry');
      await expect
        .poll(() => entries.evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute('data-action')))]))
        .toEqual([action]);
      const entry = entries.filter({ hasText: label }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain(ADMIN.email);
      await entry.getByRole('list', { name: 'Changes' }).getByText(what).first().waitFor();
    }
    await checkPage(page, '/admin/audit (filtered by hostel.retire)');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.locator('[data-testid="audit-entry"][data-action="service.enable"]').first().waitFor();
  }, 40_000);

  it('refuses to remove the last admin, and disables and enables an account', async ({ browse }) => {
    browse.allow(/status of 409 .*\/api\/admin\/users\//);
    await addStaff(api, { ...HELPER, role: 'staff', antiRagging: false, scopes: [{ category: 'gym', hostel: 'Tower A' }] });
    const { page } = await adminOn(browse, '/admin/people', 'People');

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
  }, 40_000);

  it('every section passes axe without sideways scrolling, on a phone and on a desktop', async ({ browse }) => {
    const phone = await adminOn(browse, '/admin/services', 'Services');
    await phone.page.getByTestId('service').first().waitFor();
    await checkPage(phone.page, '/admin/services (phone)');

    const { page } = await adminOn(browse, '/admin/university', 'University', DESKTOP);
    for (const name of SECTIONS) {
      await openSection(page, name);
      await page.getByRole('status').filter({ hasText: /^Loading/ }).first().waitFor({ state: 'detached' });
      await checkPage(page, `/admin ${name} (desktop)`);
    }
  }, 60_000);
});
