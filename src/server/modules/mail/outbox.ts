import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isFinishedStatus, type OutboxStatus } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { outbox, type ComplaintRow } from '../../db/schema.js';
import type { Locale } from '../../../shared/constants.js';
import { i18nFor, type I18n } from '../../i18n/index.js';
import { Readers, type Reader } from '../../i18n/readers.js';
import { guardMail, isReporterOnly, Reporters, type Reporter } from '../confidentiality/index.js';
import { handoverOf } from './handover.js';
import { escapeHtml } from './html.js';
import { replyAddressFor, threadRefFor, type ReplyAddressing } from './reply-address.js';
import type { RenderedMail } from './templates.js';

type Queryable = Db | Tx;

/** A mail written for its reader: the outbox calls it once per language among the recipients. */
export type MailFor = (reader: Reader) => RenderedMail;

interface MailHead {
  purpose: string;
  /** The complaint the mail is about: it decides what the mail may say about the student. */
  complaint?: ComplaintRow;
  to: string[];
  cc?: string[];
  replyTo?: string;
  /**
   * Sent no sooner than this many milliseconds after the commit (a merge's notice waits out its undo
   * window): written for the polling pass, never handed over on commit, so an undo can still take it back.
   */
  holdMs?: number;
}

/**
 * A mail to queue: already written (one language for all), or `render`, written in each
 * recipient's language (issue 28): their account's, else the university's.
 */
export type OutgoingMail = MailHead & (RenderedMail | { render: MailFor });

/** A mail written in one language, with that language (the reply footer is written in it too). */
type WrittenMail = MailHead & RenderedMail & { locale?: Locale };

export interface MailOptions {
  smtpConfigured: boolean;
  messageDomain: string;
  /** Set when the portal receives replies (INBOUND_REPLY_ADDRESS): conversation mail carries a personal reply address. */
  replyAddressing?: ReplyAddressing | undefined;
}

/**
 * Mail about a complaint that a recipient may answer by replying: the answer is added to the
 * complaint's thread. Escalations, digests and mail about finished complaints (see personalise) are
 * not answered into the thread (a warden's "why is this late?" is not a message for the student).
 */
const CONVERSATION_PURPOSES = new Set(['facility', 'acknowledgement', 'status', 'reply', 'student_reply', 'student_photos', 'reopened', 'assignment', 'new_work']);

/** The line that tells the reader what replying does, in plain words. */
function replyFooter(i18n: I18n, mail: WrittenMail & { complaint: ComplaintRow }, toStudent: boolean): string {
  const number = mail.complaint.number;
  return toStudent
    ? i18n._('You can answer by replying to this e-mail: your answer is added to {number} on the portal.', { number })
    : i18n._(
        'Reply to this e-mail to answer the student: your answer is added to {number} on the portal, where the student reads it (your e-mail address is not shown to them).',
        { number },
      );
}

function withFooter<M extends RenderedMail>(mail: M, footer: string): M {
  const html = mail.html.includes('</body>')
    ? mail.html.replace('</body>', `<p style="color:#334155">${escapeHtml(footer)}</p></body>`)
    : `${mail.html}<p>${escapeHtml(footer)}</p>`;
  return { ...mail, text: `${mail.text.trimEnd()}\n\n${footer}\n`, html };
}

/**
 * With reply addresses, a conversation mail goes to each recipient on its own, with a Reply-To made
 * for that recipient alone (the address that answers is then checked against the token). The guard
 * runs on each copy, so a confidential complaint's mail to the team still names nobody; the portal's
 * reply address is set after it and never carries the student's address.
 */
function personalise(mail: WrittenMail, addressing: ReplyAddressing | undefined, reporters: Reporters): WrittenMail[] {
  const complaint = mail.complaint;
  if (!complaint) return [mail];
  const reporter: Reporter = reporters.of(complaint);
  // A finished complaint takes no more replies: its mail does not invite one.
  if (!addressing || !CONVERSATION_PURPOSES.has(mail.purpose) || isFinishedStatus(complaint.status)) return [guardMail(reporter, mail)];
  return [...mail.to, ...(mail.cc ?? [])].map((recipient) => {
    const single = guardMail(reporter, { ...mail, to: [recipient], cc: [] });
    const toStudent = isReporterOnly(reporter, [recipient]);
    return {
      ...withFooter(single, replyFooter(i18nFor(mail.locale), { ...single, complaint }, toStudent)),
      replyTo: replyAddressFor(addressing, complaint, recipient),
    };
  });
}

const OUTBOX_COLUMNS = ['id', 'purpose', 'complaintId', 'toEmails', 'ccEmails', 'replyTo', 'subject', 'textBody', 'htmlBody', 'messageId', 'threadRef', 'status', 'attempts'] as const;
/** A row handed over on commit is written leased: `lease` milliseconds from now, PostgreSQL's clock; null for a row the polling pass claims. */
const leasedFor = (lease: unknown) => sql`now() + ${lease}::integer * interval '1 millisecond'`;
/**
 * Inserts of one to PREPARED_ROWS mails, prepared once per connection (db/prepared.ts): a filing
 * queues two, most changes one or two. A larger batch (a bulk action's) is built as it comes.
 */
const PREPARED_ROWS = 4;
const insertRows = Array.from({ length: PREPARED_ROWS }, (_, n) =>
  preparedPerDatabase((db) =>
    db
      .insert(outbox)
      .values(
        Array.from(
          { length: n + 1 },
          (_row, i) => ({ ...Object.fromEntries(OUTBOX_COLUMNS.map((column) => [column, sql.placeholder(`${column}${i}`)])), lockedUntil: leasedFor(sql.placeholder(`lease${i}`)) }) as unknown as typeof outbox.$inferInsert,
        ),
      )
      .prepare(`outbox_insert_${n + 1}`),
  ),
);

/**
 * Adds mail to the outbox. Call it with the transaction that makes the change the mail is about:
 * both commit or neither does. Without SMTP the row is 'held' (kept for admins to read) and is
 * queued as soon as the portal starts with SMTP_URL. Every mail about a complaint passes the
 * confidentiality guard here, so no caller can forget it, and carries the complaint's thread id so
 * mail clients show one conversation. `readers`: given when the caller's own statement read the
 * recipients' languages (Readers.knowing), so none is read here. In a lifecycle transaction the
 * queued rows are written leased to this instance and handed to its dispatcher on commit (handover.ts).
 */
export async function enqueueMail(db: Queryable, mails: OutgoingMail[], opts: MailOptions, readers?: Readers): Promise<string[]> {
  const status: OutboxStatus = opts.smtpConfigured ? 'queued' : 'held';
  const handover = status === 'queued' ? handoverOf(db) : undefined;
  const written = await inTheirLanguages(db, mails, readers);
  // Who filed each complaint the mails are about, for the guard: read only for confidential ones.
  const reporters = await Reporters.load(db, [...new Map(mails.flatMap((m) => (m.complaint ? [[m.complaint.id, m.complaint] as const] : []))).values()]);
  const all = written.flatMap((given) => personalise(given, opts.replyAddressing, reporters));
  // Mail that waits (a merge's notice) goes by the polling pass once due, so an undo meanwhile can delete it.
  const waiting = all.filter((mail) => mail.holdMs !== undefined && mail.holdMs > 0);
  const waitingIds = waiting.length ? await insertWaiting(db, waiting, status, opts) : [];
  const rows = all.filter((mail) => !waiting.includes(mail)).map((mail) => {
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
      threadRef: mail.complaint ? threadRefFor(mail.complaint.id, opts.messageDomain) : null,
      status,
      // A handed-over row counts as claimed once, as the polling pass's claim would count it.
      attempts: handover ? 1 : 0,
    };
  });
  const lease = handover ? handover.leaseMs : null;
  const prepared = rows.length <= PREPARED_ROWS ? insertRows[rows.length - 1] : undefined;
  if (prepared) {
    const values: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      for (const column of OUTBOX_COLUMNS) values[`${column}${i}`] = row[column] ?? null;
      values[`lease${i}`] = lease;
    });
    await prepared(db).execute(values);
  } else if (rows.length) {
    await db.insert(outbox).values(rows.map((row) => ({ ...row, lockedUntil: lease === null ? null : leasedFor(lease) })));
  }
  if (handover) {
    const now = new Date();
    for (const row of rows) {
      handover.rows.push({
        ...row,
        complaintId: row.complaintId ?? null,
        replyTo: row.replyTo ?? null,
        nextAttemptAt: now,
        lockedUntil: new Date(handover.leaseEnds),
        lastError: null,
        smtpResponse: null,
        sentAt: null,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  return [...waitingIds, ...rows.map((r) => r.id)];
}

/** Mail due later: not leased, not handed over, next_attempt_at at its time (PostgreSQL's clock). Returns the ids. */
async function insertWaiting(db: Queryable, mails: WrittenMail[], status: OutboxStatus, opts: MailOptions): Promise<string[]> {
  const rows = mails.map((mail) => {
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
      threadRef: mail.complaint ? threadRefFor(mail.complaint.id, opts.messageDomain) : null,
      status,
      nextAttemptAt: sql`now() + ${mail.holdMs ?? 0}::integer * interval '1 millisecond'`,
    };
  });
  await db.insert(outbox).values(rows);
  return rows.map((row) => row.id);
}

/**
 * Writes each mail once per language among its recipients, the recipients of each language
 * together in the order given: a mail to English readers alone stays one mail, as before.
 */
async function inTheirLanguages(db: Db | Tx, mails: OutgoingMail[], known: Readers | undefined): Promise<WrittenMail[]> {
  if (!mails.some((m) => 'render' in m)) return mails as WrittenMail[];
  const readers = known ?? new Readers(db);
  const locales = await readers.localesOfEmails(mails.flatMap((m) => ('render' in m ? [...m.to, ...(m.cc ?? [])] : [])));
  const written: WrittenMail[] = [];
  for (const mail of mails) {
    if (!('render' in mail)) {
      written.push(mail);
      continue;
    }
    const { render, ...head } = mail;
    const languages = [...new Set([...head.to, ...(head.cc ?? [])].map((a) => locales.get(a) ?? 'en'))];
    for (const locale of languages) {
      const ofLocale = (addresses: readonly string[] | undefined) => (addresses ?? []).filter((a) => (locales.get(a) ?? 'en') === locale);
      const to = ofLocale(head.to);
      const cc = ofLocale(head.cc);
      written.push({ ...head, ...render(await readers.reader(locale)), to: to.length ? to : cc, cc: to.length ? cc : [], locale });
    }
  }
  return written;
}
