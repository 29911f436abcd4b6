import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { addStaff } from '../../../../tests/support/staff.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';

/**
 * The queue's search box finds a student by any part of the name the staff page shows, in any
 * order, by registration number and by address; a confidential complaint only for those with the duty.
 */

let portal: TestApp;
let admin: ApiClient;
let warden: ApiClient;
let duty: ApiClient;
let priya: ApiClient;
let otherPriya: ApiClient;

beforeAll(async () => {
  portal = await startTestApp({
    ...RELAXED_LIMITS,
    ADMIN_EMAILS: 'search.admin@vitbhopal.ac.in',
  });
  const url = portal.baseUrl;
  admin = await ApiClient.signedIn(url, { email: 'search.admin@vitbhopal.ac.in', name: 'Search Admin' });
  for (const person of [
    { email: 'search.warden@vitbhopal.ac.in', name: 'Anita Rao', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
    { email: 'search.duty@vitbhopal.ac.in', name: 'Duty Officer', role: 'staff', antiRagging: true, scopes: [{ category: 'other', hostel: '' }] },
  ]) {
    await addStaff(admin, person);
  }
  warden = await ApiClient.signedIn(url, { email: 'search.warden@vitbhopal.ac.in', name: 'Anita Rao' });
  duty = await ApiClient.signedIn(url, { email: 'search.duty@vitbhopal.ac.in', name: 'Duty Officer' });
  // Her address carries no part of her surname: only the name can find her by it.
  priya = await ApiClient.signedIn(url, { email: 'p21bce10042@vitbhopal.ac.in', name: 'PRIYA NAIR 21BCE10042' });
  otherPriya = await ApiClient.signedIn(url, { email: 'priya.sharma@vitbhopal.ac.in', name: 'Priya Sharma 21BCE10077' });
});
afterAll(async () => {
  await portal?.close();
});

const file = async (client: ApiClient, over: Record<string, unknown> = {}) => {
  const filed = await client.post('/api/complaints', aComplaint({ hostel: 'Block-2', complaint: 'The fan hums all night', ...over }));
  expect(filed.status).toBe(201);
  return String(filed.body.number);
};
const found = async (client: ApiClient, q: string) => {
  const { status, body } = await client.get(`/api/staff/complaints?q=${encodeURIComponent(q)}&limit=100`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.items as Array<{ number: string }>).map((c) => c.number);
};

describe('the queue search finds a student', () => {
  it('by any part of the full name in any order, the registration number and the address', async () => {
    const hers = await file(priya);
    const theOtherPriyas = await file(otherPriya);
    for (const q of ['Priya', 'Nair', 'nair', 'Priya Nair', 'NAIR PRIYA', '21BCE10042', 'Nair 21bce10042', 'p21bce10042@vitbhopal.ac.in']) {
      expect(await found(warden, q), q).toContain(hers);
    }
    expect(await found(warden, 'Priya Nair')).not.toContain(theOtherPriyas);
    expect(await found(warden, 'Priya')).toContain(theOtherPriyas);
    // The queue's CSV export finds the same complaints.
    const csv = await warden.http.request(`${portal.baseUrl}/api/staff/complaints.csv?q=${encodeURIComponent('Nair Priya')}`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(hers);
    expect(text).not.toContain(theOtherPriyas);
  });

  it('never finds a confidential complaint by who filed it for those without the duty', async () => {
    const ragging = await file(priya, { category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors again' });
    for (const q of ['Nair', 'Priya Nair', '21BCE10042', 'p21bce10042@vitbhopal.ac.in']) {
      expect(await found(warden, q), q).not.toContain(ragging);
      expect(await found(admin, q), q).toContain(ragging);
      expect(await found(duty, q), q).toContain(ragging);
    }
    // Its own words still find it for everyone in scope.
    expect(await found(warden, 'Seniors')).toContain(ragging);
  });
});

describe('the queue search finds a complaint by the name it was filed under', () => {
  it('after its account was renamed, while another account still has that name', async () => {
    // The copy on the complaint is the name as filed; the account is what the provider says today.
    const before = await ApiClient.signedIn(portal.baseUrl, { email: 'm21bce10050@vitbhopal.ac.in', name: 'Meera Iyer 21BCE10050' });
    const filedAsMeera = await file(before);
    await ApiClient.signedIn(portal.baseUrl, { email: 'm21bce10050@vitbhopal.ac.in', name: 'Mira Iyer 21BCE10050' });
    const stillMeera = await file(await ApiClient.signedIn(portal.baseUrl, { email: 'meera.shah@vitbhopal.ac.in', name: 'Meera Shah 21BCE10051' }));
    const meeras = await found(warden, 'Meera');
    expect(meeras).toContain(stillMeera);
    expect(meeras).toContain(filedAsMeera);
    // Its current name finds it too.
    expect(await found(warden, 'Mira')).toContain(filedAsMeera);
  });
});

describe('a search page after page', () => {
  // Pages full from the complaints read in order and the last, partial one from every match sorted
  // (listQueue reads a search both ways): cursor after cursor, the same rows as one long page.
  it('lists every match once, in the order asked, newest or oldest first', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      numbers.push(await file(priya, { complaint: `The gurgling drain again, time ${i}` }));
      await file(otherPriya, { complaint: `The fan hums again, time ${i}` });
    }
    for (const sort of ['newest', 'oldest'] as const) {
      const whole = await warden.get(`/api/staff/complaints?q=gurgling&sort=${sort}&limit=100`);
      expect(whole.status).toBe(200);
      const all = (whole.body.items as Array<{ number: string }>).map((c) => c.number);
      expect([...all].sort()).toEqual([...numbers].sort());
      const paged: string[] = [];
      let cursor = '';
      for (let page = 0; page < 5; page++) {
        const next = await warden.get(`/api/staff/complaints?q=gurgling&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(next.status).toBe(200);
        paged.push(...(next.body.items as Array<{ number: string }>).map((c) => c.number));
        const nextCursor = next.body.nextCursor as string | null;
        if (!nextCursor) break;
        cursor = nextCursor;
      }
      expect(paged, sort).toEqual(all);
    }
    expect(await found(warden, 'gurgling')).toEqual(numbers.toReversed());
  });
});
