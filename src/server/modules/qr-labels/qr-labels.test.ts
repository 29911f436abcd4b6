import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commonAreas, hostels } from '../../db/schema.js';
import { pdfPageCount, pdfText } from '../../../../tests/support/pdf-text.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * The printable QR labels: administrators only, one label per room of the hostel's ranges and per
 * active common area (a floor's alone when asked), 24 to an A4 page, each with the short address.
 */

let portal: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let hostelId: string;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'qr.admin@vitbhopal.ac.in', name: 'QR Admin' },
  staff: { email: 'qr.staff@vitbhopal.ac.in', name: 'Desk Staff', role: 'staff', scopes: [{ category: '', hostel: '' }] },
});
test.beforeAll(async ({ portal: app, admin: a, staff: desk }) => {
  [portal, admin, staff] = [app, a, desk];
  // Floors 1 and 2: rooms 101–130 and 201–220 (50 rooms).
  const created = await admin.post('/api/admin/hostels', { name: 'Tower Q', floorMin: 1, floorMax: 2, roomRanges: [{ from: 101, to: 130 }, { from: 201, to: 220 }] });
  expect(created.status).toBe(201);
  hostelId = String(created.body.id);
  const db = portal.database.db;
  await db.update(hostels).set({ code: 'TOWERQ' }).where(eq(hostels.id, hostelId));
  await db.insert(commonAreas).values([
    { hostelId, floor: 1, name: 'Washroom', code: 'F1WASH', position: 1 },
    { hostelId, floor: 2, name: 'Washroom', code: 'F2WASH', position: 1 },
    { hostelId, floor: null, name: 'Mess hall', code: 'MESS', position: 2 },
    { hostelId, floor: 2, name: 'Old pantry', code: 'F2PAN', position: 3, retiredAt: new Date() },
  ]);
});

async function sheet(client: ApiClient, query = '', id = hostelId) {
  const response = await client.http.request(`${client.baseUrl}/api/admin/hostels/${id}/qr-sheet.pdf${query}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('QR label sheets', () => {
  it('prints a label for every room and active common area, 24 to a page, with the short address', async () => {
    const { status, headers, bytes } = await sheet(admin);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-disposition')).toBe('attachment; filename="qr-labels-TOWERQ.pdf"');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // 50 rooms and 3 active areas: 53 labels, three pages (24 + 24 + 5).
    expect(headers.get('x-labels')).toBe('53');
    expect(pdfPageCount(bytes)).toBe(3);
    const text = pdfText(bytes);
    const host = new URL(portal.baseUrl).host;
    // The host and the path each on a line of their own.
    expect(text).toContain(`${host}\n/p/TOWERQ/214`);
    expect(text).toContain('Room 214');
    expect(text).toContain(`${host}\n/p/TOWERQ/F2WASH`);
    expect(text).toContain('Floor 2 washroom');
    expect(text).toContain('Mess hall');
    expect(text).toContain('Tower Q');
    expect(text).not.toContain('F2PAN');
    expect(text).not.toContain('Room 131');
  });

  it("prints one floor's rooms and areas only", async () => {
    const { status, headers, bytes } = await sheet(admin, '?floor=2');
    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toBe('attachment; filename="qr-labels-TOWERQ-floor-2.pdf"');
    // Rooms 201–220 and the floor's washroom: 21 labels, one page.
    expect(headers.get('x-labels')).toBe('21');
    expect(pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes);
    expect(text).toContain('Room 220');
    expect(text).toContain('/p/TOWERQ/F2WASH');
    expect(text).not.toContain('Room 130');
    expect(text).not.toContain('/p/TOWERQ/F1WASH');
    expect(text).not.toContain('Mess hall');
  });

  it('refuses staff, anyone signed out, a floor the hostel does not have and a hostel that does not exist', async () => {
    expect((await sheet(staff)).status).toBe(403);
    expect((await sheet(new ApiClient(portal.baseUrl))).status).toBe(401);
    const floor = await sheet(admin, '?floor=5');
    expect(floor.status).toBe(400);
    const refusal = JSON.parse(floor.bytes.toString()) as { error: { fields: Record<string, string> } };
    expect(refusal.error.fields.floor).toMatch(/floors 1 to 2/);
    expect((await sheet(admin, '?floor=two')).status).toBe(400);
    expect((await sheet(admin, '', '7d1e4b36-2d8f-4f63-a1c6-0d1f3b9a2c11')).status).toBe(404);
    expect((await sheet(admin, '', 'not-an-id')).status).toBe(400);
  });
});
