import type { Clock } from '../../src/server/lib/clock.js';

/**
 * A clock a test stands where it likes (`at`), moves (`advance`) or lets run with real time again
 * (`release`): handed to the app as `app: { clock }`, so every deadline, escalation and cleaning
 * day the portal works out reads it. Set, it stands still: a deadline asked twice is the same.
 */
export class MovableClock implements Clock {
  private fixed: number | undefined;

  now(): Date {
    return new Date(this.fixed ?? Date.now());
  }

  at(instant: string | Date): this {
    this.fixed = new Date(instant).getTime();
    if (Number.isNaN(this.fixed)) throw new RangeError(`not an instant: ${String(instant)}`);
    return this;
  }

  advance(ms: number): this {
    this.fixed = (this.fixed ?? Date.now()) + ms;
    return this;
  }

  release(): this {
    this.fixed = undefined;
    return this;
  }
}
