import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import { GRIEVANCE_PAGES, HEAD_AFTER_WORKING_DAYS } from '../../../shared/grievances.js';
import { addWorkingDays, type WorkingCalendar } from '../../../shared/working-time.js';
import type { Tx } from '../../db/client.js';
import { grievances, users, type GrievanceRow } from '../../db/schema.js';
import { audit } from '../audit/index.js';
import { readUniversity } from '../catalog/index.js';
import { tellGrievance, type LifecycleContext } from '../lifecycle/index.js';
import { grievanceMail } from '../mail/index.js';
import { adminAddresses, seatHolder } from './seats.js';
import { addEntry } from './service.js';

/*
 * The ladder's missed clocks (issue 44): a committee that has not decided by its due time is told
 * through its chair, once; still undecided HEAD_AFTER_WORKING_DAYS working days later, the head of
 * the institution is told, once. An appeal past its 30 days is told to the Ombudsperson, then to
 * the head, the same way. Each step is recorded on the row (committee_level, appeal_level), in the
 * thread as a reminder and in the audit log. "Now" is the portal's clock, never the database's.
 */

type ClockKind = 'committee' | 'appeal';

const levelOf = (g: GrievanceRow, clock: ClockKind) => (clock === 'committee' ? g.committeeLevel : g.appealLevel);
const dueOf = (g: GrievanceRow, clock: ClockKind) => (clock === 'committee' ? g.committeeDueAt : g.ombudspersonDueAt);
const running = (g: GrievanceRow, clock: ClockKind) => (clock === 'committee' ? g.status === 'received' || g.status === 'hearing_scheduled' : g.status === 'appealed');

/** The clock's next step is due: overdue and nobody told, or told and still not done HEAD_AFTER_WORKING_DAYS working days later. */
function stepDue(g: GrievanceRow, clock: ClockKind, now: Date, calendar: WorkingCalendar): boolean {
  const due = dueOf(g, clock);
  if (!due || !running(g, clock)) return false;
  const level = levelOf(g, clock);
  if (level === 0) return due < now;
  return level === 1 && addWorkingDays(due, HEAD_AFTER_WORKING_DAYS, calendar) < now;
}

/** Who hears of a step: the seat's holder or the head; the administrators when nobody is named. */
async function audienceOf(tx: Tx, clock: ClockKind, level: number): Promise<{ to: string; addresses: string[] }> {
  if (level === 1) {
    const seat = await seatHolder(tx, clock === 'committee' ? 'chair' : 'ombudsperson');
    if (seat) return { to: seat.seat, addresses: [seat.email] };
  } else {
    const head = (await readUniversity(tx)).headEmail.trim().toLowerCase();
    if (head) return { to: 'head', addresses: [head] };
  }
  return { to: 'admins', addresses: await adminAddresses(tx) };
}

/**
 * Takes every missed clock's next step, one step per clock and run (a second step that is also due
 * is the next run's). Rows are claimed with SKIP LOCKED, so instances may run it together; a
 * decision being recorded meanwhile holds its row, and the next run sees it made.
 */
export async function tellMissedClocks(
  ctx: LifecycleContext,
  calendar: () => Promise<WorkingCalendar>,
  batch = 50,
): Promise<Array<{ number: string; clock: ClockKind; level: number }>> {
  const cal = await calendar();
  return ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    // A clock already told once is a candidate again only once its next step could be due: five
    // working days are at least five days, so rows waiting for the head's step do not fill the
    // batch (and hold their locks) ahead of a clock just missed.
    const secondStepFrom = new Date(now.getTime() - HEAD_AFTER_WORKING_DAYS * 86_400_000);
    const candidates = await tx
      .select()
      .from(grievances)
      .where(
        or(
          and(
            inArray(grievances.status, ['received', 'hearing_scheduled']),
            or(and(eq(grievances.committeeLevel, 0), lte(grievances.committeeDueAt, now)), and(eq(grievances.committeeLevel, 1), lte(grievances.committeeDueAt, secondStepFrom))),
          ),
          and(
            eq(grievances.status, 'appealed'),
            or(and(eq(grievances.appealLevel, 0), lte(grievances.ombudspersonDueAt, now)), and(eq(grievances.appealLevel, 1), lte(grievances.ombudspersonDueAt, secondStepFrom))),
          ),
        ),
      )
      .orderBy(asc(grievances.receivedAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const done: Array<{ number: string; clock: ClockKind; level: number }> = [];
    for (const g of candidates) {
      for (const clock of ['committee', 'appeal'] as const) {
        if (!stepDue(g, clock, now, cal)) continue;
        const level = levelOf(g, clock) + 1;
        await tellStep(tx, ctx, g, clock, level, now);
        done.push({ number: g.number, clock, level });
      }
    }
    return done;
  });
}

async function tellStep(tx: Tx, ctx: LifecycleContext, g: GrievanceRow, clock: ClockKind, level: number, now: Date) {
  const [row = g] = await tx
    .update(grievances)
    .set(clock === 'committee' ? { committeeLevel: level } : { appealLevel: level })
    .where(eq(grievances.id, g.id))
    .returning();
  const due = dueOf(row, clock) ?? row.receivedAt;
  const audience = await audienceOf(tx, clock, level);
  await addEntry(tx, row, now, { kind: 'reminder', actor: null, seat: null, details: { clock, to: audience.to, dueAt: due.toISOString() } });
  await audit(tx, {
    actorId: null,
    action: 'grievance.reminder',
    targetType: 'grievance',
    targetId: row.number,
    details: { clock, level, to: audience.to, addresses: audience.addresses, dueAt: due.toISOString() },
  });
  const [student] = await tx.select({ name: users.name, email: users.email, fname: users.fname }).from(users).where(eq(users.id, row.studentId));
  const facts = { number: row.number, subject: row.subject, studentName: student?.name || student?.email || '', studentFname: student?.fname ?? '' };
  // The administrators, told in an empty seat's place, go where they can fill it.
  const page = audience.to === 'admins' ? GRIEVANCE_PAGES.setup : clock === 'committee' ? GRIEVANCE_PAGES.committee(row.number) : GRIEVANCE_PAGES.ombudsperson(row.number);
  await tellGrievance(
    tx,
    ctx,
    audience.addresses.map((address) => ({ address, link: page })),
    {
      purpose: 'grievance_reminder',
      mail: (link) => (r) => grievanceMail(facts, { step: 'overdue', clock, audience: audience.to === 'admins' ? 'admins' : level === 1 ? 'first' : 'head', due, workingDays: HEAD_AFTER_WORKING_DAYS }, link, r),
      bell: ({ i18n }) =>
        clock === 'committee'
          ? i18n._('Grievance {number} is past the committee’s deadline', { number: row.number })
          : i18n._('The appeal on grievance {number} is past its deadline', { number: row.number }),
    },
  );
}
