import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { outbox, type ComplaintRow } from '../../db/schema.js';
import { enqueueMail } from '../mail/index.js';
import { REFUSAL_PURPOSE, refusalMail, type RefusalReason } from '../mail/index.js';
import { mailOptions, staffUrl, studentUrl, type LifecycleContext } from './context.js';
import type { ReplyAuthor } from './replies.js';

/**
 * Tells a genuine sender (their token and From matched, and they may speak in this thread) that
 * their mail was not added, and why, in the caller's transaction: the one that recorded the mail in
 * inbound_mail, so a mail delivered twice is answered once. Nothing is sent when an answer about
 * this complaint already went to this address within the hour (looked up in the outbox itself, so
 * every instance sees it; the caller holds the complaint row locked, so two mails at once do not
 * both answer). Forgers, automatic and bulk mail never reach here: the inbound service drops them
 * before it knows whom a token belongs to.
 *
 * Returns whether an answer was queued.
 */
export async function tellSenderNotAdded(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  sender: { address: string; author: ReplyAuthor },
  reason: RefusalReason,
): Promise<boolean> {
  const address = sender.address.trim().toLowerCase();
  const [recent] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.complaintId, complaint.id),
        eq(outbox.purpose, REFUSAL_PURPOSE),
        sql`${address} = any(${outbox.toEmails})`,
        // One answer an hour: a client or auto-responder that keeps sending cannot make the portal keep answering.
        gt(outbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .limit(1);
  if (recent) return false;
  const isStudent = sender.author.kind === 'student';
  const links = {
    complaintUrl: isStudent ? studentUrl(ctx, complaint.number) : staffUrl(ctx, complaint.number),
    newComplaintUrl: isStudent ? `${ctx.publicUrl}/complaints` : undefined,
  };
  // Not a conversation purpose: the outbox gives it no reply address, so answering it adds nothing anywhere.
  // Written in the sender's language when the sender is a user (the outbox looks the address up).
  await enqueueMail(tx, [{ render: (r) => refusalMail(complaint, reason, links, r), purpose: REFUSAL_PURPOSE, complaint, to: [address] }], mailOptions(ctx));
  return true;
}
