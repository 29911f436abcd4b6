/**
 * When an outbox is read (issue 43): at start, every poll interval, and at once after a commit
 * that may have queued rows. One pass runs at a time; a wake-up during a pass becomes one more
 * pass right after it, so rows committed while a pass was claiming are not left to the next poll.
 * What a pass does is its owner's (OutboxLoop for one-by-one deliveries, MailDispatcher for its
 * pipelined batches).
 */
export class PassScheduler {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private again = false;
  private isStopped = true;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollIntervalMs: number,
  ) {}

  /** True before start() and from stop() on: passes look at it to end early and take nothing new. */
  get stopped(): boolean {
    return this.isStopped;
  }

  /** The pass under way, if any. */
  get running(): Promise<void> | undefined {
    return this.current;
  }

  /**
   * Starts polling. Wake-ups count from the call on, but the first pass waits for `beforeFirstPass`
   * (mail queues what was held while no SMTP server was configured); when it rejects, so does this
   * and no pass is scheduled.
   */
  start(beforeFirstPass?: () => Promise<void>): Promise<void> {
    this.isStopped = false;
    if (!beforeFirstPass) {
      this.schedule(0);
      return Promise.resolve();
    }
    return beforeFirstPass().then(() => this.schedule(0));
  }

  /** Called after a commit that may have queued rows: a pass now instead of at the next poll. */
  notify(): void {
    if (this.isStopped) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delayMs: number): void {
    if (this.isStopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.current = this.pass().finally(() => {
        this.current = undefined;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        } else {
          this.schedule(this.pollIntervalMs);
        }
      });
    }, delayMs);
    // A pending poll must not keep the process alive.
    this.timer.unref();
  }
}
