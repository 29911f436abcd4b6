import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LANGUAGES, RAGGING_CATEGORY, isOpenStatus, type Locale } from '../../../shared/constants.js';
import {
  APPEAL_WINDOW_DAYS,
  COMMITTEE_WORKING_DAYS,
  GRIEVANCE_PAGES,
  OMBUDSPERSON_DAYS,
  grievanceEligibility,
  type GrievanceEligibility,
  type GrievanceEntryKind,
  type GrievanceSummary,
  type GrievanceThreadEntry,
  type GrievanceView,
  type appealSchema,
  type decisionSchema,
  type disposalSchema,
  type grievanceMessageSchema,
  type hearingSchema,
  type questionSchema,
  type raiseGrievanceSchema,
} from '../../../shared/grievances.js';
import { dayText } from '../../../shared/time.js';
import { addCalendarDays, addWorkingDays, dueAfter } from '../../../shared/working-time.js';
import { targetOf } from '../../../shared/catalog.js';
import type { Db, Tx } from '../../db/client.js';
import {
  complaintEvents,
  complaintFollowers,
  complaints,
  grievanceEntries,
  grievanceNumberSeq,
  grievances,
  photos,
  users,
  type ComplaintRow,
  type GrievanceRow,
  type UserRow,
} from '../../db/schema.js';
import type { I18n } from '../../i18n/index.js';
import type { Reader } from '../../i18n/readers.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { raggingContactsOf, readUniversity, type CatalogSnapshot } from '../catalog/index.js';
import { tellGrievance, type GrievanceRecipient, type LifecycleContext } from '../lifecycle/index.js';
import { grievanceMail, type GrievanceMail } from '../mail/index.js';
import type { BellText } from '../notifications/index.js';
import { adminAddresses, committeeSeats, requireAppealReader, requireCommitteeReader, requireDecidingMember, requireMember, requireOmbudsperson, seatHolder, seatOf } from './seats.js';
import { aboutComplaint, entryView, grievanceView, summaries, type Audience } from './views.js';

/*
 * The grievance ladder's rules (issue 44, decision 73). Every step runs in one lifecycle
 * transaction: the grievance's row, its thread entry, its audit row and whatever tells people
 * commit together or not at all. Every time a step records, and every deadline it starts, is the
 * portal's clock (ctx.clock); the deadlines are stored when their clock starts.
 */

type Queryable = Pick<Db, 'select'>;
type Raise = z.output<typeof raiseGrievanceSchema>;

/** The pieces of the catalogue the rules read. */
export type Snapshot = Pick<CatalogSnapshot, 'catalog' | 'calendar' | 'timeZone' | 'settings'>;

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Grievance not found.');

/** "Fri 28 Nov 2026" in the reader's words, on the university's clock. */
const dayWords = (at: Date, timeZone: string) => (i18n: I18n) => dayText(at, timeZone, LANGUAGES[(i18n.locale as Locale) in LANGUAGES ? (i18n.locale as Locale) : 'en'].intl, { year: true });

// ---------------------------------------------------------------------------------------------
// Reading

async function lockGrievance(tx: Tx, number: string): Promise<GrievanceRow> {
  const [row] = await tx.select().from(grievances).where(eq(grievances.number, number)).limit(1).for('update');
  if (!row) throw notFound();
  return row;
}

async function findGrievance(db: Queryable, number: string): Promise<GrievanceRow> {
  const [row] = await db.select().from(grievances).where(eq(grievances.number, number)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The student's own grievance, or 404 (someone else's is not said to exist). */
async function ownGrievance(db: Queryable, user: UserRow, number: string): Promise<GrievanceRow> {
  const row = await findGrievance(db, number);
  if (row.studentId !== user.id) throw notFound();
  return row;
}

/** The Ombudsperson reads only what was appealed to them. */
const appealed = (g: GrievanceRow) => g.appealedAt !== null;

/** Who reads a grievance, checked: its student, a member, the Ombudsperson (for an appeal); otherwise 404 or 403. */
export async function readerOfGrievance(db: Queryable, user: UserRow, number: string, as: Audience): Promise<GrievanceRow> {
  if (as === 'student') return ownGrievance(db, user, number);
  if (as === 'committee') {
    await requireCommitteeReader(db, user);
    return findGrievance(db, number);
  }
  await requireAppealReader(db, user);
  const row = await findGrievance(db, number);
  if (!appealed(row)) throw notFound();
  return row;
}

export async function viewFor(db: Queryable, user: UserRow, number: string, as: Audience, now: Date, r: Reader): Promise<GrievanceView> {
  const g = await readerOfGrievance(db, user, number, as);
  const invitee = as === 'committee' && (await seatOf(db, user))?.seat === 'special_invitee';
  return grievanceView(db, g, as, now, r, { invitee });
}

const LIST_LIMIT = 200;

export async function listOwn(db: Queryable, user: UserRow, now: Date, r: Reader): Promise<GrievanceSummary[]> {
  const rows = await db.select().from(grievances).where(eq(grievances.studentId, user.id)).orderBy(desc(grievances.receivedAt), desc(grievances.id)).limit(LIST_LIMIT);
  return summaries(db, rows, now, r);
}

const STATES = {
  open: ['received', 'hearing_scheduled'],
  decided: ['decided', 'appealed', 'disposed'],
} as const;

export async function listForCommittee(db: Queryable, user: UserRow, state: 'open' | 'decided' | 'all', now: Date, r: Reader): Promise<GrievanceSummary[]> {
  await requireCommitteeReader(db, user);
  const rows = await db
    .select()
    .from(grievances)
    .where(state === 'all' ? undefined : inArray(grievances.status, [...STATES[state]]))
    // What is still to decide comes soonest due first (the most overdue on top); the rest newest first.
    .orderBy(...(state === 'open' ? [asc(grievances.committeeDueAt), asc(grievances.id)] : [desc(grievances.receivedAt), desc(grievances.id)]))
    .limit(LIST_LIMIT);
  return summaries(db, rows, now, r);
}

export async function listAppeals(db: Queryable, user: UserRow, now: Date, r: Reader): Promise<GrievanceSummary[]> {
  await requireAppealReader(db, user);
  const rows = await db
    .select()
    .from(grievances)
    .where(inArray(grievances.status, ['appealed', 'disposed']))
    .orderBy(desc(grievances.appealedAt), desc(grievances.id))
    .limit(LIST_LIMIT);
  return summaries(db, rows, now, r);
}

// ---------------------------------------------------------------------------------------------
// Eligibility

async function reopenCount(db: Queryable, complaintId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(complaintEvents)
    .where(and(eq(complaintEvents.complaintId, complaintId), eq(complaintEvents.kind, 'status'), eq(complaintEvents.toStatus, 'reopened')));
  return Number(row?.n ?? 0);
}

/**
 * A complaint's target as the catalogue has it now (sub-category, category or service), counted
 * again from its due time in its own unit: late by more than that, it may go to the committee. The
 * due time is the current clock's (a reopened complaint's runs from the reopening), so a reopening
 * does not make the student wait longer than one target past it.
 */
function lateBeyondTarget(complaint: ComplaintRow, snapshot: Snapshot): Date | null {
  // A clock that waits for the student stands still, and so does how late it was when it stopped:
  // its stored due time is the waiting placeholder, nothing to count from.
  if (complaint.clockPausedAt) return null;
  const target = targetOf(snapshot.catalog, complaint.category, complaint.subCategory);
  return dueAfter(complaint.dueAt, target.hours, complaint.targetUnit, snapshot.calendar);
}

/** Whether a waiting clock had been late by more than its target when it stopped (its time left is negative then). */
function frozenBeyondTarget(complaint: ComplaintRow, snapshot: Snapshot): boolean {
  if (!complaint.clockPausedAt || complaint.clockLeftMs === null) return false;
  const target = targetOf(snapshot.catalog, complaint.category, complaint.subCategory);
  return -complaint.clockLeftMs > target.hours * 3_600_000;
}

async function eligibilityOf(db: Queryable, complaint: ComplaintRow, snapshot: Snapshot, now: Date): Promise<GrievanceEligibility> {
  const [existing] = await db.select({ number: grievances.number }).from(grievances).where(eq(grievances.complaintId, complaint.id)).limit(1);
  return grievanceEligibility({
    status: complaint.status,
    reopenCount: await reopenCount(db, complaint.id),
    open: isOpenStatus(complaint.status),
    lateBeyondTargetAt: lateBeyondTarget(complaint, snapshot),
    // Waiting for the student's answer, the clock stands still, as late as it was when it stopped.
    paused: complaint.clockPausedAt !== null,
    lateBeyondTargetWhenPaused: frozenBeyondTarget(complaint, snapshot),
    confidential: complaint.confidential,
    anonymous: complaint.anonymous,
    ragging: complaint.category === RAGGING_CATEGORY,
    existingGrievance: existing?.number ?? null,
    now,
  });
}

/**
 * Whether the student may take their complaint to the committee. A complaint of theirs answers;
 * one they only follow says it is not theirs; anyone else's is not said to exist.
 */
export async function complaintEligibility(db: Queryable, snapshot: Snapshot, user: UserRow, number: string, now: Date): Promise<GrievanceEligibility> {
  const [complaint] = await db.select().from(complaints).where(eq(complaints.number, number)).limit(1);
  if (!complaint) throw complaintNotFound(number);
  if (complaint.studentId !== user.id) {
    const [follows] = await db
      .select({ id: complaintFollowers.complaintId })
      .from(complaintFollowers)
      .where(and(eq(complaintFollowers.complaintId, complaint.id), eq(complaintFollowers.userId, user.id)))
      .limit(1);
    if (!follows || complaint.confidential) throw complaintNotFound(number);
    return { eligible: false, because: 'not_yours' };
  }
  return eligibilityOf(db, complaint, snapshot, now);
}

const complaintNotFound = (number: string) => AppError.withValues(404, 'not_found', /*i18n*/ 'You have no complaint {number}.', () => ({ number }));

/** The refusal of a complaint that may not go to the committee, saying why and what to do instead. */
async function refusal(db: Queryable, eligibility: Extract<GrievanceEligibility, { eligible: false }>): Promise<AppError> {
  switch (eligibility.because) {
    case 'already_raised': {
      const number = eligibility.grievanceNumber ?? '';
      return AppError.withValues(409, 'grievance_exists', /*i18n*/ 'This complaint is already with the grievance committee as {number}.', () => ({ number }));
    }
    case 'ragging': {
      const contacts = raggingContactsOf(await readUniversity(db));
      return AppError.withValues(
        409,
        'ragging_not_grievance',
        /*i18n*/ 'Ragging is not a grievance: it stays with the {committee}, which has its own deadlines. Follow your report on the portal, or call the anti-ragging helpline {helpline}.',
        () => ({ committee: contacts.committeeName, helpline: contacts.raggingHelpline }),
      );
    }
    case 'confidential':
    case 'anonymous':
      return new AppError(
        409,
        'confidential_not_grievance',
        /*i18n*/ 'A confidential or anonymous report does not go to the grievance committee: the committee would learn who reported it. You can raise a grievance of your own about the matter, without the report.',
      );
    case 'not_yours':
    case 'not_yet':
      return new AppError(
        409,
        'not_eligible',
        /*i18n*/ 'This complaint cannot go to the grievance committee yet: it can once it is rejected, reopened twice, or overdue by more than its target time.',
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Telling

interface Told {
  student: UserRow | { id: string; email: string; name: string; fname: string };
}

const facts = (g: GrievanceRow, student: Told['student']) => ({ number: g.number, subject: g.subject, studentName: student.name || student.email, studentFname: student.fname });

async function studentOf(db: Queryable, g: GrievanceRow) {
  const [row] = await db.select({ id: users.id, email: users.email, name: users.name, fname: users.fname }).from(users).where(eq(users.id, g.studentId));
  return row ?? { id: g.studentId, email: '', name: '', fname: '' };
}

/** The committee's addresses (chair, members, invitee), or the administrators when nobody sits on it. */
async function committeeRecipients(db: Queryable, g: GrievanceRow, except?: string): Promise<GrievanceRecipient[]> {
  const seats = await committeeSeats(db);
  // The administrators, told in the committee's place, are sent where they can name it: the
  // committee's pages are the seats' to open.
  if (!seats.length) return (await adminAddresses(db)).filter((a) => a !== except).map((address) => ({ address, link: GRIEVANCE_PAGES.setup }));
  return seats.map((s) => s.email).filter((a) => a !== except).map((address) => ({ address, link: GRIEVANCE_PAGES.committee(g.number) }));
}

async function ombudspersonRecipients(db: Queryable, g: GrievanceRow): Promise<GrievanceRecipient[]> {
  const seat = await seatHolder(db, 'ombudsperson');
  if (!seat) return (await adminAddresses(db)).map((address) => ({ address, link: GRIEVANCE_PAGES.setup }));
  return [{ address: seat.email, link: GRIEVANCE_PAGES.ombudsperson(g.number) }];
}

const studentRecipient = (g: GrievanceRow, student: { email: string }): GrievanceRecipient[] =>
  student.email ? [{ address: student.email, link: GRIEVANCE_PAGES.student(g.number) }] : [];

/** A bell for each step, in the reader's language. */
function bellOf(g: GrievanceRow, mail: GrievanceMail): BellText {
  return ({ i18n }) => {
    const v = { number: g.number, subject: g.subject };
    switch (mail.step) {
      case 'received':
        return i18n._('Grievance {number} received: the committee decides within 15 working days', v);
      case 'raised':
        return i18n._('New grievance {number}: {subject}', v);
      case 'hearing':
        return i18n._('Hearing on your grievance {number} scheduled', v);
      case 'decided':
        return i18n._('The committee decided on your grievance {number}', v);
      case 'appealed':
        return i18n._('Appeal on grievance {number}: {subject}', v);
      case 'question':
        return { lead: `${i18n._('The Ombudsperson asks about grievance {number}:', v)} `, quote: mail.text };
      case 'message':
        return { lead: `${i18n._('New message on grievance {number}:', v)} `, quote: mail.text };
      case 'disposed':
        return i18n._('The Ombudsperson disposed of the appeal on grievance {number}', v);
      case 'withdrawn':
        return i18n._('Grievance {number} was withdrawn', v);
      case 'overdue':
        return mail.clock === 'committee' ? i18n._('Grievance {number} is past the committee’s deadline', v) : i18n._('The appeal on grievance {number} is past its deadline', v);
    }
  };
}

async function tell(tx: Tx, ctx: LifecycleContext, g: GrievanceRow, student: Told['student'], recipients: GrievanceRecipient[], mail: GrievanceMail, purpose: string) {
  return tellGrievance(tx, ctx, recipients, {
    purpose,
    mail: (link) => (r) => grievanceMail(facts(g, student), mail, link, r),
    bell: bellOf(g, mail),
  });
}

// ---------------------------------------------------------------------------------------------
// Writing

interface Entry {
  kind: GrievanceEntryKind;
  actor: { id: string; name: string; email: string } | null;
  seat: string | null;
  text?: string;
  addressee?: 'student' | 'committee';
  hearingAt?: Date;
  hearingPlace?: string;
  outcome?: string;
  details?: Record<string, string>;
}

export async function addEntry(tx: Tx, g: GrievanceRow, at: Date, entry: Entry) {
  const [row] = await tx
    .insert(grievanceEntries)
    .values({
      grievanceId: g.id,
      kind: entry.kind,
      actorId: entry.actor?.id ?? null,
      actorSeat: entry.seat,
      actorName: entry.actor ? entry.actor.name || entry.actor.email : '',
      text: entry.text ?? '',
      addressee: entry.addressee ?? null,
      hearingAt: entry.hearingAt ?? null,
      hearingPlace: entry.hearingPlace ?? null,
      outcome: entry.outcome ?? null,
      details: entry.details ?? {},
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('the entry was not written');
  return row;
}

async function attachGrievancePhotos(tx: Tx, g: GrievanceRow, student: UserRow, photoIds: readonly string[]): Promise<void> {
  const ids = [...new Set(photoIds)];
  if (!ids.length) return;
  const attached = await tx
    .update(photos)
    .set({ grievanceId: g.id, attachedAt: new Date() })
    .where(and(inArray(photos.id, ids), eq(photos.uploaderId, student.id), isNull(photos.complaintId), isNull(photos.grievanceId), sql`${photos.storedAt} is not null`))
    .returning({ id: photos.id });
  if (attached.length !== ids.length) {
    throw new AppError(422, 'photo_unavailable', /*i18n*/ 'A photo could not be attached: it has expired or was already sent. Remove it and add it again.', {
      photoIds: 'upload the photo again',
    });
  }
}


/**
 * Raises a grievance: on the student's own complaint when it may go to the committee (a rejected,
 * twice reopened or long overdue complaint), or about a hostel matter with none. Its committee
 * clock runs 15 working days from receipt on the calendar of that day; the committee (or, with
 * nobody on it, the administrators) and the student are told.
 */
export async function raiseGrievance(ctx: LifecycleContext, snapshot: Snapshot, student: UserRow, input: Raise, r: Reader): Promise<GrievanceView> {
  const number = await ctx.transaction(async (tx) => {
    const now = ctx.clock.now();
    let complaint: ComplaintRow | null = null;
    let hostel: string;
    if (input.complaintNumber) {
      // Locked: two grievances raised on one complaint at once are one and a refusal.
      const [row] = await tx.select().from(complaints).where(eq(complaints.number, input.complaintNumber)).limit(1).for('update');
      if (!row || row.studentId !== student.id) throw complaintNotFound(input.complaintNumber);
      const eligibility = await eligibilityOf(tx, row, snapshot, now);
      if (!eligibility.eligible) throw await refusal(tx, eligibility);
      complaint = row;
      hostel = row.hostel;
    } else {
      const known = snapshot.catalog.hostels.find((h) => h.name === input.hostel);
      if (!known) throw new AppError(400, 'validation_failed', /*i18n*/ 'Choose your hostel', { hostel: /*i18n*/ 'Choose your hostel' });
      hostel = known.name;
    }
    const subject = input.subject || (complaint ? aboutComplaint(complaint) : '');
    const dueAt = addWorkingDays(now, COMMITTEE_WORKING_DAYS, snapshot.calendar);
    const [g] = await tx
      .insert(grievances)
      .values({
        number: sql`'GR-' || to_char(${now.toISOString()}::timestamptz at time zone university_time_zone(), 'YYYY') || '-' || (select lpad(n::text, greatest(4, length(n::text)), '0') from (select nextval(${grievanceNumberSeq.seqName}) as n) seq)`,
        studentId: student.id,
        complaintId: complaint?.id ?? null,
        hostel,
        category: complaint?.category ?? null,
        subject,
        reason: input.reason,
        receivedAt: now,
        committeeDueAt: dueAt,
      })
      .returning();
    if (!g) throw new Error('the grievance was not written');
    await attachGrievancePhotos(tx, g, student, input.photoIds);
    await addEntry(tx, g, now, { kind: 'raised', actor: student, seat: 'student', text: input.reason });
    await audit(tx, {
      actorId: student.id,
      action: 'grievance.raise',
      targetType: 'grievance',
      targetId: g.number,
      details: { complaint: complaint?.number ?? null, hostel, committeeDueAt: dueAt.toISOString(), photos: input.photoIds.length },
    });
    await tell(tx, ctx, g, student, await committeeRecipients(tx, g, student.email), { step: 'raised', due: dueAt, complaintNumber: complaint?.number ?? null }, 'grievance_raised');
    await tell(tx, ctx, g, student, studentRecipient(g, student), { step: 'received', due: dueAt }, 'grievance_received');
    return g.number;
  });
  return viewFor(ctx.db, student, number, 'student', ctx.clock.now(), r);
}

const decidedAlready = (g: GrievanceRow, timeZone: string) =>
  AppError.withValues(409, 'already_decided', /*i18n*/ 'The committee issued its decision on {number} on {day}: it is not issued twice.', (i18n) => ({
    number: g.number,
    day: g.decidedAt ? dayWords(g.decidedAt, timeZone)(i18n) : '',
  }));
const withdrawnAlready = (g: GrievanceRow) => AppError.withValues(409, 'withdrawn', /*i18n*/ 'Grievance {number} was withdrawn.', () => ({ number: g.number }));

/** The committee may still act (a hearing, its decision): received or heard, not decided or withdrawn. */
function refuseUnlessBeforeDecision(g: GrievanceRow, timeZone: string) {
  if (g.status === 'withdrawn') throw withdrawnAlready(g);
  if (g.status !== 'received' && g.status !== 'hearing_scheduled') throw decidedAlready(g, timeZone);
}

/** A member (not the invitee) schedules a hearing; the student is told when and where. */
export async function scheduleHearing(ctx: LifecycleContext, snapshot: Snapshot, member: UserRow, number: string, input: z.output<typeof hearingSchema>, r: Reader) {
  const entry = await ctx.transaction(async (tx) => {
    const seat = await requireDecidingMember(tx, member);
    const g = await lockGrievance(tx, number);
    refuseUnlessMemberMayAct(g, member);
    refuseUnlessBeforeDecision(g, snapshot.timeZone);
    const now = ctx.clock.now();
    const at = new Date(input.at);
    if (at <= now) throw new AppError(400, 'validation_failed', /*i18n*/ 'The hearing must be in the future', { at: /*i18n*/ 'The hearing must be in the future' });
    const [updated = g] = await tx
      .update(grievances)
      .set({ status: 'hearing_scheduled', hearingAt: at, hearingPlace: input.place, updatedAt: now })
      .where(eq(grievances.id, g.id))
      .returning();
    const written = await addEntry(tx, updated, now, { kind: 'hearing', actor: member, seat: seat.seat, hearingAt: at, hearingPlace: input.place });
    await audit(tx, { actorId: member.id, action: 'grievance.hearing', targetType: 'grievance', targetId: g.number, details: { at: at.toISOString(), place: input.place } });
    const student = await studentOf(tx, g);
    await tell(tx, ctx, updated, student, studentRecipient(updated, student), { step: 'hearing', at, place: input.place }, 'grievance_hearing');
    return written;
  });
  return entryView(entry, 'committee', number, r);
}

/** A member who raised the grievance does not act on it as the committee (the student invitee's own grievance). */
function refuseUnlessMemberMayAct(g: GrievanceRow, member: UserRow) {
  if (g.studentId === member.id) {
    throw new AppError(403, 'own_grievance', /*i18n*/ 'You raised this grievance: the other members of the committee act on it.');
  }
}

/**
 * The committee's decision, issued once: its findings, outcome and what is to be done. The
 * student's appeal window (15 days) starts; the student is told, with the dated PDF in the thread.
 */
export async function issueDecision(ctx: LifecycleContext, snapshot: Snapshot, member: UserRow, number: string, input: z.output<typeof decisionSchema>, r: Reader) {
  await ctx.transaction(async (tx) => {
    const seat = await requireDecidingMember(tx, member);
    const g = await lockGrievance(tx, number);
    refuseUnlessMemberMayAct(g, member);
    refuseUnlessBeforeDecision(g, snapshot.timeZone);
    const now = ctx.clock.now();
    const appealUntil = addCalendarDays(now, APPEAL_WINDOW_DAYS, snapshot.timeZone);
    const appealTo = await seatHolder(tx, 'ombudsperson');
    const papers = { ...g.papers, decision: { by: member.name || member.email, ombudsperson: appealTo?.name ?? null, university: snapshot.settings.name } };
    const [updated = g] = await tx
      .update(grievances)
      .set({ status: 'decided', outcome: input.outcome, findings: input.findings, decision: input.decision, decidedAt: now, decidedBy: member.id, appealUntil, papers, updatedAt: now })
      .where(eq(grievances.id, g.id))
      .returning();
    await addEntry(tx, updated, now, { kind: 'decision', actor: member, seat: seat.seat, text: input.decision, outcome: input.outcome });
    await audit(tx, {
      actorId: member.id,
      action: 'grievance.decision',
      targetType: 'grievance',
      targetId: g.number,
      details: { outcome: input.outcome, onTime: now <= g.committeeDueAt, committeeDueAt: g.committeeDueAt.toISOString(), appealUntil: appealUntil.toISOString() },
    });
    const student = await studentOf(tx, g);
    const ombudsperson = await seatHolder(tx, 'ombudsperson');
    await tell(
      tx,
      ctx,
      updated,
      student,
      studentRecipient(updated, student),
      { step: 'decided', outcome: input.outcome, until: appealUntil, ombudsperson: ombudsperson?.name ?? null },
      'grievance_decision',
    );
  });
  return viewFor(ctx.db, member, number, 'committee', ctx.clock.now(), r);
}

/**
 * The student's appeal to the Ombudsperson, within 15 days of the decision: the Ombudsperson (or,
 * with nobody in the seat, the administrators) and the committee are told; the 30-day clock starts.
 */
export async function appeal(ctx: LifecycleContext, snapshot: Snapshot, student: UserRow, number: string, input: z.output<typeof appealSchema>, r: Reader) {
  await ctx.transaction(async (tx) => {
    const g = await lockGrievance(tx, number);
    if (g.studentId !== student.id) throw notFound();
    const now = ctx.clock.now();
    if (g.status === 'withdrawn') throw withdrawnAlready(g);
    if (g.status === 'received' || g.status === 'hearing_scheduled') {
      throw AppError.withValues(409, 'not_decided', /*i18n*/ 'The committee has not decided {number} yet: an appeal can be made against its decision.', () => ({ number: g.number }));
    }
    if (g.status === 'appealed' || g.status === 'disposed') {
      throw AppError.withValues(409, 'already_appealed', /*i18n*/ 'You appealed against the decision on {number} already.', () => ({ number: g.number }));
    }
    if (!g.appealUntil || now > g.appealUntil) {
      const closed = g.appealUntil ?? now;
      throw AppError.withValues(409, 'appeal_closed', /*i18n*/ 'The time to appeal against the decision on {number} ended on {day}: an appeal is made within 15 days of the decision.', (i18n) => ({
        number: g.number,
        day: dayWords(closed, snapshot.timeZone)(i18n),
      }));
    }
    const dueAt = addCalendarDays(now, OMBUDSPERSON_DAYS, snapshot.timeZone);
    const [updated = g] = await tx
      .update(grievances)
      .set({ status: 'appealed', appealReason: input.reason, appealedAt: now, ombudspersonDueAt: dueAt, updatedAt: now })
      .where(eq(grievances.id, g.id))
      .returning();
    await addEntry(tx, updated, now, { kind: 'appeal', actor: student, seat: 'student', text: input.reason });
    await audit(tx, { actorId: student.id, action: 'grievance.appeal', targetType: 'grievance', targetId: g.number, details: { ombudspersonDueAt: dueAt.toISOString() } });
    const mail: GrievanceMail = { step: 'appealed', due: dueAt, reason: input.reason };
    await tell(tx, ctx, updated, student, [...(await ombudspersonRecipients(tx, updated)), ...(await committeeRecipients(tx, updated, student.email))], mail, 'grievance_appeal');
  });
  return viewFor(ctx.db, student, number, 'student', ctx.clock.now(), r);
}

const closedToMessages = (g: GrievanceRow) =>
  AppError.withValues(409, 'grievance_closed', /*i18n*/ 'Grievance {number} takes no more messages at this stage.', () => ({ number: g.number }));

/** Messages are for a grievance someone is still working: before the decision, and during an appeal. */
const takesMessages = (g: GrievanceRow) => g.status === 'received' || g.status === 'hearing_scheduled' || g.status === 'appealed';

/** Whether the Ombudsperson asked `to` a question during the appeal: the message is then their answer. */
async function answers(tx: Tx, g: GrievanceRow, to: 'student' | 'committee'): Promise<boolean> {
  if (g.status !== 'appealed') return false;
  const [asked] = await tx
    .select({ id: grievanceEntries.id })
    .from(grievanceEntries)
    .where(and(eq(grievanceEntries.grievanceId, g.id), eq(grievanceEntries.kind, 'question'), eq(grievanceEntries.addressee, to)))
    .limit(1);
  return Boolean(asked);
}

/** A message in the thread, from the student or from a member (the invitee too). */
export async function postMessage(
  ctx: LifecycleContext,
  author: UserRow,
  number: string,
  as: 'student' | 'committee',
  input: z.output<typeof grievanceMessageSchema>,
  r: Reader,
): Promise<GrievanceThreadEntry> {
  const entry = await ctx.transaction(async (tx) => {
    const seat = as === 'committee' ? (await requireMember(tx, author)).seat : 'student';
    const g = await lockGrievance(tx, number);
    if (as === 'student' && g.studentId !== author.id) throw notFound();
    if (as === 'committee') refuseUnlessMemberMayAct(g, author);
    if (!takesMessages(g)) throw closedToMessages(g);
    const now = ctx.clock.now();
    const written = await addEntry(tx, g, now, { kind: 'message', actor: author, seat, text: input.text });
    const answer = await answers(tx, g, as);
    await audit(tx, { actorId: author.id, action: answer ? 'grievance.answer' : 'grievance.message', targetType: 'grievance', targetId: g.number, details: { as } });
    const student = as === 'student' ? author : await studentOf(tx, g);
    const recipients =
      as === 'student'
        ? g.status === 'appealed'
          ? await ombudspersonRecipients(tx, g)
          : await committeeRecipients(tx, g, author.email)
        : [...studentRecipient(g, student), ...(g.status === 'appealed' ? await ombudspersonRecipients(tx, g) : [])];
    await tell(tx, ctx, g, student, recipients, { step: 'message', text: input.text, from: as }, 'grievance_message');
    return written;
  });
  return entryView(entry, as, number, r);
}

/** The Ombudsperson asks the student or the committee a question during the appeal. */
export async function askQuestion(ctx: LifecycleContext, snapshot: Snapshot, ombudsperson: UserRow, number: string, input: z.output<typeof questionSchema>, r: Reader) {
  const entry = await ctx.transaction(async (tx) => {
    await requireOmbudsperson(tx, ombudsperson);
    const g = await lockGrievance(tx, number);
    if (!appealed(g)) throw notFound();
    if (g.status !== 'appealed') throw disposedAlready(g, snapshot.timeZone);
    const now = ctx.clock.now();
    const written = await addEntry(tx, g, now, { kind: 'question', actor: ombudsperson, seat: 'ombudsperson', text: input.text, addressee: input.to });
    await audit(tx, { actorId: ombudsperson.id, action: 'grievance.question', targetType: 'grievance', targetId: g.number, details: { to: input.to } });
    const student = await studentOf(tx, g);
    const recipients = input.to === 'student' ? studentRecipient(g, student) : await committeeRecipients(tx, g);
    await tell(tx, ctx, g, student, recipients, { step: 'question', text: input.text, to: input.to }, 'grievance_question');
    return written;
  });
  return entryView(entry, 'ombudsperson', number, r);
}

const disposedAlready = (g: GrievanceRow, timeZone: string) =>
  AppError.withValues(409, 'already_disposed', /*i18n*/ 'The appeal on {number} was disposed of on {day}: it is not disposed of twice.', (i18n) => ({
    number: g.number,
    day: g.disposedAt ? dayWords(g.disposedAt, timeZone)(i18n) : '',
  }));

/** The Ombudsperson disposes of the appeal, once; the student and the committee are told. */
export async function dispose(ctx: LifecycleContext, snapshot: Snapshot, ombudsperson: UserRow, number: string, input: z.output<typeof disposalSchema>, r: Reader) {
  await ctx.transaction(async (tx) => {
    await requireOmbudsperson(tx, ombudsperson);
    const g = await lockGrievance(tx, number);
    if (!appealed(g)) throw notFound();
    if (g.status !== 'appealed') throw disposedAlready(g, snapshot.timeZone);
    const now = ctx.clock.now();
    const papers = { ...g.papers, disposal: { by: ombudsperson.name || ombudsperson.email, university: snapshot.settings.name } };
    const [updated = g] = await tx
      .update(grievances)
      .set({ status: 'disposed', appealOutcome: input.outcome, disposalFindings: input.findings, disposalDecision: input.decision, disposedAt: now, disposedBy: ombudsperson.id, papers, updatedAt: now })
      .where(eq(grievances.id, g.id))
      .returning();
    await addEntry(tx, updated, now, { kind: 'disposal', actor: ombudsperson, seat: 'ombudsperson', text: input.decision, outcome: input.outcome });
    await audit(tx, {
      actorId: ombudsperson.id,
      action: 'grievance.disposal',
      targetType: 'grievance',
      targetId: g.number,
      details: { outcome: input.outcome, onTime: g.ombudspersonDueAt ? now <= g.ombudspersonDueAt : null },
    });
    const student = await studentOf(tx, g);
    await tell(tx, ctx, updated, student, [...studentRecipient(updated, student), ...(await committeeRecipients(tx, updated, student.email))], { step: 'disposed', outcome: input.outcome }, 'grievance_disposal');
  });
  return viewFor(ctx.db, ombudsperson, number, 'ombudsperson', ctx.clock.now(), r);
}

/** The student withdraws the grievance before a decision; the committee is told. */
export async function withdrawGrievance(ctx: LifecycleContext, student: UserRow, number: string, r: Reader) {
  await ctx.transaction(async (tx) => {
    const g = await lockGrievance(tx, number);
    if (g.studentId !== student.id) throw notFound();
    if (g.status === 'withdrawn') throw withdrawnAlready(g);
    if (g.status !== 'received' && g.status !== 'hearing_scheduled') {
      throw AppError.withValues(409, 'already_decided', /*i18n*/ 'Grievance {number} is decided: it can be withdrawn only before the committee’s decision.', () => ({ number: g.number }));
    }
    const now = ctx.clock.now();
    const [updated = g] = await tx.update(grievances).set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now }).where(eq(grievances.id, g.id)).returning();
    await addEntry(tx, updated, now, { kind: 'withdrawn', actor: student, seat: 'student' });
    await audit(tx, { actorId: student.id, action: 'grievance.withdraw', targetType: 'grievance', targetId: g.number, details: {} });
    await tell(tx, ctx, updated, student, await committeeRecipients(tx, updated, student.email), { step: 'withdrawn' }, 'grievance_withdrawn');
  });
  return viewFor(ctx.db, student, number, 'student', ctx.clock.now(), r);
}
