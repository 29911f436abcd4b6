import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incidentFollowers, incidents } from '../../db/schema.js';

/** An active notice as the form, the home page and the console read it. */
export interface ActiveIncident {
  id: string;
  hostel: string;
  /** The floors affected; empty is the whole hostel. */
  floors: number[];
  category: string;
  title: string;
  details: string;
  endsAt: Date;
  createdAt: Date;
  /** Students who said "Affects me too" (incident_followers), not counting those who filed. */
  followerCount: number;
}

/** Written with an alias: in a one-table select drizzle leaves columns unqualified, which would bind to the followers table. */
const followerCount = sql<number>`(select count(*)::int from ${incidentFollowers} as f where f.incident_id = ${incidents.id})`;

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
