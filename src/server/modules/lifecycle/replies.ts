import { and, eq } from 'drizzle-orm';
import type { EventChannel } from '../../../shared/constants.js';
import type { Tx } from '../../db/client.js';
import { complaintEvents, complaints, type ComplaintRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { replyMail, studentReplyMail } from '../mail/index.js';
import { staffUrl, studentUrl, type LifecycleContext } from './context.js';
import { tellStudent, tellTeam } from './notices.js';
import { refuseUnlessStudentMay } from './student-actions.js';
import { pauseClock, resumeClock } from './clock-pause.js';

/**
 * Who said something in a complaint's thread: its student, a worker with an account, or a routed
 * facility mailbox that answered a mail (it has an address, not an account).
 */
export type ReplyAuthor =
  | { kind: 'student'; id: string }
  | { kind: 'staff'; id: string }
  | { kind: 'team'; address: string };

export interface ReplyOptions {
  /** An internal note: staff only, never shown to the student, so neither mail nor bell. */
  internal?: boolean;
  /** Where it was written: the portal or a mail answered to the reply address. */
  channel?: EventChannel;
  /** The request's Idempotency-Key, kept on the event so a retry is recognised. */
  idempotencyKey?: string | undefined;
  /** A worker's public reply that asks the student something: the clock pauses until they answer (issue 44). */
  waitForStudent?: boolean | undefined;
}

/**
 * Whether this person's request with this Idempotency-Key already wrote to this complaint. The
 * caller locked the complaint row first, so a retry racing the original waits for it and then sees it.
 */
export async function alreadyWritten(tx: Tx, complaint: ComplaintRow, actorId: string, idempotencyKey: string | undefined): Promise<boolean> {
  if (!idempotencyKey) return false;
  const [seen] = await tx
    .select({ complaintId: complaintEvents.complaintId })
    .from(complaintEvents)
    .where(and(eq(complaintEvents.actorId, actorId), eq(complaintEvents.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (seen && seen.complaintId !== complaint.id) {
    throw new AppError(422, 'idempotency_key_reused', /*i18n*/ 'This request key was already used for another complaint. Reload the page and try again.');
  }
  return Boolean(seen);
}

/**
 * The one way words are added to a complaint's thread, in the caller's transaction with the
 * complaint row locked: the timeline event, the complaint's updated time, the audit row, and (for
 * anything public) the mail and bell to the other side. A student's reply goes to the assignee,
 * or to the routed address and the workers in scope; the team's reply goes to the student. Both
 * pass the confidentiality guard in the outbox and the notifier.
 */
export async function recordReply(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  author: ReplyAuthor,
  text: string,
  opts: ReplyOptions = {},
): Promise<ComplaintRow> {
  const internal = author.kind === 'staff' && opts.internal === true;
  // The team may still say something after the end from the console (a late explanation); the
  // student may not (studentMay), and an answer by mail, from either side, is held to the student's
  // rule: it would reopen a conversation nobody is watching.
  if (author.kind === 'student' || opts.channel === 'mail') refuseUnlessStudentMay(complaint, 'reply');
  const waits = opts.waitForStudent === true;
  if (waits && (author.kind !== 'staff' || internal)) {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'Only a reply to the student can wait for their answer.', { waitForStudent: 'only with a reply to the student' });
  }
  const actorId = author.kind === 'team' ? null : author.id;
  await tx.insert(complaintEvents).values({
    complaintId: complaint.id,
    actorId,
    actorAddress: author.kind === 'team' ? author.address : null,
    fromStatus: complaint.status,
    toStatus: complaint.status,
    kind: internal ? 'note' : 'reply',
    public: !internal,
    note: text,
    channel: opts.channel ?? 'portal',
    idempotencyKey: opts.idempotencyKey ?? null,
  });
  let [updated = complaint] = await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, complaint.id)).returning();
  // The words are in the timeline; the audit row records that something was said, how long, and how.
  await audit(tx, {
    actorId,
    action: author.kind === 'student' ? (complaint.anonymous ? 'complaint.anonymous_reply' : 'complaint.student_reply') : internal ? 'complaint.note' : 'complaint.reply',
    targetType: 'complaint',
    targetId: complaint.number,
    details: { length: text.length, channel: opts.channel ?? 'portal', ...(author.kind === 'team' ? { by: 'facility mailbox' } : {}) },
  });
  if (internal) return updated;
  // Every channel's answer from the student ends here (portal, mail, WhatsApp, the anonymous
  // reporter's page): the clock that waited for it runs again with the time it had.
  if (author.kind === 'student') updated = await resumeClock(tx, ctx, updated, actorId, 'answer');
  else if (waits && author.kind === 'staff') updated = await pauseClock(tx, ctx, updated, author.id);
  if (author.kind === 'student') {
    await tellTeam(
      tx,
      ctx,
      updated,
      {
        purpose: 'student_reply',
        mail: (r) => studentReplyMail(updated, text, staffUrl(ctx, complaint.number), r),
        bell: ({ i18n }) => ({
          lead: complaint.anonymous
            ? i18n._('The anonymous reporter replied about {number}:', { number: complaint.number }) + ' '
            : i18n._('The student replied about {number}:', { number: complaint.number }) + ' ',
          quote: text,
        }),
        replyTo: updated.userEmail,
      },
      null,
    );
  } else {
    await tellStudent(tx, ctx, updated, {
      purpose: 'reply',
      mail: (r) => replyMail(updated, text, studentUrl(ctx, complaint.number), r),
      bell: ({ i18n }) => ({ lead: `${i18n._('The hostel team replied about {number}:', { number: complaint.number })} `, quote: text }),
    });
  }
  return updated;
}
