import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Role, User } from '../../../shared/auth.js';
import { ANONYMOUS_REPORTER_EMAIL, type Locale } from '../../../shared/constants.js';
import type { Person, personCreateSchema, personUpdateSchema } from '../../../shared/people.js';
import type { Db, Tx } from '../../db/client.js';
import { categories, hostels, services, sessions, staffScopes, users, type UserRow } from '../../db/schema.js';
import { lockCount } from '../../lib/count-locks.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { deriveNames, firstName } from './derive-names.js';

export interface SignInIdentity {
  email: string;
  displayName: string;
  issuer: string;
  subject: string;
  /** The browser's language at sign-in: kept for the first sign-in only, never over a choice. */
  locale: Locale | null;
}

/**
 * Creates the user on first sign-in and refreshes the names on every later one (a corrected display
 * name at the provider shows up at the next sign-in). An account listed in ADMIN_EMAILS is an admin
 * after every sign-in, not only its first: whoever signed in once before being listed is promoted
 * the next time, and the promotion is audited. Removing an address from ADMIN_EMAILS demotes nobody;
 * an admin changes roles in the console (which keeps at least one admin).
 */
/** How many former display names an account keeps (a name changed back and forth is kept once). */
export const FORMER_NAMES_KEPT = 20;

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
        locale: identity.locale,
      })
      .onConflictDoUpdate({
        target: users.email,
        set: {
          displayName: identity.displayName,
          // The name it had until now is kept (decision 63): a confidential report's reporter is
          // withheld by every name they have had, not only today's.
          formerNames: sql`case when ${users.displayName} <> '' and ${users.displayName} <> ${identity.displayName} and not (${users.displayName} = any(${users.formerNames}))
            then (array_append(${users.formerNames}, ${users.displayName}))[greatest(1, cardinality(${users.formerNames}) + 2 - ${FORMER_NAMES_KEPT}::int):]
            else ${users.formerNames} end`,
          name: names.name,
          fname: names.fname,
          regId: names.regId,
          ...(listed ? { role: 'admin' as const } : {}),
          oidcIssuer: identity.issuer,
          oidcSubject: identity.subject,
          lastSignInAt: now,
          // An added staff member's row exists before their first sign-in, with no language yet.
          locale: sql`coalesce(${users.locale}, ${identity.locale})`,
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
    antiRagging: row.antiRagging,
    locale: row.locale,
  };
}

/** The language this person reads from now on (issue 28): mail, push and the bell follow it. */
export async function setLocale(db: Pick<Db, 'update'>, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The one user every anonymous report is filed under (migration 0021): disabled, so it can never
 * sign in, and never told anything (the lifecycle skips the student of an anonymous complaint).
 */
export async function anonymousReporterId(db: Pick<Db, 'select'>): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, ANONYMOUS_REPORTER_EMAIL)).limit(1);
  // The migration creates it; a missing row is a broken database, not a user error.
  if (!row) throw new Error('the anonymous reporter is missing: migrations did not run');
  return row.id;
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

// ---------------------------------------------------------------------------------------------
// People administration (the admin console): roles, scopes, the anti-ragging duty, adding staff
// before they sign in, disabling accounts.

type Scope = { category: string; hostel: string };
export type PersonCreate = z.output<typeof personCreateSchema>;
export type PersonUpdate = z.output<typeof personUpdateSchema>;

async function toPeople(db: Pick<Db, 'select'>, rows: UserRow[]): Promise<Person[]> {
  const scopes = rows.length
    ? await db.select().from(staffScopes).where(inArray(staffScopes.userId, rows.map((r) => r.id)))
    : [];
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    regId: row.regId,
    role: row.role,
    antiRagging: row.antiRagging,
    scopes: scopes.filter((s) => s.userId === row.id).map((s) => ({ category: s.category, hostel: s.hostel })),
    disabled: row.disabledAt !== null,
    addedByAdmin: row.addedBy !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }));
}

async function toPerson(db: Pick<Db, 'select'>, row: UserRow): Promise<Person> {
  const [person] = await toPeople(db, [row]);
  if (!person) throw new Error('a person row gave no person');
  return person;
}

async function checkPerson(db: Pick<Db, 'select'>, role: Role, antiRagging: boolean, scopes: Scope[]) {
  if (role === 'student' && antiRagging) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'The anti-ragging duty is for staff, wardens and admins.', { antiRagging: 'not for students' });
  }
  if ((role === 'student' || role === 'admin') && scopes.length) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'Only staff and wardens have scopes.', { scopes: 'only for staff and wardens' });
  }
  if (!scopes.length) return;
  // Scopes name what the catalogue holds (retired entries included: their complaints still exist).
  const [categoryRows, serviceRows, hostelRows] = await Promise.all([
    db.select({ key: categories.key }).from(categories),
    db.select({ key: services.key }).from(services),
    db.select({ name: hostels.name }).from(hostels),
  ]);
  const knownCategories = new Set(['', ...categoryRows.map((c) => c.key), ...serviceRows.map((s) => s.key)]);
  const knownHostels = new Set(['', ...hostelRows.map((h) => h.name)]);
  for (const scope of scopes) {
    if (!knownCategories.has(scope.category)) {
      throw AppError.withValues(400, 'validation_failed', /*i18n*/ "Unknown category ''{category}''.", () => ({ category: scope.category }), {
        scopes: /*i18n*/ 'has an unknown category',
      });
    }
    if (!knownHostels.has(scope.hostel)) {
      throw AppError.withValues(400, 'validation_failed', /*i18n*/ "Unknown hostel ''{hostel}''.", () => ({ hostel: scope.hostel }), {
        scopes: /*i18n*/ 'has an unknown hostel',
      });
    }
  }
}

async function replaceScopes(tx: Tx, userId: string, scopes: Scope[]) {
  await tx.delete(staffScopes).where(eq(staffScopes.userId, userId));
  const unique = [...new Map(scopes.map((s) => [`${s.category}|${s.hostel}`, s])).values()];
  if (unique.length) await tx.insert(staffScopes).values(unique.map((s) => ({ userId, ...s })));
}

/** People, optionally searched by e-mail, name or registration number and filtered by role. */
export async function listPeople(db: Db, filter: { q?: string; roles: Role[]; limit: number }): Promise<Person[]> {
  const q = filter.q ? `%${filter.q.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        // The account anonymous reports are kept under is nobody an administrator can manage.
        ne(users.email, ANONYMOUS_REPORTER_EMAIL),
        q ? or(ilike(users.email, q), ilike(users.name, q), ilike(users.regId, q)) : undefined,
        filter.roles.length ? inArray(users.role, filter.roles) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(filter.limit);
  return toPeople(db, rows);
}

/** Adds a staff member, warden or admin by address, before their first sign-in; audited. */
export async function addPerson(db: Db, actorId: string, input: PersonCreate): Promise<Person> {
  const { email, name, role, antiRagging, scopes } = input;
  if (role === 'student') throw new AppError(400, 'validation_failed', /*i18n*/ 'Students sign in themselves.', { role: 'add staff, wardens or admins' });
  await checkPerson(db, role, antiRagging, scopes);
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new AppError(409, 'already_exists', /*i18n*/ 'Someone with this e-mail address is already known; change their role instead.');
    const [created] = await tx
      .insert(users)
      .values({ email, name, displayName: name, fname: firstName(name.trim().split(/\s+/)), role, antiRagging, addedBy: actorId })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await replaceScopes(tx, created.id, scopes);
    await audit(tx, { actorId, action: 'user.add', targetType: 'user', targetId: created.id, details: { after: { email, role, antiRagging, scopes } } });
    return created;
  });
  return toPerson(db, row);
}

/**
 * Sets someone's role, scopes, anti-ragging duty and whether they are disabled; audited, and their
 * sessions end when their powers change. The portal keeps at least one enabled admin, also when two
 * admins demote or disable each other at the same moment (see lib/count-locks.ts).
 */
export async function updatePerson(db: Db, actorId: string, id: string, input: PersonUpdate): Promise<Person> {
  const { role, antiRagging, scopes, disabled } = input;
  await checkPerson(db, role, antiRagging, scopes);
  const row = await db.transaction(async (tx) => {
    // Before anything is read: whoever else may be taking away an admin waits, then counts after.
    if (role !== 'admin' || disabled === true) await lockCount(tx, 'enabledAdmins');
    // NO KEY UPDATE: the audit row's reference to the acting admin takes a key-share lock on their
    // row, which a plain FOR UPDATE held by someone editing that admin would block (a deadlock when
    // two admins edit each other).
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
    if (!before) throw new AppError(404, 'not_found', /*i18n*/ 'No such person.');
    if (before.email === ANONYMOUS_REPORTER_EMAIL) {
      throw new AppError(409, 'anonymous_reporter', /*i18n*/ 'This account stands for every anonymous report: it cannot be changed or enabled.');
    }
    const disabling = disabled === true && before.disabledAt === null;
    if (before.role === 'admin' && before.disabledAt === null && (role !== 'admin' || disabling)) {
      // Another admin who can still act: enabled. Without one nobody could run the portal.
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, before.id)));
      if (Number(others?.n ?? 0) === 0) {
        throw new AppError(409, 'last_admin', /*i18n*/ 'This is the last administrator; make someone else an admin first.', {
          [disabling ? 'disabled' : 'role']: 'the portal needs at least one administrator',
        });
      }
    }
    const disabledAt = disabled === undefined ? before.disabledAt : disabled ? (before.disabledAt ?? new Date()) : null;
    const beforeScopes = await tx.select().from(staffScopes).where(eq(staffScopes.userId, before.id));
    const [after] = await tx.update(users).set({ role, antiRagging, disabledAt, updatedAt: new Date() }).where(eq(users.id, before.id)).returning();
    if (!after) throw new Error('update returned nothing');
    await replaceScopes(tx, after.id, scopes);
    if (before.role !== role || (disabledAt !== null && before.disabledAt === null)) {
      // New powers (or fewer, or none) take effect at once: the person signs in again, or cannot.
      await tx.delete(sessions).where(eq(sessions.userId, after.id));
    }
    const action =
      disabledAt !== null && before.disabledAt === null ? 'user.disable' : disabledAt === null && before.disabledAt !== null ? 'user.enable' : 'user.update';
    await audit(tx, {
      actorId,
      action,
      targetType: 'user',
      targetId: after.id,
      details: {
        email: before.email,
        before: {
          role: before.role,
          antiRagging: before.antiRagging,
          disabled: before.disabledAt !== null,
          scopes: beforeScopes.map((s) => ({ category: s.category, hostel: s.hostel })),
        },
        after: { role, antiRagging, disabled: disabledAt !== null, scopes },
      },
    });
    return after;
  });
  return toPerson(db, row);
}
