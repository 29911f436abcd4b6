import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { studentMay } from '../../../shared/lifecycle.js';
import { isStorableText, storableText } from '../../../shared/text.js';
import { mailboxAddress } from '../../../shared/email.js';
import type { Tx } from '../../db/client.js';
import { complaints, inboundMail, users, type ComplaintRow } from '../../db/schema.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { tellSenderNotAdded } from '../lifecycle/index.js';
import { recordReply, type ReplyAuthor } from '../lifecycle/index.js';
import { isPortalAddress, readReplyAddress, tokenMatches, type ReplyAddressing, type ReplyToken } from '../mail/index.js';
import { inScope, isWorker, loadScope } from '../access/index.js';
import { headerLines, screenAutomatic, senderAuthenticated, type DropReason } from './screen.js';
import { stripReply } from './strip.js';

/**
 * Mail that reached the portal's reply address becomes a reply in a complaint's thread, from the
 * person the reply address was made for, or is dropped (and recorded, and logged) with the reason.
 * The checks, in order: the recipient is one of our reply addresses; the mail is a person's (not an
 * auto-reply, bulk, a bounce or our own mail coming back); the trusted upstream server
 * authenticated the sender, when one is configured; the token was made for this complaint and this
 * sender; the sender may still speak in this thread; the complaint is not finished; there are
 * words left once quotes and signatures are stripped. A Message-ID is taken once: the same mail
 * twice posts once. A sender who passed every check up to the last two is told by mail why nothing
 * was added (once per Message-ID, at most once an hour per complaint); everyone else hears nothing,
 * so a forger learns nothing and no auto-responder is answered.
 */

export interface InboundDeps {
  ctx: LifecycleContext;
  addressing: ReplyAddressing;
  /** The authserv-id whose Authentication-Results we trust; undefined → not checked. */
  trustedAuthservId: string | undefined;
  /** The portal's own sender address (MAIL_FROM): mail from it is a loop. */
  ownAddresses: string[];
  log: FastifyBaseLogger;
}

export interface InboundEnvelope {
  /** MAIL FROM ('' for a bounce); undefined when not known (a mailbox read over IMAP). */
  from: string | undefined;
  /** RCPT TO; undefined for a mailbox copy, whose recipient headers are read instead. */
  to: string[] | undefined;
}

/** What the inbound service needs from the app: built once per receiver (listener, poller). */
export function inboundDeps(
  app: { lifecycle: LifecycleContext; log: FastifyBaseLogger },
  config: { mailFrom: string; inbound?: { trustedAuthservId: string | undefined } | undefined },
  addressing: ReplyAddressing,
  log: FastifyBaseLogger,
): InboundDeps {
  const fromAddress = mailboxAddress(config.mailFrom);
  return { ctx: app.lifecycle, addressing, trustedAuthservId: config.inbound?.trustedAuthservId, ownAddresses: [fromAddress.trim().toLowerCase()], log };
}

/** Where a mailbox copy was addressed: the delivery headers first, then To and Cc. */
function recipientsFromHeaders(parsed: ParsedMail): string[] {
  const delivered = ['delivered-to', 'x-original-to'].flatMap((name) => {
    const value = parsed.headers.get(name);
    return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  });
  const listed = [parsed.to, parsed.cc]
    .flatMap((field) => (field ? (Array.isArray(field) ? field : [field]) : []))
    .flatMap((group) => group.value.map((a) => a.address ?? ''));
  return [...delivered, ...listed].map((a) => a.trim()).filter(Boolean);
}

export type InboundResult =
  | { outcome: 'posted'; number: string }
  /** `senderTold`: an answer saying why went into the outbox. */
  | { outcome: 'dropped'; reason: DropReason; number?: string; senderTold?: boolean };

const MESSAGE_ID_MAX = 300;

function messageIdOf(given: string | undefined, raw: Buffer): string {
  const id = given?.trim();
  // Without a usable Message-ID, the content itself identifies the mail (a resend is byte for byte the same).
  return id && id.length <= MESSAGE_ID_MAX && isStorableText(id) ? id : `<sha256-${createHash('sha256').update(raw).digest('hex')}@inbound>`;
}

/** Who may speak in this complaint's thread as `sender`: its student, a worker in scope, or a facility address it was sent to. */
async function authorFor(tx: Tx, complaint: ComplaintRow, sender: string): Promise<ReplyAuthor | undefined> {
  const [person] = await tx.select().from(users).where(and(eq(users.email, sender), isNull(users.disabledAt))).limit(1);
  if (sender === complaint.userEmail.toLowerCase()) return person?.id === complaint.studentId ? { kind: 'student', id: person.id } : undefined;
  if (person && isWorker(person) && inScope(await loadScope(tx, person), complaint)) return { kind: 'staff', id: person.id };
  if ([...complaint.toEmails, ...complaint.ccEmails].some((a) => a.toLowerCase() === sender)) return { kind: 'team', address: sender };
  return undefined;
}

export async function receiveMail(deps: InboundDeps, raw: Buffer, envelope: InboundEnvelope): Promise<InboundResult> {
  const { ctx, addressing, log } = deps;
  // mailparser (with its charset tables) loads with the first reply, not with every server start.
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const messageId = messageIdOf(parsed.messageId, raw);
  const headers = headerLines(parsed.headerLines);
  const senders = parsed.from?.value ?? [];
  const sender = senders.length === 1 ? (senders[0]?.address ?? '').trim().toLowerCase() : '';
  const drop = async (reason: DropReason, complaint?: ComplaintRow): Promise<InboundResult> => {
    // Recorded once per Message-ID; a second copy of a dropped mail changes nothing.
    await ctx.db.insert(inboundMail).values({ messageId, complaintId: complaint?.id ?? null, outcome: 'dropped', reason }).onConflictDoNothing();
    log.warn({ reason, complaint: complaint?.number }, 'inbound mail dropped');
    return { outcome: 'dropped', reason, ...(complaint ? { number: complaint.number } : {}) };
  };

  let token: ReplyToken | undefined;
  for (const address of envelope.to ?? recipientsFromHeaders(parsed)) {
    token = readReplyAddress(addressing, address);
    if (token) break;
  }
  if (!token) return drop('unknown_token');

  const isOurs = (address: string) => isPortalAddress(addressing, address) || deps.ownAddresses.includes(address.toLowerCase());
  const automatic = screenAutomatic(headers, envelope.from, sender, isOurs);
  if (automatic) return drop(automatic);
  if (!sender) return drop('no_sender');
  if (deps.trustedAuthservId && !senderAuthenticated(headers, deps.trustedAuthservId, sender)) return drop('unauthenticated');

  const [found] = await ctx.db.select().from(complaints).where(eq(complaints.number, token.number)).limit(1);
  if (!found) return drop('unknown_token');
  // A token made for someone else, or no token of ours at all: the same answer, so nothing can be probed.
  if (!tokenMatches(addressing, token, found.id, sender)) return drop('token_mismatch', found);

  // A mail is not a form: a stray NUL in it is taken out rather than failing the mail at every retry.
  const text = stripReply(storableText(parsed.text ?? ''));

  const result = await ctx.transaction(async (tx): Promise<InboundResult> => {
    const [claimed] = await tx
      .insert(inboundMail)
      .values({ messageId, complaintId: found.id, outcome: 'posted' })
      .onConflictDoNothing()
      .returning({ id: inboundMail.id });
    if (!claimed) return { outcome: 'dropped', reason: 'duplicate', number: found.number };
    const [locked] = await tx.select().from(complaints).where(eq(complaints.id, found.id)).for('update').limit(1);
    const author = locked ? await authorFor(tx, locked, sender) : undefined;
    if (!locked || !author) {
      await tx.update(inboundMail).set({ outcome: 'dropped', reason: 'not_allowed' }).where(eq(inboundMail.id, claimed.id));
      return { outcome: 'dropped', reason: 'not_allowed', number: found.number };
    }
    // "Finished" first: telling someone to resend with new text would be no use on a closed complaint.
    const refusal = !studentMay(locked.status, 'reply') ? 'finished' : !text ? 'empty' : undefined;
    if (refusal) {
      await tx.update(inboundMail).set({ outcome: 'dropped', reason: refusal }).where(eq(inboundMail.id, claimed.id));
      // The sender is who the token was made for and may speak here: they hear why, instead of silence.
      const senderTold = await tellSenderNotAdded(tx, ctx, locked, { address: sender, author }, refusal);
      return { outcome: 'dropped', reason: refusal, number: found.number, senderTold };
    }
    await recordReply(tx, ctx, locked, author, text, { channel: 'mail' });
    return { outcome: 'posted', number: found.number };
  });
  if (result.outcome === 'posted') log.info({ complaint: result.number }, 'inbound mail posted to the thread');
  else log.warn({ reason: result.reason, complaint: result.number, senderTold: result.senderTold ?? false }, 'inbound mail dropped');
  return result;
}
