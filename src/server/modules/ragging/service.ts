import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { RAGGING_CATEGORY } from '../../../shared/constants.js';
import type { EnquiryCloseBody, FirDecisionBody, RaggingClocks, RaggingState } from '../../../shared/ragging.js';
import type { Db } from '../../db/client.js';
import { complaints, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { loadScope, mayWorkRaggingRecord, scopeCondition } from '../access/index.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { closeEnquiry, recordFirDecision } from '../lifecycle/index.js';
import { CLOCKS_STOPPED_BY } from '../lifecycle/index.js';
import { toClockItem, toRaggingState, type Names } from './dto.js';

type Actor = Pick<UserRow, 'id' | 'role' | 'antiRagging'>;

/** The pinned list is short by nature (reports with a clock still open); this bounds it all the same. */
const CLOCKS_LIMIT = 200;

async function namesOf(db: Pick<Db, 'select'>, rows: readonly ComplaintRow[]): Promise<Names> {
  const ids = [...new Set(rows.flatMap((r) => [r.firDecidedBy, r.enquiryClosedBy]).filter((id): id is string => id !== null))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name || u.email]));
}

/** A ragging report's statutory record, for any worker whose scope covers it; who may decide is said, not assumed. */
export async function raggingState(db: Db, actor: Actor, number: string, now: Date): Promise<RaggingState> {
  const scope = await loadScope(db, actor);
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.number, number), scopeCondition(scope, complaints)))
    .limit(1);
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  if (row.category !== RAGGING_CATEGORY) {
    throw AppError.withValues(409, 'not_a_ragging_report', /*i18n*/ '{number} is not a ragging report: it has no FIR decision or enquiry.', () => ({
      number: row.number,
    }));
  }
  return toRaggingState(row, await namesOf(db, [row]), mayWorkRaggingRecord(actor), now);
}

/** Records the FIR decision (lifecycle/ragging.ts) and answers with the report's record. */
export async function decideFir(ctx: LifecycleContext, actor: Actor, number: string, body: FirDecisionBody): Promise<RaggingState> {
  const row = await recordFirDecision(ctx, actor, number, body);
  return toRaggingState(row, await namesOf(ctx.db, [row]), true, ctx.clock.now());
}

/** Closes the enquiry (lifecycle/ragging.ts, which resolves an open report) and answers with the record. */
export async function closeRaggingEnquiry(ctx: LifecycleContext, actor: Actor, number: string, body: EnquiryCloseBody): Promise<RaggingState> {
  const row = await closeEnquiry(ctx, actor, number, body);
  return toRaggingState(row, await namesOf(ctx.db, [row]), true, ctx.clock.now());
}

/**
 * The reports the duty must act on, pinned above their queue: every ragging report in scope with a
 * clock still open (running or overdue), the soonest due first. Read through the clocks' partial
 * indexes (complaints_fir_clock_idx, complaints_enquiry_clock_idx).
 */
export async function raggingClocks(db: Db, actor: Actor, now: Date): Promise<RaggingClocks> {
  const scope = await loadScope(db, actor);
  const firOpen = and(isNotNull(complaints.firDueAt), isNull(complaints.firDecision));
  const enquiryOpen = and(isNotNull(complaints.enquiryDueAt), isNull(complaints.enquiryClosedAt));
  const nextDue = sql`least(
    case when ${complaints.firDecision} is null then ${complaints.firDueAt} end,
    case when ${complaints.enquiryClosedAt} is null then ${complaints.enquiryDueAt} end)`;
  const rows = await db
    .select()
    .from(complaints)
    .where(
      and(
        eq(complaints.category, RAGGING_CATEGORY),
        notInArray(complaints.status, [...CLOCKS_STOPPED_BY]),
        or(firOpen, enquiryOpen),
        scopeCondition(scope, complaints),
      ),
    )
    .orderBy(asc(nextDue), asc(complaints.createdAt))
    .limit(CLOCKS_LIMIT);
  const names = await namesOf(db, rows);
  return { items: rows.map((row) => toClockItem(row, names, now)) };
}
