import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Nearby } from '../../../shared/complaints.js';
import { complaints, incidents } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { anyOfQuery, searchWords } from './nearby.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { withoutTimes } from '../../../../tests/support/without-times.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * "Already reported" before filing (decision 36): the open complaints of the same hostel and
 * category from the last 14 days, the same floor first and then by the words typed, at most five;
 * active notices; the student's own open complaint of the room. Never who filed, nor their room.
 */

let portal: TestApp;
let filer: ApiClient;
let viewer: ApiClient;
let staff: ApiClient;
const FILER = { email: 'kavya.menon@vitbhopal.ac.in', name: 'Kavya Menon 21BCE10555' };

const db = () => portal.database.db;

async function file(over: Record<string, unknown>, by = filer): Promise<string> {
  const filed = await by.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}

async function ask(query: Record<string, string | number>, as = viewer) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return as.get(`/api/complaints/nearby?${search.toString()}`);
}

const numbers = (body: unknown) => (body as Nearby).complaints.map((c) => c.number);

let routerFloor3: string;
let slowFloor3: string;
let routerFloor5: string;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'nearby.admin@vitbhopal.ac.in', name: 'Nearby Admin' },
  staff: { email: 'nearby.wifi@vitbhopal.ac.in', name: 'Wifi Desk', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
  student: FILER,
  students: { viewer: { email: 'dev.patel@vitbhopal.ac.in', name: 'Dev Patel 22BCE10777' } },
});
test.beforeAll(async ({ portal: app, staff: desk, student: kavya, students }) => {
  [portal, staff, filer, viewer] = [app, desk, kavya, students.viewer];

  routerFloor3 = await file({ floor: 3, roomNo: '312', complaint: 'The wifi router near the stairs keeps restarting every few minutes.' });
  slowFloor3 = await file({ floor: 3, roomNo: '318', complaint: 'Speed is very slow at night, videos buffer.' });
  routerFloor5 = await file({ floor: 5, roomNo: '512', complaint: 'Router on this floor restarting all evening.' });
  // None of these may be offered: another hostel, another category, finished, too old.
  await file({ hostel: 'Block-3', floor: 3, roomNo: '305', complaint: 'Router restarting in Block-3 too.' });
  await file({ category: 'electricity', subCategory: 'Fan', floor: 3, roomNo: '312', complaint: 'Router socket sparks.' });
  const closed = await file({ floor: 3, roomNo: '320', complaint: 'Router restarting, fixed already.' });
  expect((await staff.send('POST', `/api/staff/complaints/${closed}/transitions`, { to: 'rejected', note: 'Duplicate' })).status).toBe(200);
  const old = await file({ floor: 3, roomNo: '321', complaint: 'Router restarting last month.' });
  await db().update(complaints).set({ createdAt: sql`now() - interval '15 days'` }).where(eq(complaints.number, old));
});

describe('what is already known of a problem', () => {
  it('offers open complaints of the hostel and category, the same floor first, then the closest words', async () => {
    const router = await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, text: 'router keeps restarting' });
    expect(router.status).toBe(200);
    expect(numbers(router.body)).toEqual([routerFloor3, slowFloor3, routerFloor5]);

    const slow = await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, text: 'so slow at night' });
    expect(numbers(slow.body)).toEqual([slowFloor3, routerFloor3, routerFloor5]);

    // Without a floor the words decide alone; without words, the newest first.
    expect(numbers((await ask({ hostel: 'Block-2', category: 'wifi', text: 'router restarting' })).body).slice(0, 2).sort()).toEqual([routerFloor3, routerFloor5].sort());
    expect(numbers((await ask({ hostel: 'Block-2', category: 'wifi' })).body)).toEqual([routerFloor5, slowFloor3, routerFloor3]);
    expect(numbers((await ask({ hostel: 'Block-3', category: 'electricity' })).body)).toEqual([]);
  });

  it('says what the problem is and how many it affects, never who filed it or where they live', async () => {
    const { body, status } = await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, text: 'router' });
    expect(status).toBe(200);
    const first = (body as Nearby).complaints[0];
    expect(first).toEqual({
      number: routerFloor3,
      category: 'wifi',
      complaintHead: 'Wifi Complaint',
      subCategory: 'Slow',
      floor: 3,
      status: 'submitted',
      since: expect.any(String) as unknown,
      excerpt: 'The wifi router near the stairs keeps restarting every few minutes.',
      students: 1,
      following: false,
      mine: false,
    });
    const text = withoutTimes(JSON.stringify(body));
    for (const secret of [FILER.email, 'Kavya', '21BCE10555', '312', '318', '512', 'wifi.support']) expect(text).not.toContain(secret);
  });

  it('cuts long words to an excerpt, and offers at most five', async () => {
    const long = 'Access point dead. '.repeat(20);
    const numbersFiled = [];
    for (let i = 0; i < 5; i++) numbersFiled.push(await file({ floor: 7, roomNo: `70${i}`, complaint: long }));
    const { body } = await ask({ hostel: 'Block-2', category: 'wifi', floor: 7, text: 'access point' });
    const found = (body as Nearby).complaints;
    expect(found).toHaveLength(5);
    expect(found.map((c) => c.number).sort()).toEqual(numbersFiled.sort());
    expect([...(found[0]?.excerpt ?? '')].length).toBe(140);
    expect(found[0]?.excerpt.endsWith('…')).toBe(true);
  });

  it('marks what the viewer filed or follows, and counts the students it affects', async () => {
    expect((await viewer.send('POST', `/api/complaints/${routerFloor5}/follow`)).status).toBe(200);
    const seen = (await ask({ hostel: 'Block-2', category: 'wifi', floor: 5, text: 'router' })).body as Nearby;
    expect(seen.complaints[0]).toMatchObject({ number: routerFloor5, following: true, mine: false, students: 2 });
    const own = (await ask({ hostel: 'Block-2', category: 'wifi', floor: 5, text: 'router' }, filer)).body as Nearby;
    expect(own.complaints[0]).toMatchObject({ number: routerFloor5, following: false, mine: true, students: 2 });
  });

  it("points out the student's own open complaint of the same room and category", async () => {
    expect(((await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, room: '312' }, filer)).body as Nearby).alreadyReported).toEqual({
      number: routerFloor3,
      status: 'submitted',
      since: expect.any(String) as unknown,
    });
    expect(((await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, room: '399' }, filer)).body as Nearby).alreadyReported).toBeNull();
    expect(((await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, room: '312' })).body as Nearby).alreadyReported).toBeNull();
    // Finished complaints are not "already reported": the rejected one of room 320 is not pointed out.
    expect(((await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, room: '320' }, filer)).body as Nearby).alreadyReported).toBeNull();
  });

  it('lists the active notices for the floor (and those for the whole hostel)', async () => {
    const endsAt = new Date(Date.now() + 3 * 3600_000);
    const [floor3] = await db()
      .insert(incidents)
      .values({ hostel: 'Block-2', floors: [3], category: 'wifi', title: 'Floor 3 access point down', details: 'A new one is on its way.', endsAt })
      .returning();
    const [whole] = await db()
      .insert(incidents)
      .values({ hostel: 'Block-2', floors: [], category: 'wifi', title: 'Uplink maintenance', endsAt })
      .returning();
    await db().insert(incidents).values({ hostel: 'Block-2', floors: [3], category: 'wifi', title: 'Over already', status: 'resolved', endsAt });
    await db().insert(incidents).values({ hostel: 'Block-2', floors: [3], category: 'water', title: 'No water', endsAt });
    const on3 = (await ask({ hostel: 'Block-2', category: 'wifi', floor: 3 })).body as Nearby;
    expect(on3.notices.map((n) => n.id).sort()).toEqual([floor3?.id, whole?.id].sort());
    expect(on3.notices.find((n) => n.id === floor3?.id)).toEqual({
      id: floor3?.id,
      title: 'Floor 3 access point down',
      details: 'A new one is on its way.',
      floors: [3],
      since: expect.any(String) as unknown,
      expectedBy: endsAt.toISOString(),
      followers: 0,
    });
    expect(((await ask({ hostel: 'Block-2', category: 'wifi', floor: 5 })).body as Nearby).notices.map((n) => n.id)).toEqual([whole?.id]);
  });

  it('takes any words typed without a database error: nothing typed is a query operator', async () => {
    for (const text of ["router' | !:* & (restart)", '\\\\ -- ; drop', 'ürouter 😀 wi-fi', 'a', 'x'.repeat(2000)]) {
      const { status, body } = await ask({ hostel: 'Block-2', category: 'wifi', floor: 3, text });
      expect({ text, status }).toEqual({ text, status: 200 });
      expect(Array.isArray((body as Nearby).complaints)).toBe(true);
    }
    expect(searchWords("router' | !:* & (restart) the a")).toEqual(['router', 'restart']);
    expect(anyOfQuery(['wifi', 'ap', 'router'])).toBe('wifi:* | ap | router:*');
  });

  it('is for signed-in students, and says what is wrong with a bad question', async () => {
    expect((await new ApiClient(portal.baseUrl).get('/api/complaints/nearby?hostel=Block-2&category=wifi')).status).toBe(401);
    expect((await ask({ hostel: 'Block-2', category: 'wifi' }, staff)).status).toBe(403);
    const missing = await ask({ category: 'wifi' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.hostel).toBe('Choose your hostel');
    expect((await ask({ hostel: 'Block-2', category: 'Wi Fi!' })).status).toBe(400);
    expect((await ask({ hostel: 'Block-2', category: 'wifi', floor: 'three' })).status).toBe(400);
  });
});
