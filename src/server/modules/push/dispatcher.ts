import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pushOutbox, pushSubscriptions } from '../../db/schema.js';
import { isDatabaseUnavailable, unavailableReason } from '../../db/unavailable.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { encryptPayload, vapidAuthorization, type VapidKeys } from '../../lib/web-push.js';

export interface PushDispatcherOptions {
  db: Db;
  log: FastifyBaseLogger;
  vapid: VapidKeys;
  pollIntervalMs: number;
  retryBaseMs: number;
  /** A push not delivered this long after its event is dropped: stale news is worse than none. */
  ttlMs: number;
  /** How long a claimed row stays ours; a crashed dispatcher's rows are tried again after it. */
  leaseMs: number;
  batchSize?: number;
  /** How long one request to a push service may take. */
  requestTimeoutMs?: number;
  /** Requests to push services under way at once, from this instance. */
  maxInFlight?: number;
  /** Counters for /metrics: a push accepted, an attempt that failed and how. */
  onSent?: () => void;
  onFailed?: (kind: 'transient' | 'permanent' | 'gone' | 'expired') => void;
}

interface ClaimedPush {
  id: string;
  payload: string;
  topic: string;
  attempts: number;
  createdAt: Date;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service's answer means for the row. */
type Outcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'retry'; why: string } | { kind: 'failed'; why: string };

/**
 * The push service's answer (RFC 8030 and the services' documented codes): 201/202 accepted, 404 and
 * 410 the subscription is gone for good, 429 and 5xx try later, other 4xx will never work (a bad
 * key, a payload too large). Network errors are worth another try.
 */
export function outcomeOf(status: number, body: string): Outcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  const why = `push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (status === 429 || status >= 500) return { kind: 'retry', why };
  return { kind: 'failed', why };
}

/**
 * Delivers the push outbox, as the mail dispatcher delivers mail: every app instance runs one; rows
 * are claimed with FOR UPDATE SKIP LOCKED and a lease, so two instances never push the same row at
 * once, and a row whose sender died is taken up again when its lease ends.
 */
export class PushDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly batchSize: number;
  /**
   * Pushes the push service accepted whose 'sent' could not be recorded (the database went away in
   * between). Claimed again by this process, such a row is only recorded, never pushed again; only
   * a process that dies forgets, and then the device shows the same tag once more, replacing it.
   */
  private readonly acceptedNotRecorded = new Set<string>();
  /**
   * Deliveries under way, each on its own: a push service that is slow or silent holds its own row
   * (leased, so no one claims it twice) and nobody else's (issue 40: one silent endpoint held every
   * push for its 15-second timeout when a pass awaited its whole batch).
   */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly maxInFlight: number;

  constructor(private readonly opts: PushDispatcherOptions) {
    this.batchSize = opts.batchSize ?? 20;
    this.maxInFlight = opts.maxInFlight ?? 100;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Called after a commit that may have queued pushes: deliver now instead of at the next poll. */
  notify(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for pushes in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        } else {
          this.schedule(this.opts.pollIntervalMs);
        }
      });
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      await this.expire();
      for (;;) {
        if (this.stopped) return;
        const room = Math.min(this.batchSize, this.maxInFlight - this.inFlight.size);
        if (room <= 0) {
          // As many requests under way as allowed: claim more when one of them ends.
          await Promise.race(this.inFlight);
          continue;
        }
        const batch = await this.claim(room);
        if (batch.length === 0) return;
        for (const row of batch) this.startDelivery(row);
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        this.opts.log.warn({ reason: unavailableReason(error) }, 'push: database unavailable; retrying at the next poll');
      } else {
        this.opts.log.error({ err: error }, 'push: dispatcher pass failed; retrying at the next poll');
      }
    }
  }

  /** Sends one row without holding up the pass: its outcome is recorded whenever its push service answers. */
  private startDelivery(row: ClaimedPush): void {
    const delivery = this.deliver(row)
      .catch((error: unknown) => {
        // The outcome could not be recorded (the database went away): the row is claimed again when its lease ends.
        this.opts.log.warn({ pushId: row.id, reason: unavailableReason(error) }, 'push: outcome not recorded; retried when its lease ends');
      })
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Rows older than the TTL are not worth sending any more. */
  private async expire(): Promise<void> {
    const ttl = `${this.opts.ttlMs} milliseconds`;
    await this.opts.db.execute(sql`
      update ${pushOutbox} set status = 'expired', locked_until = null, updated_at = now()
      where status = 'queued' and created_at < now() - ${ttl}::interval and (locked_until is null or locked_until < now())`);
  }

  private async claim(limit: number): Promise<ClaimedPush[]> {
    const lease = `${this.opts.leaseMs} milliseconds`;
    const result = await this.opts.db.execute(sql`
      with claimed as (
        update ${pushOutbox} set locked_until = now() + ${lease}::interval, attempts = attempts + 1, updated_at = now()
        where id in (
          select id from ${pushOutbox}
          where status = 'queued' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id, payload, topic, attempts, created_at, subscription_id
      )
      select c.id, c.payload, c.topic, c.attempts, c.created_at, c.subscription_id, s.endpoint, s.p256dh, s.auth
      from claimed c join ${pushSubscriptions} s on s.id = c.subscription_id`);
    type Raw = { id: string; payload: string; topic: string; attempts: number; created_at: Date | string; subscription_id: string; endpoint: string; p256dh: string; auth: string };
    return (result as { rows: Raw[] }).rows.map((r) => ({
      id: r.id,
      payload: r.payload,
      topic: r.topic,
      attempts: Number(r.attempts),
      createdAt: new Date(r.created_at),
      subscriptionId: r.subscription_id,
      endpoint: r.endpoint,
      p256dh: r.p256dh,
      auth: r.auth,
    }));
  }

  private async deliver(row: ClaimedPush): Promise<void> {
    if (this.acceptedNotRecorded.has(row.id)) {
      await this.record(row, { kind: 'sent' });
      return;
    }
    const ttlSeconds = Math.max(0, Math.floor((row.createdAt.getTime() + this.opts.ttlMs - Date.now()) / 1000));
    let body: Buffer;
    try {
      body = encryptPayload(row, row.payload);
    } catch (error) {
      // Keys that cannot be used now never will be: trying again would only wait for the TTL.
      await this.record(row, { kind: 'failed', why: error instanceof Error ? error.message : String(error) });
      return;
    }
    let outcome: Outcome;
    try {
      const response = await fetch(row.endpoint, {
        method: 'POST',
        headers: {
          authorization: vapidAuthorization(this.opts.vapid, row.endpoint),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(ttlSeconds),
          topic: row.topic,
          urgency: 'normal',
        },
        body: new Uint8Array(body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.opts.requestTimeoutMs ?? 15_000),
      });
      outcome = outcomeOf(response.status, response.ok ? '' : await response.text().catch(() => ''));
    } catch (error) {
      outcome = { kind: 'retry', why: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300) };
    }
    await this.record(row, outcome);
  }

  private async record(row: ClaimedPush, outcome: Outcome): Promise<void> {
    const log = this.opts.log;
    switch (outcome.kind) {
      case 'sent':
        this.opts.onSent?.();
        this.acceptedNotRecorded.add(row.id);
        await this.opts.db
          .update(pushOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
          .where(eq(pushOutbox.id, row.id));
        this.acceptedNotRecorded.delete(row.id);
        return;
      case 'gone':
        this.opts.onFailed?.('gone');
        // The browser unsubscribed or the push service dropped it: forget the device (its queued pushes go with it).
        log.info({ pushId: row.id, subscriptionId: row.subscriptionId }, 'push: subscription gone; removed');
        await this.opts.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
        return;
      case 'failed':
        this.opts.onFailed?.('permanent');
        log.warn({ pushId: row.id, attempts: row.attempts, error: outcome.why }, 'push: giving up');
        await this.opts.db
          .update(pushOutbox)
          .set({ status: 'failed', lastError: outcome.why, lockedUntil: null, updatedAt: sql`now()` })
          .where(eq(pushOutbox.id, row.id));
        return;
      case 'retry': {
        const delay = retryDelayMs(row.attempts, this.opts.retryBaseMs);
        const stale = Date.now() + delay >= row.createdAt.getTime() + this.opts.ttlMs;
        this.opts.onFailed?.(stale ? 'expired' : 'transient');
        log.warn({ pushId: row.id, attempts: row.attempts, retryInMs: stale ? undefined : delay, error: outcome.why }, stale ? 'push: expired before it could be delivered' : 'push: failed, will retry');
        await this.opts.db
          .update(pushOutbox)
          .set({
            status: stale ? 'expired' : 'queued',
            lastError: outcome.why,
            nextAttemptAt: stale ? undefined : sql`now() + ${`${delay} milliseconds`}::interval`,
            lockedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(eq(pushOutbox.id, row.id));
        return;
      }
    }
  }
}
