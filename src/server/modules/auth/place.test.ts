import { describe, expect } from 'vitest';
import { aCleaningRequest, aComplaint } from '../../../../tests/factories/complaints.js';
import { portalTest } from '../../../../tests/support/fixtures.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';

/**
 * The student's place (hostel, floor, room) is remembered from their first filing, shown by
 * GET /api/me so the forms can fill it in, and edited on the account page (PUT /api/me/place).
 */

const it = portalTest({ env: RELAXED_LIMITS });

const placeOf = async (student: ApiClient) => (await student.get('/api/me')).body.place;

describe("the student's remembered place", () => {
  it('is none at first, the first complaint\'s place after filing, and not moved by later filings', async ({ newStudent: student }) => {
    expect(await placeOf(student)).toBeNull();
    expect((await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor: 3, roomNo: '312' }))).status).toBe(201);
    expect(await placeOf(student)).toEqual({ hostel: 'Block-2', floor: 3, roomNo: '312' });
    // A complaint about the common room upstairs does not move where the student lives.
    expect((await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor: 4, roomNo: '410' }))).status).toBe(201);
    expect(await placeOf(student)).toEqual({ hostel: 'Block-2', floor: 3, roomNo: '312' });
  });

  it('is remembered from a first cleaning request too, its floor read from the room number', async ({ newStudent: student }) => {
    expect((await student.post('/api/cleaning-requests', aCleaningRequest({ hostel: 'Block-1 (Old)', roomNo: 214 }))).status).toBe(201);
    expect(await placeOf(student)).toEqual({ hostel: 'Block-1 (Old)', floor: 2, roomNo: '214' });
  });

  it('is edited from the account page and then kept', async ({ newStudent: student }) => {
    const saved = await student.send('PUT', '/api/me/place', { hostel: 'Block-2', floor: 2, roomNo: ' 214 ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ place: { hostel: 'Block-2', floor: 2, roomNo: '214' } });
    expect(await placeOf(student)).toEqual({ hostel: 'Block-2', floor: 2, roomNo: '214' });
    await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor: 3, roomNo: '312' }));
    expect(await placeOf(student)).toEqual({ hostel: 'Block-2', floor: 2, roomNo: '214' });
  });

  it('refuses a place the catalogue does not have, naming each field', async ({ newStudent: student }) => {
    const unknownHostel = await student.send('PUT', '/api/me/place', { hostel: 'Block-99', floor: 2, roomNo: '214' });
    expect(unknownHostel.status).toBe(400);
    expect(unknownHostel.body.error?.fields).toEqual({ hostel: 'Choose your hostel' });
    const wrongRoom = await student.send('PUT', '/api/me/place', { hostel: 'Block-2', floor: 2, roomNo: '99999' });
    expect(wrongRoom.status).toBe(400);
    expect(wrongRoom.body.error?.fields).toHaveProperty('roomNo');
    expect(String(wrongRoom.body.error?.fields?.roomNo)).toContain('is not in Block-2');
    const noFloor = await student.send('PUT', '/api/me/place', { hostel: 'Block-2', roomNo: '214' });
    expect(noFloor.status).toBe(400);
    expect(noFloor.body.error?.fields).toMatchObject({ floor: 'Enter the floor' });
    expect(await placeOf(student)).toBeNull();
  });

  it('is the signed-in student\'s own: signed out, nothing is changed', async ({ portal }) => {
    const response = await fetch(`${portal.baseUrl}/api/me/place`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hostel: 'Block-2', floor: 2, roomNo: '214' }),
    });
    expect([401, 403]).toContain(response.status);
  });
});
