import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { sendInsightsDigests } from '../modules/insights/digest.js';
import { isDatabaseUnavailable, unavailableReason } from '../db/unavailable.js';
import { sendNewWorkDigests } from '../modules/lifecycle/digest.js';
import { escalateLate } from '../modules/lifecycle/escalation.js';
import { autoCloseResolved } from '../modules/lifecycle/service.js';
import { removeAbandonedUploads } from '../modules/photos/service.js';
import { pruneExpiredRateLimits } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      autoClose: () => Promise<string[]>;
      /** Tells the wardens, then the admins, about complaints past their due time; returns what it escalated. */
      escalate: () => Promise<Array<{ number: string; level: number }>>;
      /** Mails the digests of new work that are due; returns how many were sent. */
      digests: () => Promise<number>;
      /** Mails the insights digests (figures for wardens and admins) that are due; returns how many were sent. */
      insightsDigests: () => Promise<number>;
      /** Deletes expired rate-limit counters; returns how many. */
      pruneRateLimits: () => Promise<number>;
      /** Deletes photo uploads nobody attached within PHOTO_PENDING_HOURS; returns how many. */
      removeAbandonedPhotos: () => Promise<number>;
    };
  }
}

const AUTO_CLOSE_EVERY_MS = 60_000;
const ESCALATE_EVERY_MS = 60_000;
const DIGEST_EVERY_MS = 5 * 60_000;
/** The insights digest is weekly by default: looking every hour is plenty. */
const INSIGHTS_DIGEST_EVERY_MS = 60 * 60_000;
/**
 * Rate-limit counters are keyed by address or account and never shrink on their own. Expired
 * sessions need no job: each sign-in deletes those that ended more than a day before
 * (modules/auth/session-service.ts), and only sign-ins add rows.
 */
const PRUNE_EVERY_MS = 10 * 60_000;
const ABANDONED_PHOTOS_EVERY_MS = 10 * 60_000;

/** Periodic work every instance runs (safe in parallel: each job claims rows with SKIP LOCKED). */
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
    const escalate = async () => {
      const escalated = await escalateLate(app.lifecycle);
      if (escalated.length) app.log.info({ count: escalated.length }, 'escalated late complaints');
      return escalated;
    };
    const digests = async () => sendNewWorkDigests(app.lifecycle);
    const removeAbandonedPhotos = async () => {
      const removed = await removeAbandonedUploads(app.db, app.photoStorage, opts.config.photos.pendingMs);
      if (removed) app.log.info({ count: removed }, 'removed photo uploads nobody attached');
      return removed;
    };
    const insightsDigests = async () => {
      const sent = await sendInsightsDigests(app.lifecycle, () => app.catalog.get(), opts.config.insightsDigestDays);
      if (sent) app.log.info({ count: sent }, 'insights digests queued');
      return sent;
    };
    app.decorate('jobs', { autoClose, pruneRateLimits, escalate, digests, insightsDigests, removeAbandonedPhotos });
    if (!opts.enabled) return;

    const timers: NodeJS.Timeout[] = [];
    const running = new Set<Promise<unknown>>();
    /** Runs `job` every `everyMs`, never two of the same at once, and lets the process exit between runs. */
    const every = (everyMs: number, name: string, job: () => Promise<unknown>) => {
      let current: Promise<unknown> | undefined;
      const tick = () => {
        if (current) return;
        const run = job()
          .catch((error: unknown) => {
            // The database being away (a restart) is not a fault of the job: a warning, and the next run.
            if (isDatabaseUnavailable(error)) app.log.warn({ reason: unavailableReason(error) }, `${name}: database unavailable; retrying later`);
            else app.log.error({ err: error }, `${name} failed; retrying later`);
          })
          .finally(() => {
            current = undefined;
            running.delete(run);
          });
        current = run;
        running.add(run);
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onReady', async () => {
      every(AUTO_CLOSE_EVERY_MS, 'auto-close', autoClose);
      every(PRUNE_EVERY_MS, 'rate-limit clean-up', pruneRateLimits);
      every(ESCALATE_EVERY_MS, 'escalation', escalate);
      every(DIGEST_EVERY_MS, 'new-work digests', digests);
      every(ABANDONED_PHOTOS_EVERY_MS, 'abandoned photo clean-up', removeAbandonedPhotos);
      if (opts.config.insightsDigestDays > 0) every(INSIGHTS_DIGEST_EVERY_MS, 'insights digests', insightsDigests);
    });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    });
  },
  { name: 'jobs', dependencies: ['database', 'lifecycle', 'catalog', 'photos'] },
);
