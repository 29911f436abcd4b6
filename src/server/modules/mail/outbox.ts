import { randomUUID } from 'node:crypto';
import type { OutboxStatus } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { outbox, type ComplaintRow } from '../../db/schema.js';
import { guardMail } from '../confidentiality/guard.js';
import type { RenderedMail } from './templates.js';

type Queryable = Pick<Db, 'insert'>;

export interface OutgoingMail extends RenderedMail {
  purpose: string;
  /** The complaint the mail is about: it decides what the mail may say about the student. */
  complaint?: ComplaintRow;
  to: string[];
  cc?: string[];
  replyTo?: string;
}

/**
 * Adds mail to the outbox. Call it with the transaction that makes the change the mail is about:
 * both commit or neither does. Without SMTP the row is 'held' (kept for admins to read) and is
 * queued as soon as the portal starts with SMTP_URL. Every mail about a complaint passes the
 * confidentiality guard here, so no caller can forget it.
 */
export async function enqueueMail(
  db: Queryable,
  mails: OutgoingMail[],
  opts: { smtpConfigured: boolean; messageDomain: string },
): Promise<string[]> {
  const status: OutboxStatus = opts.smtpConfigured ? 'queued' : 'held';
  const rows = mails.map((given) => {
    const mail = given.complaint ? guardMail(given.complaint, given) : given;
    const id = randomUUID();
    return {
      id,
      purpose: mail.purpose,
      complaintId: mail.complaint?.id,
      toEmails: mail.to,
      ccEmails: mail.cc ?? [],
      replyTo: mail.replyTo,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      messageId: `<${id}@${opts.messageDomain}>`,
      status,
    };
  });
  if (rows.length) await db.insert(outbox).values(rows);
  return rows.map((r) => r.id);
}
