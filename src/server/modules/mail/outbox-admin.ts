import { and, desc, eq, sql } from 'drizzle-orm';
import type { OutboxStatus } from '../../../shared/mail.js';
import type { Db } from '../../db/client.js';
import { complaints, outbox, type OutboxRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { audit } from '../audit/service.js';

/**
 * The admins' view of the outbox: what the portal sent or would have sent (without SMTP_URL
 * everything is held there), and sending a failed message again.
 */

const summary = (row: OutboxRow, complaintNumber: string | null) => ({
  id: row.id,
  purpose: row.purpose,
  complaintNumber,
  to: row.toEmails,
  cc: row.ccEmails,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Outgoing mail, newest first, optionally by status, a keyset page at a time. */
export async function listOutbox(db: Db, query: { status?: OutboxStatus; cursor?: string; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ row: outbox, number: complaints.number })
    .from(outbox)
    .leftJoin(complaints, eq(complaints.id, outbox.complaintId))
    .where(and(query.status ? eq(outbox.status, query.status) : undefined, after ? afterCursor(outbox, after) : undefined))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (found) => found.row);
  return { items: page.items.map(({ row, number }) => summary(row, number)), nextCursor: page.nextCursor };
}

/** One outgoing mail with its content; 404 when there is none. */
export async function readOutboxMessage(db: Db, id: string) {
  const [found] = await db
    .select({ row: outbox, number: complaints.number })
    .from(outbox)
    .leftJoin(complaints, eq(complaints.id, outbox.complaintId))
    .where(eq(outbox.id, id))
    .limit(1);
  if (!found) throw new AppError(404, 'not_found', /*i18n*/ 'No such message.');
  const { row } = found;
  return {
    ...summary(row, found.number),
    replyTo: row.replyTo,
    messageId: row.messageId,
    smtpResponse: row.smtpResponse,
    text: row.textBody,
    html: row.htmlBody,
  };
}

/** The HTML part of one mail; 404 when there is none. */
export async function readOutboxHtml(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ html: outbox.htmlBody }).from(outbox).where(eq(outbox.id, id)).limit(1);
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'No such message.');
  return row.html;
}

/**
 * Queues a failed message again (held when there is no SMTP server: it can only wait in the
 * outbox, as everything else does), with its audit row; 409 unless it failed.
 */
export async function retryFailedMail(db: Db, actorId: string, id: string, opts: { smtp: boolean }): Promise<void> {
  const status = opts.smtp ? 'queued' : 'held';
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(outbox)
      .set({ status, nextAttemptAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
      .returning({ id: outbox.id, subject: outbox.subject, attempts: outbox.attempts });
    if (!row) throw new AppError(409, 'not_failed', /*i18n*/ 'Only a failed message can be retried (or there is no such message).');
    await audit(tx, {
      actorId,
      action: 'outbox.retry',
      targetType: 'outbox',
      targetId: row.id,
      details: { subject: row.subject, before: { status: 'failed', attempts: row.attempts }, after: { status } },
    });
  });
}
