import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, unavailableReason } from '../../db/unavailable.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { runDueBulkActions } from './bulk-actions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs bulk actions when their undo window ends (built by the jobs plugin, which also sweeps). */
    bulk: BulkRunner;
  }
}

/** How long after a window's end (by the database's clock) the timer fires, so the claim surely finds it due. */
const DUE_SLACK_MS = 250;

/**
 * The instance's side of bulk actions: the one that scheduled an action wakes when its window ends
 * and runs what is due; the jobs plugin's sweep runs what an instance that stopped left behind.
 * Runs in this instance go one after another; the claim (bulk-actions.ts) keeps instances apart.
 */
export class BulkRunner {
  private readonly timers = new Set<NodeJS.Timeout>();
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ctx: LifecycleContext,
    private readonly log: FastifyBaseLogger,
    /** How long a bulk action waits for an undo before it runs (BULK_UNDO_SECONDS). */
    readonly undoMs: number,
  ) {}

  /** Runs what is due once `waitMs` (by the database's clock) have passed. */
  wake(waitMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.runDue().catch((error: unknown) => {
        // The sweep (plugins/jobs.ts) tries again; the database being away is not a fault.
        if (isDatabaseUnavailable(error)) this.log.warn({ reason: unavailableReason(error) }, 'bulk actions: database unavailable; the sweep retries');
        else this.log.error({ err: error }, 'bulk actions failed; the sweep retries');
      });
    }, Math.max(0, waitMs) + DUE_SLACK_MS);
    // Never keeps the process alive: a stopped instance's actions are the sweep's.
    timer.unref();
    this.timers.add(timer);
  }

  /** Claims and runs every due bulk action, after any run of this instance still going; returns how many ran. */
  runDue(): Promise<number> {
    const run = this.chain.then(() => runDueBulkActions(this.ctx));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops the timers and waits for a run in progress. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.chain;
  }
}
