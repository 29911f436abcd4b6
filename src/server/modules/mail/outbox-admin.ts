import { and, desc, eq, sql } from 'drizzle-orm';
import type { OutboxStatus } from '../../../shared/mail.js';
import type { Db } from '../../db/client.js';
import { complaints, outbox, type OutboxRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { audit } from '../audit/index.js';
import { isReporterOnly, mayKnowReporter, Reporters, withholdIdentity, type ReaderFacts, type Reporter } from '../confidentiality/index.js';

/**
 * The admins' view of the outbox: what the portal sent or would have sent (without SMTP_URL
 * everything is held there), and sending a failed message again. Every row about a complaint passes
 * the projection for its reader (decision 63): to an admin without the anti-ragging duty, mail to a
 * confidential report's reporter is "to the reporter", without address or content, and mail to
 * anyone else about it names nobody (even a row written before the guard knew every name).
 */

const complaintColumns = {
  id: complaints.id,
  number: complaints.number,
  confidential: complaints.confidential,
  anonymous: complaints.anonymous,
  studentId: complaints.studentId,
  userEmail: complaints.userEmail,
  regId: complaints.regId,
  fname: complaints.fname,
  roomNo: complaints.roomNo,
  floor: complaints.floor,
  placeText: complaints.placeText,
};

type Found = { row: OutboxRow; complaint: { id: string | null; number: string | null } & Record<string, unknown> | null };

/** A row as `reader` may see it: its addresses, subject and parts, through the projection. */
function projected(row: OutboxRow, reporter: Reporter | null, reader: ReaderFacts) {
  if (!reporter || mayKnowReporter(reporter, reader)) return { to: row.toEmails, cc: row.ccEmails, toReporter: false, subject: row.subject, text: row.textBody, html: row.htmlBody, replyTo: row.replyTo };
  const own = (address: string) => isReporterOnly(reporter, [address]);
  const toReporter = [...row.toEmails, ...row.ccEmails].some(own);
  const hide = (text: string) => (toReporter ? '' : withholdIdentity(reporter, text));
  return {
    to: row.toEmails.filter((a) => !own(a)),
    cc: row.ccEmails.filter((a) => !own(a)),
    toReporter,
    subject: withholdIdentity(reporter, row.subject),
    text: hide(row.textBody),
    html: hide(row.htmlBody),
    replyTo: toReporter ? null : row.replyTo,
  };
}

const summary = (row: OutboxRow, complaintNumber: string | null, shown: ReturnType<typeof projected>) => ({
  id: row.id,
  purpose: row.purpose,
  complaintNumber,
  to: shown.to,
  cc: shown.cc,
  toReporter: shown.toReporter,
  subject: shown.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The reporters of the complaints some rows are about (one query for the confidential ones). */
async function reportersOf(db: Db, found: ReadonlyArray<{ complaint: Record<string, unknown> | null }>) {
  const about = found.flatMap((f) => (f.complaint && typeof f.complaint.id === 'string' ? [f.complaint as unknown as Parameters<typeof Reporters.load>[1][number]] : []));
  const reporters = await Reporters.load(db, about);
  return (f: { complaint: Record<string, unknown> | null }) => (f.complaint && typeof f.complaint.id === 'string' ? reporters.of({ id: f.complaint.id }) : null);
}

const selectFound = (db: Db) => db.select({ row: outbox, complaint: complaintColumns }).from(outbox).leftJoin(complaints, eq(complaints.id, outbox.complaintId));

/** Outgoing mail, newest first, optionally by status, a keyset page at a time. */
export async function listOutbox(db: Db, reader: ReaderFacts, query: { status?: OutboxStatus; cursor?: string; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows: Found[] = await selectFound(db)
    .where(and(query.status ? eq(outbox.status, query.status) : undefined, after ? afterCursor(outbox, after) : undefined))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (found) => found.row);
  const reporterOf = await reportersOf(db, page.items);
  return {
    items: page.items.map((found) => summary(found.row, found.complaint?.number ?? null, projected(found.row, reporterOf(found), reader))),
    nextCursor: page.nextCursor,
  };
}

async function findMessage(db: Db, id: string) {
  const [found]: Found[] = await selectFound(db).where(eq(outbox.id, id)).limit(1);
  if (!found) throw new AppError(404, 'not_found', /*i18n*/ 'No such message.');
  const reporterOf = await reportersOf(db, [found]);
  return { found, reporter: reporterOf(found) };
}

/** One outgoing mail with its content as `reader` may read it; 404 when there is none. */
export async function readOutboxMessage(db: Db, reader: ReaderFacts, id: string) {
  const { found, reporter } = await findMessage(db, id);
  const { row } = found;
  const shown = projected(row, reporter, reader);
  return {
    ...summary(row, found.complaint?.number ?? null, shown),
    replyTo: shown.replyTo,
    messageId: row.messageId,
    smtpResponse: row.smtpResponse,
    text: shown.text,
    html: shown.html,
  };
}

/** The HTML part of one mail as `reader` may read it; 404 when there is none. */
export async function readOutboxHtml(db: Db, reader: ReaderFacts, id: string): Promise<string> {
  const { found, reporter } = await findMessage(db, id);
  return projected(found.row, reporter, reader).html;
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
