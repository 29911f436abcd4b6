import { describe, expect, it } from 'vitest';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

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

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'search.admin@vitbhopal.ac.in', name: 'Search Admin' },
  warden: { email: 'search.warden@vitbhopal.ac.in', name: 'Anita Rao', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
  team: { duty: { email: 'search.duty@vitbhopal.ac.in', name: 'Duty Officer', role: 'staff', antiRagging: true, scopes: [{ category: 'other', hostel: '' }] } },
  // Her address carries no part of her surname: only the name can find her by it.
  student: { email: 'p21bce10042@vitbhopal.ac.in', name: 'PRIYA NAIR 21BCE10042' },
  students: { otherPriya: { email: 'priya.sharma@vitbhopal.ac.in', name: 'Priya Sharma 21BCE10077' } },
});
test.beforeAll(({ portal: app, admin: a, warden: w, team, student, students }) => {
  [portal, admin, warden, duty, priya, otherPriya] = [app, a, w, team.duty, student, students.otherPriya];
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

  // Issue 39: an admin without the duty found the reports by the reporter's name, and a warden by their room.
  it('never finds a confidential complaint by who filed it, or by its room, for those without the duty, an admin included', async () => {
    const ragging = await file(priya, { category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', roomNo: '318', complaint: 'Seniors again' });
    for (const q of ['Nair', 'Priya Nair', '21BCE10042', 'p21bce10042@vitbhopal.ac.in', '318']) {
      expect(await found(warden, q), q).not.toContain(ragging);
      expect(await found(admin, q), q).not.toContain(ragging);
      expect(await found(duty, q), q).toContain(ragging);
    }
    // Where it happened finds it for everyone in scope; its own words (they may name its reporter) only for the duty.
    expect(await found(warden, 'corridor')).toContain(ragging);
    expect(await found(admin, 'corridor')).toContain(ragging);
    expect(await found(warden, 'Seniors')).not.toContain(ragging);
    expect(await found(duty, 'Seniors')).toContain(ragging);
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

describe('a search that names a few students', () => {
  // Fewer matches than a page: listQueue reads them a student at a time, each from the student's own
  // index, plus the complaints whose words match (decision 62). The same rows as reading every match.
  it('finds every complaint of each student so named, filed under the name, or saying it, and nothing else, in either order', async () => {
    const kavya = await ApiClient.signedIn(portal.baseUrl, { email: 'k21bce10301@vitbhopal.ac.in', name: 'Kavya Menon 21BCE10301' });
    const otherKavya = await ApiClient.signedIn(portal.baseUrl, { email: 'k21bce10302@vitbhopal.ac.in', name: 'Kavya Menon 21BCE10302' });
    const renamed = await ApiClient.signedIn(portal.baseUrl, { email: 'k21bce10303@vitbhopal.ac.in', name: 'Kavya Menon 21BCE10303' });
    const neighbour = await ApiClient.signedIn(portal.baseUrl, { email: 'r21bce10304@vitbhopal.ac.in', name: 'Rohit Das 21BCE10304' });
    const expected: string[] = [];
    for (let i = 0; i < 3; i++) {
      expected.push(await file(kavya, { complaint: `Leaking tap, week ${i}` }));
      expected.push(await file(otherKavya, { complaint: `Fan wobbles, week ${i}` }));
    }
    // Filed under the first name, then the account renamed: found by the copy on the complaint.
    expected.push(await file(renamed, { complaint: 'Window latch broken' }));
    await ApiClient.signedIn(portal.baseUrl, { email: 'k21bce10303@vitbhopal.ac.in', name: 'Kavika Menon 21BCE10303' });
    // Another student's complaint that names her in its own words.
    expected.push(await file(neighbour, { complaint: 'Kavya Menon next door hears the same buzzing' }));
    await file(neighbour, { complaint: 'Buzzing light in the corridor' });
    const ragging = await file(kavya, { category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Mess queue', complaint: 'Pushed around' });

    const numbers = async (client: ApiClient, query: string) => {
      const { status, body } = await client.get(`/api/staff/complaints?${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return (body.items as Array<{ number: string }>).map((c) => c.number);
    };
    const newestFirst = [...expected].sort().reverse();
    expect(await numbers(warden, 'q=Kavya&sort=newest&limit=100')).toEqual(newestFirst);
    expect(await numbers(warden, 'q=Kavya&sort=oldest&limit=100')).toEqual([...newestFirst].reverse());
    // The confidential complaint only for those who may reveal who filed it, in its place in the order:
    // not an admin without the duty, but the same admin once they give themselves the duty.
    expect(await numbers(admin, 'q=Kavya&sort=newest&limit=100')).toEqual(newestFirst);
    const me = (await admin.get('/api/me')).body.user as { id: string };
    expect((await admin.send('PUT', `/api/admin/users/${me.id}`, { role: 'admin', antiRagging: true, scopes: [] })).status).toBe(200);
    expect(await numbers(admin, 'q=Kavya&sort=newest&limit=100')).toEqual([ragging, ...newestFirst]);
    expect((await admin.send('PUT', `/api/admin/users/${me.id}`, { role: 'admin', antiRagging: false, scopes: [] })).status).toBe(200);
    // With a filter and a cursor: the rest of the rows after the first page, still in order.
    const first = await warden.get('/api/staff/complaints?q=Kavya&sort=newest&limit=4');
    expect((first.body.items as Array<{ number: string }>).map((c) => c.number)).toEqual(newestFirst.slice(0, 4));
    const rest = await numbers(warden, `q=Kavya&sort=newest&limit=100&cursor=${String(first.body.nextCursor)}`);
    expect(rest).toEqual(newestFirst.slice(4));
    expect(await numbers(warden, 'q=Kavya%2021BCE10302&limit=100')).toEqual(newestFirst.filter((n) => expected.indexOf(n) % 2 === 1 && expected.indexOf(n) < 6));
  });

  it('past the hundred complaints read of a student, still lists the page a full read would, whether those hundred hold a page or not', async () => {
    // One student with 108 complaints: her three oldest in Block-3, the rest in Block-2. Another
    // with the same name files two in Block-3 in between.
    const busy = await ApiClient.signedIn(portal.baseUrl, { email: 't21bce10401@vitbhopal.ac.in', name: 'Tara Bose 21BCE10401' });
    const other = await ApiClient.signedIn(portal.baseUrl, { email: 't21bce10402@vitbhopal.ac.in', name: 'Tara Bose 21BCE10402' });
    const block3: string[] = [];
    const block2: string[] = [];
    for (let i = 0; i < 3; i++) block3.push(await file(busy, { hostel: 'Block-3', complaint: `Door hinge loose, floor ${i}` }));
    block3.push(await file(other, { hostel: 'Block-3', complaint: 'Tap drips all night' }));
    // One after another: the complaint numbers then follow the filing times, and the lists below sort by them.
    for (let i = 0; i < 105; i++) block2.push(await file(busy, { complaint: `Wifi drops, report ${i}` }));
    block3.push(await file(other, { hostel: 'Block-3', complaint: 'Tap drips again' }));
    const numbers = async (query: string) => {
      const { status, body } = await admin.get(`/api/staff/complaints?q=Tara&${query}`);
      expect(status, JSON.stringify(body)).toBe(200);
      return (body.items as Array<{ number: string }>).map((c) => c.number);
    };
    const newest = (list: string[]) => [...list].sort().reverse();
    // The hundred newest of hers are all in Block-2: the page comes from them.
    expect(await numbers('hostel=Block-2&sort=newest&limit=10')).toEqual(newest(block2).slice(0, 10));
    expect(await numbers('hostel=Block-2&sort=oldest&limit=10')).toEqual(newest(block2).reverse().slice(0, 10));
    // Her hundred newest hold none of Block-3: the rest of the page lies past them, and is read in full.
    expect(await numbers('hostel=Block-3&sort=newest&limit=10')).toEqual(newest(block3));
    expect(await numbers('hostel=Block-3&sort=oldest&limit=3')).toEqual(newest(block3).reverse().slice(0, 3));
  });
});
