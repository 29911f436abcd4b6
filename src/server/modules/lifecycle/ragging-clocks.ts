import { and, asc, eq, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { RaggingContacts } from '../../../shared/admin.js';
import { CLOCK_ESCALATION_LEVELS, RAGGING_CATEGORY, type ComplaintStatus } from '../../../shared/constants.js';
import { HEAD_AFTER_HOURS } from '../../../shared/ragging.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, users, type ComplaintRow } from '../../db/schema.js';
import { audit } from '../audit/index.js';
import { raggingContactsOf, readUniversity } from '../catalog/index.js';
import { enqueueMail, type MailFor } from '../mail/index.js';
import type { BellText } from '../notifications/index.js';
import { raggingClockMail, type ClockAudience, type RaggingClock } from '../mail/index.js';
import { mailOptions, staffUrl, type LifecycleContext } from './context.js';
import { tellPeople } from './notices.js';

/*
 * The statutory clocks of a ragging report (decision 40, UGC regulations): the FIR decision is due
 * 24 hours after the report, the enquiry's end 7 days after. A clock that runs out with nothing
 * recorded is escalated once to the nodal officer, and once more to the head of the institution
 * when it is still not met HEAD_AFTER_HOURS after it was due. Each step is recorded on the report
 * (fir_escalation_level, enquiry_escalation_level), as an internal timeline entry and an audit row.
 */

/** A report withdrawn by its student, merged into another or rejected runs no clock any more. */
export const CLOCKS_STOPPED_BY: readonly ComplaintStatus[] = ['withdrawn', 'merged', 'rejected'];

const CLOCKS = {
  fir: {
    due: complaints.firDueAt,
    level: complaints.firEscalationLevel,
    pending: sql`${complaints.firDecision} is null`,
    what: 'FIR decision',
  },
  enquiry: {
    due: complaints.enquiryDueAt,
    level: complaints.enquiryEscalationLevel,
    pending: sql`${complaints.enquiryClosedAt} is null`,
    what: 'Enquiry',
  },
} as const;

/**
 * The clock's next step is due at `now` (the app's clock, issue 44): overdue and nobody told yet,
 * or told and a day later still overdue.
 */
function stepDue(clock: RaggingClock, now: Date): SQL {
  const c = CLOCKS[clock];
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(${c.due} is not null and ${c.pending} and (
    (${c.level} = ${CLOCK_ESCALATION_LEVELS.none} and ${c.due} <= ${at})
    or (${c.level} = ${CLOCK_ESCALATION_LEVELS.nodalOfficer} and ${c.due} + make_interval(hours => ${HEAD_AFTER_HOURS}) <= ${at})))`;
}

function isStepDue(complaint: ComplaintRow, clock: RaggingClock, now: Date): boolean {
  const due = clock === 'fir' ? complaint.firDueAt : complaint.enquiryDueAt;
  const pending = clock === 'fir' ? complaint.firDecision === null : complaint.enquiryClosedAt === null;
  const level = clock === 'fir' ? complaint.firEscalationLevel : complaint.enquiryEscalationLevel;
  if (!due || !pending) return false;
  if (level === CLOCK_ESCALATION_LEVELS.none) return due <= now;
  return level === CLOCK_ESCALATION_LEVELS.nodalOfficer && due.getTime() + HEAD_AFTER_HOURS * 3_600_000 <= now.getTime();
}

/** Who hears of a step: the contact's address, and their bell when it is an account; the admins when no address is set. */
async function recipientsOf(tx: Tx, contacts: RaggingContacts, audience: ClockAudience) {
  const address = audience === 'nodal_officer' ? contacts.nodalOfficerEmail : contacts.headEmail;
  const title = audience === 'nodal_officer' ? `the nodal officer (${contacts.nodalOfficerName || address})` : `the head of the institution (${contacts.headName || address})`;
  if (address) {
    const accounts = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.email, address.toLowerCase()), isNull(users.disabledAt)));
    return { to: 'contact' as const, address, accounts, title };
  }
  // Someone must hear of a missed statutory deadline: without the contact, the administrators do.
  const admins = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  return { to: 'admins' as const, address: '', accounts: admins, title: `the administrators (no ${audience === 'nodal_officer' ? 'nodal officer' : 'head of the institution'} is set)` };
}

/**
 * Escalates every ragging clock whose next step is due, one step per clock and run (the next run, a
 * minute later, takes a second step that is also due). Rows are claimed with SKIP LOCKED, so any
 * number of instances may run it together; a decision recorded meanwhile waits for the row and is
 * then seen as made (the step is re-checked on the locked row).
 */
export async function escalateRaggingClocks(ctx: LifecycleContext, batch = 50): Promise<Array<{ number: string; clock: RaggingClock; level: number }>> {
  const now = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(complaints)
      .where(and(eq(complaints.category, RAGGING_CATEGORY), notInArray(complaints.status, [...CLOCKS_STOPPED_BY]), or(stepDue('fir', now), stepDue('enquiry', now))))
      .orderBy(asc(complaints.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const contacts = raggingContactsOf(await readUniversity(tx));
    const done: Array<{ number: string; clock: RaggingClock; level: number }> = [];
    for (let complaint of due) {
      for (const clock of ['fir', 'enquiry'] as const) {
        if (!isStepDue(complaint, clock, now)) continue;
        complaint = await escalateClock(tx, ctx, complaint, clock, contacts);
        done.push({ number: complaint.number, clock, level: clock === 'fir' ? complaint.firEscalationLevel : complaint.enquiryEscalationLevel });
      }
    }
    return done;
  });
}

async function escalateClock(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow, clock: RaggingClock, contacts: RaggingContacts): Promise<ComplaintRow> {
  const level = (clock === 'fir' ? complaint.firEscalationLevel : complaint.enquiryEscalationLevel) + 1;
  const audience: ClockAudience = level === CLOCK_ESCALATION_LEVELS.nodalOfficer ? 'nodal_officer' : 'head';
  const [row = complaint] = await tx
    .update(complaints)
    .set(clock === 'fir' ? { firEscalationLevel: level } : { enquiryEscalationLevel: level })
    .where(eq(complaints.id, complaint.id))
    .returning();
  const dueAt = (clock === 'fir' ? row.firDueAt : row.enquiryDueAt) ?? row.createdAt;
  const told = await recipientsOf(tx, contacts, audience);
  await tx.insert(complaintEvents).values({
    complaintId: row.id,
    actorId: null,
    fromStatus: row.status,
    toStatus: row.status,
    kind: 'ragging',
    public: false,
    note: `${CLOCKS[clock].what} overdue (due ${dueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC): ${told.title} ${told.address || told.accounts.length ? 'was told' : 'could not be told — nobody to tell'}`,
  });
  await audit(tx, {
    actorId: null,
    action: 'ragging.clock_escalate',
    targetType: 'complaint',
    targetId: row.number,
    details: { clock, level, to: told.to === 'admins' ? 'admins' : audience, address: told.address, dueAt: dueAt.toISOString() },
  });
  const mail: MailFor = (r) => raggingClockMail(row, clock, audience, staffUrl(ctx, row.number), r);
  const bell: BellText = ({ i18n }) =>
    clock === 'fir'
      ? i18n._('{number}: fir decision is overdue (ragging report)', { number: row.number })
      : i18n._('{number}: enquiry is overdue (ragging report)', { number: row.number });
  // An account hears by its own channels; an address without one (a mailbox) always gets the mail.
  await tellPeople(tx, ctx, row, told.accounts, { purpose: 'ragging_clock', mail, bell });
  if (told.address && !told.accounts.length) {
    await enqueueMail(tx, [{ render: mail, purpose: 'ragging_clock', complaint: row, to: [told.address] }], mailOptions(ctx));
  }
  return row;
}
