import { sql } from 'drizzle-orm';
import type { GrievanceReport } from '../../../shared/grievances.js';
import type { Db } from '../../db/client.js';
import { grievances } from '../../db/schema.js';
import { addDays, zonedInstant } from '../../../shared/time.js';

/*
 * The university's grievance figures for a period (issue 44): for the UGC's annual return and the
 * NAAC evidence file. Every figure is PostgreSQL's count in one statement (grouping sets: the
 * whole, by hostel, by category), of the grievances received in the period as each stands now.
 * Confidential and anonymous complaints never become grievances, so none is here.
 */

const n = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

const FIGURES = {
  received: sql<number>`count(*)`.mapWith(Number),
  withdrawn: n(sql`${grievances.status} = 'withdrawn'`),
  decided: n(sql`${grievances.decidedAt} is not null`),
  decidedWithinClock: n(sql`${grievances.decidedAt} <= ${grievances.committeeDueAt}`),
  pendingWithCommittee: n(sql`${grievances.status} in ('received', 'hearing_scheduled')`),
  appeals: n(sql`${grievances.appealedAt} is not null`),
  disposed: n(sql`${grievances.disposedAt} is not null`),
  disposedWithinClock: n(sql`${grievances.disposedAt} <= ${grievances.ombudspersonDueAt}`),
  pendingWithOmbudsperson: n(sql`${grievances.status} = 'appealed'`),
  upheld: n(sql`${grievances.outcome} = 'upheld'`),
  partlyUpheld: n(sql`${grievances.outcome} = 'partly_upheld'`),
  notUpheld: n(sql`${grievances.outcome} = 'not_upheld'`),
  confirmed: n(sql`${grievances.appealOutcome} = 'confirmed'`),
  modified: n(sql`${grievances.appealOutcome} = 'modified'`),
  setAside: n(sql`${grievances.appealOutcome} = 'set_aside'`),
};

/** The instants a period of days on the university's clock starts and ends (the end excluded). */
function periodBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const start = zonedInstant(from, '00:00', timeZone);
  const end = zonedInstant(addDays(to, 1), '00:00', timeZone);
  if (!start || !end) throw new RangeError(`not a period: ${from} to ${to}`);
  return { start, end };
}

export interface ReportPeriod {
  from: string;
  to: string;
  timeZone: string;
}

/** The report's figures; `category` is the complaint's key, or null for grievances with no complaint. */
export async function grievanceReport(db: Pick<Db, 'select'>, period: ReportPeriod): Promise<GrievanceReport & { generatedAt: Date }> {
  const { start, end } = periodBounds(period.from, period.to, period.timeZone);
  const rows = await db
    .select({
      ...FIGURES,
      hostel: grievances.hostel,
      category: grievances.category,
      byHostel: sql<number>`grouping(${grievances.hostel})`.mapWith(Number),
      byCategory: sql<number>`grouping(${grievances.category})`.mapWith(Number),
    })
    .from(grievances)
    .where(sql`${grievances.receivedAt} >= ${start.toISOString()}::timestamptz and ${grievances.receivedAt} < ${end.toISOString()}::timestamptz`)
    .groupBy(sql`grouping sets ((), (${grievances.hostel}), (${grievances.category}))`)
    .orderBy(grievances.hostel, grievances.category);
  // grouping() is 1 for a column the row is not grouped by: the whole has both rolled up.
  const whole = rows.find((r) => r.byHostel === 1 && r.byCategory === 1);
  const part = (r: (typeof rows)[number]) => ({ received: r.received, decided: r.decided, decidedWithinClock: r.decidedWithinClock, appeals: r.appeals });
  const total = whole ?? Object.fromEntries(Object.keys(FIGURES).map((k) => [k, 0]));
  const figure = (key: keyof typeof FIGURES) => Number((total as Record<string, unknown>)[key] ?? 0);
  return {
    from: period.from,
    to: period.to,
    received: figure('received'),
    withdrawn: figure('withdrawn'),
    decided: figure('decided'),
    decidedWithinClock: figure('decidedWithinClock'),
    pendingWithCommittee: figure('pendingWithCommittee'),
    appeals: figure('appeals'),
    disposed: figure('disposed'),
    disposedWithinClock: figure('disposedWithinClock'),
    pendingWithOmbudsperson: figure('pendingWithOmbudsperson'),
    outcomes: { upheld: figure('upheld'), partly_upheld: figure('partlyUpheld'), not_upheld: figure('notUpheld') },
    appealOutcomes: { confirmed: figure('confirmed'), modified: figure('modified'), set_aside: figure('setAside') },
    byHostel: rows.filter((r) => r.byHostel === 0).map((r) => ({ hostel: r.hostel, ...part(r) })),
    byCategory: rows.filter((r) => r.byCategory === 0).map((r) => ({ category: r.category ?? '', ...part(r) })),
    generatedAt: new Date(),
  };
}
