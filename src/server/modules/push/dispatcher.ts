import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pushOutbox, pushSubscriptions } from '../../db/schema.js';
import { OutboxLoop } from '../../lib/outbox-loop.js';
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
 * Delivers the push outbox on the shared outbox loop (issue 43): every app instance runs one; rows
 * are claimed with FOR UPDATE SKIP LOCKED and a lease, so two instances never push the same row at
 * once, and a row whose sender died is taken up again when its lease ends. What is push's own is
 * here: what is claimed, how it is sent, what the push service's answer means.
 */
export class PushDispatcher {
  /**
   * Pushes the push service accepted whose 'sent' could not be recorded (the database went away in
   * between). Claimed again by this process, such a row is only recorded, never pushed again; only
   * a process that dies forgets, and then the device shows the same tag once more, replacing it.
   */
  private readonly acceptedNotRecorded = new Set<string>();
  private readonly loop: OutboxLoop<ClaimedPush>;

  constructor(private readonly opts: PushDispatcherOptions) {
    // A channel object, not `implements OutboxChannel`: claim and deliver stay private to push.
    this.loop = new OutboxLoop<ClaimedPush>(
      { name: 'push', claim: (limit) => this.claim(limit), deliver: (row) => this.deliver(row), beforePass: () => this.expire() },
      { log: opts.log, pollIntervalMs: opts.pollIntervalMs, batchSize: opts.batchSize, maxInFlight: opts.maxInFlight },
    );
  }

  start(): void {
    this.loop.start();
  }

  /** Called after a commit that may have queued pushes: deliver now instead of at the next poll. */
  notify(): void {
    this.loop.notify();
  }

  /** Stops polling and waits for pushes in flight. */
  async stop(): Promise<void> {
    await this.loop.stop();
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
