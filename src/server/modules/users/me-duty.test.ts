import { expect } from 'vitest';
import type { ApiClient } from '../../../../tests/support/student.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * GET /api/me says whether the user holds the anti-ragging duty: the staff console asks for the
 * ragging clocks (403 for anyone else) only when it does, so nobody else's page meets a refusal.
 */

const ADMIN = { email: 'duty.flag.admin@vitbhopal.ac.in', name: 'Duty Flag Admin' };
const DUTY = { email: 'duty.flag.on@vitbhopal.ac.in', name: 'Duty Flag On' };
const WARDEN = { email: 'duty.flag.off@vitbhopal.ac.in', name: 'Duty Flag Off' };

const it = portalTest({
  admin: ADMIN,
  team: {
    duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: '', hostel: 'Block-2' }] },
    warden: { ...WARDEN, role: 'warden', antiRagging: false, scopes: [{ category: '', hostel: 'Block-2' }] },
  },
  student: { email: 'duty.flag.student@vitbhopal.ac.in', name: 'Duty Flag Student 22BCE10001' },
});

it("tells the signed-in user whether they hold the anti-ragging duty, and follows the admin's change", async ({ admin, team: { duty, warden }, student }) => {
  const ids = { [DUTY.email]: duty.user.id, [WARDEN.email]: warden.user.id };

  const flagOf = async (client: ApiClient) => ((await client.get('/api/me')).body.user as { antiRagging?: unknown }).antiRagging;
  expect(await flagOf(duty)).toBe(true);
  expect(await flagOf(warden)).toBe(false);
  expect(await flagOf(student)).toBe(false);
  expect(await flagOf(admin)).toBe(false);
  // The flag is what the clocks allow: the duty reads them, the warden is refused.
  expect((await duty.get('/api/staff/ragging/clocks')).status).toBe(200);
  expect((await warden.get('/api/staff/ragging/clocks')).status).toBe(403);

  const given = await admin.send('PUT', `/api/admin/users/${ids[WARDEN.email] ?? ''}`, { role: 'warden', antiRagging: true, scopes: [{ category: '', hostel: 'Block-2' }] });
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  expect(await flagOf(warden)).toBe(true);
});
