import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RAGGING_CATEGORY } from '../../../shared/constants.js';
import { can, isWorkerRole } from '../../../shared/permissions.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { staffScopes, users, type ComplaintRow, type UserRow } from '../../db/schema.js';

/*
 * Who may work what: a worker's scope (category × hostel pairs, '' meaning all), read in both
 * directions — which complaints a person covers (the queue, the digest, photo access) and who
 * covers a complaint (the people told of it). A neutral module: staff, lifecycle, photos, insights
 * and inbound all read it, and it imports none of them.
 */

export interface ScopeEntry {
  /** '' = every category */
  category: string;
  /** '' = every hostel */
  hostel: string;
}

/** What a user may work: everything (admin) or a list of category × hostel pairs. */
export type Scope = { all: true } | { all: false; entries: ScopeEntry[] };

export const isWorker = (user: Pick<UserRow, 'role'>) => isWorkerRole(user.role);

export async function loadScope(db: Pick<Db, 'select'>, user: Pick<UserRow, 'id' | 'role'>): Promise<Scope> {
  if (can(user.role, 'scope.everything')) return { all: true };
  if (!isWorker(user)) return { all: false, entries: [] };
  const rows = await db
    .select({ antiRagging: users.antiRagging, category: staffScopes.category, hostel: staffScopes.hostel })
    .from(users)
    .leftJoin(staffScopes, eq(staffScopes.userId, users.id))
    .where(eq(users.id, user.id));
  const entries = rows.flatMap((r) => (r.category === null || r.hostel === null ? [] : [{ category: r.category, hostel: r.hostel }]));
  // The anti-ragging duty works every ragging report, whatever else their scope holds (decision 40).
  if (rows[0]?.antiRagging) entries.push({ category: RAGGING_CATEGORY, hostel: '' });
  return { all: false, entries };
}

/** The scope as a WHERE condition on any table with category and hostel columns. */
export function scopeCondition(scope: Scope, columns: { category: PgColumn; hostel: PgColumn }): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.entries.length === 0) return sql`false`;
  return or(
    ...scope.entries.map(
      (e) =>
        and(
          e.category ? eq(columns.category, e.category) : undefined,
          e.hostel ? eq(columns.hostel, e.hostel) : undefined,
        ) ?? sql`true`,
    ),
  );
}

export function inScope(scope: Scope, complaint: { category: string; hostel: string }): boolean {
  if (scope.all) return true;
  return scope.entries.some(
    (e) => (!e.category || e.category === complaint.category) && (!e.hostel || e.hostel === complaint.hostel),
  );
}

/**
 * The one rule of "who works this complaint", as a condition on `users`: a worker of one of
 * `roles`, not disabled, with a scope entry covering the category and hostel; for a ragging report
 * also everyone on the anti-ragging duty (loadScope gives them the same). Admins are not listed:
 * they see everything and would hear about everything.
 */
function covers(category: SQL | string, hostel: SQL | string, roles: ReadonlyArray<'staff' | 'warden'>): SQL {
  const scoped = sql`exists (select 1 from ${staffScopes} where ${staffScopes.userId} = ${users.id}
    and (${staffScopes.category} = '' or ${staffScopes.category} = ${category}::text)
    and (${staffScopes.hostel} = '' or ${staffScopes.hostel} = ${hostel}::text))`;
  const duty = sql`(${category}::text = ${RAGGING_CATEGORY} and ${users.antiRagging})`;
  return and(inArray(users.role, [...roles]), isNull(users.disabledAt), or(scoped, duty)) as SQL;
}

const workerColumns = { id: users.id, email: users.email, newWorkMail: users.newWorkMail };
type Worker = Pick<UserRow, 'id' | 'email' | 'newWorkMail'>;

const workersCovering = preparedPerDatabase((db) =>
  db
    .select(workerColumns)
    .from(users)
    .where(covers(sql.placeholder('category').getSQL(), sql.placeholder('hostel').getSQL(), ['staff', 'warden']))
    .orderBy(asc(users.id))
    .prepare('workers_covering'),
);

/**
 * Everyone whose scope covers the complaint (the rule: `covers`) — all of them, in a stable
 * order: the one answer to "who works this complaint", for new work, the team's bells and
 * escalations alike.
 */
export async function coveringWorkers(
  db: Db | Tx,
  complaint: Pick<ComplaintRow, 'category' | 'hostel'>,
  opts: { roles?: ReadonlyArray<'staff' | 'warden'>; except?: string | null } = {},
): Promise<Worker[]> {
  // Every filing asks with the defaults: that shape is prepared once per connection (db/prepared.ts).
  if (opts.roles === undefined && !opts.except) return workersCovering(db).execute({ category: complaint.category, hostel: complaint.hostel });
  return db
    .select(workerColumns)
    .from(users)
    .where(and(covers(complaint.category, complaint.hostel, opts.roles ?? ['staff', 'warden']), opts.except ? ne(users.id, opts.except) : undefined))
    .orderBy(asc(users.id));
}

/**
 * coveringWorkers with the defaults, as one JSON column of a statement that writes anyway (filing
 * learns who to tell with no statement of its own), for the category and hostel in these placeholders.
 */
export const coveringWorkersColumn = (category: string, hostel: string) =>
  sql<Worker[]>`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'email', ${users.email}, 'newWorkMail', ${users.newWorkMail}) order by ${users.id}), '[]')
    from ${users} where ${covers(sql.placeholder(category).getSQL(), sql.placeholder(hostel).getSQL(), ['staff', 'warden'])})`;

/**
 * Who may see the student behind a confidential (ragging) complaint in their scope, and record the
 * statutory decisions on a ragging report: whoever holds the anti-ragging duty, and nobody else
 * (decision 63: an admin without the duty is like any member of staff; an admin who needs it gives
 * themselves the duty, which the audit log records). The reveal route enforces it and the detail
 * tells the console (`canRevealIdentity`), so the button shows exactly when the reveal would succeed.
 */
export const mayRevealIdentity = (user: Pick<UserRow, 'role' | 'antiRagging'>) => isWorker(user) && user.antiRagging;

/**
 * Who records a ragging report's statutory decisions (the FIR decision, the enquiry's end), reads
 * their deadlines and the committees' counts: the anti-ragging duty and admins. None of it says who
 * filed (decision 42: the committees' report counts and never names), so it is not the reveal's rule.
 */
export const mayWorkRaggingRecord = (user: Pick<UserRow, 'role' | 'antiRagging'>) => isWorker(user) && (can(user.role, 'scope.everything') || user.antiRagging);
