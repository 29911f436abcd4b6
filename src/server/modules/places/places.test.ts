import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicCatalog } from '../../../shared/catalog.js';
import type { CommonAreaAdmin, PlacePage } from '../../../shared/places.js';
import { auditLog, complaints, outbox } from '../../db/schema.js';
import { aComplaint, aStudent } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

const ADMIN = { email: 'places.admin@vitbhopal.ac.in', name: 'Places Admin' };

let portal: TestApp;
let admin: ApiClient;
let student: ApiClient;
let neighbour: ApiClient;
let block2 = '';
let block3 = '';

async function catalog(): Promise<PublicCatalog> {
  return (await (await fetch(`${portal.baseUrl}/api/catalog`)).json()) as PublicCatalog;
}

async function hostelId(name: string): Promise<string> {
  const { body } = await admin.get('/api/admin/hostels');
  const found = (body.items as Array<{ id: string; name: string }>).find((h) => h.name === name);
  if (!found) throw new Error(`no hostel ${name}`);
  return found.id;
}

const addArea = (hostel: string, body: Record<string, unknown>) => admin.post(`/api/admin/hostels/${hostel}/common-areas`, body);

const test = portalTest({ env: RELAXED_LIMITS, admin: ADMIN, students: { student: aStudent(), neighbour: aStudent() } });
test.beforeAll(async ({ portal: app, admin: a, students }) => {
  [portal, admin] = [app, a];
  ({ student, neighbour } = students);
  [block2, block3] = await Promise.all([hostelId('Block-2'), hostelId('Block-3')]);
});

describe('hostel codes', () => {
  it('are made from the names by the migration and shown in the console', async () => {
    const { body } = await admin.get('/api/admin/hostels');
    expect((body.items as Array<{ name: string; code: string }>).map((h) => [h.name, h.code])).toEqual([
      ['Block-1 (Old)', 'BLOCK1OLD'],
      ['Block-2', 'BLOCK2'],
      ['Block-3', 'BLOCK3'],
      ['Girls', 'GIRLS'],
    ]);
  });

  it('are made from the name of a new hostel, numbered when taken, and kept unique', async () => {
    const made = await admin.post('/api/admin/hostels', { name: 'Block 2', floorMin: 0, floorMax: 2, roomRanges: [{ from: 1, to: 30 }] });
    expect(made.status).toBe(201);
    expect(made.body.code).toBe('BLOCK22');
    const taken = await admin.send('PUT', `/api/admin/hostels/${String(made.body.id)}`, { floorMin: 0, floorMax: 2, roomRanges: [{ from: 1, to: 30 }], retired: false, code: 'block2' });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.fields?.code).toBe('is already taken');
    const bad = await admin.send('PUT', `/api/admin/hostels/${String(made.body.id)}`, { floorMin: 0, floorMax: 2, roomRanges: [{ from: 1, to: 30 }], retired: false, code: 'B-2' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.code).toMatch(/letters or digits/);
    const changed = await admin.send('PUT', `/api/admin/hostels/${String(made.body.id)}`, { floorMin: 0, floorMax: 2, roomRanges: [{ from: 1, to: 30 }], retired: false, code: 'nb2' });
    expect(changed.status).toBe(200);
    expect(changed.body.code).toBe('NB2');
    expect((await catalog()).hostels.find((h) => h.name === 'Block 2')?.code).toBe('NB2');
  });
});

describe('common areas in the admin console', () => {
  let washroom: CommonAreaAdmin;

  it('are only for admins', async () => {
    expect((await student.post(`/api/admin/hostels/${block2}/common-areas`, { name: 'Washroom', floor: 3 })).status).toBe(403);
    expect((await student.get(`/api/admin/hostels/${block2}/common-areas`)).status).toBe(403);
    const signedOut = await fetch(`${portal.baseUrl}/api/admin/hostels/${block2}/common-areas`);
    expect(signedOut.status).toBe(401);
  });

  it('are added with a code made from the name and floor, audited, and listed in the public catalogue at once', async () => {
    const { status, body } = await addArea(block2, { name: 'Washroom', floor: 3 });
    expect(status).toBe(201);
    washroom = body as unknown as CommonAreaAdmin;
    expect(washroom).toMatchObject({ name: 'Washroom', floor: 3, code: 'F3WASH', label: 'Floor 3 washroom', address: '/p/BLOCK2/F3WASH', retired: false });
    const mess = await addArea(block2, { name: 'Mess hall', floor: null, code: 'mess' });
    expect(mess.body).toMatchObject({ code: 'MESS', floor: null, label: 'Mess hall', address: '/p/BLOCK2/MESS' });
    // Another washroom on floor 3 needs another name; the same name on floor 3 of another block is fine.
    const again = await addArea(block2, { name: 'washroom', floor: 3 });
    expect(again.status).toBe(409);
    expect(again.body.error?.fields?.name).toBeDefined();
    const westWing = await addArea(block2, { name: 'Washroom west', floor: 3 });
    expect(westWing.body.code).toBe('F3WASH2');
    expect((await addArea(block3, { name: 'Washroom', floor: 3 })).body.code).toBe('F3WASH');

    const hostel = (await catalog()).hostels.find((h) => h.name === 'Block-2');
    expect(hostel?.commonAreas?.map((a) => a.code)).toEqual(['F3WASH', 'MESS', 'F3WASH2']);

    const audited = await portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'common_area.create'), eq(auditLog.targetId, washroom.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.details).toMatchObject({ hostel: 'Block-2', after: { name: 'Washroom', floor: 3, code: 'F3WASH' } });
    const { body: page } = await admin.get('/api/admin/audit?targetType=common_area&limit=50');
    expect((page.items as Array<{ targetLabel: string }>).map((i) => i.targetLabel)).toContain('Floor 3 washroom, Block-2');
  });

  it('refuse a floor the hostel does not have, a code that is not one, and a code taken in the hostel', async () => {
    const high = await addArea(block2, { name: 'Roof', floor: 42 });
    expect(high.status).toBe(400);
    expect(high.body.error?.fields?.floor).toBe('Floor must be a number from 0 to 7');
    const digits = await addArea(block2, { name: 'Corridor', floor: 2, code: '2COR' });
    expect(digits.status).toBe(400);
    expect(digits.body.error?.fields?.code).toMatch(/a letter/);
    const taken = await addArea(block2, { name: 'Corridor', floor: 2, code: 'f3wash' });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.fields?.code).toBe('is already taken');
    expect((await admin.post('/api/admin/hostels/00000000-0000-4000-8000-000000000000/common-areas', { name: 'X', floor: 1 })).status).toBe(404);
  });

  it('are renamed, reordered, retired and restored, each change audited', async () => {
    const path = `/api/admin/hostels/${block2}/common-areas/${washroom.id}`;
    const retired = await admin.send('PUT', path, { name: 'Washroom', floor: 3, code: 'F3WASH', position: 5, retired: true });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ retired: true, position: 5 });
    expect((await catalog()).hostels.find((h) => h.name === 'Block-2')?.commonAreas?.map((a) => a.code)).not.toContain('F3WASH');
    const restored = await admin.send('PUT', path, { name: 'Washroom', floor: 3, code: 'F3WASH', position: 0, retired: false });
    expect(restored.status).toBe(200);
    const { body } = await admin.get(`/api/admin/hostels/${block2}/common-areas`);
    expect((body.items as CommonAreaAdmin[]).map((a) => a.code)).toEqual(['F3WASH', 'MESS', 'F3WASH2']);
    // Another hostel's id in the address finds nothing.
    expect((await admin.send('PUT', `/api/admin/hostels/${block3}/common-areas/${washroom.id}`, { name: 'Washroom', floor: 3, code: 'F3WASH', position: 0, retired: false })).status).toBe(404);
    const actions = await portal.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, washroom.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['common_area.create', 'common_area.restore', 'common_area.retire']);
  });
});

describe('filing for a common area', () => {
  const areaOf = async (hostel: string, code: string) => {
    const found = (await catalog()).hostels.find((h) => h.name === hostel)?.commonAreas?.find((a) => a.code === code);
    if (!found) throw new Error(`no area ${code} in ${hostel}`);
    return found;
  };

  it("stores the area with no room and the area's floor, and the facility mail and the student's view name the place", async () => {
    const area = await areaOf('Block-2', 'F3WASH');
    const { status, body } = await student.post(
      '/api/complaints',
      aComplaint({ category: 'water', subCategory: 'Shower', floor: 6, roomNo: '', commonAreaId: area.id, complaint: 'The second shower has no water.' }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ hostel: 'Block-2', floor: 3, roomNo: '', commonArea: 'Floor 3 washroom' });
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, String(body.number)));
    expect(row).toMatchObject({ commonAreaId: area.id, roomNo: '', floor: 3, placeKind: null });
    const [facility] = await portal.database.db.select().from(outbox).where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'facility')));
    expect(facility?.textBody).toMatch(/Place\s+: Floor 3 washroom/);
    expect(facility?.htmlBody).toContain('Floor 3 washroom');
    expect(facility?.textBody).not.toMatch(/Room\s+:/);
    const mine = await student.get(`/api/complaints/${String(body.number)}`);
    expect(mine.body).toMatchObject({ commonArea: 'Floor 3 washroom', roomNo: '' });
    // A filing about a common area says nothing of where the student lives.
    const me = await student.get('/api/me');
    expect(me.body.place).toBeNull();
  });

  it("puts a whole-building area on the hostel's lowest floor", async () => {
    const mess = await areaOf('Block-2', 'MESS');
    const { body } = await student.post('/api/complaints', aComplaint({ category: 'mess', subCategory: 'Food', roomNo: '', commonAreaId: mess.id }));
    expect(body).toMatchObject({ floor: 0, commonArea: 'Mess hall' });
  });

  it("refuses another hostel's area (422), a retired one (409), an unknown one (422) and a ragging report naming one (400)", async () => {
    const other = await areaOf('Block-3', 'F3WASH');
    const wrong = await student.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower', roomNo: '', commonAreaId: other.id }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'unknown_common_area' });
    expect(wrong.body.error?.fields?.commonAreaId).toContain('Block-2');
    const unknown = await student.post('/api/complaints', aComplaint({ roomNo: '', commonAreaId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(422);

    const made = await addArea(block2, { name: 'Laundry room', floor: 1 });
    await admin.send('PUT', `/api/admin/hostels/${block2}/common-areas/${String(made.body.id)}`, { name: 'Laundry room', floor: 1, code: String(made.body.code), position: 9, retired: true });
    const retired = await student.post('/api/complaints', aComplaint({ roomNo: '', commonAreaId: String(made.body.id) }));
    expect(retired.status).toBe(409);
    expect(retired.body.error).toMatchObject({ code: 'common_area_retired', message: 'Floor 1 laundry room of Block-2 is no longer in use: choose another place.' });

    const area = await areaOf('Block-2', 'F3WASH');
    const ragging = await student.post(
      '/api/complaints',
      aComplaint({ category: 'ragging', subCategory: 'Verbal / abuse', roomNo: '', placeKind: 'hostel', placeText: 'Block-2, corridor', commonAreaId: area.id }),
    );
    expect(ragging.status).toBe(400);
    expect(ragging.body.error?.fields?.commonAreaId).toBeDefined();
    // Without an area the room is still required.
    expect((await student.post('/api/complaints', aComplaint({ roomNo: '' }))).status).toBe(400);
    // A common area is nobody's room: whether staff may enter it is not the student's to answer (decision 47).
    const consent = await student.post(
      '/api/complaints',
      aComplaint({ category: 'water', subCategory: 'Shower', roomNo: '214', commonAreaId: area.id, entryConsent: false, entrySlots: ['evening'] }),
    );
    expect(consent.status).toBe(400);
    expect(consent.body.error?.fields?.entryConsent).toMatch(/only for work in your own room/);
  });
});

describe('the place page API', () => {
  it('is for signed-in students', async () => {
    expect((await fetch(`${portal.baseUrl}/api/places/BLOCK2/214`)).status).toBe(401);
    expect((await admin.get('/api/places/BLOCK2/214')).status).toBe(403);
  });

  it("shows a common area with its open complaints, whether the student follows them, and the hostel's notices", async () => {
    const { status, body } = await neighbour.get('/api/places/block2/f3wash');
    expect(status).toBe(200);
    const place = body as unknown as PlacePage;
    expect(place).toMatchObject({ hostel: 'Block-2', hostelCode: 'BLOCK2', kind: 'area', roomNo: '', floor: 3, name: 'Floor 3 washroom, Block-2', address: '/p/BLOCK2/F3WASH' });
    expect(place.complaints).toHaveLength(1);
    expect(place.complaints[0]).toMatchObject({ category: 'water', excerpt: 'The second shower has no water.', students: 1, following: false, mine: false });
    // Nothing of who filed it.
    expect(JSON.stringify(place)).not.toMatch(/vitbhopal\.ac\.in|Tester/);
    const number = place.complaints[0]?.number ?? '';
    expect((await neighbour.post(`/api/complaints/${number}/follow`, {})).status).toBe(200);
    const again = (await neighbour.get('/api/places/BLOCK2/F3WASH')).body as unknown as PlacePage;
    expect(again.complaints[0]).toMatchObject({ following: true, students: 2 });
  });

  it("shows a room's open complaints but never a confidential one, nor a common area's", async () => {
    await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor: 2, roomNo: '214', complaint: 'The wifi in 214 is down.' }));
    await student.post(
      '/api/complaints',
      aComplaint({ category: 'ragging', subCategory: 'Verbal / abuse', hostel: 'Block-2', floor: 2, roomNo: '214', placeKind: 'hostel', placeText: 'Block-2, room 214' }),
    );
    const { status, body } = await neighbour.get('/api/places/BLOCK2/0214');
    expect(status).toBe(200);
    const place = body as unknown as PlacePage;
    expect(place).toMatchObject({ kind: 'room', roomNo: '214', floor: 2, name: 'Room 214, Block-2', commonArea: null, address: '/p/BLOCK2/214' });
    expect(place.complaints.map((c) => c.category)).toEqual(['wifi']);
  });

  it('answers 404 with a clear message for an unknown hostel, a room outside the ranges, an unknown or retired area', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/places/NOPE/214', /No hostel has the code NOPE/],
      ['/api/places/BLOCK2/900', /Room 900 is not in Block-2 \(rooms 0–800\)/],
      ['/api/places/BLOCK2/GYM', /Block-2 has no common area with the code GYM/],
      ['/api/places/BLOCK2/F1LAUN', /Block-2 has no common area with the code F1LAUN/],
      ['/api/places/BLOCK2/2-14', /neither a room number nor a common area/],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await neighbour.get(path);
      expect(status, path).toBe(404);
      expect(body.error?.message, path).toMatch(message);
    }
  });
});
