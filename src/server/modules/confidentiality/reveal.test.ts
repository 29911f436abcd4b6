import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { withoutTimes } from '../../../../tests/support/without-times.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };
const DUTY = { email: 'anti.ragging@vitbhopal.ac.in', name: 'Duty Officer' };
const WARDEN = { email: 'block2.warden@vitbhopal.ac.in', name: 'Anita Rao' };
const STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' };

let portal: TestApp;
let duty: ApiClient;
let warden: ApiClient;
let number: string;

const reveals = () =>
  portal.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'complaint.reveal_identity'), eq(auditLog.targetId, number)));

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: ADMIN,
  team: { duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'other', hostel: '' }] } },
  warden: { ...WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
  student: STUDENT,
});
test.beforeAll(async ({ portal: app, team, warden: w, student }) => {
  [portal, duty, warden] = [app, team.duty, w];
  const filed = await student.post('/api/complaints', aComplaint({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', hostel: 'Block-2', complaint: 'Seniors in room 210' }));
  number = String(filed.body.number);
});

describe('revealing who filed a confidential complaint', () => {
  it('asks for a reason: without one nothing is revealed and nothing recorded', async () => {
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 'why' }]) {
      const answer = await duty.send('POST', `/api/staff/complaints/${number}/reveal`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      // The field says what is missing, in words a person can act on.
      expect(Object.values(answer.body.error?.fields ?? {}).join(' '), JSON.stringify(body)).toMatch(/^Give (the|a) reason/);
      expect(JSON.stringify(answer.body)).not.toContain('meera.iyer');
    }
    const tooLong = await duty.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.fields).toHaveProperty('reason');
    expect(await reveals()).toEqual([]);
  });

  it('refuses someone without the duty even with a reason, and records nothing', async () => {
    const answer = await warden.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'I am curious who it is' });
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toContain('meera.iyer');
    expect(await reveals()).toEqual([]);
  });

  it('reveals to the duty with a reason, and the audit entry keeps the reason and who asked', async () => {
    const reason = '  The committee meets the student tomorrow about room 210.  ';
    const answer = await duty.send('POST', `/api/staff/complaints/${number}/reveal`, { reason });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ fname: 'Meera', id: '22MIM10045', userEmail: STUDENT.email, name: 'Meera Iyer', room: 'Block-2, floor 3, room 312' });
    const rows = await reveals();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ confidential: true, reason: reason.trim() });
    const [officer] = await portal.database.db.select({ id: users.id }).from(users).where(eq(users.email, DUTY.email));
    expect(rows[0]?.actorId).toBe(officer?.id);
  });

  it("keeps the reporter's own room out of every staff view: it comes only with a reveal", async () => {
    const detail = await warden.send('GET', `/api/staff/complaints/${number}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ roomNo: '', floor: 0 });
    const queue = await duty.send('GET', '/api/staff/complaints?category=ragging');
    const row = (queue.body.items as Array<Record<string, unknown>>).find((item) => item.number === number);
    expect(row).toMatchObject({ roomNo: '', floor: 0 });
    const csv = await duty.http.request(`${portal.baseUrl}/api/staff/complaints.csv?category=ragging`);
    expect(csv.status).toBe(200);
    const file = await csv.text();
    expect(file).toContain(number);
    expect(withoutTimes(file)).not.toContain('312');
  });

  it('answers a complaint outside the scope as not found, recording nothing', async () => {
    const before = (await reveals()).length;
    const answer = await duty.send('POST', '/api/staff/complaints/HC-2026-999999/reveal', { reason: 'Looking for a complaint' });
    expect(answer.status).toBe(404);
    expect((await reveals()).length).toBe(before);
  });
});
