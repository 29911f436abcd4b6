import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { tellMissedClocks } from '../modules/grievances/index.js';
import { sendInsightsDigests } from '../modules/insights/index.js';
import type { Db } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';
import { isDatabaseUnavailable, unavailableReason } from '../db/unavailable.js';
import { sendNewWorkDigests } from '../modules/lifecycle/index.js';
import { escalateLate } from '../modules/lifecycle/index.js';
import { escalateRaggingClocks } from '../modules/lifecycle/index.js';
import { autoCloseResolved } from '../modules/lifecycle/index.js';
import { removeAbandonedUploads } from '../modules/photos/index.js';
import { BulkRunner } from '../modules/staff/index.js';
import { pruneExpiredRateLimits } from './rate-limit.js';
import { pruneFinishedPushes } from '../modules/push/index.js';
import { pruneFinishedMail } from '../modules/mail/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      autoClose: () => Promise<string[]>;
      /** Tells the wardens, then the admins, about complaints past their due time; returns what it escalated. */
      escalate: () => Promise<Array<{ number: string; level: number }>>;
      /** Tells the nodal officer, then the head of the institution, of ragging reports past a statutory deadline. */
      raggingClocks: () => Promise<Array<{ number: string; clock: 'fir' | 'enquiry'; level: number }>>;
      /** Tells the chair (the Ombudsperson), then the head of the institution, of grievances past their deadlines. */
      grievanceClocks: () => Promise<Array<{ number: string; clock: 'committee' | 'appeal'; level: number }>>;
      /** Mails the digests of new work that are due; returns how many were sent. */
      digests: () => Promise<number>;
      /** Mails the insights digests (figures for wardens and admins) that are due; returns how many were sent. */
      insightsDigests: () => Promise<number>;
      /** Deletes expired rate-limit counters; returns how many. */
      pruneRateLimits: () => Promise<number>;
      /** Deletes pushes finished longer ago than PUSH_KEEP_DAYS; returns how many. */
      prunePushes: () => Promise<number>;
      /** Deletes mail sent (or failed for good) longer ago than MAIL_KEEP_DAYS; returns how many. */
      pruneMail: () => Promise<number>;
      /** Deletes photo uploads nobody attached within PHOTO_PENDING_HOURS; returns how many. */
      removeAbandonedPhotos: () => Promise<number>;
      /** Runs the bulk actions whose undo window is over (or whose instance stopped); returns how many. */
      bulkActions: () => Promise<number>;
      /** The scheduled jobs by their stored name, with how often each runs (empty when jobs do not run). */
      schedule: Readonly<Record<string, number>>;
      /**
       * Claims every job whose stored next run is due and runs those this instance claimed, now
       * instead of at their timers; returns their names. What the timers do, for tests and operators.
       */
      runDue: () => Promise<string[]>;
    };
  }
}

const AUTO_CLOSE_EVERY_MS = 60_000;
const ESCALATE_EVERY_MS = 60_000;
/** The statutory deadlines are hours and days: a minute late at most is on time. */
const RAGGING_CLOCKS_EVERY_MS = 60_000;
/** The grievance clocks are days long: looking every five minutes is on time. */
const GRIEVANCE_CLOCKS_EVERY_MS = 5 * 60_000;
const DIGEST_EVERY_MS = 5 * 60_000;
/** The insights digest is weekly by default: looking every hour is plenty (the hour is kept across restarts). */
const INSIGHTS_DIGEST_EVERY_MS = 60 * 60_000;
/**
 * Rate-limit counters are keyed by address or account and never shrink on their own. Expired
 * sessions need no job: each sign-in deletes those that ended more than a day before
 * (modules/auth/session-service.ts), and only sign-ins add rows.
 */
const PRUNE_EVERY_MS = 10 * 60_000;
const ABANDONED_PHOTOS_EVERY_MS = 10 * 60_000;
const PUSH_PRUNE_EVERY_MS = 60 * 60_000;
/** The instance that scheduled a bulk action runs it on time; this sweep is for one that stopped first. */
const BULK_SWEEP_EVERY_MS = 30_000;

/** How long past a stored next run a timer fires, so the database's clock surely finds the run due. */
const DUE_SLACK_MS = 250;
/** After the database could not be asked, look again this soon (or at the job's interval, if shorter). */
const RETRY_MS = 60_000;

type Claim = { claimed: boolean; nextRunAt: Date; now: Date };
/** Timestamps arrive as Date from `pg` and as Date or text from PGlite, depending on its parsers. */
type ClaimRow = { claimed: boolean; next_run_at: Date | string; now: Date | string };

/**
 * Claims the run of `name` that is due, for this instance alone: one statement that moves the
 * stored next run `everyMs` ahead only while it is due (a job never seen before is due), so of
 * several instances asking at once exactly one gets it. Either way it says when the job is due next,
 * by the database's clock.
 */
async function claimRun(db: Db, name: string, everyMs: number): Promise<Claim> {
  const result = await db.execute(sql`
    with claimed as (
      insert into ${scheduledJobs} (name, next_run_at, last_started_at)
      values (${name}, now() + ${everyMs}::int * interval '1 millisecond', now())
      on conflict (name) do update
        set next_run_at = excluded.next_run_at, last_started_at = excluded.last_started_at
        where ${scheduledJobs.nextRunAt} <= now()
      returning next_run_at
    )
    select true as claimed, next_run_at, now() as now from claimed
    union all
    select false, next_run_at, now() from ${scheduledJobs} where name = ${name} and not exists (select 1 from claimed)`);
  const row = (result as { rows: ClaimRow[] }).rows[0];
  // Unreachable (the row exists or was just written), but a missing row should not stop the timer.
  if (!row) return { claimed: false, nextRunAt: new Date(Date.now() + everyMs), now: new Date() };
  return { claimed: row.claimed, nextRunAt: new Date(row.next_run_at), now: new Date(row.now) };
}

/** Records how a claimed run ended, for operators reading the table. */
async function finishRun(db: Db, name: string, error: unknown): Promise<void> {
  const message = error === undefined ? null : error instanceof Error ? error.message : 'failed';
  await db.update(scheduledJobs).set({ lastFinishedAt: sql`now()`, lastError: message }).where(eq(scheduledJobs.name, name));
}

/**
 * Periodic work. Each job's next run is kept in the database (scheduled_jobs), so a restart runs a
 * job whose time came while the portal was down as soon as it starts, and of several instances only
 * one runs each due run (the jobs themselves are also safe in parallel: they claim rows with SKIP LOCKED).
 */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const autoClose = async () => {
      const closed = await autoCloseResolved(app.lifecycle, opts.config.autoCloseMs);
      if (closed.length) app.log.info({ count: closed.length }, 'auto-closed resolved complaints');
      return closed;
    };
    const pruneRateLimits = async () => {
      const removed = await pruneExpiredRateLimits(app.db);
      if (removed) app.log.debug({ count: removed }, 'pruned expired rate-limit counters');
      return removed;
    };
    const prunePushes = async () => {
      const removed = await pruneFinishedPushes(app.db, opts.config.push.keepMs);
      if (removed) app.log.debug({ count: removed }, 'pruned finished pushes');
      return removed;
    };
    const pruneMail = async () => {
      const removed = await pruneFinishedMail(app.db, opts.config.mail.keepMs);
      if (removed) app.log.info({ count: removed }, 'pruned mail past its keeping time');
      return removed;
    };
    const escalate = async () => {
      const escalated = await escalateLate(app.lifecycle);
      if (escalated.length) app.log.info({ count: escalated.length }, 'escalated late complaints');
      return escalated;
    };
    const raggingClocks = async () => {
      const escalated = await escalateRaggingClocks(app.lifecycle);
      if (escalated.length) app.log.info({ count: escalated.length }, 'escalated overdue ragging clocks');
      return escalated;
    };
    const grievanceClocks = async () => {
      const told = await tellMissedClocks(app.lifecycle, async () => (await app.catalog.get()).calendar);
      if (told.length) app.log.info({ count: told.length }, 'told of grievances past their deadlines');
      return told;
    };
    const digests = async () => sendNewWorkDigests(app.lifecycle);
    const removeAbandonedPhotos = async () => {
      const removed = await removeAbandonedUploads(app.db, app.photoStorage, opts.config.photos.pendingMs);
      if (removed) app.log.info({ count: removed }, 'removed photo uploads nobody attached');
      return removed;
    };
    // Its timers run whether or not this instance runs the periodic jobs: an action it scheduled is its to run.
    const bulk = new BulkRunner(app.lifecycle, app.log, opts.config.bulkUndoMs);
    app.decorate('bulk', bulk);
    app.addHook('onClose', () => bulk.close());
    const bulkActions = () => bulk.runDue();
    const insightsDigests = async () => {
      const sent = await sendInsightsDigests(app.lifecycle, () => app.catalog.get(), opts.config.insightsDigestDays);
      if (sent) app.log.info({ count: sent }, 'insights digests queued');
      return sent;
    };

    // The names are the rows' keys in scheduled_jobs: renaming one forgets its schedule (it runs at the next start).
    const scheduled: Array<{ name: string; everyMs: number; job: () => Promise<unknown> }> = opts.enabled
      ? [
          { name: 'auto-close', everyMs: AUTO_CLOSE_EVERY_MS, job: autoClose },
          { name: 'rate-limit clean-up', everyMs: PRUNE_EVERY_MS, job: pruneRateLimits },
          { name: 'push clean-up', everyMs: PUSH_PRUNE_EVERY_MS, job: prunePushes },
          { name: 'mail clean-up', everyMs: PUSH_PRUNE_EVERY_MS, job: pruneMail },
          { name: 'escalation', everyMs: ESCALATE_EVERY_MS, job: escalate },
          { name: 'ragging clocks', everyMs: RAGGING_CLOCKS_EVERY_MS, job: raggingClocks },
          { name: 'grievance clocks', everyMs: GRIEVANCE_CLOCKS_EVERY_MS, job: grievanceClocks },
          { name: 'new-work digests', everyMs: DIGEST_EVERY_MS, job: digests },
          { name: 'abandoned photo clean-up', everyMs: ABANDONED_PHOTOS_EVERY_MS, job: removeAbandonedPhotos },
          { name: 'bulk actions', everyMs: BULK_SWEEP_EVERY_MS, job: bulkActions },
          ...(opts.config.insightsDigestDays > 0
            ? [{ name: 'insights digests', everyMs: INSIGHTS_DIGEST_EVERY_MS, job: insightsDigests }]
            : []),
        ]
      : [];

    const timers = new Map<string, NodeJS.Timeout>();
    const running = new Map<string, Promise<unknown>>();
    /** Claims being made: a stop waits for them, so a run claimed as it began is handed back, not lost. */
    const looking = new Set<Promise<unknown>>();
    let closing = false;

    const failed = (name: string, error: unknown) => {
      // The database being away (a restart) is not a fault of the job: a warning, and the next run.
      if (isDatabaseUnavailable(error)) app.log.warn({ reason: unavailableReason(error) }, `${name}: database unavailable; retrying later`);
      else app.log.error({ err: error }, `${name} failed; retrying later`);
    };

    /** Starts a claimed run in the background, never two of the same job at once in this instance. */
    const start = (name: string, job: () => Promise<unknown>) => {
      const run = job()
        .then(
          () => finishRun(app.db, name, undefined),
          async (error: unknown) => {
            failed(name, error);
            await finishRun(app.db, name, error);
          },
        )
        .catch((error: unknown) => failed(name, error))
        .finally(() => running.delete(name));
      running.set(name, run);
      return run;
    };

    /** Claims the job's run if it is due and starts it; says whether it did and when to look next. */
    const look = (name: string, everyMs: number, job: () => Promise<unknown>): Promise<{ ran: boolean; waitMs: number }> => {
      const claiming = claimAndStart(name, everyMs, job);
      looking.add(claiming);
      return claiming.finally(() => looking.delete(claiming));
    };

    const claimAndStart = async (name: string, everyMs: number, job: () => Promise<unknown>): Promise<{ ran: boolean; waitMs: number }> => {
      if (running.has(name) || closing) return { ran: false, waitMs: everyMs };
      try {
        const claim = await claimRun(app.db, name, everyMs);
        // Claimed as the instance began to stop: the run is handed back (due now) for the next one.
        if (claim.claimed && closing) await app.db.update(scheduledJobs).set({ nextRunAt: sql`now()` }).where(eq(scheduledJobs.name, name));
        else if (claim.claimed) void start(name, job);
        // Another instance may have moved the run; look again when it is due, and at least every interval.
        const waitMs = Math.min(Math.max(claim.nextRunAt.getTime() - claim.now.getTime(), 0) + DUE_SLACK_MS, everyMs);
        return { ran: claim.claimed && !closing, waitMs };
      } catch (error) {
        failed(name, error);
        return { ran: false, waitMs: Math.min(everyMs, RETRY_MS) };
      }
    };

    const timerFor = (name: string, everyMs: number, job: () => Promise<unknown>, waitMs: number) => {
      if (closing) return;
      const timer = setTimeout(() => {
        void (async () => {
          // A run still going pushes the next look to when it ends (as the interval timer did, no overlap).
          await running.get(name);
          const next = await look(name, everyMs, job);
          timerFor(name, everyMs, job, next.waitMs);
        })();
      }, waitMs);
      // Timers never keep the process alive: stopping is main.ts's business.
      timer.unref();
      timers.set(name, timer);
    };

    const runDue = async () => {
      const looked = await Promise.all(scheduled.map(async ({ name, everyMs, job }) => ({ name, ...(await look(name, everyMs, job)) })));
      await Promise.all(running.values());
      return looked.filter((l) => l.ran).map((l) => l.name);
    };

    app.decorate('jobs', {
      autoClose,
      pruneRateLimits,
      prunePushes,
      pruneMail,
      escalate,
      raggingClocks,
      grievanceClocks,
      digests,
      insightsDigests,
      removeAbandonedPhotos,
      bulkActions,
      schedule: Object.fromEntries(scheduled.map((s) => [s.name, s.everyMs])),
      runDue,
    });
    if (!opts.enabled) return;

    app.addHook('onReady', async () => {
      // The claims are made before the portal reports ready (a few small statements); the runs go on in the background.
      await Promise.all(
        scheduled.map(async ({ name, everyMs, job }) => {
          const first = await look(name, everyMs, job);
          timerFor(name, everyMs, job, first.waitMs);
        }),
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(looking);
      await Promise.all(running.values());
    });
  },
  { name: 'jobs', dependencies: ['database', 'lifecycle', 'catalog', 'photos'] },
);
