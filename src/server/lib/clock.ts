/**
 * The one clock the server's rules read (issue 44): deadlines, what is overdue, the escalations and
 * the grievance clocks, and which day weekly cleaning is on. Built once per app (`app.clock`, and
 * the lifecycle context's `clock`); a test hands buildApp a clock it moves, to stand on a Friday
 * evening before a holiday without waiting for one. Timestamps of what happened (created_at, an
 * event's time) stay the database's own.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
