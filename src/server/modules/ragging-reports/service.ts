import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ENQUIRY_OUTCOMES, RAGGING_CATEGORY, type ComplaintStatus } from '../../../shared/constants.js';
import type { PublicCatalog } from '../../../shared/catalog.js';
import { fromZonedInputValue } from '../../../shared/time.js';
import { ENQUIRY_DAYS, FIR_DECISION_HOURS } from '../../../shared/ragging.js';
import type { Inspection, InspectionCreate, InspectionListQuery } from '../../../shared/ragging-reports.js';
import type { Db } from '../../db/client.js';
import { complaints, raggingInspections, users, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { audit } from '../audit/index.js';
import { CLOCKS_STOPPED_BY } from '../lifecycle/index.js';

/*
 * The anti-ragging committees' report and the squad's inspection log (decision 42). The report is
 * about the ragging reports received in the period (their decisions and enquiries as they stand
 * when it is made) and the inspections made in it; every figure is a count, a median or a label
 * an administrator wrote. Nothing here reads who filed, their room, their words or a tracking code.
 */

/** One line of a count table: a label and how many. */
export interface Tally {
  label: string;
  count: number;
}

export interface ReportInspection {
  inspectedAt: Date;
  hostel: string;
  findings: string;
  squad: string;
}

export interface RaggingReport {
  university: string;
  from: string;
  to: string;
  timeZone: string;
  generatedAt: Date;
  received: {
    total: number;
    anonymous: number;
    named: number;
    withdrawn: number;
    merged: number;
    rejected: number;
    bySubCategory: Tally[];
    byHostel: Tally[];
    /** PLACE_KINDS; null for reports filed before ragging had a form of its own. */
    byPlaceKind: Array<{ placeKind: string | null; count: number }>;
  };
  fir: {
    needed: number;
    notNeeded: number;
    decidedInTime: number;
    medianHours: number | null;
    awaitingInTime: number;
    awaitingOverdue: number;
    /** No decision and no clock running: withdrawn, merged or rejected first, or older than the clocks. */
    stopped: number;
  };
  enquiry: {
    closed: number;
    closedInTime: number;
    medianDays: number | null;
    openInTime: number;
    openOverdue: number;
    stopped: number;
    outcomes: Array<{ outcome: (typeof ENQUIRY_OUTCOMES)[number]; count: number }>;
  };
  escalations: { firNodalOfficer: number; firHead: number; enquiryNodalOfficer: number; enquiryHead: number };
  inspections: { total: number; byHostel: Tally[]; list: ReportInspection[] };
}

/** The period's first instant and the instant after its last day, on the university's clock. */
export function periodBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const next = new Date(`${to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const start = fromZonedInputValue(`${from}T00:00`, timeZone);
  const end = fromZonedInputValue(`${next.toISOString().slice(0, 10)}T00:00`, timeZone);
  // The query schema has checked both days: an unreadable one here is a bug, not bad input.
  if (!start || !end) throw new Error(`unreadable period ${from}..${to}`);
  return { start, end };
}

const stopped = inArray(complaints.status, [...CLOCKS_STOPPED_BY] as ComplaintStatus[]);
const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

// A clock starts at its due time less its length: at filing, or when a report moved from Others
// to Ragging (migration 0021 started those clocks then). Reports older than the clocks have none.
const firStart = sql`(${complaints.firDueAt} - make_interval(hours => ${FIR_DECISION_HOURS}))`;
const enquiryStart = sql`(${complaints.enquiryDueAt} - make_interval(days => ${ENQUIRY_DAYS}))`;
const firPending = sql`${complaints.firDecision} is null and ${complaints.firDueAt} is not null and not ${stopped}`;
const enquiryPending = sql`${complaints.enquiryClosedAt} is null and ${complaints.enquiryDueAt} is not null and not ${stopped}`;

/** Every figure of the report, in a handful of grouped reads of the period's ragging reports. */
export async function raggingReport(
  db: Db,
  catalog: PublicCatalog,
  period: { from: string; to: string; timeZone: string },
  now = new Date(),
): Promise<RaggingReport> {
  const { start, end } = periodBounds(period.from, period.to, period.timeZone);
  const received = and(eq(complaints.category, RAGGING_CATEGORY), gte(complaints.createdAt, start), lt(complaints.createdAt, end));
  const grouped = (column: PgColumn) =>
    db
      .select({ key: sql<string | null>`${column}`, count: count() })
      .from(complaints)
      .where(received)
      .groupBy(column)
      .orderBy(desc(count()), asc(column));

  const [totals] = await db
    .select({
      total: count(),
      anonymous: counted(sql`${complaints.anonymous}`),
      withdrawn: counted(eq(complaints.status, 'withdrawn')),
      merged: counted(eq(complaints.status, 'merged')),
      rejected: counted(eq(complaints.status, 'rejected')),
      firNeeded: counted(eq(complaints.firDecision, 'needed')),
      firNotNeeded: counted(eq(complaints.firDecision, 'not_needed')),
      firInTime: counted(sql`${complaints.firDecidedAt} <= ${complaints.firDueAt}`),
      firMedianHours: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${complaints.firDecidedAt} - ${firStart}) / 3600)`.mapWith(Number),
      firAwaitingInTime: counted(sql`${firPending} and ${complaints.firDueAt} > ${now.toISOString()}::timestamptz`),
      firAwaitingOverdue: counted(sql`${firPending} and ${complaints.firDueAt} <= ${now.toISOString()}::timestamptz`),
      firStopped: counted(sql`${complaints.firDecision} is null and not (${firPending})`),
      enquiryClosed: counted(sql`${complaints.enquiryClosedAt} is not null`),
      enquiryInTime: counted(sql`${complaints.enquiryClosedAt} <= ${complaints.enquiryDueAt}`),
      enquiryMedianDays: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${complaints.enquiryClosedAt} - ${enquiryStart}) / 86400)`.mapWith(Number),
      enquiryOpenInTime: counted(sql`${enquiryPending} and ${complaints.enquiryDueAt} > ${now.toISOString()}::timestamptz`),
      enquiryOpenOverdue: counted(sql`${enquiryPending} and ${complaints.enquiryDueAt} <= ${now.toISOString()}::timestamptz`),
      enquiryStopped: counted(sql`${complaints.enquiryClosedAt} is null and not (${enquiryPending})`),
      firNodalOfficer: counted(sql`${complaints.firEscalationLevel} >= 1`),
      firHead: counted(sql`${complaints.firEscalationLevel} >= 2`),
      enquiryNodalOfficer: counted(sql`${complaints.enquiryEscalationLevel} >= 1`),
      enquiryHead: counted(sql`${complaints.enquiryEscalationLevel} >= 2`),
    })
    .from(complaints)
    .where(received);
  if (!totals) throw new Error('an aggregate read returned no row');

  const [bySubCategory, byHostel, byPlaceKind, outcomes] = await Promise.all([
    grouped(complaints.subCategory),
    grouped(complaints.hostel),
    grouped(complaints.placeKind),
    db
      .select({ outcome: complaints.enquiryOutcome, count: count() })
      .from(complaints)
      .where(and(received, sql`${complaints.enquiryOutcome} is not null`))
      .groupBy(complaints.enquiryOutcome),
  ]);

  const inspected = and(gte(raggingInspections.inspectedAt, start), lt(raggingInspections.inspectedAt, end));
  const [inspectionsByHostel, inspectionList] = await Promise.all([
    db
      .select({ key: raggingInspections.hostel, count: count() })
      .from(raggingInspections)
      .where(inspected)
      .groupBy(raggingInspections.hostel)
      .orderBy(asc(raggingInspections.hostel)),
    db
      .select({ inspectedAt: raggingInspections.inspectedAt, hostel: raggingInspections.hostel, findings: raggingInspections.findings, squad: raggingInspections.squad })
      .from(raggingInspections)
      .where(inspected)
      .orderBy(asc(raggingInspections.inspectedAt), asc(raggingInspections.id)),
  ]);

  const tallies = (rows: Array<{ key: string | null; count: number }>): Tally[] => rows.map((r) => ({ label: r.key ?? '', count: r.count }));
  const outcomeCount = new Map(outcomes.map((o) => [o.outcome, o.count]));
  const median = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);
  return {
    university: catalog.university.name,
    from: period.from,
    to: period.to,
    timeZone: period.timeZone,
    generatedAt: now,
    received: {
      total: totals.total,
      anonymous: totals.anonymous,
      named: totals.total - totals.anonymous,
      withdrawn: totals.withdrawn,
      merged: totals.merged,
      rejected: totals.rejected,
      bySubCategory: tallies(bySubCategory),
      byHostel: tallies(byHostel),
      byPlaceKind: byPlaceKind.map((r) => ({ placeKind: r.key, count: r.count })),
    },
    fir: {
      needed: totals.firNeeded,
      notNeeded: totals.firNotNeeded,
      decidedInTime: totals.firInTime,
      medianHours: median(totals.firMedianHours),
      awaitingInTime: totals.firAwaitingInTime,
      awaitingOverdue: totals.firAwaitingOverdue,
      stopped: totals.firStopped,
    },
    enquiry: {
      closed: totals.enquiryClosed,
      closedInTime: totals.enquiryInTime,
      medianDays: median(totals.enquiryMedianDays),
      openInTime: totals.enquiryOpenInTime,
      openOverdue: totals.enquiryOpenOverdue,
      stopped: totals.enquiryStopped,
      outcomes: ENQUIRY_OUTCOMES.map((outcome) => ({ outcome, count: outcomeCount.get(outcome) ?? 0 })),
    },
    escalations: {
      firNodalOfficer: totals.firNodalOfficer,
      firHead: totals.firHead,
      enquiryNodalOfficer: totals.enquiryNodalOfficer,
      enquiryHead: totals.enquiryHead,
    },
    inspections: {
      total: inspectionList.length,
      byHostel: tallies(inspectionsByHostel),
      list: inspectionList,
    },
  };
}

const invalid = (field: string, message: string) => new AppError(400, 'validation_failed', message, { [field]: message });

/**
 * Writes an inspection into the log with its audit row. The hostel must be one of the catalogue's
 * (the log is counted by hostel); the time may not lie ahead of the server's clock.
 */
export async function recordInspection(db: Db, catalog: PublicCatalog, actor: Pick<UserRow, 'id'>, body: InspectionCreate, now = new Date()): Promise<Inspection> {
  if (!catalog.hostels.some((h) => h.name === body.hostel)) throw invalid('hostel', 'Choose a hostel of the list');
  const inspectedAt = new Date(body.inspectedAt);
  if (inspectedAt > now) throw invalid('inspectedAt', 'The inspection cannot be in the future');
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(raggingInspections)
      .values({ hostel: body.hostel, inspectedAt, findings: body.findings, squad: body.squad, createdBy: actor.id })
      .returning();
    if (!inserted) throw new Error('the inspection was not written');
    await audit(tx, {
      actorId: actor.id,
      action: 'ragging.inspection',
      targetType: 'ragging_inspection',
      targetId: inserted.id,
      details: { hostel: inserted.hostel, inspectedAt: inserted.inspectedAt.toISOString(), squad: inserted.squad },
    });
    return inserted;
  });
  const [recorder] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actor.id));
  return toInspection({ ...row, recorderName: recorder?.name ?? null, recorderEmail: recorder?.email ?? null });
}

function toInspection(row: {
  id: string;
  hostel: string;
  inspectedAt: Date;
  findings: string;
  squad: string;
  createdAt: Date;
  recorderName: string | null;
  recorderEmail: string | null;
}): Inspection {
  return {
    id: row.id,
    hostel: row.hostel,
    inspectedAt: row.inspectedAt.toISOString(),
    findings: row.findings,
    squad: row.squad,
    recordedBy: row.recorderName || row.recorderEmail || null,
    recordedAt: row.createdAt.toISOString(),
  };
}

/** The log, the latest inspection first (ragging_inspections_inspected_idx, or _hostel_idx for one hostel). */
export async function listInspections(db: Db, query: InspectionListQuery): Promise<{ items: Inspection[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({
      id: raggingInspections.id,
      hostel: raggingInspections.hostel,
      inspectedAt: raggingInspections.inspectedAt,
      findings: raggingInspections.findings,
      squad: raggingInspections.squad,
      createdAt: raggingInspections.createdAt,
      recorderName: users.name,
      recorderEmail: users.email,
    })
    .from(raggingInspections)
    .leftJoin(users, eq(users.id, raggingInspections.createdBy))
    .where(
      and(
        query.hostel ? eq(raggingInspections.hostel, query.hostel) : undefined,
        after ? afterCursor(raggingInspections, after, 'desc', raggingInspections.inspectedAt) : undefined,
      ),
    )
    .orderBy(desc(raggingInspections.inspectedAt), desc(raggingInspections.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => ({ createdAt: row.inspectedAt, id: row.id }));
  return { items: page.items.map(toInspection), nextCursor: page.nextCursor };
}
