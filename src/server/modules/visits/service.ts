import { and, eq } from 'drizzle-orm';
import { SOURCE_LOCALE, STATUS_LABELS, isOpenStatus } from '../../../shared/constants.js';
import { INTL_LOCALE } from '../../../shared/locale.js';
import type { Reader } from '../../i18n/readers.js';
import { isInRoomWork, visitTimeProblem, visitDateText, type VisitAnswerBody, type VisitProposalBody, type VisitState } from '../../../shared/visits.js';
import { zonedInstant } from '../../../shared/time.js';
import type { Db, Tx } from '../../db/client.js';
import { visitProposals, type ComplaintRow, type UserRow, type VisitProposalRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { addToTimeline, alreadyWritten, bellTeam, changeComplaint, lockOwnComplaint, studentUrl, tellStudent, type LifecycleContext } from '../lifecycle/index.js';
import { visitMail } from '../mail/index.js';

/*
 * Visit proposals (issue 27, decision 47): one side proposes a time for in-room work, the other
 * accepts it (the complaint's visit_starts_at/ends_at), declines it, or proposes another, which
 * supersedes it. At most one proposal is open per complaint (visit_proposals_open_key); every step
 * runs with the complaint row locked, so a proposal and an answer crossing each other are served
 * one after the other and the second finds that what it saw is gone (409). The proposals are this
 * module's own rows; the complaint's side (its visit, its timeline) and who is told are the
 * lifecycle's, called in the same transaction (decision 68).
 */

/** Who acts: the complaint's student, or a worker whose scope covers it (the caller checked which). */
export interface VisitSide {
  kind: 'student' | 'staff';
  id: string;
}

const VISIT_NOT_FOR_THIS = /*i18n*/ 'A visit is arranged only for work in the student’s own room.';

function refuseUnlessVisitable(complaint: ComplaintRow): void {
  if (!isInRoomWork(complaint)) throw new AppError(409, 'no_visit', VISIT_NOT_FOR_THIS);
  if (!isOpenStatus(complaint.status)) {
    throw AppError.withValues(409, 'not_open', /*i18n*/ '{number} is {status}: there is no visit to arrange.', (i18n) => ({
      number: complaint.number,
      status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase(),
    }));
  }
}

async function openProposalOf(db: Pick<Db, 'select'>, complaintId: string): Promise<VisitProposalRow | undefined> {
  const [open] = await db
    .select()
    .from(visitProposals)
    .where(and(eq(visitProposals.complaintId, complaintId), eq(visitProposals.status, 'open')))
    .limit(1);
  return open;
}

/** The agreed visit and the open proposal as both pages show them; null when the complaint is not in-room work. */
export async function visitState(db: Pick<Db, 'select'>, complaint: ComplaintRow, timeZone: string): Promise<VisitState | null> {
  if (!isInRoomWork(complaint)) return null;
  // A proposal left open when the complaint finished can no longer be answered: it is not offered.
  const open = isOpenStatus(complaint.status) ? await openProposalOf(db, complaint.id) : undefined;
  return {
    agreed:
      complaint.visitStartsAt && complaint.visitEndsAt
        ? { startsAt: complaint.visitStartsAt.toISOString(), endsAt: complaint.visitEndsAt.toISOString() }
        : null,
    proposal: open
      ? {
          id: open.id,
          startsAt: open.startsAt.toISOString(),
          endsAt: open.endsAt.toISOString(),
          byStudent: open.byStudent,
          status: open.status,
          createdAt: open.createdAt.toISOString(),
        }
      : null,
    timeZone,
  };
}

/** Stored words (the thread, a mail, a bell) are read later: they name the day, never "tomorrow". */
const when = (timeZone: string, startsAt: Date, endsAt: Date) => visitDateText(startsAt, endsAt, timeZone);

/** The same for one reader: the day's name in their language ("Thu 27 Nov" in English, as before). */
const whenFor = (timeZone: string, r: Reader, startsAt: Date, endsAt: Date) =>
  visitDateText(startsAt, endsAt, timeZone, r.locale === SOURCE_LOCALE ? undefined : INTL_LOCALE[r.locale]);

/** The timeline entry both sides read, public, with the change of status it is not. */
async function visitEvent(tx: Tx, complaint: ComplaintRow, actorId: string, note: string, idempotencyKey: string | undefined) {
  await addToTimeline(tx, [
    {
      complaintId: complaint.id,
      actorId,
      fromStatus: complaint.status,
      toStatus: complaint.status,
      kind: 'visit',
      public: true,
      note,
      idempotencyKey: idempotencyKey ?? null,
    },
  ]);
}

/**
 * Proposes a visit time, in the caller's transaction with the complaint locked, on the university's
 * clock as read before the transaction (`timeZone`: reading the catalogue inside it would wait for
 * the connection the transaction holds, on the embedded database). `replaces` is the
 * open proposal the person saw: when another is open now (or none is), nothing changes and the 409
 * says so. The open one it replaces becomes superseded; the other side is told.
 */
export async function proposeVisit(
  tx: Tx,
  ctx: LifecycleContext,
  timeZone: string,
  complaint: ComplaintRow,
  side: VisitSide,
  body: VisitProposalBody,
  idempotencyKey?: string,
): Promise<ComplaintRow> {
  if (await alreadyWritten(tx, complaint, side.id, idempotencyKey)) return complaint;
  refuseUnlessVisitable(complaint);
  const startsAt = zonedInstant(body.date, body.start, timeZone);
  const endsAt = zonedInstant(body.date, body.end, timeZone);
  if (!startsAt || !endsAt) throw new AppError(400, 'validation_failed', /*i18n*/ 'Choose a day of the calendar', { date: 'Choose a day of the calendar' });
  const problem = visitTimeProblem(startsAt, endsAt, ctx.clock.now());
  if (problem) {
    // The end's own rule belongs to the end; too soon or too far is about the day and start as a whole.
    throw new AppError(400, 'validation_failed', problem, { [endsAt <= startsAt ? 'end' : 'start']: problem });
  }
  const open = await openProposalOf(tx, complaint.id);
  if ((open?.id ?? null) !== body.replaces) {
    throw new AppError(
      409,
      'visit_changed',
      open ? /*i18n*/ 'Another visit time was proposed meanwhile: answer that one or reload.' : /*i18n*/ 'The proposed time was answered meanwhile: reload to see the visit.',
    );
  }
  if (open) {
    await tx.update(visitProposals).set({ status: 'superseded', respondedBy: side.id, respondedAt: new Date() }).where(eq(visitProposals.id, open.id));
  }
  await tx.insert(visitProposals).values({ complaintId: complaint.id, proposedBy: side.id, byStudent: side.kind === 'student', startsAt, endsAt });
  const text = when(timeZone, startsAt, endsAt);
  await visitEvent(tx, complaint, side.id, `${open ? 'Proposed another visit time' : 'Proposed a visit'}: ${text}`, idempotencyKey);
  const updated = await changeComplaint(tx, complaint.id, { updatedAt: new Date() });
  await audit(tx, {
    actorId: side.id,
    action: 'complaint.visit_proposed',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), by: side.kind, replaces: open?.id ?? null },
  });
  if (side.kind === 'staff') {
    await tellStudent(tx, ctx, updated, {
      purpose: 'visit',
      mail: (r) => visitMail(updated, 'proposed', whenFor(timeZone, r, startsAt, endsAt), studentUrl(ctx, updated.number), r),
      bell: (r) => r.i18n._('The hostel team proposed a visit for {number}: {when}', { number: updated.number, when: whenFor(timeZone, r, startsAt, endsAt) }),
    });
  } else {
    await bellTeam(
      tx,
      updated,
      (r) => r.i18n._('The student proposed a visit time for {number}: {when}', { number: updated.number, when: whenFor(timeZone, r, startsAt, endsAt) }),
      side.id,
    );
  }
  return updated;
}

/**
 * Accepts or declines the other side's open proposal, in the caller's transaction with the
 * complaint locked: 403 for one's own proposal, 409 when it is no longer open (answered, or a newer
 * one replaced it) or its time has passed. Accepting sets the complaint's visit.
 */
export async function answerVisit(
  tx: Tx,
  ctx: LifecycleContext,
  timeZone: string,
  complaint: ComplaintRow,
  side: VisitSide,
  proposalId: string,
  answer: VisitAnswerBody['answer'],
  idempotencyKey?: string,
): Promise<ComplaintRow> {
  if (await alreadyWritten(tx, complaint, side.id, idempotencyKey)) return complaint;
  const [proposal] = await tx
    .select()
    .from(visitProposals)
    .where(and(eq(visitProposals.id, proposalId), eq(visitProposals.complaintId, complaint.id)))
    .limit(1);
  if (!proposal) throw new AppError(404, 'not_found', /*i18n*/ 'That visit proposal is not part of this complaint.');
  if (proposal.byStudent === (side.kind === 'student')) {
    throw new AppError(403, 'own_proposal', side.kind === 'student' ? /*i18n*/ 'You proposed this time: the hostel team answers it.' : /*i18n*/ 'Your side proposed this time: the student answers it.');
  }
  if (proposal.status !== 'open') {
    const why = {
      superseded: /*i18n*/ 'This proposed time is replaced by a newer one: reload to see the visit.',
      accepted: /*i18n*/ 'This proposed time is already accepted: reload to see the visit.',
      declined: /*i18n*/ 'This proposed time is already declined: reload to see the visit.',
      withdrawn: /*i18n*/ 'This proposed time is already withdrawn: reload to see the visit.',
    }[proposal.status];
    throw new AppError(409, 'visit_not_open', why);
  }
  refuseUnlessVisitable(complaint);
  if (answer === 'accept' && proposal.startsAt <= ctx.clock.now()) {
    throw new AppError(409, 'visit_passed', /*i18n*/ 'That time has already begun: propose another.');
  }
  const status = answer === 'accept' ? 'accepted' : 'declined';
  await tx.update(visitProposals).set({ status, respondedBy: side.id, respondedAt: new Date() }).where(eq(visitProposals.id, proposal.id));
  const text = when(timeZone, proposal.startsAt, proposal.endsAt);
  await visitEvent(tx, complaint, side.id, answer === 'accept' ? `Visit agreed: ${text}` : `Declined the visit time ${text}`, idempotencyKey);
  const updated = await changeComplaint(tx, complaint.id, {
    updatedAt: new Date(),
    ...(answer === 'accept' ? { visitStartsAt: proposal.startsAt, visitEndsAt: proposal.endsAt } : {}),
  });
  await audit(tx, {
    actorId: side.id,
    action: answer === 'accept' ? 'complaint.visit_accepted' : 'complaint.visit_declined',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { proposal: proposal.id, by: side.kind },
  });
  if (side.kind === 'staff') {
    await tellStudent(tx, ctx, updated, {
      purpose: 'visit',
      mail: (r) => visitMail(updated, status, whenFor(timeZone, r, proposal.startsAt, proposal.endsAt), studentUrl(ctx, updated.number), r),
      bell: (r) => {
        const values = { number: updated.number, when: whenFor(timeZone, r, proposal.startsAt, proposal.endsAt) };
        return answer === 'accept'
          ? r.i18n._('Visit agreed for {number}: {when}', values)
          : r.i18n._('The hostel team cannot come on {when} for {number}', values);
      },
    });
  } else {
    await bellTeam(
      tx,
      updated,
      (r) => {
        const values = { number: updated.number, when: whenFor(timeZone, r, proposal.startsAt, proposal.endsAt) };
        return answer === 'accept'
          ? r.i18n._('The student accepted the visit for {number}: {when}', values)
          : r.i18n._('The student declined the visit time for {number} ({when})', values);
      },
      side.id,
    );
  }
  return updated;
}

/** The student proposes a visit time for their own complaint (another one, when the team's does not suit). */
export async function studentProposeVisit(ctx: LifecycleContext, student: UserRow, number: string, body: VisitProposalBody, idempotencyKey?: string) {
  const timeZone = await ctx.universityTimeZone();
  return ctx.transaction(async (tx) =>
    proposeVisit(tx, ctx, timeZone, await lockOwnComplaint(tx, student, number), { kind: 'student', id: student.id }, body, idempotencyKey),
  );
}

/** The student accepts or declines the team's proposed time. */
export async function studentAnswerVisit(
  ctx: LifecycleContext,
  student: UserRow,
  number: string,
  proposalId: string,
  answer: VisitAnswerBody['answer'],
  idempotencyKey?: string,
) {
  const timeZone = await ctx.universityTimeZone();
  return ctx.transaction(async (tx) =>
    answerVisit(tx, ctx, timeZone, await lockOwnComplaint(tx, student, number), { kind: 'student', id: student.id }, proposalId, answer, idempotencyKey),
  );
}
