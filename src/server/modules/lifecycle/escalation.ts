import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { categories, complaintEvents, complaints, oneOf, users, type ComplaintRow } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { ESCALATION_LEVELS, OPEN_STATUSES, RAGGING_CATEGORY } from '../../../shared/constants.js';
import { coveringWorkers } from '../access/index.js';
import { audit } from '../audit/index.js';
import { ESCALATED_VIEW_PATH, LATE_GROUP } from '../../../shared/notification-groups.js';
import { escalationMail, lateListMail } from '../mail/index.js';
import { enqueueMail, type MailFor } from '../mail/index.js';
import { notifyGrouped } from '../notifications/index.js';
import { mailOptions, staffUrl, type LifecycleContext } from './context.js';
import { tellByMail, wantingMail } from './notices.js';

/** Service requests (room cleaning, laundry) have no category row: these thresholds apply to them. */
const DEFAULT_WARDENS_AFTER_HOURS = 0;
const DEFAULT_ADMINS_AFTER_HOURS = 24;

const admins = (tx: Tx) =>
  tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));

/**
 * Open complaints due for their next escalation step at `now` (the app's clock, issue 44), oldest
 * due first, locked for the caller's transaction (SKIP LOCKED: another instance's batch is left to
 * it). Served by complaints_escalation_idx. A complaint waiting for its student is never late: its
 * stored due time is the far end of time while its clock is paused. The thresholds past due are
 * hours on the clock, whatever the target's unit (decision 72).
 */
export function lateComplaints(tx: Pick<Tx, 'select'>, batch: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const threshold = sql`case when ${complaints.escalationLevel} = 0
    then coalesce(${categories.escalateWardensAfterHours}, ${DEFAULT_WARDENS_AFTER_HOURS})
    else coalesce(${categories.escalateAdminsAfterHours}, ${DEFAULT_ADMINS_AFTER_HOURS}) end`;
  return tx
    .select({ complaint: complaints })
    .from(complaints)
    .leftJoin(categories, eq(categories.key, complaints.category))
    .where(
      and(
        // The same predicate as the partial index complaints_escalation_idx, so the scan uses it.
        sql`${oneOf(complaints.status, OPEN_STATUSES)} and ${complaints.escalationLevel} < 2`,
        sql`${complaints.dueAt} < ${at}`,
        sql`${complaints.dueAt} + make_interval(hours => ${threshold}) <= ${at}`,
        // A ragging report is timed by its statutory clocks instead, told to the nodal officer and
        // the head of the institution rather than the hostel's wardens (ragging-clocks.ts).
        ne(complaints.category, RAGGING_CATEGORY),
      ),
    )
    .orderBy(asc(complaints.dueAt))
    .limit(batch)
    .for('update', { of: complaints, skipLocked: true });
}

type Told = { id: string; email: string; items: Array<{ complaint: ComplaintRow; audience: 'wardens' | 'admins' }> };

/**
 * Escalates open complaints that are past their due time: first to the wardens of the hostel
 * (once the category's `escalate_wardens_after_hours` past due have gone by), then to the admins
 * (after `escalate_admins_after_hours`). Each step happens exactly once per complaint and due time
 * (`escalation_level` records it; reopening resets it with a new due time) and writes an internal
 * timeline event and an audit row per complaint. The people told hear once per run, however many
 * complaints became late for them: one mail listing them, and one grouped bell ("5 complaints
 * became late") that a later run within the hour updates instead of ringing again (decision 38).
 * Rows are claimed with SKIP LOCKED, so any number of instances can run it together.
 */
export async function escalateLate(ctx: LifecycleContext, batch = 100): Promise<Array<{ number: string; level: number }>> {
  return ctx.transaction(async (tx) => {
    const late = await lateComplaints(tx, batch, ctx.clock.now());
    const done: Array<{ number: string; level: number }> = [];
    const told = new Map<string, Told>();
    for (const { complaint } of late) {
      let level: number = complaint.escalationLevel + 1;
      // The hostel's wardens are the wardens whose scope covers the complaint.
      let people = level === ESCALATION_LEVELS.wardens ? await coveringWorkers(tx, complaint, { roles: ['warden'] }) : await admins(tx);
      // A hostel without a warden goes straight to the admins: someone must hear of it.
      if (people.length === 0 && level === ESCALATION_LEVELS.wardens) {
        level = ESCALATION_LEVELS.admins;
        people = await admins(tx);
      }
      const audience = level === ESCALATION_LEVELS.wardens ? 'wardens' : 'admins';
      const [row = complaint] = await tx
        .update(complaints)
        .set({ escalationLevel: level })
        .where(eq(complaints.id, complaint.id))
        .returning();
      const whom = audience === 'wardens' ? `the wardens of ${complaint.hostel}` : 'the administrators';
      await tx.insert(complaintEvents).values({
        complaintId: complaint.id,
        actorId: null,
        fromStatus: complaint.status,
        toStatus: complaint.status,
        kind: 'escalation',
        public: false,
        note: `Late (due ${complaint.dueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC): ${whom} ${people.length ? 'were told' : 'could not be told — nobody holds that role'}`,
      });
      await audit(tx, {
        actorId: null,
        action: 'complaint.escalate',
        targetType: 'complaint',
        targetId: complaint.number,
        details: { level, to: audience, people: people.length, dueAt: complaint.dueAt.toISOString() },
      });
      for (const person of people) {
        const entry = told.get(person.id) ?? { id: person.id, email: person.email, items: [] };
        entry.items.push({ complaint: row, audience });
        told.set(person.id, entry);
      }
      done.push({ number: complaint.number, level });
    }
    await tellLate(tx, ctx, [...told.values()]);
    return done;
  });
}

/**
 * Tells each person of the complaints that became late for them in this run: a mail about the one
 * complaint (in its thread) or one listing them all, and the grouped 'late' bell and push.
 */
async function tellLate(tx: Tx, ctx: LifecycleContext, told: readonly Told[]): Promise<void> {
  for (const person of told) {
    const [only] = person.items;
    if (person.items.length === 1 && only) {
      const to = await wantingMail(tx, [person.email]);
      const render: MailFor = (r) => escalationMail(only.complaint, only.audience, staffUrl(ctx, only.complaint.number), r);
      if (to.length) await enqueueMail(tx, [{ render, purpose: 'escalation', complaint: only.complaint, to }], mailOptions(ctx));
    } else {
      await tellByMail(tx, ctx, person.email, { render: (r) => lateListMail(person.items, `${ctx.publicUrl}${ESCALATED_VIEW_PATH}`, r), purpose: 'escalation' });
    }
  }
  await notifyGrouped(
    tx,
    told.map((p) => ({ id: p.id, complaints: p.items.map((i) => i.complaint) })),
    {
      key: LATE_GROUP,
      text: (count, single, r) => {
        if (!single) return r.i18n._('{count} complaints became late', { count: String(count) });
        const c = r.local(single);
        return r.i18n._('{number} is late: {head} in {hostel}', { number: c.number, head: c.complaintHead, hostel: c.hostel });
      },
      path: ESCALATED_VIEW_PATH,
    },
  );
}
