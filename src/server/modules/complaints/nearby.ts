import { and, desc, eq, sql } from 'drizzle-orm';
import {
  NEARBY_DAYS,
  NEARBY_LIMIT,
  excerptOf,
  type Nearby,
  type NearbyComplaint,
  type NearbyNotice,
  type NearbyQuery,
} from '../../../shared/complaints.js';
import { OPEN_STATUSES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { complaintFollowers, complaints, oneOf } from '../../db/schema.js';
import { activeIncidentsFor, type ActiveIncident } from '../incidents/index.js';

/*
 * "Already reported" (decision 36): before a student files, what is already known of the problem —
 * the open complaints of the same hostel and category filed in the last NEARBY_DAYS days, the same
 * floor first and then by how much of what they typed the complaint's words share; the notices of a
 * known problem; and their own open complaint of the same room, if any. A suggestion says what the
 * problem is and how many it affects, never who filed it, their room or anything of the thread.
 */

/** Words too common to say two complaints are about the same thing. */
const STOP_WORDS = new Set(
  'a an and are as at be been but by can do does for from has have i in is it its me my no not of on or our so the there this to was we were with very since please'.split(' '),
);
const MAX_WORDS = 16;

/**
 * The words of what the student typed, as the search column holds them ('simple': lower-cased,
 * unstemmed): letters and digits only, so nothing typed can be an operator of the query.
 */
export function searchWords(text: string | undefined): string[] {
  const words = (text ?? '').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => [...w].length >= 2 && !STOP_WORDS.has(w)))].slice(0, MAX_WORDS);
}

/**
 * Any of the words, longer ones also as a prefix ("work" finds "working", "router" "routers"): the
 * search column is unstemmed, so a prefix is what stands in for the word's other forms.
 */
export function anyOfQuery(words: readonly string[]): string {
  return words.map((w) => ([...w].length >= 4 ? `${w}:*` : w)).join(' | ');
}

/** What a suggestion shows of a complaint, and whether the viewer follows it already. */
export function nearbyColumns(viewerId: string) {
  // Written out with the table's name: in a one-table select drizzle leaves columns unqualified,
  // which inside this correlated lookup would bind to the followers table.
  const following = sql<boolean>`exists (select 1 from ${complaintFollowers} as f where f.complaint_id = complaints.id and f.user_id = ${viewerId})`;
  return {
    number: complaints.number,
    category: complaints.category,
    complaintHead: complaints.complaintHead,
    subCategory: complaints.subCategory,
    floor: complaints.floor,
    status: complaints.status,
    createdAt: complaints.createdAt,
    message: complaints.message,
    followerCount: complaints.followerCount,
    studentId: complaints.studentId,
    following,
  };
}

type NearbyRow = Awaited<ReturnType<typeof nearbyComplaints>>[number];

/** A complaint as a suggestion: what it is about and how many it affects, never who filed it. */
export const toNearbyComplaint = (c: NearbyRow, viewerId: string): NearbyComplaint => ({
  number: c.number,
  category: c.category,
  complaintHead: c.complaintHead,
  subCategory: c.subCategory,
  floor: c.floor,
  status: c.status,
  since: c.createdAt.toISOString(),
  excerpt: excerptOf(c.message),
  students: c.followerCount + 1,
  following: Boolean(c.following),
  mine: c.studentId === viewerId,
});

export const toNearbyNotice = (n: ActiveIncident): NearbyNotice => ({
  id: n.id,
  title: n.title,
  details: excerptOf(n.details),
  floors: n.floors,
  since: n.createdAt.toISOString(),
  expectedBy: n.endsAt.toISOString(),
  followers: Number(n.followerCount),
});

/**
 * Open, not confidential complaints of the hostel and category filed in the last NEARBY_DAYS days,
 * read through the partial index complaints_nearby_open_idx (hostel, category, created_at) whose
 * predicate this condition repeats; ranked in the database and cut to NEARBY_LIMIT.
 */
export async function nearbyComplaints(db: Pick<Db, 'select'>, viewerId: string, where: NearbyQuery) {
  const words = searchWords(where.text);
  const query = words.length ? sql`to_tsquery('simple', ${anyOfQuery(words)})` : null;
  const order = [
    ...(where.floor === undefined ? [] : [desc(sql`${complaints.floor} = ${where.floor}`)]),
    ...(query ? [desc(sql`ts_rank(${complaints.search}, ${query})`)] : []),
    desc(complaints.createdAt),
  ];
  // Written out with the table's name: in a one-table select drizzle leaves columns unqualified,
  // which inside this correlated lookup would bind to the followers table.
  return db
    .select(nearbyColumns(viewerId))
    .from(complaints)
    .where(
      and(
        eq(complaints.hostel, where.hostel),
        eq(complaints.category, where.category),
        oneOf(complaints.status, OPEN_STATUSES),
        sql`not ${complaints.confidential}`,
        sql`${complaints.createdAt} > now() - make_interval(days => ${NEARBY_DAYS})`,
      ),
    )
    .orderBy(...order)
    .limit(NEARBY_LIMIT);
}

/** The viewer's own newest open complaint of this category for the same room (the duplicate warning). */
async function ownOpenComplaint(db: Pick<Db, 'select'>, viewerId: string, where: NearbyQuery) {
  if (!where.room) return null;
  const [own] = await db
    .select({ number: complaints.number, status: complaints.status, createdAt: complaints.createdAt })
    .from(complaints)
    .where(
      and(
        eq(complaints.studentId, viewerId),
        eq(complaints.hostel, where.hostel),
        eq(complaints.category, where.category),
        sql`lower(${complaints.roomNo}) = lower(${where.room})`,
        oneOf(complaints.status, OPEN_STATUSES),
      ),
    )
    .orderBy(desc(complaints.createdAt))
    .limit(1);
  return own ?? null;
}

/** Everything the form shows before filing, in three reads (no transaction: a snapshot is not needed). */
export async function nearby(db: Pick<Db, 'select'>, viewerId: string, where: NearbyQuery): Promise<Nearby> {
  const [found, notices, own] = await Promise.all([
    nearbyComplaints(db, viewerId, where),
    activeIncidentsFor(db, { hostel: where.hostel, category: where.category, ...(where.floor === undefined ? {} : { floor: where.floor }) }),
    ownOpenComplaint(db, viewerId, where),
  ]);
  return {
    complaints: found.map((c) => toNearbyComplaint(c, viewerId)),
    notices: notices.map(toNearbyNotice),
    alreadyReported: own ? { number: own.number, status: own.status, since: own.createdAt.toISOString() } : null,
  };
}
