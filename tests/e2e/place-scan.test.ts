import { beforeAll, describe, expect } from 'vitest';
import { aComplaint } from '../factories/complaints.js';
import { DESKTOP, hasHorizontalScroll, seriousAxeViolations, signInThroughDevProvider } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * A scanned label (decision 45): the QR code on the floor 3 washroom's door carries
 * /p/BLOCK2/<code>. A signed-out student opens it on a phone, signs in and comes back to it, sees
 * the complaint already open there and says Me too, then files another problem for the same
 * washroom from the form the page opens; the plumbing team's queue names the place.
 */

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { email: 'places.e2e.admin@vitbhopal.ac.in', name: 'Places Admin' };
const PLUMBER = { email: 'places.e2e.plumber@vitbhopal.ac.in', name: 'Ravi Plumber' };
const FIRST = { email: 'meera.nair@vitbhopal.ac.in', name: 'Meera Nair 22BCE10801' };
const SCANNER = { email: 'rohan.das@vitbhopal.ac.in', name: 'Rohan Das 23BCE10802' };

const suite = browserSuite(
  { ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email },
  { admin: ADMIN, team: { plumber: { ...PLUMBER, role: 'staff', scopes: [{ category: 'water', hostel: 'Block-2' }] } } },
);
const { it } = suite;

let address = '';
let open = '';

beforeAll(async () => {
  const admin = await suite.api(ADMIN);
  const hostels = await admin.get('/api/admin/hostels');
  const block2 = (hostels.body.items as Array<{ id: string; name: string }>).find((h) => h.name === 'Block-2');
  const area = await admin.post(`/api/admin/hostels/${block2?.id ?? ''}/common-areas`, { name: 'Washroom', floor: 3 });
  expect(area.status, JSON.stringify(area.body)).toBe(201);
  address = String(area.body.address);
  const first = await (await suite.api(FIRST)).post(
    '/api/complaints',
    aComplaint({ category: 'water', subCategory: 'Shower', roomNo: '', commonAreaId: String(area.body.id), complaint: 'The shower by the window has no hot water.' }),
  );
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  open = String(first.body.number);
});

describe('a scanned label', () => {
  it('leads a signed-out student through sign-in to the place, Me too, and a complaint filed for that common area', async ({ browse }) => {
    const { page } = await browse.signedOut(PHONE_390);
    // The address a label carries, as a phone's camera opens it.
    expect(address).toBe('/p/BLOCK2/F3WASH');
    await page.goto(`${suite.portal.baseUrl}${address}`);
    await page.getByRole('heading', { name: 'Report a problem here' }).waitFor();
    await signInThroughDevProvider(page, SCANNER);

    // Back at the place after signing in.
    await page.getByRole('heading', { name: 'Floor 3 washroom, Block-2' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(address);
    const suggestion = page.getByTestId('place-open').getByTestId('nearby-complaint').filter({ hasText: open });
    await suggestion.getByText('“The shower by the window has no hot water.”').waitFor();
    expect(await page.getByTestId('place-open').textContent()).not.toContain('Meera');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await suggestion.getByRole('button', { name: `Me too (${open})` }).click();
    await expect.poll(() => suggestion.getByTestId('me-too-result').textContent()).toContain(`Done: you follow ${open}.`);
    await suggestion.getByText('affects 2 students').waitFor();

    // Something else is wrong there too: the washroom's category opens the form with the place filled in.
    await page.getByRole('link', { name: 'Washroom (water)' }).click();
    await page.getByTestId('place-from-label').getByText('Floor 3 washroom, Block-2').waitFor();
    expect(await page.getByLabel('Hostel', { exact: true }).inputValue()).toBe('Block-2');
    expect(await page.getByRole('radio', { name: 'A common area' }).isChecked()).toBe(true);
    const area = page.getByLabel('Common area', { exact: true });
    expect(await area.locator('option:checked').textContent()).toBe('Floor 3 washroom');
    await expect.poll(() => page.getByLabel('Room number', { exact: true }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Toilet Seat', exact: true }).check();
    await page.getByLabel('Message', { exact: true }).fill('The toilet seat in the second stall is cracked.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your complaint is registered').first().waitFor();

    const scanner = await suite.api(SCANNER);
    const mine = await scanner.get('/api/complaints/mine');
    const filed = (mine.body.items as Array<{ number: string; commonArea: string | null; roomNo: string; floor: number; subCategory: string }>)[0];
    expect(filed).toMatchObject({ commonArea: 'Floor 3 washroom', roomNo: '', floor: 3, subCategory: 'Toilet Seat' });

    // The plumbing team's queue says where.
    const plumber = await browse.as(PLUMBER, DESKTOP);
    await plumber.page.goto(`${suite.portal.baseUrl}/staff`);
    const row = plumber.page.getByTestId('queue-row').filter({ hasText: filed?.number ?? '' });
    await row.getByText('Block-2, Floor 3 washroom').first().waitFor();
  });

  it('comes from a common area an admin adds on a phone, its code suggested from its name and floor', async ({ browse }) => {
    const { page } = await browse.as(ADMIN, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/admin/hostels`);
    await page.getByRole('heading', { name: 'Hostels', level: 1 }).waitFor();
    const block2 = page.getByTestId('hostel').filter({ has: page.getByRole('heading', { name: 'Block-2', exact: true }) });
    expect(await block2.textContent()).toContain('Code BLOCK2');
    await block2.getByRole('button', { name: 'Common areas of Block-2' }).click();
    const panel = block2.getByTestId('common-areas');
    await panel.getByTestId('common-area').filter({ hasText: 'Floor 3 washroom' }).waitFor();

    const add = panel.getByRole('form', { name: 'Add a common area to Block-2' });
    await add.getByLabel('Area name').fill('Corridor');
    await add.getByLabel('Where').selectOption('2');
    await expect.poll(() => add.getByLabel('Code').inputValue()).toBe('F2CORR');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await add.getByRole('button', { name: 'Add area' }).click();
    await panel.getByText("Floor 2 corridor is added: its label's address is /p/BLOCK2/F2CORR.").waitFor();

    const corridor = panel.getByTestId('common-area').filter({ hasText: 'Floor 2 corridor' });
    await corridor.getByRole('button', { name: 'Retire Floor 2 corridor' }).click();
    await corridor.getByText('Floor 2 corridor is retired: its label no longer works.').waitFor();
    const place = await (await suite.api(SCANNER)).get('/api/places/BLOCK2/F2CORR');
    expect(place.status).toBe(404);
  });
});
