import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complaints, hostels } from '../../db/schema.js';
import { aComplaint, aStudent } from '../../../../tests/factories/complaints.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * A place in the staff console: its page (open and past complaints, the last 30 days by category)
 * within the reader's scope, and the repeat flag (three of one category at a place in 30 days) on
 * queue rows and the complaint page. Confidential reports are never listed nor counted.
 */

let portal: TestApp;
let admin: ApiClient;
let wifiAll: ApiClient;
let wifiBlock3: ApiClient;
let electric: ApiClient;
let warden: ApiClient;
let student: ApiClient;
let areaId: string;

const DAY_MS = 86_400_000;
const db = () => portal.database.db;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'place.admin@vitbhopal.ac.in', name: 'Place Admin' },
  team: {
    wifiAll: { email: 'place.wifi@vitbhopal.ac.in', name: 'Ravi Kumar', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
    wifiBlock3: { email: 'place.wifi3@vitbhopal.ac.in', name: 'Sunil Das', role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-3' }] },
    electric: { email: 'place.power@vitbhopal.ac.in', name: 'Asha Menon', role: 'staff', scopes: [{ category: 'electricity', hostel: '' }] },
    warden: { email: 'place.warden@vitbhopal.ac.in', name: 'Anita Rao', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
  },
  student: aStudent(),
});
test.beforeAll(async ({ portal: app, admin: a, team, student: filer }) => {
  [portal, admin, student] = [app, a, filer];
  ({ wifiAll, wifiBlock3, electric, warden } = team);
  const [block2] = await db().select({ id: hostels.id, code: hostels.code }).from(hostels).where(eq(hostels.name, 'Block-2'));
  if (!block2) throw new Error('no Block-2');
  // The migration derived the code from the name.
  expect(block2.code).toBe('BLOCK2');
  // Through the admin console's API, so the portal's catalogue knows it at once.
  const area = await admin.post(`/api/admin/hostels/${block2.id}/common-areas`, { name: 'Washroom', floor: 3, code: 'F3WASH' });
  expect(area.status, JSON.stringify(area.body)).toBe(201);
  areaId = String(area.body.id);
});

/** Files a complaint as a new student each time (no limit or duplicate check in the way) and gives its row's id. */
async function file(over: Record<string, unknown>): Promise<{ number: string; id: string }> {
  const filer = await ApiClient.withSession(portal, aStudent());
  const filed = await filer.post('/api/complaints', aComplaint(over));
  expect(filed.status).toBe(201);
  const number = String(filed.body.number);
  const [row] = await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return { number, id: row.id };
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

type QueueRow = { number: string; repeating: boolean; place: { hostelCode: string; ref: string; label: string } | null };

async function queueRow(client: ApiClient, number: string): Promise<QueueRow | undefined> {
  const { status, body } = await client.get(`/api/staff/complaints?q=${encodeURIComponent(number)}&limit=100`);
  expect(status).toBe(200);
  return (body.items as QueueRow[]).find((i) => i.number === number);
}

type PlaceBody = {
  place: { kind: string; hostel: string; hostelCode: string; ref: string; name: string; floor: number | null; retired: boolean };
  repeating: boolean;
  lastDays: Array<{ category: string; count: number; repeating: boolean }>;
  open: Array<{ number: string; category: string }>;
  past: { items: Array<{ number: string }>; nextCursor: string | null };
};
const placeOf = async (client: ApiClient, path: string) => {
  const { status, body } = await client.get(`/api/staff/places/${path}`);
  return { status, body: body as unknown as PlaceBody & typeof body };
};

describe('the repeat flag', () => {
  it('flags a room at the third complaint of one category in 30 days, not at the second, nor counting older ones', async () => {
    const first = await file({ hostel: 'Block-2', floor: 2, roomNo: '214', category: 'wifi' });
    const second = await file({ hostel: 'Block-2', floor: 2, roomNo: '214', category: 'wifi' });
    // Another category in the same room does not make wifi repeat.
    await file({ hostel: 'Block-2', floor: 2, roomNo: '214', category: 'electricity', subCategory: 'Fan' });
    expect(await queueRow(wifiAll, second.number)).toMatchObject({ repeating: false, place: { hostelCode: 'BLOCK2', ref: '214', label: 'Room 214' } });

    const third = await file({ hostel: 'Block-2', floor: 2, roomNo: '214', category: 'wifi' });
    for (const c of [first, second, third]) expect((await queueRow(wifiAll, c.number))?.repeating).toBe(true);
    const detail = await wifiAll.get(`/api/staff/complaints/${third.number}`);
    expect(detail.body).toMatchObject({ repeating: true, place: { hostelCode: 'BLOCK2', ref: '214' } });

    // The first filed 31 days ago: two in the last 30 days, no longer repeating.
    await db().update(complaints).set({ createdAt: daysAgo(31) }).where(eq(complaints.id, first.id));
    expect((await queueRow(wifiAll, third.number))?.repeating).toBe(false);
    await db().update(complaints).set({ createdAt: daysAgo(29) }).where(eq(complaints.id, first.id));
    expect((await queueRow(wifiAll, third.number))?.repeating).toBe(true);
  });

  it('counts a common area by itself, and never a confidential report', async () => {
    // Filed for the floor's washroom through the form's API (its room then is none).
    const atArea = () => file({ hostel: 'Block-2', floor: 3, roomNo: '', commonAreaId: areaId, category: 'wifi' });
    const filed = [await atArea(), await atArea()];
    expect(await queueRow(wifiAll, filed[0]!.number)).toMatchObject({ repeating: false, place: { hostelCode: 'BLOCK2', ref: 'F3WASH', label: 'Floor 3 washroom' } });
    filed.push(await atArea());
    expect((await queueRow(wifiAll, filed[0]!.number))?.repeating).toBe(true);
    // Room 301 below it is another place: three there would be its own repeat, these are not its.
    expect((await queueRow(wifiAll, (await file({ hostel: 'Block-2', floor: 3, roomNo: '301', category: 'wifi' })).number))?.repeating).toBe(false);

    // Room 415 with two wifi complaints and a confidential one: not repeating, and the confidential one has no place.
    const room = [];
    for (let i = 0; i < 3; i += 1) room.push(await file({ hostel: 'Block-2', floor: 4, roomNo: '415', category: 'wifi' }));
    await db().update(complaints).set({ confidential: true }).where(eq(complaints.id, room[2]!.id));
    expect((await queueRow(wifiAll, room[0]!.number))?.repeating).toBe(false);
    expect(await queueRow(admin, room[2]!.number)).toMatchObject({ repeating: false, place: null });
  });
});

describe("a place's page", () => {
  it('lists the room’s open and past complaints in the reader’s scope, with the last 30 days by category', async () => {
    const room = '522';
    const wifi = [];
    for (let i = 0; i < 4; i += 1) wifi.push(await file({ hostel: 'Block-2', floor: 5, roomNo: room, category: 'wifi' }));
    const power = await file({ hostel: 'Block-2', floor: 5, roomNo: room, category: 'electricity', subCategory: 'Fan' });
    const secret = await file({ hostel: 'Block-2', floor: 5, roomNo: room, category: 'wifi' });
    await db().update(complaints).set({ confidential: true }).where(eq(complaints.id, secret.id));
    // Two finished, one of them long ago.
    await db().update(complaints).set({ status: 'closed' }).where(eq(complaints.id, wifi[0]!.id));
    await db().update(complaints).set({ status: 'resolved', createdAt: daysAgo(90) }).where(eq(complaints.id, wifi[1]!.id));

    const page = await placeOf(wifiAll, `block2/${room}`);
    expect(page.status).toBe(200);
    expect(page.body.place).toEqual({ kind: 'room', hostel: 'Block-2', hostelCode: 'BLOCK2', ref: room, name: `Room ${room}`, floor: 5, retired: false });
    expect(page.body.open.map((c) => c.number)).toEqual([wifi[3]!.number, wifi[2]!.number]);
    expect(page.body.past.items.map((c) => c.number)).toEqual([wifi[0]!.number, wifi[1]!.number]);
    // Three wifi in 30 days (the 90-day-old one not counted); the electricity one is not the wifi worker's.
    expect(page.body.lastDays).toEqual([{ category: 'wifi', count: 3, repeating: true }]);
    expect(page.body.repeating).toBe(true);
    expect(JSON.stringify(page.body)).not.toContain(secret.number);

    const byWarden = await placeOf(warden, `BLOCK2/${room}`);
    expect(byWarden.body.open.map((c) => c.number)).toEqual([power.number, wifi[3]!.number, wifi[2]!.number]);
    expect(byWarden.body.lastDays).toEqual([
      { category: 'wifi', count: 3, repeating: true },
      { category: 'electricity', count: 1, repeating: false },
    ]);
    const byElectric = await placeOf(electric, `BLOCK2/${room}`);
    expect(byElectric.body.open.map((c) => c.number)).toEqual([power.number]);
    expect(byElectric.body.repeating).toBe(false);
    // Even an administrator never sees the confidential report here.
    expect(JSON.stringify((await placeOf(admin, `BLOCK2/${room}`)).body)).not.toContain(secret.number);

    // The past, page by page, newest first.
    const first = await wifiAll.get(`/api/staff/places/BLOCK2/${room}?limit=1`);
    const firstPast = first.body.past as PlaceBody['past'];
    expect(firstPast.items.map((c) => c.number)).toEqual([wifi[0]!.number]);
    expect(firstPast.nextCursor).toEqual(expect.any(String));
    const second = await wifiAll.get(`/api/staff/places/BLOCK2/${room}?limit=1&cursor=${firstPast.nextCursor}`);
    expect((second.body.past as PlaceBody['past']).items.map((c) => c.number)).toEqual([wifi[1]!.number]);
    expect((second.body.past as PlaceBody['past']).nextCursor).toBeNull();
  });

  it('shows a common area by its code, in any case', async () => {
    const page = await placeOf(wifiAll, 'Block2/f3wash');
    expect(page.status).toBe(200);
    expect(page.body.place).toMatchObject({ kind: 'area', ref: 'F3WASH', name: 'Floor 3 washroom', floor: 3, retired: false });
    expect(page.body.open).toHaveLength(3);
    expect(page.body.repeating).toBe(true);
  });

  it('is listed by the insights with the rooms that keep reporting, under the same rule', async () => {
    const { status, body } = await admin.get('/api/insights?hostel=Block-2');
    expect(status).toBe(200);
    const places = body.recurringRooms as Array<{ roomNo: string; area: { code: string; name: string } | null; category: string; count: number }>;
    expect(places).toContainEqual(expect.objectContaining({ hostelCode: 'BLOCK2', roomNo: '', area: { code: 'F3WASH', name: 'Floor 3 washroom' }, category: 'wifi', count: 3 }));
    expect(places).toContainEqual(expect.objectContaining({ roomNo: '522', area: null, category: 'wifi', count: 3 }));
    // Room 415: two wifi complaints and a confidential one, not listed.
    expect(places.some((p) => p.roomNo === '415')).toBe(false);
  });

  it('is not found outside the reader’s hostels, for an unknown hostel, room or area, and refused to students', async () => {
    expect((await placeOf(wifiBlock3, 'BLOCK2/214')).status).toBe(404);
    expect((await placeOf(wifiAll, 'NOPE/214')).status).toBe(404);
    // Block-2's rooms are 0–800.
    expect((await placeOf(wifiAll, 'BLOCK2/9999')).status).toBe(404);
    expect((await placeOf(wifiAll, 'BLOCK2/ZZZ')).status).toBe(404);
    const bad = await placeOf(wifiAll, 'BLOCK2/2-14');
    expect(bad.status).toBe(400);
    expect((await wifiAll.get('/api/staff/places/BLOCK2/214?cursor=forged')).status).toBe(400);
    expect((await placeOf(student, 'BLOCK2/214')).status).toBe(403);
    expect((await placeOf(new ApiClient(portal.baseUrl), 'BLOCK2/214')).status).toBe(401);
  });
});
