import { STATUS_LABELS, type ComplaintStatus } from '../../../shared/constants.js';
import { checkTransition } from '../../../shared/lifecycle.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { targetOf } from '../../../shared/catalog.js';
import { dueAfter } from '../../../shared/working-time.js';
import { resumeClock } from './clock-pause.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { confirmedMail, followerStatusMail, reopenedMail, statusChangeMail, withdrawnMail } from '../mail/index.js';
import { staffUrl, studentUrl, type LifecycleContext } from './context.js';
import { tellFollowers, tellStudent, tellTeam, type Notice } from './notices.js';
import type { Reader } from '../../i18n/readers.js';

/** Who moves a complaint, and from where: their words end up in the timeline, mail and bell differently. */
export type Actor =
  | { kind: 'staff'; id: string; via: 'console' }
  /** A one-click link from the facility mail: the link is the authority, nobody is signed in. */
  | { kind: 'staff'; id: null; via: 'link' }
  | { kind: 'student'; id: string }
  | { kind: 'system'; id: null };

export interface TransitionExtras {
  /** The student's 1–5 rating when confirming a resolution. */
  rating?: number | undefined;
  /** The request's Idempotency-Key, kept on the timeline event so a retry is recognised. */
  idempotencyKey?: string | undefined;
}

const label = (status: ComplaintStatus) => STATUS_LABELS[status];


/** A reopened complaint's clock: its target as the catalogue has it now, from now, running. */
async function reopenedClock(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow) {
  const { catalog, calendar } = await ctx.clockCatalogue(tx);
  const target = targetOf(catalog, complaint.category, complaint.subCategory);
  return { dueAt: dueAfter(ctx.clock.now(), target.hours, target.unit, calendar), targetUnit: target.unit, clockPausedAt: null, clockLeftMs: null };
}

/** A status's name in the reader's language. */
const said = (r: Reader, status: ComplaintStatus) => r.i18n._(STATUS_LABELS[status]);

/**
 * What the students who follow a complaint are told of a change of status: the team's public note,
 * never the filer's own words (a reopening's reason, a rating's comment), and a link to their view.
 */
function followerNotice(ctx: LifecycleContext, c: ComplaintRow, actor: Actor, to: ComplaintStatus, note: string): Notice {
  const teamNote = actor.kind === 'staff' && actor.via === 'console' ? note : '';
  const number = c.number;
  const bell = ({ i18n }: Reader) =>
    actor.kind === 'student'
      ? to === 'withdrawn'
        ? i18n._('{number}, which you follow, was withdrawn by the student who filed it', { number })
        : to === 'reopened'
          ? i18n._('{number}, which you follow, was reopened: it is not fixed yet', { number })
          : i18n._('{number}, which you follow, was confirmed fixed and is closed', { number })
      : teamNote
        ? i18n._('{number}, which you follow, is now {status}: {note}', { number, status: i18n._(STATUS_LABELS[to]), note: teamNote })
        : i18n._('{number}, which you follow, is now {status}', { number, status: i18n._(STATUS_LABELS[to]) });
  return { purpose: 'follower_status', mail: (r) => followerStatusMail(c, to, teamNote, studentUrl(ctx, c.number), r), bell };
}

/** The timeline note and what the student or team is told, for each kind of actor. */
function describeChange(ctx: LifecycleContext, c: ComplaintRow, actor: Actor, to: ComplaintStatus, note: string, extras: TransitionExtras) {
  const number = c.number;
  if (actor.kind === 'student') {
    if (to === 'withdrawn') {
      const notice: Notice = {
        purpose: 'withdrawn',
        mail: (r) => withdrawnMail(c, staffUrl(ctx, number), r),
        bell: ({ i18n }) => i18n._('{number} was withdrawn by the student', { number }),
      };
      return { eventNote: note, audience: 'team' as const, notice };
    }
    if (to === 'reopened') {
      const notice: Notice = {
        purpose: 'reopened',
        mail: (r) => reopenedMail(c, note, staffUrl(ctx, number), r),
        bell: ({ i18n }) => i18n._('{number} was reopened: {note}', { number, note }),
      };
      return { eventNote: note, audience: 'team' as const, notice };
    }
    const rating = extras.rating;
    const notice: Notice = {
      purpose: 'confirmed',
      mail: (r) => confirmedMail(c, rating, note, staffUrl(ctx, number), r),
      bell: ({ i18n }) =>
        rating === undefined
          ? i18n._('{number} was confirmed fixed by the student', { number })
          : i18n._('{number} was confirmed fixed by the student (rated {rating}/5)', { number, rating: String(rating) }),
    };
    return { eventNote: note, audience: 'team' as const, notice };
  }
  if (actor.kind === 'system') {
    const notice: Notice = {
      purpose: 'status',
      mail: (r) => statusChangeMail(c, to, r.i18n._('Closed automatically because it was not reopened.'), studentUrl(ctx, number), r),
      bell: ({ i18n }) => i18n._('{number} was closed automatically', { number }),
    };
    return { eventNote: 'Closed automatically: nobody reopened it', audience: 'student' as const, notice };
  }
  if (actor.via === 'link') {
    const notice: Notice = {
      purpose: 'status',
      mail: (r) => statusChangeMail(c, to, '', studentUrl(ctx, number), r),
      bell: (r) => r.i18n._('{number} is now {status}', { number, status: said(r, to) }),
    };
    return { eventNote: 'Done from the e-mail link', audience: 'student' as const, notice };
  }
  const notice: Notice = {
    purpose: 'status',
    mail: (r) => statusChangeMail(c, to, note, studentUrl(ctx, number), r),
    bell: (r) =>
      note ? r.i18n._('{number} is now {status}: {note}', { number, status: said(r, to), note }) : r.i18n._('{number} is now {status}', { number, status: said(r, to) }),
  };
  return { eventNote: note, audience: 'student' as const, notice };
}

/**
 * The one way a complaint changes status. In the caller's transaction (with the complaint row
 * locked by the caller) it checks the move against the shared state machine, then writes all five
 * records of a change together: the complaint row, its timeline event, the audit row, the mail and
 * the bell notification (to the student when the team or the portal acted; to the team when the
 * student did; to the students who follow it either way). Refused moves throw and write nothing.
 */
export async function applyTransition(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  actor: Actor,
  to: ComplaintStatus,
  note: string,
  extras: TransitionExtras = {},
): Promise<ComplaintRow> {
  const from = complaint.status;
  const check = checkTransition(from, to, actor.kind, note);
  if (!check.ok) {
    if (check.reason === 'reason_required') {
      throw new AppError(400, 'validation_failed', /*i18n*/ 'Give a reason.', { note: 'Give a reason' });
    }
    throw AppError.withValues(409, 'invalid_transition', /*i18n*/ 'A complaint that is {from} cannot become {to}.', (i18n) => ({
      from: i18n._(label(from)).toLowerCase(),
      to: i18n._(label(to)).toLowerCase(),
    }));
  }
  // A status change ends a wait for the student's answer: the clock has its time back first, so
  // the row the status is written to carries its real due time (its timeline entry still follows
  // the status's: it is written at the statement's own time).
  if (complaint.clockPausedAt) await resumeClock(tx, ctx, complaint, actor.id, 'status');
  // On the clock due times are counted on: "resolved within target" compares the two.
  const now = ctx.clock.now();
  const [changed] = await tx
    .update(complaints)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'resolved' ? { resolvedAt: now } : {}),
      // Reopened work gets its category's (or service's) target time again, from now on the app's
      // clock and in the target's unit, and may be escalated afresh.
      ...(to === 'reopened' ? { ...(await reopenedClock(tx, ctx, complaint)), escalationLevel: 0 } : {}),
      ...(extras.rating !== undefined ? { rating: extras.rating, ratingComment: note || null } : {}),
    })
    .where(eq(complaints.id, complaint.id))
    .returning();
  if (!changed) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  const updated = changed;

  const change = describeChange(ctx, updated, actor, to, note, extras);
  await tx.insert(complaintEvents).values({
    complaintId: complaint.id,
    actorId: actor.id,
    fromStatus: from,
    toStatus: to,
    kind: 'status',
    public: true,
    note: change.eventNote,
    idempotencyKey: extras.idempotencyKey ?? null,
  });
  await audit(tx, {
    actorId: actor.id,
    action: 'complaint.status',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { from, to, note: change.eventNote, by: actor.kind === 'staff' ? `staff (${actor.via})` : actor.kind, ...(extras.rating !== undefined ? { rating: extras.rating } : {}) },
  });
  const followers = followerNotice(ctx, updated, actor, to, note);
  if (change.audience === 'student') await tellStudent(tx, ctx, updated, { ...change.notice, followers });
  else {
    await tellTeam(tx, ctx, updated, { ...change.notice, replyTo: updated.userEmail }, actor.id);
    await tellFollowers(tx, ctx, updated, followers);
  }
  return updated;
}
