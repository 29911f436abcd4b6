import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import type { User } from '../../../shared/auth.js';
import { audit } from '../audit/service.js';
import { deriveNames } from './derive-names.js';

export interface SignInIdentity {
  email: string;
  displayName: string;
  issuer: string;
  subject: string;
}

/**
 * Creates the user on first sign-in and refreshes the names on every later one (a corrected display
 * name at the provider shows up at the next sign-in). An account listed in ADMIN_EMAILS is an admin
 * after every sign-in, not only its first: whoever signed in once before being listed is promoted
 * the next time, and the promotion is audited. Removing an address from ADMIN_EMAILS demotes nobody;
 * an admin changes roles in the console (which keeps at least one admin).
 */
export async function upsertUserAtSignIn(
  db: Db,
  identity: SignInIdentity,
  options: { regNumberPattern: RegExp; adminEmails: readonly string[] },
): Promise<UserRow> {
  const names = deriveNames(identity.displayName, options.regNumberPattern);
  const listed = options.adminEmails.includes(identity.email);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [before] = listed ? await tx.select({ role: users.role }).from(users).where(eq(users.email, identity.email)) : [];
    const [row] = await tx
      .insert(users)
      .values({
        email: identity.email,
        displayName: identity.displayName,
        ...names,
        role: listed ? 'admin' : 'student',
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        lastSignInAt: now,
      })
      .onConflictDoUpdate({
        target: users.email,
        set: {
          displayName: identity.displayName,
          name: names.name,
          fname: names.fname,
          regId: names.regId,
          ...(listed ? { role: 'admin' as const } : {}),
          oidcIssuer: identity.issuer,
          oidcSubject: identity.subject,
          lastSignInAt: now,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('user upsert returned nothing');
    if (before && before.role !== 'admin') {
      await audit(tx, {
        actorId: null,
        action: 'user.update',
        targetType: 'user',
        targetId: row.id,
        details: { email: row.email, before: { role: before.role }, after: { role: 'admin' }, reason: 'listed in ADMIN_EMAILS' },
      });
    }
    return row;
  });
}

export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    fname: row.fname,
    regId: row.regId,
    role: row.role,
  };
}

/** An account an administrator added by address (staff, wardens, admins), still active. */
export async function findAddedStaff(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.addedBy), ne(users.role, 'student'), isNull(users.disabledAt)))
    .limit(1);
  return row;
}
