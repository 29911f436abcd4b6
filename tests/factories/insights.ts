import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { complaints, users } from '../../src/server/db/schema.js';

/**
 * A known data set for the insights figures: complaints written straight into the database with
 * their history already filled in (filed, first response, resolution, rating), as an import would.
 * The rollup's insert trigger counts each exactly as a rebuild would, so the figures can be checked
 * against counts made directly in SQL.
 */

export const SEED_HOSTELS = ['Block-2', 'Block-3'] as const;
export const SEED_CATEGORIES = ['wifi', 'electricity', 'water'] as const;
const HEADS: Record<string, string> = { wifi: 'Wifi Complaint', electricity: 'Electricity Complaint', water: 'Water Complaint' };
const STATES = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'closed'] as const;
const HOUR = 3_600_000;

export interface SeededComplaint {
  number: string;
  hostel: string;
  category: string;
  roomNo: string;
  status: (typeof STATES)[number];
}

/** `count` complaints (default 30) of `prefix`-numbered complaints over the last few weeks; room 214 of Block-2 gets five wifi ones. */
export async function seedInsights(db: Db, opts: { prefix?: string; count?: number; email?: string } = {}): Promise<SeededComplaint[]> {
  const prefix = opts.prefix ?? 'HC-SEED';
  const email = opts.email ?? `seed.student.${prefix.toLowerCase()}@vitbhopal.ac.in`;
  const [student] = await db
    .insert(users)
    .values({ email, name: 'Seed Student', fname: 'Seed', regId: '21BCE19999', displayName: 'Seed Student 21BCE19999' })
    .onConflictDoUpdate({ target: users.email, set: { name: 'Seed Student' } })
    .returning({ id: users.id });
  if (!student) throw new Error('no seed student');
  const now = Date.now();
  const rows = Array.from({ length: opts.count ?? 30 }, (_, i) => {
    const hostel = SEED_HOSTELS[i % 2] ?? 'Block-2';
    const category = SEED_CATEGORIES[i % 3] ?? 'wifi';
    const status = STATES[i % 5] ?? 'submitted';
    // At least three days old, so every response and resolution below lies in the past.
    const createdAt = new Date(now - ((i % 20) + 3) * 24 * HOUR - (i % 4) * HOUR);
    const acknowledgedAt = status === 'submitted' ? null : new Date(createdAt.getTime() + ((i % 7) + 1) * HOUR);
    const resolvedAt = status === 'resolved' || status === 'closed' ? new Date(createdAt.getTime() + ((i % 11) + 2) * 5 * HOUR) : null;
    const dueAt = new Date(createdAt.getTime() + 24 * HOUR);
    const rating = status === 'closed' ? 1 + (i % 4) + (i % 3 === 0 ? 1 : 0) : null;
    const roomNo = hostel === 'Block-2' && category === 'wifi' ? '214' : String(300 + i);
    return {
      number: `${prefix}-${String(i + 1).padStart(4, '0')}`,
      kind: 'complaint' as const,
      category,
      complaintHead: HEADS[category] ?? 'Complaint',
      subCategory: '',
      hostel,
      floor: Number(roomNo.slice(0, 1)),
      roomNo,
      message: `Seeded ${category} complaint ${i + 1}`,
      studentId: student.id,
      fname: 'Seed',
      regId: '21BCE19999',
      userEmail: email,
      toEmails: ['facility@vitbhopal.ac.in'],
      status,
      createdAt,
      updatedAt: resolvedAt ?? acknowledgedAt ?? createdAt,
      dueAt,
      acknowledgedAt,
      resolvedAt,
      rating,
    };
  });
  await db.insert(complaints).values(rows);
  return rows.map(({ number, hostel, category, roomNo, status }) => ({ number, hostel, category, roomNo, status }));
}

/** The figures a hostel's dashboard should show for the default range, counted directly from complaints. */
export async function countedInSql(db: Db, hostel: string, from: string, to: string) {
  const inRange = (column: string) => sql.raw(`(${column} AT TIME ZONE university_time_zone())::date BETWEEN '${from}' AND '${to}'`);
  const [row] = await db
    .select({
      filed: sql<number>`count(*) FILTER (WHERE ${inRange('created_at')})::int`,
      open: sql<number>`count(*) FILTER (WHERE status IN ('submitted', 'acknowledged', 'in_progress', 'reopened'))::int`,
      overdue: sql<number>`count(*) FILTER (WHERE status IN ('submitted', 'acknowledged', 'in_progress', 'reopened') AND due_at < now())::int`,
      acknowledged: sql<number>`count(*) FILTER (WHERE acknowledged_at IS NOT NULL AND ${inRange('acknowledged_at')})::int`,
      resolved: sql<number>`count(*) FILTER (WHERE resolved_at IS NOT NULL AND ${inRange('resolved_at')})::int`,
      onTime: sql<number>`count(*) FILTER (WHERE resolved_at IS NOT NULL AND ${inRange('resolved_at')} AND resolved_at <= due_at)::int`,
      ratings: sql<number>`count(*) FILTER (WHERE rating IS NOT NULL AND ${inRange('updated_at')})::int`,
      ratingSum: sql<number>`coalesce(sum(rating) FILTER (WHERE rating IS NOT NULL AND ${inRange('updated_at')}), 0)::int`,
    })
    .from(complaints)
    .where(sql`${complaints.hostel} = ${hostel}`);
  if (!row) throw new Error('no counts');
  return {
    filed: Number(row.filed),
    open: Number(row.open),
    overdue: Number(row.overdue),
    acknowledged: Number(row.acknowledged),
    resolved: Number(row.resolved),
    onTime: Number(row.onTime),
    ratings: Number(row.ratings),
    ratingAverage: Number(row.ratings) ? Number(row.ratingSum) / Number(row.ratings) : null,
  };
}
