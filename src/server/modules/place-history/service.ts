import { and, count, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { floorFromRoomNumber, roomInRanges } from '../../../shared/catalog.js';
import { OPEN_STATUSES } from '../../../shared/constants.js';
import { areaLabel, parsePlaceRef } from '../../../shared/places.js';
import { REPEAT_DAYS, REPEAT_MIN } from '../../../shared/place-facts.js';
import type { StaffPlace } from '../../../shared/staff-places.js';
import type { Db } from '../../db/client.js';
import { commonAreas, complaints, hostels, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { isWorker, loadScope, scopeCondition, type Scope } from '../access/index.js';
import { assignee, complaintColumns } from '../staff/index.js';

/*
 * A place's page in the staff console (issue 27): a room or a common area, the complaints the reader
 * may see there (their scope's categories; confidential ones never: the history indexes leave them
 * out, and a ragging report's room goes with its student), open ones and the past page by page, and
 * the last 30 days by category with the repeat rule (decision 46). Every read is a range of one
 * history index, so a place costs the same in a table of a million complaints as in one of a thousand.
 */

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Place not found.');

/** Open complaints listed at most: a place with more has bigger problems than a long list. */
const OPEN_MAX = 100;

/** Whether the scope covers any category in this hostel: a worker of other hostels has no page here. */
const coversHostel = (scope: Scope, hostel: string) => scope.all || scope.entries.some((e) => !e.hostel || e.hostel === hostel);

interface ResolvedPlace {
  place: StaffPlace['place'];
  /** The place's complaints, as the partial history index's predicate spells them. */
  condition: SQL;
}

/** The hostel (by code, any case) and the room of its ranges or the common area (retired ones too: their history stays), in one query. */
async function resolvePlace(db: Db, hostelCode: string, ref: string): Promise<ResolvedPlace> {
  const parsed = parsePlaceRef(ref);
  if (!parsed) throw notFound();
  const areaCode = parsed.kind === 'area' ? parsed.code : null;
  const [found] = await db
    .select({
      name: hostels.name,
      code: hostels.code,
      roomRanges: hostels.roomRanges,
      area: { id: commonAreas.id, name: commonAreas.name, code: commonAreas.code, floor: commonAreas.floor, retiredAt: commonAreas.retiredAt },
    })
    .from(hostels)
    .leftJoin(commonAreas, and(eq(commonAreas.hostelId, hostels.id), areaCode === null ? sql`false` : sql`upper(${commonAreas.code}) = ${areaCode}`))
    .where(sql`upper(${hostels.code}) = ${hostelCode.toUpperCase()}`)
    .limit(1);
  if (!found) throw notFound();
  const base = { hostel: found.name, hostelCode: found.code.toUpperCase() };
  if (parsed.kind === 'room') {
    if (!roomInRanges(Number(parsed.roomNo), found.roomRanges)) throw notFound();
    return {
      place: { ...base, kind: 'room', ref: parsed.roomNo, name: `Room ${parsed.roomNo}`, floor: floorFromRoomNumber(Number(parsed.roomNo)), retired: false },
      condition: sql`${complaints.hostel} = ${found.name} and ${complaints.roomNo} = ${parsed.roomNo} and ${complaints.commonAreaId} is null and not ${complaints.confidential}`,
    };
  }
  const { area } = found;
  if (!area) throw notFound();
  return {
    place: { ...base, kind: 'area', ref: area.code.toUpperCase(), name: areaLabel(area), floor: area.floor, retired: area.retiredAt !== null },
    condition: sql`${complaints.commonAreaId} = ${area.id} and not ${complaints.confidential}`,
  };
}

/**
 * Open, spelt so that no partial index of open complaints matches it: PostgreSQL would otherwise AND
 * a bitmap of every open complaint with the place's (18 ms at a million), where walking the place's
 * history index newest first and reading each row's status costs a fraction of a millisecond.
 */
const isOpen = sql`(${complaints.status} || '') in (${sql.join(
  OPEN_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

export async function staffPlace(db: Db, user: UserRow, hostelCode: string, ref: string, query: { cursor?: string | undefined; limit: number }) {
  if (!isWorker(user)) throw new AppError(403, 'forbidden', /*i18n*/ 'You are not allowed to do that.');
  const [scope, resolved] = await Promise.all([loadScope(db, user), resolvePlace(db, hostelCode, ref)]);
  if (!coversHostel(scope, resolved.place.hostel)) throw notFound();
  const here = and(resolved.condition, scopeCondition(scope, complaints));
  const position = query.cursor ? afterCursor(complaints, decodeCursor(query.cursor), 'desc') : undefined;
  const newestFirst = [desc(complaints.createdAt), desc(complaints.id)];
  const n = count();
  const listed = () =>
    db
      .select({ complaint: complaintColumns, assigneeName: assignee.name, assigneeEmail: assignee.email })
      .from(complaints)
      .leftJoin(assignee, eq(assignee.id, complaints.assigneeId));
  const [open, past, lastDays] = await Promise.all([
    listed()
      .where(and(here, isOpen))
      .orderBy(...newestFirst)
      .limit(OPEN_MAX),
    listed()
      .where(and(here, notInArray(complaints.status, [...OPEN_STATUSES]), position))
      .orderBy(...newestFirst)
      .limit(query.limit + 1),
    db
      .select({ category: complaints.category, n })
      .from(complaints)
      .where(and(here, sql`${complaints.createdAt} >= now() - make_interval(days => ${REPEAT_DAYS})`))
      .groupBy(complaints.category)
      .orderBy(desc(n), complaints.category),
  ]);
  const counts = lastDays.map((r) => ({ category: r.category, count: Number(r.n), repeating: Number(r.n) >= REPEAT_MIN }));
  return {
    place: resolved.place,
    repeating: counts.some((c) => c.repeating),
    lastDays: counts,
    open,
    past: pageOf(past, query.limit, (row) => ({ createdAt: row.complaint.createdAt, id: row.complaint.id })),
  };
}
