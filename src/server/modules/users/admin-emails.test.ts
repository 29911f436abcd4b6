import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp } from '../../../../tests/support/test-app.js';
import { openTestDatabase } from '../../../../tests/support/test-db.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';

const OPERATOR = { email: 'first.operator@vitbhopal.ac.in', name: 'First Operator 21BCE10042' };
let database: Database | undefined;

afterAll(async () => {
  await database?.close();
});

/** The portal restarted with other settings on the same database, and the operator signing in again. */
async function signInAfterRestart(env: Record<string, string>) {
  database ??= await openTestDatabase();
  const portal = await startTestApp({ ...RELAXED_LIMITS, ...env }, { database });
  try {
    const client = await ApiClient.signedIn(portal.baseUrl, OPERATOR);
    const me = await client.get('/api/me');
    return (me.body.user as { role: string }).role;
  } finally {
    await portal.close();
  }
}

describe('ADMIN_EMAILS', () => {
  it('applies at every sign-in: someone who signed in before being listed becomes an admin (audited), and stays one when unlisted', async () => {
    expect(await signInAfterRestart({})).toBe('student');
    expect(await signInAfterRestart({ ADMIN_EMAILS: `someone.else@vitbhopal.ac.in,${OPERATOR.email}` })).toBe('admin');
    if (!database) throw new Error('no database');
    const [row] = await database.db.select().from(users).where(eq(users.email, OPERATOR.email));
    const promotions = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row?.id ?? ''), eq(auditLog.action, 'user.update')));
    expect(promotions).toHaveLength(1);
    expect(promotions[0]?.details).toMatchObject({ before: { role: 'student' }, after: { role: 'admin' }, reason: 'listed in ADMIN_EMAILS' });

    // Removing the address again demotes nobody: roles are then changed in the console.
    expect(await signInAfterRestart({})).toBe('admin');
  });
});
