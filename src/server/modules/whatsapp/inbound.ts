import { and, count, eq, gt, like, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { whatsappInbound, whatsappOutbox } from '../../db/schema.js';
import type { WhatsAppConfig } from '../../config.js';
import { i18nFor } from '../../i18n/index.js';
import { isLocale } from '../../../shared/locale.js';
import type { OutboxChannel } from '../../lib/outbox-loop.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { WHATSAPP_CODE_PATTERN, WHATSAPP_LINK_WORD, WHATSAPP_STOP_WORD } from '../../../shared/whatsapp.js';
import { Chat, type ChatActions } from './chat.js';
import { fetchMedia } from './graph.js';
import { fallBack, type RingInstead } from './fallback.js';
import { linkByCode, personOf, touchWindow, unlinkNumber } from './links.js';
import { queueMessage, type QueuedMessage } from './outbox.js';
import type { InboundEvent, InboundMessage, InboundStatus } from './webhook.js';

/** Messages from one number worked per minute; more are recorded and left unanswered (a loop, or someone flooding). */
const PER_NUMBER_PER_MINUTE = 20;
const MAX_ATTEMPTS = 5;
const DELIVERY_ORDER = ['sent', 'delivered', 'read'] as const;
/** Looks for the message a status names before it is dropped as not ours. */
const STATUS_LOOKS = 3;

interface ClaimedEvent {
  id: string;
  /** Its place in the order events came in. */
  seq: number;
  waId: string;
  event: InboundEvent;
  attempts: number;
}

/** What the number wrote, as words: a typed text, a tapped button's title. */
function wordsOf(message: InboundMessage): string {
  return (message.text?.body ?? message.image?.caption ?? message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? message.button?.text ?? '').trim();
}

/**
 * Works the webhook's queue, one event at a time, after the webhook has answered Meta: statuses
 * move what the portal sent forward; messages link or unlink a number, or get the reply that says
 * what the number can do. Nothing here logs what a person wrote.
 */
export class WhatsAppInbound implements OutboxChannel<ClaimedEvent> {
  readonly name = 'whatsapp inbound';

  constructor(
    private readonly db: Db,
    private readonly config: WhatsAppConfig,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    /** Wakes the outbox once a reply is queued. */
    private readonly queued: () => void,
    private readonly ring: RingInstead,
    actions: ChatActions,
    maxPhotoBytes: number,
  ) {
    this.chat = new Chat(db, actions, publicUrl, (mediaId) => fetchMedia(config, mediaId, maxPhotoBytes));
  }

  private readonly chat: Chat;

  async claim(limit: number): Promise<ClaimedEvent[]> {
    const lease = `${this.config.leaseMs} milliseconds`;
    // One number's messages one at a time, in the order they came: only the oldest queued message
    // of each number may be claimed, so its next waits until it is worked (a reply to "What is
    // wrong?" never overtakes the tap before it), while other numbers go on beside it. Statuses
    // change nothing a message reads, so they never wait in that line. Two instances that pick the
    // same row both try to lease it; the lease's own condition lets one of them have it.
    const result = await this.db.execute(sql`
      with message_heads as (
        select distinct on (wa_id) id, next_attempt_at, locked_until
        from ${whatsappInbound}
        where status = 'queued' and event_key like 'message:%'
        order by wa_id, seq
      ), heads as (
        select * from message_heads
        union all
        select id, next_attempt_at, locked_until from ${whatsappInbound} where status = 'queued' and event_key like 'status:%'
      ), due as (
        select id from heads
        where next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${limit}
      )
      update ${whatsappInbound} w set locked_until = now() + ${lease}::interval, attempts = w.attempts + 1, updated_at = now()
      from due
      where w.id = due.id and w.status = 'queued' and (w.locked_until is null or w.locked_until < now())
      returning w.id, w.seq, w.wa_id, w.event, w.attempts`);
    type Raw = { id: string; seq: number | string; wa_id: string; event: InboundEvent | string; attempts: number };
    return (result as { rows: Raw[] }).rows.map((r) => ({
      id: r.id,
      seq: Number(r.seq),
      waId: r.wa_id,
      event: typeof r.event === 'string' ? (JSON.parse(r.event) as InboundEvent) : r.event,
      attempts: Number(r.attempts),
    }));
  }

  async deliver(row: ClaimedEvent): Promise<void> {
    try {
      if (row.event.kind === 'status') await this.status(row.event, row.attempts);
      else await this.message(row.event, row.seq);
      await this.db.update(whatsappInbound).set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: sql`now()` }).where(eq(whatsappInbound.id, row.id));
    } catch (error) {
      const why = error instanceof Error ? error.message.slice(0, 300) : 'failed';
      const last = row.attempts >= MAX_ATTEMPTS;
      this.log.warn({ eventId: row.id, attempts: row.attempts, error: why }, last ? 'whatsapp: an event could not be worked; giving up' : 'whatsapp: an event could not be worked; will retry');
      await this.db
        .update(whatsappInbound)
        .set({
          status: last ? 'failed' : 'queued',
          lastError: why,
          nextAttemptAt: sql`now() + ${`${retryDelayMs(row.attempts, this.config.retryBaseMs)} milliseconds`}::interval`,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(eq(whatsappInbound.id, row.id));
    }
  }

  /** Statuses only move forward (Meta may send them out of order); a failed one tells the person elsewhere. */
  private async status(status: InboundStatus, attempts: number): Promise<void> {
    const [sent] = await this.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.wamid, status.id));
    // Meta may say "sent" before the portal has recorded the message's id: look again shortly,
    // a few times, before deciding the status is about nothing of ours.
    if (!sent && attempts < STATUS_LOOKS) throw new Error('the message this status is about is not recorded yet');
    if (!sent) return;
    if (status.status === 'failed') {
      await this.db.update(whatsappOutbox).set({ delivery: 'failed', lastError: status.errors?.[0]?.title?.slice(0, 200) ?? 'failed', updatedAt: sql`now()` }).where(eq(whatsappOutbox.id, sent.id));
      await fallBack(this.ring, sent);
      return;
    }
    const rank = (d: string | null) => (d === null ? -1 : DELIVERY_ORDER.indexOf(d as (typeof DELIVERY_ORDER)[number]));
    if (sent.delivery === 'failed' || rank(status.status) <= rank(sent.delivery)) return;
    // Forward only in the statement itself too: two statuses of one message worked at once (two
    // passes, two instances) each read the old one, and the later write must not move it back.
    const order = sql.raw(`array[${DELIVERY_ORDER.map((d) => `'${d}'`).join(', ')}]::text[]`);
    await this.db
      .update(whatsappOutbox)
      .set({ delivery: status.status, updatedAt: sql`now()` })
      .where(
        and(
          eq(whatsappOutbox.id, sent.id),
          sql`coalesce(${whatsappOutbox.delivery}, '') <> 'failed'`,
          sql`coalesce(array_position(${order}, ${whatsappOutbox.delivery}::text), 0) < array_position(${order}, ${status.status}::text)`,
        ),
      );
  }

  private async reply(waId: string, message: QueuedMessage): Promise<void> {
    await queueMessage(this.db, { waId, message });
    this.queued();
  }

  private async message(message: InboundMessage, seq: number): Promise<void> {
    const waId = message.from;
    const [recent] = await this.db
      .select({ n: count() })
      .from(whatsappInbound)
      // Its messages up to this one (those after it are its own business): the statuses of what the
      // portal sent the number come under it too, and do not count.
      .where(
        and(
          eq(whatsappInbound.waId, waId),
          like(whatsappInbound.eventKey, 'message:%'),
          lte(whatsappInbound.seq, seq),
          gt(whatsappInbound.createdAt, sql`now() - interval '1 minute'`),
        ),
      );
    if ((recent?.n ?? 0) > PER_NUMBER_PER_MINUTE) {
      this.log.info({ messages: recent?.n }, 'whatsapp: a number wrote more than the limit in a minute; left unanswered');
      return;
    }

    const words = wordsOf(message);
    const [first = '', second = ''] = words.split(/\s+/);
    const command = first.toUpperCase();
    const account = `${new URL('/userInfo', this.publicUrl).href}`;

    if (command === WHATSAPP_LINK_WORD) {
      const code = second.toUpperCase();
      const person = WHATSAPP_CODE_PATTERN.test(code) ? await linkByCode(this.db, waId, code) : null;
      const i18n = i18nFor(person && isLocale(person.locale) ? person.locale : null);
      if (!person) {
        return this.reply(waId, { kind: 'reply', text: i18n._('That code is not right or has expired. Get a new one on your account page: {account}', { account }) });
      }
      this.log.info({ userId: person.id }, 'whatsapp: a number was linked');
      return this.reply(waId, {
        kind: 'reply',
        text: i18n._('Hello {name}, this WhatsApp number is now connected to your Hostel Complaint Portal account. Your complaint updates will come here. Send STOP to disconnect it.', { name: person.name }),
      });
    }

    const person = await personOf(this.db, waId);
    if (command === WHATSAPP_STOP_WORD) {
      const was = await unlinkNumber(this.db, waId);
      const i18n = i18nFor(person && isLocale(person.locale) ? person.locale : null);
      if (was) this.log.info({ userId: person?.id }, 'whatsapp: a number was unlinked');
      return this.reply(waId, { kind: 'reply', text: i18n._('This WhatsApp number is disconnected from the Hostel Complaint Portal. You will get no more messages here.') });
    }
    if (!person) {
      // Nobody is known to read this number: the university's default words, English.
      const i18n = i18nFor(null);
      return this.reply(waId, {
        kind: 'reply',
        text: i18n._('This number is not connected to a Hostel Complaint Portal account. Sign in at {account}, press Connect WhatsApp and send the code you get from this phone.', { account }),
      });
    }
    await touchWindow(this.db, waId);
    for (const reply of await this.chat.handle(person, message, words)) await queueMessage(this.db, { waId, message: reply, userId: person.id });
    this.queued();
  }
}
