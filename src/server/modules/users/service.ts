import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import type { User } from '../../../shared/auth.js';
import { deriveNames } from './derive-names.js';

export interface SignInIdentity {
  email: string;
  displayName: string;
  issuer: string;
  subject: string;
}

/**
 * Creates the user on first sign-in and refreshes the names on every later one (a corrected display
 * name at the provider shows up at the next sign-in). Accounts listed in ADMIN_EMAILS become admins
 * when first created; an existing role is never changed here.
 */
export async function upsertUserAtSignIn(
  db: Db,
  identity: SignInIdentity,
  options: { regNumberPattern: RegExp; adminEmails: readonly string[] },
): Promise<UserRow> {
  const names = deriveNames(identity.displayName, options.regNumberPattern);
  const role = options.adminEmails.includes(identity.email) ? 'admin' : 'student';
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      email: identity.email,
      displayName: identity.displayName,
      ...names,
      role,
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
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        lastSignInAt: now,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('user upsert returned nothing');
  return row;
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
