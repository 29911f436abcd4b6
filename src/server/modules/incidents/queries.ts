import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RESOLVED_WITH_NOTICE, type IncidentListQuery } from '../../../shared/incidents.js';
import type { Db } from '../../db/client.js';
import { complaintFollowers, complaints, incidentFollowers, incidents, users, type IncidentRow } from '../../db/schema.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { scopeCondition, type Scope } from '../access/index.js';

/**
 * An active notice as the form, the home page and the console read it. `floors` empty is the whole
 * hostel; `followerCount` is the students who said "Affects me too" (incident_followers), not
 * counting those who filed.
 */
export type ActiveIncident = Pick<IncidentRow, 'id' | 'hostel' | 'floors' | 'category' | 'title' | 'details' | 'endsAt' | 'createdAt'> & {
  followerCount: number;
};

/*
 * The subqueries below name the notice as `incidents.id`, written out: in a one-table select
 * drizzle leaves `${incidents.id}` as a bare "id", which inside a subquery binds to the nearest
 * table that has one. Each is one probe of an index per listed notice (complaints_incident_idx,
 * the followers' primary key), never a scan.
 */

const resolvable = sql.raw(RESOLVED_WITH_NOTICE.map((s) => `'${s}'`).join(', '));

/**
 * The people a notice concerns, as a SQL set of user ids for the notice `incidents.id` of the
 * enclosing query: who filed its linked complaints, who follows them, and who follows the notice.
 * `resolvable`: only the linked complaints a resolution would resolve now — exactly the people
 * resolveIncident (writes.ts) tells; otherwise every linked complaint not withdrawn
 * ("students affected").
 */
function concernedPeople(which: 'resolvable' | 'affected'): SQL {
  const linked = which === 'resolvable' ? sql`c.status in (${resolvable})` : sql`c.status <> 'withdrawn'`;
  return sql`(select c.student_id from ${complaints} as c where c.incident_id = incidents.id and ${linked}
    union select cf.user_id from ${complaintFollowers} as cf join ${complaints} as c on c.id = cf.complaint_id where c.incident_id = incidents.id and ${linked}
    union select f.user_id from ${incidentFollowers} as f where f.incident_id = incidents.id)`;
}

const followerCount = sql<number>`(select count(*)::int from ${incidentFollowers} as f where f.incident_id = incidents.id)`;
const linkedCount = sql<number>`(select count(*)::int from ${complaints} as c where c.incident_id = incidents.id)`;
const openCount = sql<number>`(select count(*)::int from ${complaints} as c where c.incident_id = incidents.id and c.status in (${resolvable}))`;
const toTellCount = sql<number>`(select count(*)::int from ${concernedPeople('resolvable')} as p)`;
const affectedCount = sql<number>`(select count(*)::int from ${concernedPeople('affected')} as p)`;

/**
 * The active notices of one hostel, newest first: for one floor (a notice for the whole hostel,
 * with no floors, counts on every floor) and one category when given. Reads the partial index
 * incidents_active_idx (hostel, category) where status = 'active'; followers are counted per
 * listed notice through the followers' primary key.
 */
export async function activeIncidentsFor(
  db: Pick<Db, 'select'>,
  where: { hostel: string; floor?: number; category?: string },
): Promise<ActiveIncident[]> {
  return db
    .select({
      id: incidents.id,
      hostel: incidents.hostel,
      floors: incidents.floors,
      category: incidents.category,
      title: incidents.title,
      details: incidents.details,
      endsAt: incidents.endsAt,
      createdAt: incidents.createdAt,
      followerCount,
    })
    .from(incidents)
    .where(
      and(
        eq(incidents.status, 'active'),
        eq(incidents.hostel, where.hostel),
        where.category === undefined ? undefined : eq(incidents.category, where.category),
        where.floor === undefined
          ? undefined
          : sql`(cardinality(${incidents.floors}) = 0 or ${where.floor}::int = any(${incidents.floors}))`,
      ),
    )
    .orderBy(desc(incidents.createdAt), desc(incidents.id));
}

/** What the console shows beside a notice: who posted it and how many it concerns. */
export interface IncidentView {
  incident: IncidentRow;
  postedBy: string;
  counts: { linked: number; open: number; followers: number; toTell: number };
}

const viewColumns = {
  incident: incidents,
  postedByName: users.name,
  postedByEmail: users.email,
  linked: linkedCount,
  open: openCount,
  followers: followerCount,
  toTell: toTellCount,
};

function toView(row: { incident: IncidentRow; postedByName: string | null; postedByEmail: string | null; linked: number; open: number; followers: number; toTell: number }): IncidentView {
  return {
    incident: row.incident,
    postedBy: row.postedByName || row.postedByEmail || 'Someone no longer here',
    counts: { linked: row.linked, open: row.open, followers: row.followers, toTell: row.toTell },
  };
}

/** The notices in a worker's scope, newest first, page by page (keyset on created_at, id). */
export async function listIncidents(db: Pick<Db, 'select'>, scope: Scope, query: IncidentListQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select(viewColumns)
    .from(incidents)
    .leftJoin(users, eq(users.id, incidents.createdBy))
    .where(
      and(
        scopeCondition(scope, incidents),
        query.status ? eq(incidents.status, query.status) : undefined,
        after ? afterCursor(incidents, after) : undefined,
      ),
    )
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => row.incident);
  return { items: page.items.map(toView), nextCursor: page.nextCursor };
}

/** One notice in a worker's scope with its counts, or undefined (out of scope is not found). */
export async function incidentView(db: Pick<Db, 'select'>, scope: Scope, id: string): Promise<IncidentView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(incidents)
    .leftJoin(users, eq(users.id, incidents.createdBy))
    .where(and(eq(incidents.id, id), scopeCondition(scope, incidents)));
  return row ? toView(row) : undefined;
}

export const LINKED_SHOWN = 200;

/** A notice's linked complaints, newest first (the newest LINKED_SHOWN; the counts say how many in all). */
export async function linkedComplaints(db: Pick<Db, 'select'>, incidentId: string) {
  return db
    .select({
      number: complaints.number,
      status: complaints.status,
      complaintHead: complaints.complaintHead,
      subCategory: complaints.subCategory,
      floor: complaints.floor,
      roomNo: complaints.roomNo,
      createdAt: complaints.createdAt,
      followerCount: complaints.followerCount,
    })
    .from(complaints)
    .where(eq(complaints.incidentId, incidentId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(LINKED_SHOWN);
}

/**
 * For a student, about the given notices: how many students each affects, whether they follow it,
 * and their own complaint linked to it (the newest), in one statement.
 */
export async function noticeExtras(db: Pick<Db, 'select'>, userId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { affected: number; following: boolean; myComplaint: string | null }>();
  const rows = await db
    .select({
      id: incidents.id,
      affected: affectedCount,
      following: sql<boolean>`exists (select 1 from ${incidentFollowers} as f where f.incident_id = incidents.id and f.user_id = ${userId}::uuid)`,
      myComplaint: sql<string | null>`(select c.number from ${complaints} as c where c.incident_id = incidents.id and c.student_id = ${userId}::uuid order by c.created_at desc limit 1)`,
    })
    .from(incidents)
    .where(inArray(incidents.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { affected: r.affected, following: r.following, myComplaint: r.myComplaint }]));
}
