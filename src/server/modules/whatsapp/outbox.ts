import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { whatsappLinks, whatsappOutbox } from '../../db/schema.js';
import type { WhatsAppConfig } from '../../config.js';
import type { OutboxChannel } from '../../lib/outbox-loop.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { i18nFor } from '../../i18n/index.js';
import { isLocale } from '../../../shared/locale.js';
import { fallBack, type RingInstead } from './fallback.js';
import { sendMessage, type OutgoingMessage } from './graph.js';

/**
 * What is queued: an update (free text in the window, the template outside it) or a reply to what
 * the person just wrote (always in the window), with buttons when there is something to choose.
 */
export type QueuedMessage =
  /** `confirm`: the complaint's number when the update asks its student to confirm the fix (Fixed / Not fixed). */
  | { kind: 'update'; title: string; text: string; path: string; locale: string; confirm?: string }
  | { kind: 'reply'; text: string; buttons?: Array<{ id: string; title: string }>; list?: { button: string; rows: Array<{ id: string; title: string; description?: string }> } };

const WINDOW_MS = 24 * 60 * 60_000;
/** Tries before a message is given up (Meta's throttling clears within minutes; the backoff reaches them). */
const MAX_ATTEMPTS = 8;

interface ClaimedMessage {
  id: string;
  eventId: string | null;
  userId: string | null;
  complaintId: string | null;
  waId: string;
  message: QueuedMessage;
  attempts: number;
  lastInboundAt: Date | null;
}

export async function queueMessage(
  db: Db | Tx,
  row: { waId: string; message: QueuedMessage; userId?: string | null; eventId?: string | null; complaintId?: string | null },
): Promise<void> {
  await db.insert(whatsappOutbox).values(row).onConflictDoNothing();
}

/** The words of an update, whole: title, text and the page it is about. */
const updateWords = (m: Extract<QueuedMessage, { kind: 'update' }>, publicUrl: string) => `${m.title}\n${m.text}\n${new URL(m.path, publicUrl).href}`;

export class WhatsAppOutbox implements OutboxChannel<ClaimedMessage> {
  readonly name = 'whatsapp';

  constructor(
    private readonly db: Db,
    private readonly config: WhatsAppConfig,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly ring: RingInstead,
  ) {}

  async claim(limit: number): Promise<ClaimedMessage[]> {
    const lease = `${this.config.leaseMs} milliseconds`;
    // One number's messages one at a time, in the order they were queued (a chat's answers read in
    // order; Meta does not order messages sent at once): only each number's oldest queued message
    // may be claimed. Two instances that pick the same one both try to lease it; one gets it.
    const result = await this.db.execute(sql`
      with heads as (
        select distinct on (wa_id) id, next_attempt_at, locked_until
        from ${whatsappOutbox}
        where status = 'queued'
        order by wa_id, seq
      ), due as (
        select id from heads
        where next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
      ), claimed as (
        update ${whatsappOutbox} w set locked_until = now() + ${lease}::interval, attempts = w.attempts + 1, updated_at = now()
        from due
        where w.id = due.id and w.status = 'queued' and (w.locked_until is null or w.locked_until < now())
        returning w.id, w.wa_id, w.message, w.attempts, w.event_id, w.user_id, w.complaint_id
      )
      select c.id, c.wa_id, c.message, c.attempts, c.event_id, c.user_id, c.complaint_id, l.last_inbound_at
      from claimed c left join ${whatsappLinks} l on l.wa_id = c.wa_id`);
    type Raw = { id: string; wa_id: string; message: QueuedMessage | string; attempts: number; event_id: string | null; user_id: string | null; complaint_id: string | null; last_inbound_at: Date | string | null };
    return (result as { rows: Raw[] }).rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      userId: r.user_id,
      complaintId: r.complaint_id,
      waId: r.wa_id,
      message: typeof r.message === 'string' ? (JSON.parse(r.message) as QueuedMessage) : r.message,
      attempts: Number(r.attempts),
      lastInboundAt: r.last_inbound_at === null ? null : new Date(r.last_inbound_at),
    }));
  }

  /** Free text within 24 hours of the person's last message; outside it an update goes as the approved template. */
  private outgoing(row: ClaimedMessage): OutgoingMessage {
    const { message } = row;
    const open = row.lastInboundAt !== null && Date.now() - row.lastInboundAt.getTime() < WINDOW_MS;
    if (message.kind === 'reply') {
      if (message.list) return { type: 'list', text: message.text, button: message.list.button, rows: message.list.rows };
      return message.buttons?.length ? { type: 'buttons', text: message.text, buttons: message.buttons } : { type: 'text', text: message.text };
    }
    if (open && message.confirm) {
      const i18n = i18nFor(isLocale(message.locale) ? message.locale : null);
      return {
        type: 'buttons',
        text: updateWords(message, this.publicUrl),
        buttons: [
          { id: `fixed:${message.confirm}`, title: i18n._('Fixed') },
          { id: `notfixed:${message.confirm}`, title: i18n._('Not fixed') },
        ],
      };
    }
    if (open) return { type: 'text', text: updateWords(message, this.publicUrl) };
    return this.template(message);
  }

  /** An update as the approved template, in the reader's language of it. */
  private template(message: Extract<QueuedMessage, { kind: 'update' }>): OutgoingMessage {
    const language = this.config.templateLanguages[message.locale] ?? this.config.templateLanguages.en ?? 'en';
    // A template parameter may not hold new lines (Meta refuses them): one line.
    return { type: 'template', name: this.config.updateTemplate, language, parameters: [updateWords(message, this.publicUrl).replace(/\s*\n\s*/g, ' · ')] };
  }

  async deliver(row: ClaimedMessage): Promise<void> {
    const message = this.outgoing(row);
    let outcome = await sendMessage(this.config, row.waId, message);
    // The window closed between the student's last message and now (Meta knows best): the template instead.
    if (outcome.kind === 'window_closed' && row.message.kind === 'update') {
      outcome = await sendMessage(this.config, row.waId, this.template(row.message));
    }
    switch (outcome.kind) {
      case 'sent':
        await this.db
          .update(whatsappOutbox)
          .set({ status: 'sent', wamid: outcome.wamid, delivery: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
          .where(eq(whatsappOutbox.id, row.id));
        return;
      case 'retry': {
        if (row.attempts >= MAX_ATTEMPTS) return this.finish(row, outcome.why);
        const delay = retryDelayMs(row.attempts, this.config.retryBaseMs);
        this.log.warn({ messageId: row.id, attempts: row.attempts, retryInMs: delay, error: outcome.why }, 'whatsapp: failed, will retry');
        await this.db
          .update(whatsappOutbox)
          .set({ lastError: outcome.why, nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`, lockedUntil: null, updatedAt: sql`now()` })
          .where(and(eq(whatsappOutbox.id, row.id), eq(whatsappOutbox.status, 'queued')));
        return;
      }
      case 'window_closed':
      case 'failed':
        this.log.warn({ messageId: row.id, error: outcome.why }, 'whatsapp: giving up');
        return this.finish(row, outcome.why);
    }
  }

  /** Given up: recorded, and the person hears of it by the bell instead. */
  private async finish(row: ClaimedMessage, why: string): Promise<void> {
    await this.db.update(whatsappOutbox).set({ status: 'failed', lastError: why, lockedUntil: null, updatedAt: sql`now()` }).where(eq(whatsappOutbox.id, row.id));
    await fallBack(this.ring, row);
  }
}
