import { beforeAll, describe, expect, onTestFinished } from 'vitest';
import { PHONE, hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import type { ApiClient } from '../support/student.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/**
 * Issue 28: an administrator gives a name its Hindi beside the English, and a student reading
 * Hindi sees it; the console itself reads in Hindi too.
 */
const ADMIN = { email: 'hindi.admin@vitbhopal.ac.in', name: 'Hindi Admin' };
const STUDENT = { email: 'meera.joshi@vitbhopal.ac.in', name: 'Meera Joshi 21BCE10077' };

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email });
const { it } = suite;

let api: ApiClient;

beforeAll(async () => {
  api = await suite.api(ADMIN);
  const added = await api.send('POST', '/api/admin/categories', {
    key: 'gym',
    cardTitle: 'Gym',
    complaintHead: 'Gym Complaint',
    description: 'Machines, weights and the gym floor.',
    subCategories: [{ name: 'Treadmill' }, { name: 'Weights' }],
    targetHours: 48,
    routing: { default: { to: ['gym@example.edu'], cc: [] }, overrides: [] },
  });
  expect(added.status).toBe(201);
});

describe('names in Hindi', () => {
  it('an administrator names a category in Hindi and a student reading Hindi sees it on the cards', async ({ browse }) => {
    const admin = await browse.as(ADMIN, PHONE);
    await admin.page.goto(`${suite.portal.baseUrl}/admin/categories`);
    await admin.page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    const gym = admin.page.getByTestId('category').filter({ hasText: '/complaints/gymComplaint' });
    await gym.getByRole('button', { name: 'Edit Gym' }).click();
    const form = admin.page.getByRole('form', { name: 'Edit Gym' });
    const title = form.getByLabel('Title in Hindi (optional)');
    expect(await title.getAttribute('lang')).toBe('hi');
    await title.fill('जिम');
    await form.getByLabel('Sub-category 1 in Hindi (optional)').fill('ट्रेडमिल');
    expect({ violations: await seriousAxeViolations(admin.page) }).toEqual({ violations: [] });
    expect(await hasHorizontalScroll(admin.page)).toBe(false);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByRole('status').getByText('Saved the changes to Gym.').waitFor();
    await gym.getByText('जिम').waitFor();

    const student = await browse.as(STUDENT, PHONE);
    await student.page.goto(`${suite.portal.baseUrl}/`);
    await student.page.getByRole('link', { name: 'Gym', exact: true }).waitFor();
    await student.page.getByRole('button', { name: 'हिन्दी' }).click();
    // The admin's Hindi, and the seed's for the categories it had.
    await student.page.getByRole('link', { name: 'जिम', exact: true }).waitFor();
    await student.page.getByRole('link', { name: 'वाई-फ़ाई', exact: true }).waitFor();
    expect(await student.page.getByRole('link', { name: 'Gym', exact: true }).count()).toBe(0);
  }, 60_000);

  it('the console reads in Hindi, and refuses a time zone that does not exist', async ({ browse }) => {
    const { saved } = (await api.get('/api/admin/university')).body as { saved: Record<string, unknown> };
    onTestFinished(async () => {
      expect((await api.send('PUT', '/api/admin/university', { ...saved, timeZone: 'Asia/Kolkata' })).status).toBe(200);
    });
    const { page } = await browse.as(ADMIN, PHONE);
    await page.goto(`${suite.portal.baseUrl}/admin/university`);
    await page.getByRole('heading', { name: 'University', level: 1 }).waitFor();
    const zone = page.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('Asia/Kolkata');
    await zone.fill('Asia/Atlantis');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Time zone: give an IANA time zone name such as Asia/Kolkata').waitFor();
    await zone.fill('Asia/Dubai');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').getByText('The university profile is saved.').waitFor();
    await expect.poll(async () => (await api.get('/api/admin/university')).body.timeZone).toBe('Asia/Dubai');

    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'विश्वविद्यालय', level: 1 }).waitFor();
    await page.getByLabel('टाइम ज़ोन').waitFor();
    // Every section in Hindi, on a phone: longer words must not make the page scroll sideways.
    for (const section of ['हॉस्टल', 'श्रेणियाँ', 'सेवाएँ', 'साप्ताहिक सफ़ाई', 'रूटिंग', 'लोग', 'मेल', 'ऑडिट लॉग']) {
      await page.getByRole('navigation', { name: 'एडमिन सेक्शन' }).getByRole('link', { name: section, exact: true }).click();
      await page.getByRole('heading', { name: section, level: 1 }).waitFor();
      // Loaded: the section's "Loading …" status has gone.
      await expect.poll(() => page.getByText('लोड हो रह').count()).toBe(0);
      expect({ section, violations: await seriousAxeViolations(page) }).toEqual({ section, violations: [] });
      expect({ section, scroll: await hasHorizontalScroll(page) }).toEqual({ section, scroll: false });
    }
    await page.getByRole('navigation', { name: 'एडमिन सेक्शन' }).getByRole('link', { name: 'श्रेणियाँ', exact: true }).click();
    await page.getByRole('button', { name: 'श्रेणी जोड़ें' }).waitFor();
  }, 60_000);
});
