import { describe, expect, it } from 'vitest';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Every staff, admin and student-record endpoint against every kind of caller. The expected
 * status says who may do what; a record outside one's scope, or another student's, does not exist.
 */
type Who = 'anonymous' | 'owner' | 'otherStudent' | 'staffInScope' | 'staffOutOfScope' | 'warden' | 'admin';

let portal: TestApp;
const clients = {} as Record<Exclude<Who, 'anonymous'>, ApiClient>;
let number = '';

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' },
  team: {
    staffInScope: { email: 'in.scope@vitbhopal.ac.in', name: 'In Scope', role: 'staff', scopes: [{ category: 'water', hostel: '' }] },
    staffOutOfScope: { email: 'out.of.scope@vitbhopal.ac.in', name: 'Out Scope', role: 'staff', scopes: [{ category: 'mess', hostel: '' }] },
    warden: { email: 'girls.warden@vitbhopal.ac.in', name: 'Girls Warden', role: 'warden', scopes: [{ category: '', hostel: 'Girls' }] },
  },
  student: { email: 'owner@vitbhopal.ac.in', name: 'Own Er 21BCE10011' },
  students: { otherStudent: { email: 'other@vitbhopal.ac.in', name: 'Oth Er 21BCE10012' } },
});
test.beforeAll(async ({ portal: app, admin, team, student: owner, students }) => {
  portal = app;
  Object.assign(clients, { admin, owner, ...students, ...team });
  number = String((await clients.owner.post('/api/complaints', aComplaint({ category: 'water', subCategory: 'Shower', hostel: 'Girls' }))).body.number);
});
async function call(who: Who, method: string, path: string, body?: unknown): Promise<number> {
  if (who === 'anonymous') {
    const response = await fetch(`${portal.baseUrl}${path}`, {
      method,
      headers: body === undefined ? { origin: portal.baseUrl } : { 'content-type': 'application/json', origin: portal.baseUrl },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.status;
  }
  const client = clients[who];
  return method === 'GET' ? (await client.get(path)).status : (await client.send(method, path, body)).status;
}

const WHO: Who[] = ['anonymous', 'owner', 'otherStudent', 'staffInScope', 'staffOutOfScope', 'warden', 'admin'];

const cases: Array<{ name: string; method: string; path: () => string; body?: unknown; expect: Record<Who, number> }> = [
  {
    name: 'read a complaint as its student',
    method: 'GET',
    path: () => `/api/complaints/${number}`,
    expect: { anonymous: 401, owner: 200, otherStudent: 404, staffInScope: 404, staffOutOfScope: 404, warden: 404, admin: 404 },
  },
  {
    name: 'read the staff view of a complaint',
    method: 'GET',
    path: () => `/api/staff/complaints/${number}`,
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 200, staffOutOfScope: 404, warden: 200, admin: 200 },
  },
  {
    name: 'list the queue',
    method: 'GET',
    path: () => '/api/staff/complaints',
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 200, staffOutOfScope: 200, warden: 200, admin: 200 },
  },
  {
    name: 'read the counts',
    method: 'GET',
    path: () => '/api/staff/counts',
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 200, staffOutOfScope: 200, warden: 200, admin: 200 },
  },
  {
    name: 'add an internal note',
    method: 'POST',
    path: () => `/api/staff/complaints/${number}/replies`,
    body: { text: 'note', internal: true },
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 204, staffOutOfScope: 404, warden: 204, admin: 204 },
  },
  {
    name: 'reveal a (not confidential) identity',
    method: 'POST',
    path: () => `/api/staff/complaints/${number}/reveal`,
    body: { reason: 'Checking who filed it' },
    // Only the anti-ragging duty reveals (decision 63): an admin without it is refused like anyone.
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 403, staffOutOfScope: 403, warden: 403, admin: 403 },
  },
  {
    name: 'read routing',
    method: 'GET',
    path: () => '/api/admin/routing',
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 403, staffOutOfScope: 403, warden: 403, admin: 200 },
  },
  {
    name: 'read the outbox',
    method: 'GET',
    path: () => '/api/admin/outbox',
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 403, staffOutOfScope: 403, warden: 403, admin: 200 },
  },
  {
    name: 'list people',
    method: 'GET',
    path: () => '/api/admin/users',
    expect: { anonymous: 401, owner: 403, otherStudent: 403, staffInScope: 403, staffOutOfScope: 403, warden: 403, admin: 200 },
  },
  {
    name: 'confirm a complaint that is not resolved',
    method: 'POST',
    path: () => `/api/complaints/${number}/confirm`,
    body: {},
    expect: { anonymous: 401, owner: 409, otherStudent: 404, staffInScope: 404, staffOutOfScope: 404, warden: 404, admin: 404 },
  },
  {
    name: 'read notifications',
    method: 'GET',
    path: () => '/api/notifications',
    expect: { anonymous: 401, owner: 200, otherStudent: 200, staffInScope: 200, staffOutOfScope: 200, warden: 200, admin: 200 },
  },
];

describe.each(cases)('$name', ({ method, path, body, expect: expected }) => {
  it.each(WHO)('as %s', async (who) => {
    expect(await call(who, method, path(), body)).toBe(expected[who]);
  });
});

describe('state changes by scope', () => {
  it('lets only workers in scope move the complaint', async () => {
    const move = (who: Who) => call(who, 'POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged' });
    expect(await move('anonymous')).toBe(401);
    expect(await move('owner')).toBe(403);
    expect(await move('staffOutOfScope')).toBe(404);
    expect(await move('staffInScope')).toBe(200);
    expect(await move('warden')).toBe(409);
  });
});
