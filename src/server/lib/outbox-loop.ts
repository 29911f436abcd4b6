import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, unavailableReason } from '../db/unavailable.js';
import { PassScheduler } from './pass-scheduler.js';

/**
 * One channel's outbox as the shared loop sees it (issue 43): rows are claimed from the database
 * leased to this instance (FOR UPDATE SKIP LOCKED, so two instances never take the same row, and a
 * row whose sender died is claimed again when its lease ends), then delivered one by one, each
 * recording its own outcome. What a row is, how it is claimed and what an answer means stay the
 * channel's; the polling, the wake-ups after a commit, the cap on deliveries under way and the
 * orderly stop are this loop's.
 */
export interface OutboxChannel<Row extends { id: string }> {
  /** For the log: 'push', 'whatsapp', 'whatsapp inbound'. */
  readonly name: string;
  /** Claims up to `limit` rows that are due, leased to this instance, in one statement. */
  claim(limit: number): Promise<Row[]>;
  /**
   * Delivers one claimed row and records its outcome (sent, retry later, failed). Rejects only when
   * the outcome could not be recorded: the row stays leased and is claimed again when its lease ends.
   */
  deliver(row: Row): Promise<void>;
  /** Housekeeping at the start of each pass (rows too old to be worth sending). */
  beforePass?(): Promise<void>;
}

export interface OutboxLoopOptions {
  log: FastifyBaseLogger;
  /** How often the outbox is read when nothing woke the loop. */
  pollIntervalMs: number;
  /** Rows claimed per statement. */
  batchSize?: number;
  /** Deliveries under way at once, from this instance. */
  maxInFlight?: number;
}

/**
 * Drains a channel's outbox for as long as it runs. Every app instance runs one per channel.
 * Deliveries run each on its own: a slow or silent receiver holds its own row (leased) and
 * nobody else's (issue 40: one silent endpoint held every push for its timeout when a pass awaited
 * its whole batch).
 */
export class OutboxLoop<Row extends { id: string }> {
  private readonly passes: PassScheduler;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly batchSize: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly channel: OutboxChannel<Row>,
    private readonly opts: OutboxLoopOptions,
  ) {
    this.batchSize = opts.batchSize ?? 20;
    this.maxInFlight = opts.maxInFlight ?? 100;
    this.passes = new PassScheduler(() => this.drain(), opts.pollIntervalMs);
  }

  start(): void {
    void this.passes.start();
  }

  /** Called after a commit that may have queued rows: deliver now instead of at the next poll. */
  notify(): void {
    this.passes.notify();
  }

  /** Stops polling and waits for the deliveries under way. */
  async stop(): Promise<void> {
    await this.passes.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Resolves when no pass is running and nothing is in flight (tests, benches). */
  async idle(): Promise<void> {
    while (this.passes.running || this.inFlight.size) {
      await this.passes.running;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  private async drain(): Promise<void> {
    const { name } = this.channel;
    try {
      await this.channel.beforePass?.();
      for (;;) {
        if (this.passes.stopped) return;
        const room = Math.min(this.batchSize, this.maxInFlight - this.inFlight.size);
        if (room <= 0) {
          // As many deliveries under way as allowed: claim more when one of them ends.
          await Promise.race(this.inFlight);
          continue;
        }
        const batch = await this.channel.claim(room);
        if (batch.length === 0) return;
        for (const row of batch) this.startDelivery(row);
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        this.opts.log.warn({ reason: unavailableReason(error) }, `${name}: database unavailable; retrying at the next poll`);
      } else {
        this.opts.log.error({ err: error }, `${name}: outbox pass failed; retrying at the next poll`);
      }
    }
  }

  private startDelivery(row: Row): void {
    const delivery = this.channel
      .deliver(row)
      .catch((error: unknown) => {
        this.opts.log.warn({ rowId: row.id, reason: unavailableReason(error) }, `${this.channel.name}: outcome not recorded; tried again when its lease ends`);
      })
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }
}
