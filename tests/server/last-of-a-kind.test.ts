import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, hostels, users } from '../../src/server/db/schema.js';
import { ApiClient } from '../support/student.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The rules that keep at least one of something (an enabled admin, a category in use, a hostel in
 * use) hold when two administrators act at the same moment. On PostgreSQL the two requests run in
 * two transactions side by side: each must see the other's change before it counts. (PGlite has one
 * connection, so there the requests take turns and the test shows the rule itself.)
 */

const ROUNDS = 12;

/**
 * How a round of two demotions ended. The one that loses is refused: 409 when it counted the other's
 * demotion, or 401/403 when it arrived after its own author had been demoted (signed out).
 */
function ended(answers: Array<{ status: number }>, admins: number): string {
  const refused = answers.filter((a) => [401, 403, 409].includes(a.status)).length;
  const succeeded = answers.filter((a) => a.status === 200).length;
  return `${succeeded} succeeded, ${refused} refused → ${admins} admin(s)`;
}

let portal: TestApp;
let first: ApiClient;
let second: ApiClient;
let firstId: string;
let secondId: string;

beforeAll(async () => {
  portal = await startTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  first = await ApiClient.withSession(portal, { email: 'first.admin@vitbhopal.ac.in', name: 'First Admin' });
  second = await ApiClient.withSession(portal, { email: 'second.admin@vitbhopal.ac.in', name: 'Second Admin' });
  const db = portal.app.db;
  const both = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['first.admin@vitbhopal.ac.in', 'second.admin@vitbhopal.ac.in']));
  firstId = both.find((u) => u.email.startsWith('first'))?.id ?? '';
  secondId = both.find((u) => u.email.startsWith('second'))?.id ?? '';
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

/** Makes exactly these two people the enabled admins (the sessions stay: a demotion deleted them). */
async function twoAdmins(): Promise<void> {
  const db = portal.app.db;
  await db.update(users).set({ role: 'student' }).where(and(eq(users.role, 'admin'), notInArray(users.id, [firstId, secondId])));
  await db.update(users).set({ role: 'admin', disabledAt: null }).where(inArray(users.id, [firstId, secondId]));
  // A demotion signs the person out; give both a fresh session for the next round.
  first = await ApiClient.withSession(portal, { email: 'first.admin@vitbhopal.ac.in', name: 'First Admin' });
  second = await ApiClient.withSession(portal, { email: 'second.admin@vitbhopal.ac.in', name: 'Second Admin' });
}

const enabledAdmins = async () =>
  (await portal.app.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))).length;

describe('two administrators acting at the same moment', () => {
  it('cannot demote each other until none is left: exactly one demotion succeeds', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await twoAdmins();
      const asStudent = { role: 'student', antiRagging: false, scopes: [] };
      const answers = await Promise.all([
        first.send('PUT', `/api/admin/users/${secondId}`, asStudent),
        second.send('PUT', `/api/admin/users/${firstId}`, asStudent),
      ]);
      outcomes.push(ended(answers, await enabledAdmins()));
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => '1 succeeded, 1 refused → 1 admin(s)'));
  });

  it('cannot disable each other until none is left', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await twoAdmins();
      const disabled = { role: 'admin', antiRagging: false, scopes: [], disabled: true };
      const answers = await Promise.all([
        first.send('PUT', `/api/admin/users/${secondId}`, disabled),
        second.send('PUT', `/api/admin/users/${firstId}`, disabled),
      ]);
      outcomes.push(ended(answers, await enabledAdmins()));
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => '1 succeeded, 1 refused → 1 admin(s)'));
  });

  it('can change each other at the same moment without a deadlock', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await twoAdmins();
      const duty = { role: 'admin', antiRagging: round % 2 === 0, scopes: [] };
      const answers = await Promise.all([
        first.send('PUT', `/api/admin/users/${secondId}`, duty),
        second.send('PUT', `/api/admin/users/${firstId}`, duty),
      ]);
      outcomes.push(answers.map((a) => a.status).join('+'));
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => '200+200'));
  });

  it('cannot retire the last two categories at once', async () => {
    await twoAdmins();
    const db = portal.app.db;
    const all = (await first.get('/api/admin/categories')).body.items as Array<Record<string, unknown> & { key: string }>;
    const [a, b] = all;
    if (!a || !b) throw new Error('the default catalogue has fewer than two categories');
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await db.update(categories).set({ retiredAt: new Date() }).where(notInArray(categories.key, [a.key, b.key]));
      await db.update(categories).set({ retiredAt: null }).where(inArray(categories.key, [a.key, b.key]));
      const answers = await Promise.all([
        first.send('PUT', `/api/admin/categories/${a.key}`, { ...a, retired: true }),
        second.send('PUT', `/api/admin/categories/${b.key}`, { ...b, retired: true }),
      ]);
      const inUse = (await db.select({ key: categories.key }).from(categories).where(isNull(categories.retiredAt))).length;
      outcomes.push(`${answers.map((x) => x.status).sort().join('+')} → ${inUse} in use`);
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => '200+409 → 1 in use'));
  });

  it('cannot retire the last two hostels at once', async () => {
    await twoAdmins();
    const db = portal.app.db;
    const all = (await first.get('/api/admin/hostels')).body.items as Array<Record<string, unknown> & { id: string }>;
    const [a, b] = all;
    if (!a || !b) throw new Error('the default catalogue has fewer than two hostels');
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await db.update(hostels).set({ retiredAt: new Date() }).where(notInArray(hostels.id, [a.id, b.id]));
      await db.update(hostels).set({ retiredAt: null }).where(inArray(hostels.id, [a.id, b.id]));
      const answers = await Promise.all([
        first.send('PUT', `/api/admin/hostels/${a.id}`, { ...a, retired: true }),
        second.send('PUT', `/api/admin/hostels/${b.id}`, { ...b, retired: true }),
      ]);
      const inUse = (await db.select({ id: hostels.id }).from(hostels).where(isNull(hostels.retiredAt))).length;
      outcomes.push(`${answers.map((x) => x.status).sort().join('+')} → ${inUse} in use`);
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => '200+409 → 1 in use'));
  });
});
