import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications, outbox, pushOutbox, type ComplaintRow } from '../../db/schema.js';
import { enqueueMail, mergedMail, unmergedMail } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import { mailOptions, studentUrl, type LifecycleContext } from './context.js';
import { wantingMail } from './notices.js';

/*
 * What the student whose duplicate staff merged into another complaint is told (decision 36), once:
 * the mail and push held until the undo window ends, so an undo in time takes them (and the bell)
 * back and tells nobody. The merge itself is the followers module's (followers/merge.ts); it keeps
 * what was held in its audit row and hands it back here to take back (decision 68).
 */

/** A held notice: its outbox rows and its notice ids (the bell row and the push event share one). */
export interface HeldNotice {
  heldMail: string[];
  heldNotices: string[];
}

/** Tells the duplicate's student it was merged into `target`, held for the undo window. */
export async function tellMerged(tx: Tx, ctx: LifecycleContext, merged: ComplaintRow, target: ComplaintRow): Promise<HeldNotice> {
  const holdUntil = sql`now() + make_interval(secs => ${ctx.mergeUndoMs / 1000})`;
  const to = await wantingMail(tx, [merged.userEmail]);
  // Written to wait for the polling pass (never handed over on commit, issue 40): an undo in the window deletes it unsent.
  const heldMail = to.length
    ? await enqueueMail(
        tx,
        [{ render: (r) => mergedMail(merged, target, studentUrl(ctx, target.number), r), purpose: 'merged', complaint: merged, to, holdMs: ctx.mergeUndoMs }],
        mailOptions(ctx),
      )
    : [];
  const heldNotices = await notify(tx, merged.studentId, merged, ({ i18n }) =>
    i18n._('{number} is the same problem as {target}: you hear of its progress there', { number: merged.number, target: target.number }),
  );
  if (heldNotices.length) await tx.update(pushOutbox).set({ nextAttemptAt: holdUntil }).where(inArray(pushOutbox.eventId, heldNotices));
  return { heldMail, heldNotices };
}

/**
 * Deletes what is left of a merge's held notice: mail and pushes not yet sent (nor being sent) and
 * the bell. Says whether any of it had already reached the student: a mail or push sent or being
 * sent (one that failed never reached them), or the bell read.
 */
export async function takeBackNotice(tx: Tx, held: HeldNotice): Promise<boolean> {
  const unleased = (lockedUntil: typeof outbox.lockedUntil | typeof pushOutbox.lockedUntil) => or(isNull(lockedUntil), lt(lockedUntil, sql`now()`));
  let wentOut = false;
  if (held.heldMail.length) {
    await tx.delete(outbox).where(and(inArray(outbox.id, held.heldMail), inArray(outbox.status, ['queued', 'held']), unleased(outbox.lockedUntil)));
    const [left] = await tx.select({ id: outbox.id }).from(outbox).where(and(inArray(outbox.id, held.heldMail), ne(outbox.status, 'failed'))).limit(1);
    wentOut ||= Boolean(left);
  }
  if (held.heldNotices.length) {
    await tx.delete(pushOutbox).where(and(inArray(pushOutbox.eventId, held.heldNotices), eq(pushOutbox.status, 'queued'), unleased(pushOutbox.lockedUntil)));
    const [left] = await tx
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(and(inArray(pushOutbox.eventId, held.heldNotices), inArray(pushOutbox.status, ['queued', 'sent'])))
      .limit(1);
    const bells = await tx.delete(notifications).where(inArray(notifications.id, held.heldNotices)).returning({ readAt: notifications.readAt });
    wentOut ||= Boolean(left) || bells.some((b) => b.readAt !== null);
  }
  return wentOut;
}

/** Tells the student their complaint is their own again, when the merge's notice had already reached them. */
export async function tellUnmerged(tx: Tx, ctx: LifecycleContext, duplicate: ComplaintRow, target: Pick<ComplaintRow, 'number'>): Promise<void> {
  const to = await wantingMail(tx, [duplicate.userEmail]);
  if (to.length) {
    await enqueueMail(tx, [{ render: (r) => unmergedMail(duplicate, target.number, studentUrl(ctx, duplicate.number), r), purpose: 'unmerged', complaint: duplicate, to }], mailOptions(ctx));
  }
  await notify(tx, duplicate.studentId, duplicate, ({ i18n }) =>
    i18n._('{number} is your own complaint again: it was not the same problem as {target}', { number: duplicate.number, target: target.number }),
  );
}
