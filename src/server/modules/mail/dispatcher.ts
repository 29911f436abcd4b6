import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { outbox, type OutboxRow } from '../../db/schema.js';
import { isDatabaseUnavailable, unavailableReason } from '../../db/unavailable.js';
import { PassScheduler } from '../../lib/pass-scheduler.js';
import { retryDelayMs } from '../../lib/retry-delay.js';
import { composeMessage } from './compose.js';
import type { MailHandover } from './handover.js';
import { autoSubmittedFor } from './refusal-templates.js';
import { classifyFailure } from './retry-policy.js';
import { mailboxAddress } from '../../../shared/email.js';

/** How many SMTP connections the pool keeps open, and how many mails one carries before it is renewed. */
export interface SmtpPoolOptions {
  connections?: number;
  messagesPerConnection?: number;
}

/** smtp://user:pass@host:587 or smtps://…:465, as pooled nodemailer options with sane timeouts. */
export function smtpTransportOptions(smtpUrl: string, pool: SmtpPoolOptions = {}) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // Local sinks and relays without TLS are fine; STARTTLS is still used when offered.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    pool: true as const,
    maxConnections: pool.connections ?? 10,
    maxMessages: pool.messagesPerConnection ?? 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

export interface DispatcherOptions {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string;
  from: string;
  pollIntervalMs: number;
  retryBaseMs: number;
  retryHorizonMs: number;
  /** How long a claimed row stays ours; a crashed dispatcher's rows are retried after it. */
  leaseMs?: number;
  batchSize?: number;
  smtpPool?: SmtpPoolOptions;
  /** Counters for /metrics: a mail accepted by SMTP, an attempt that failed. */
  onSent?: () => void;
  onFailed?: (kind: 'transient' | 'permanent') => void;
}

/** First wait before recording an accepted mail again; doubles up to RECORD_RETRY_MAX_MS. */
const RECORD_RETRY_FIRST_MS = 100;
const RECORD_RETRY_MAX_MS = 2000;
/** How long accepted handed-over mail gathers before it is recorded (recordTogether). */
const RECORD_GATHER_MS = 50;
/** Stop retrying this long before the lease ends; what is left is recorded at the next pass. */
const LEASE_MARGIN_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Delivers the outbox. Every app instance runs one; rows are claimed with FOR UPDATE SKIP LOCKED
 * and a lease, so instances never send the same row at the same time, and a row whose sender died
 * is picked up again when the lease runs out (with the same Message-ID, so it can be recognised).
 */
export class MailDispatcher {
  private readonly transport: Transporter;
  /** When passes run; what a pass does (the pipelined batches below) stays mail's own. */
  private readonly passes: PassScheduler;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  /** The sender's bare address, parsed once. */
  private readonly envelopeFrom: string;
  /**
   * Mails the SMTP server accepted whose 'sent' could not be recorded yet (the database went away
   * between the 250 and the update), by outbox id, with the server's answer. Such a row is never
   * sent again by this process: it is only recorded. Only a process that dies loses this memory,
   * and then the lease lets another instance send the mail again (same Message-ID).
   */
  private readonly acceptedNotRecorded = new Map<string, string>();
  /** Sends of handed-over mail under way (stop() waits for them). */
  private readonly handedOver = new Set<Promise<void>>();
  /** Handed-over mail accepted by SMTP, to be recorded together by the one recording under way. */
  private toRecord: string[] = [];
  private toRecordLeaseEnds = Infinity;
  private recordingHanded: Promise<void> | undefined;
  private recordTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: DispatcherOptions) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.batchSize = opts.batchSize ?? 100;
    this.envelopeFrom = mailboxAddress(opts.from);
    this.transport = nodemailer.createTransport(smtpTransportOptions(opts.smtpUrl, opts.smtpPool));
    this.passes = new PassScheduler(() => this.drain(), opts.pollIntervalMs);
  }

  /** Queues what was held while no SMTP server was configured, then starts polling. */
  async start(): Promise<void> {
    await this.passes.start(async () => {
      const released = await this.opts.db
        .update(outbox)
        .set({ status: 'queued', nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(outbox.status, 'held'))
        .returning({ id: outbox.id });
      if (released.length) this.opts.log.info({ count: released.length }, 'mail: held messages queued for sending');
    });
  }

  /** Called after a commit that queued mail: send now instead of at the next poll. */
  notify(): void {
    this.passes.notify();
  }

  /**
   * A collection for one lifecycle transaction's mail, written leased to this instance (handover.ts);
   * none once stopping, so the rows are left to the polling passes of whichever instance runs.
   */
  handover(): MailHandover | undefined {
    if (this.passes.stopped) return undefined;
    return { leaseMs: this.leaseMs, leaseEnds: Date.now() + this.leaseMs - LEASE_MARGIN_MS, rows: [] };
  }

  /**
   * Called once the transaction whose mail `handover` collected has committed: its mails go out now
   * over the pooled connections, and the accepted ones are recorded together with whatever else was
   * accepted meanwhile (one statement per recording, however many filings it covers).
   */
  sendCommitted(handover: MailHandover): void {
    const rows = handover.rows;
    if (!rows.length) return;
    const sending = (
      this.passes.stopped
        ? // Stopped between the insert and the commit: back to the queue, not held for the lease.
          this.release({ rows, leaseEnds: handover.leaseEnds })
        : Promise.all(rows.map((row) => this.deliver(row))).then((accepted) =>
            this.recordTogether(
              rows.filter((_, i) => accepted[i]).map((row) => row.id),
              handover.leaseEnds,
            ),
          )
    )
      .catch((error: unknown) => {
        // A failure could not be recorded (the database went away): the row stays leased and is tried again when the lease ends.
        this.opts.log.warn({ reason: unavailableReason(error) }, 'mail: a handed-over mail was not sent; it is retried when its lease ends');
      })
      .finally(() => this.handedOver.delete(sending));
    this.handedOver.add(sending);
  }

  /** Stops polling and waits for sends in flight; nothing is cut off half-sent. */
  async stop(): Promise<void> {
    await this.passes.stop();
    await Promise.all(this.handedOver);
    await this.flushRecordings();
    this.transport.close();
  }

  /**
   * Adds accepted ids to the next recording. Ids gather for RECORD_GATHER_MS (or until a batch is
   * full) and are recorded in one statement, one recording at a time: under a burst that is one
   * UPDATE for many filings instead of one per filing. The mail is at the SMTP server already; the
   * wait only widens the moment in which a killed process would leave it to be sent again.
   */
  private recordTogether(ids: string[], leaseEnds: number): void {
    if (!ids.length) return;
    this.toRecord.push(...ids);
    this.toRecordLeaseEnds = Math.min(this.toRecordLeaseEnds, leaseEnds);
    this.scheduleRecording();
  }

  private scheduleRecording(): void {
    if (this.recordingHanded || this.recordTimer || !this.toRecord.length) return;
    const now = this.passes.stopped || this.toRecord.length >= this.batchSize;
    this.recordTimer = setTimeout(() => {
      this.recordTimer = undefined;
      this.recordingHanded = this.recordGathered();
    }, now ? 0 : RECORD_GATHER_MS);
  }

  private async recordGathered(): Promise<void> {
    const batch = this.toRecord;
    const ends = this.toRecordLeaseEnds;
    this.toRecord = [];
    this.toRecordLeaseEnds = Infinity;
    try {
      // Never throws: what it cannot record stays in acceptedNotRecorded for the next pass.
      await this.recordSent(batch, ends);
    } finally {
      this.recordingHanded = undefined;
      this.scheduleRecording();
    }
  }

  /** On stop: records what has gathered now, and waits until nothing is left to record. */
  private async flushRecordings(): Promise<void> {
    for (;;) {
      if (this.recordTimer) {
        clearTimeout(this.recordTimer);
        this.recordTimer = undefined;
        this.recordingHanded = this.recordGathered();
      }
      if (!this.recordingHanded) return;
      await this.recordingHanded;
    }
  }

  /**
   * Sends claimed batches until nothing is due. A batch is claimed in one statement, its mails go
   * out over the pooled SMTP connections at once, and the accepted ones are recorded in one
   * statement: three round trips to the database per batch, however many mails it holds. The next
   * batch is claimed, and the last one recorded, while a batch is being sent, so the database and
   * the SMTP server work at the same time. A batch once claimed is always sent, even when stop()
   * was called meanwhile (stop waits for it): at most one batch more than without the overlap.
   */
  private async drain(): Promise<void> {
    let recording: Promise<void> = Promise.resolve();
    let claiming: ReturnType<MailDispatcher['claimSettled']> | undefined;
    try {
      await this.recordPending();
      claiming = this.claimSettled();
      for (;;) {
        const claimed = await claiming;
        claiming = undefined;
        if ('error' in claimed) throw claimed.error;
        const { rows: batch, leaseEnds } = claimed;
        if (batch.length === 0) return;
        if (!this.passes.stopped) claiming = this.claimSettled();
        const accepted = await Promise.all(batch.map((row) => this.deliver(row)));
        await recording;
        recording = this.recordSent(
          batch.filter((_, i) => accepted[i]).map((row) => row.id),
          leaseEnds,
        );
        if (!claiming) return;
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // Expected while PostgreSQL restarts; the next poll tries again.
        this.opts.log.warn({ reason: unavailableReason(error) }, 'mail: database unavailable; retrying at the next poll');
      } else {
        this.opts.log.error({ err: error }, 'mail: dispatcher pass failed; retrying at the next poll');
      }
    } finally {
      await recording;
      // A batch claimed ahead of a pass that failed goes back to the queue instead of waiting out its lease.
      if (claiming) await this.release(await claiming);
    }
  }

  /**
   * A claim whose failure is a value, not a rejection: it may settle while the previous batch is
   * still being sent, before anyone awaits it.
   */
  private claimSettled(): Promise<{ rows: OutboxRow[]; leaseEnds: number } | { error: unknown }> {
    const claimedAt = Date.now();
    return this.claim().then(
      (rows) => ({ rows, leaseEnds: claimedAt + this.leaseMs - LEASE_MARGIN_MS }),
      (error: unknown) => ({ error }),
    );
  }

  /** Claims up to a batch of due rows, leased to this process, and returns them: one statement. */
  private async claim(): Promise<OutboxRow[]> {
    const lease = `${this.leaseMs} milliseconds`;
    const due = this.opts.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.status} = 'queued' and ${outbox.nextAttemptAt} <= now() and (${outbox.lockedUntil} is null or ${outbox.lockedUntil} < now())`)
      .orderBy(outbox.nextAttemptAt)
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    return this.opts.db
      .update(outbox)
      .set({ lockedUntil: sql`now() + ${lease}::interval`, attempts: sql`${outbox.attempts} + 1`, updatedAt: sql`now()` })
      .where(inArray(outbox.id, due))
      .returning();
  }

  /** Gives claimed rows that were not sent back to the queue, as if never claimed. */
  private async release(claimed: Awaited<ReturnType<MailDispatcher['claimSettled']>>): Promise<void> {
    if ('error' in claimed || claimed.rows.length === 0) return;
    try {
      await this.opts.db
        .update(outbox)
        .set({ lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
        .where(and(inArray(outbox.id, claimed.rows.map((row) => row.id)), eq(outbox.status, 'queued')));
    } catch (error) {
      // Their lease runs out instead, and they are sent then.
      this.opts.log.warn({ reason: unavailableReason(error) }, 'mail: claimed mail not released; it is sent when its lease ends');
    }
  }

  /** Sends one claimed row; true when the SMTP server accepted it (the caller records it). */
  private async deliver(row: OutboxRow): Promise<boolean> {
    // Claimed again after our own lease ran out: it went out already, only the record is missing.
    if (this.acceptedNotRecorded.has(row.id)) return true;
    let response: string;
    try {
      const info = await this.transport.sendMail({
        // Written here in one pass (compose.ts), byte for byte what nodemailer would write.
        raw: composeMessage({
          from: this.opts.from,
          to: row.toEmails,
          cc: row.ccEmails.length ? row.ccEmails : undefined,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          messageId: row.messageId,
          // One conversation per complaint in the reader's mail client.
          ...(row.threadRef ? { inReplyTo: row.threadRef, references: [row.threadRef] } : {}),
          // Every mail the portal sends is automatic: well-behaved auto-responders stay silent (RFC 3834),
          // and the portal drops any answer that still comes back marked automatic.
          headers: { 'Auto-Submitted': autoSubmittedFor(row.purpose), 'X-Auto-Response-Suppress': 'All' },
        }),
        // Only the addresses above: nothing in the content can add a recipient.
        envelope: { from: this.envelopeFrom, to: [...row.toEmails, ...row.ccEmails] },
      });
      response = String(info.response ?? '').slice(0, 500);
    } catch (error) {
      await this.recordFailure(row, error);
      return false;
    }
    // Accepted: from here on this mail is only ever recorded, never sent again by this process,
    // however long the database takes to come back.
    this.acceptedNotRecorded.set(row.id, response);
    this.opts.onSent?.();
    this.opts.log.info({ outboxId: row.id, purpose: row.purpose, attempts: row.attempts }, 'mail: sent');
    return true;
  }

  /**
   * Records accepted mails as sent, each with its server's answer, in one statement; retried with
   * backoff while the database does not answer, until shortly before the lease ends (after that
   * another instance could claim the rows; the next pass records them first thing). A failure here
   * is never a reason to send again.
   */
  private async recordSent(ids: readonly string[], leaseEnds: number): Promise<void> {
    if (!ids.length) return;
    const responses = sql.join(
      ids.map((id) => sql`when ${id}::uuid then ${this.acceptedNotRecorded.get(id) ?? ''}`),
      sql` `,
    );
    for (let wait = RECORD_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)) {
      try {
        await this.opts.db
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            smtpResponse: sql`case ${outbox.id} ${responses} end`,
            lastError: null,
            lockedUntil: null,
            updatedAt: sql`now()`,
          })
          .where(and(inArray(outbox.id, [...ids]), eq(outbox.status, 'queued')));
        for (const id of ids) this.acceptedNotRecorded.delete(id);
        return;
      } catch (error) {
        const last = this.passes.stopped || Date.now() + wait >= leaseEnds;
        this.opts.log.warn(
          { outboxIds: ids, reason: unavailableReason(error), retryInMs: last ? undefined : wait },
          last
            ? 'mail: sent but not recorded yet; recording it at the next pass'
            : 'mail: sent but not recorded yet; retrying the record',
        );
        if (last) return;
        await pause(wait);
      }
    }
  }

  /** Records what is still unrecorded from earlier passes, before claiming anything new. */
  private async recordPending(): Promise<void> {
    await this.recordSent([...this.acceptedNotRecorded.keys()], Date.now() + this.leaseMs - LEASE_MARGIN_MS);
  }

  private async recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const kind = classifyFailure(error);
    this.opts.onFailed?.(kind);
    const age = Date.now() - row.createdAt.getTime();
    const giveUp = kind === 'permanent' || age >= this.opts.retryHorizonMs;
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    const delay = retryDelayMs(row.attempts, this.opts.retryBaseMs);
    this.opts.log.warn(
      { outboxId: row.id, attempts: row.attempts, kind, giveUp, retryInMs: giveUp ? undefined : delay, error: message },
      giveUp ? 'mail: giving up' : 'mail: send failed, will retry',
    );
    // If this update fails too, the row stays claimed until its lease ends and is tried again then.
    await this.opts.db
      .update(outbox)
      .set({
        status: giveUp ? 'failed' : 'queued',
        lastError: message,
        nextAttemptAt: giveUp ? row.nextAttemptAt : sql`now() + ${`${delay} milliseconds`}::interval`,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(outbox.id, row.id));
  }

}
