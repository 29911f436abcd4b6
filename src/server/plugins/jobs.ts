import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { autoCloseResolved } from '../modules/staff/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: { autoClose: () => Promise<string[]> };
  }
}

const AUTO_CLOSE_EVERY_MS = 60_000;

/** Periodic work every instance runs (safe in parallel: each job claims rows with SKIP LOCKED). */
export default fp(
  async function jobsPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const ctx = () => ({ db: app.db, publicUrl: opts.config.publicUrl, smtpConfigured: Boolean(opts.config.smtpUrl) });
    const autoClose = async () => {
      const closed = await autoCloseResolved(ctx(), opts.config.autoCloseMs);
      if (closed.length) {
        app.mailer?.notify();
        app.log.info({ count: closed.length }, 'auto-closed resolved complaints');
      }
      return closed;
    };
    app.decorate('jobs', { autoClose });
    if (!opts.enabled) return;

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    const tick = () => {
      running = autoClose()
        .catch((error: unknown) => app.log.error({ err: error }, 'auto-close failed; retrying later'))
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, AUTO_CLOSE_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
