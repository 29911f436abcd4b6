import { and, asc, between, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../../shared/constants.js';
import {
  INSIGHT_BUCKETS,
  INSIGHTS_MAX_RANGE_DAYS,
  RECURRING_ROOM_DAYS,
  RECURRING_ROOM_MIN,
  histogramPercentile,
  type Insights,
  type InsightsQuery,
  type InsightsTimesRow,
} from '../../../shared/insights.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { commonAreas, complaintCounts, complaints, hostels, insightDaily, oneOf } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { addDays, dayIn } from '../../../shared/time.js';
import { fromZonedInputValue } from '../../../shared/time.js';
import { areaLabel } from '../../../shared/places.js';
import { valued } from '../../../shared/valued-message.js';
import type { CatalogSnapshot } from '../catalog/index.js';
import { scopeCondition, type Scope } from '../access/index.js';

/**
 * The dashboard's figures (issue 14), read from the trigger-kept rollup `insight_daily` and the
 * status counts, never by counting complaints over the range: the only reads of `complaints` are
 * index-only scans of what is open and overdue now and of the last 30 days' rooms.
 */

type Queryable = Pick<Db, 'select'>;

const DAY_MS = 86_400_000;
const DEFAULT_RANGE_DAYS = 12 * 7;

export interface InsightsFilter {
  from: string;
  to: string;
  hostel?: string | undefined;
  category?: string | undefined;
}

const dayMs = (s: string) => Date.parse(`${s}T00:00:00Z`);

/**
 * The request's range with its defaults (the 12 weeks up to today on the university's clock), or a
 * 400 that says what is wrong. Days are the university's (decision 53), as the rollup counts them.
 */
export function insightsFilter(query: InsightsQuery, timeZone: string, now = new Date()): InsightsFilter {
  const to = query.to ?? dayIn(now, timeZone);
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (dayMs(from) > dayMs(to)) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'The first day must not be after the last day.', { from: 'Must not be after the last day' });
  }
  if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > INSIGHTS_MAX_RANGE_DAYS) {
    throw AppError.withValues(400, 'validation_failed', /*i18n*/ 'Choose at most {count} days.', () => ({ count: INSIGHTS_MAX_RANGE_DAYS }), {
      from: valued(/*i18n*/ 'At most {count} days', { count: INSIGHTS_MAX_RANGE_DAYS }),
    });
  }
  return { from, to, hostel: query.hostel || undefined, category: query.category || undefined };
}

/** The hostel and category filters plus the reader's scope, on any table with those two columns. */
function where(scope: Scope, filter: InsightsFilter, columns: { hostel: PgColumn; category: PgColumn }): SQL | undefined {
  return and(
    scopeCondition(scope, columns),
    filter.hostel ? eq(columns.hostel, filter.hostel) : undefined,
    filter.category ? eq(columns.category, filter.category) : undefined,
  );
}

const histogramColumn = (column: 'ack_hist' | 'resolve_hist' | 'ratings', length: number) =>
  sql.raw(`ARRAY[${Array.from({ length }, (_, i) => `coalesce(sum(insight_daily.${column}[${i + 1}]), 0)::int`).join(', ')}]`);

const toNumbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

interface Sums {
  filed: number;
  acknowledged: number;
  resolved: number;
  resolvedOnTime: number;
  reopened: number;
  ackHist: number[];
  resolveHist: number[];
  ratings: number[];
}

const addArrays = (a: number[], b: number[]) => a.map((v, i) => v + (b[i] ?? 0));
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function timesRow(hostel: string, category: string, s: Sums): InsightsTimesRow {
  const ratings = s.ratings.reduce((a, b) => a + b, 0);
  const ratingSum = s.ratings.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    hostel,
    category,
    filed: s.filed,
    acknowledged: s.acknowledged,
    ackMedianHours: histogramPercentile(s.ackHist, 0.5),
    ackP90Hours: histogramPercentile(s.ackHist, 0.9),
    resolved: s.resolved,
    resolveMedianHours: histogramPercentile(s.resolveHist, 0.5),
    resolveP90Hours: histogramPercentile(s.resolveHist, 0.9),
    resolvedOnTime: s.resolvedOnTime,
    onTimeShare: share(s.resolvedOnTime, s.resolved),
    reopened: s.reopened,
    reopenRate: share(s.reopened, s.resolved),
    ratings,
    ratingAverage: ratings > 0 ? ratingSum / ratings : null,
  };
}

/**
 * Open and past-due complaints now, by hostel × category: past due on the app's clock (issue 44),
 * and never one whose clock waits for its student (its stored due time is the far end of time).
 */
export async function openCells(db: Queryable, scope: Scope, filter: InsightsFilter, now: Date) {
  const [open, overdue] = await Promise.all([
    db
      .select({ hostel: complaintCounts.hostel, category: complaintCounts.category, n: sql<number>`coalesce(sum(${complaintCounts.count}), 0)::int` })
      .from(complaintCounts)
      .where(and(where(scope, filter, complaintCounts), oneOf(complaintCounts.status, OPEN_STATUSES)))
      .groupBy(complaintCounts.hostel, complaintCounts.category),
    db
      .select({ hostel: complaints.hostel, category: complaints.category, n: count() })
      .from(complaints)
      .where(and(where(scope, filter, complaints), oneOf(complaints.status, OPEN_STATUSES), sql`${complaints.dueAt} < ${now.toISOString()}::timestamptz`))
      .groupBy(complaints.hostel, complaints.category),
  ]);
  const cells = new Map<string, { hostel: string; category: string; open: number; overdue: number }>();
  const cell = (hostel: string, category: string) => {
    const key = `${hostel}\u0000${category}`;
    let found = cells.get(key);
    if (!found) cells.set(key, (found = { hostel, category, open: 0, overdue: 0 }));
    return found;
  };
  for (const r of open) cell(r.hostel, r.category).open += Number(r.n);
  for (const r of overdue) cell(r.hostel, r.category).overdue += Number(r.n);
  return [...cells.values()]
    .filter((c) => c.open > 0 || c.overdue > 0)
    .sort((a, b) => a.hostel.localeCompare(b.hostel) || a.category.localeCompare(b.category));
}

/** Complaints filed per week (from Monday, the days being the university's) and category. */
export async function weeklyFiled(db: Queryable, scope: Scope, filter: InsightsFilter) {
  const week = sql<string>`to_char(date_trunc('week', ${insightDaily.day}::timestamp), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, category: insightDaily.category, filed: sql<number>`sum(${insightDaily.filed})::int` })
    .from(insightDaily)
    .where(and(where(scope, filter, insightDaily), between(insightDaily.day, filter.from, filter.to)))
    .groupBy(week, insightDaily.category)
    .orderBy(week, insightDaily.category);
  return rows.filter((r) => Number(r.filed) > 0).map((r) => ({ week: r.week, category: r.category, filed: Number(r.filed) }));
}

/** Counts and duration histograms per hostel × category over the range, and their total. */
export async function timesTable(db: Queryable, scope: Scope, filter: InsightsFilter) {
  const rows = await db
    .select({
      hostel: insightDaily.hostel,
      category: insightDaily.category,
      filed: sql<number>`sum(${insightDaily.filed})::int`,
      acknowledged: sql<number>`sum(${insightDaily.acknowledged})::int`,
      resolved: sql<number>`sum(${insightDaily.resolved})::int`,
      resolvedOnTime: sql<number>`sum(${insightDaily.resolvedOnTime})::int`,
      reopened: sql<number>`sum(${insightDaily.reopened})::int`,
      ackHist: sql<number[]>`${histogramColumn('ack_hist', INSIGHT_BUCKETS)}`,
      resolveHist: sql<number[]>`${histogramColumn('resolve_hist', INSIGHT_BUCKETS)}`,
      ratings: sql<number[]>`${histogramColumn('ratings', 5)}`,
    })
    .from(insightDaily)
    .where(and(where(scope, filter, insightDaily), between(insightDaily.day, filter.from, filter.to)))
    .groupBy(insightDaily.hostel, insightDaily.category)
    .orderBy(insightDaily.hostel, insightDaily.category);
  let total: Sums = {
    filed: 0,
    acknowledged: 0,
    resolved: 0,
    resolvedOnTime: 0,
    reopened: 0,
    ackHist: Array<number>(INSIGHT_BUCKETS).fill(0),
    resolveHist: Array<number>(INSIGHT_BUCKETS).fill(0),
    ratings: [0, 0, 0, 0, 0],
  };
  const table: InsightsTimesRow[] = [];
  for (const r of rows) {
    const sums: Sums = {
      filed: Number(r.filed),
      acknowledged: Number(r.acknowledged),
      resolved: Number(r.resolved),
      resolvedOnTime: Number(r.resolvedOnTime),
      reopened: Number(r.reopened),
      ackHist: toNumbers(r.ackHist),
      resolveHist: toNumbers(r.resolveHist),
      ratings: toNumbers(r.ratings),
    };
    // Histograms add up exactly, so the total's percentiles are true ones, not averages of percentiles.
    total = {
      filed: total.filed + sums.filed,
      acknowledged: total.acknowledged + sums.acknowledged,
      resolved: total.resolved + sums.resolved,
      resolvedOnTime: total.resolvedOnTime + sums.resolvedOnTime,
      reopened: total.reopened + sums.reopened,
      ackHist: addArrays(total.ackHist, sums.ackHist),
      resolveHist: addArrays(total.resolveHist, sums.resolveHist),
      ratings: addArrays(total.ratings, sums.ratings),
    };
    if (sums.filed + sums.acknowledged + sums.resolved + sums.reopened + sums.ratings.reduce((a, b) => a + b, 0) > 0) {
      table.push(timesRow(r.hostel, r.category, sums));
    }
  }
  return { table, total: timesRow('All', 'All', total), ratingDistribution: total.ratings };
}

/**
 * Places with RECURRING_ROOM_MIN or more complaints of one category in the 30 days up to the
 * range's end (the repeat rule of decision 46): rooms from complaints_recurring_rooms_idx alone, as
 * before, and common areas (far fewer complaints) from their history index; the most first.
 */
export async function recurringRooms(db: Queryable, scope: Scope, filter: InsightsFilter, timeZone: string, limit = 10) {
  // Midnights on the university's clock (a zone whose clock skips a midnight falls back on UTC's that day).
  const midnight = (day: string) => fromZonedInputValue(`${day}T00:00`, timeZone) ?? new Date(dayMs(day));
  const end = midnight(addDays(filter.to, 1));
  const start = midnight(addDays(filter.to, 1 - RECURRING_ROOM_DAYS));
  const n = count();
  const window = and(
    where(scope, filter, complaints),
    gte(complaints.createdAt, start),
    lt(complaints.createdAt, end),
    // Matches the partial indexes; and a room that keeps reporting ragging would point at its student.
    sql`not ${complaints.confidential}`,
  );
  const [rooms, areas, codes] = await Promise.all([
    db
      .select({ hostel: complaints.hostel, roomNo: complaints.roomNo, category: complaints.category, count: n })
      .from(complaints)
      // A common area's complaints have no room (decision 45): they are counted by area below. Not
      // `common_area_id is null`, which the index lacks: rooms stay an index-only scan.
      .where(and(window, sql`${complaints.roomNo} <> ''`))
      .groupBy(complaints.hostel, complaints.roomNo, complaints.category)
      .having(gte(n, RECURRING_ROOM_MIN))
      .orderBy(desc(n), asc(complaints.hostel), asc(complaints.roomNo))
      .limit(limit),
    db
      .select({ hostel: complaints.hostel, category: complaints.category, code: commonAreas.code, name: commonAreas.name, floor: commonAreas.floor, count: n })
      .from(complaints)
      .innerJoin(commonAreas, eq(commonAreas.id, complaints.commonAreaId))
      .where(and(window, sql`${complaints.commonAreaId} is not null`))
      .groupBy(complaints.hostel, complaints.category, commonAreas.id, commonAreas.code, commonAreas.name, commonAreas.floor)
      .having(gte(n, RECURRING_ROOM_MIN))
      .orderBy(desc(n), asc(complaints.hostel), asc(commonAreas.code))
      .limit(limit),
    db.select({ name: hostels.name, code: hostels.code }).from(hostels),
  ]);
  const codeOf = new Map(codes.map((h) => [h.name, h.code.toUpperCase()]));
  return [
    ...rooms.map((r) => ({ ...r, count: Number(r.count), area: null, hostelCode: codeOf.get(r.hostel) ?? null })),
    ...areas.map((a) => ({
      hostel: a.hostel,
      roomNo: '',
      category: a.category,
      count: Number(a.count),
      area: { code: a.code.toUpperCase(), name: areaLabel(a) },
      hostelCode: codeOf.get(a.hostel) ?? null,
    })),
  ]
    .sort((a, b) => b.count - a.count || a.hostel.localeCompare(b.hostel))
    .slice(0, limit);
}

/** The hostels and categories the reader may filter by: their scope within the catalogue. */
export function scopeChoices(scope: Scope, snapshot: CatalogSnapshot) {
  const { catalog } = snapshot;
  const allCategories = [
    ...catalog.categories.map((c) => ({ key: c.key, label: c.cardTitle })),
    ...catalog.services.map((s) => ({ key: s.key, label: s.label })),
  ];
  const allHostels = catalog.hostels.map((h) => h.name);
  if (scope.all) return { hostels: allHostels, categories: allCategories };
  const anyHostel = scope.entries.some((e) => !e.hostel);
  const anyCategory = scope.entries.some((e) => !e.category);
  return {
    hostels: anyHostel ? allHostels : allHostels.filter((h) => scope.entries.some((e) => e.hostel === h)),
    categories: anyCategory ? allCategories : allCategories.filter((c) => scope.entries.some((e) => e.category === c.key)),
  };
}

/** Everything the dashboard shows, for one reader and one filter. */
export async function insightsFigures(db: Queryable, scope: Scope, filter: InsightsFilter, snapshot: CatalogSnapshot, now: Date): Promise<Insights> {
  const [cells, weekly, times, rooms] = await Promise.all([
    openCells(db, scope, filter, now),
    weeklyFiled(db, scope, filter),
    timesTable(db, scope, filter),
    recurringRooms(db, scope, filter, snapshot.timeZone),
  ]);
  return {
    from: filter.from,
    to: filter.to,
    ...scopeChoices(scope, snapshot),
    openCells: cells,
    weekly,
    times: times.table,
    total: {
      ...times.total,
      open: cells.reduce((a, c) => a + c.open, 0),
      overdue: cells.reduce((a, c) => a + c.overdue, 0),
    },
    ratingDistribution: times.ratingDistribution,
    recurringRooms: rooms,
  };
}
