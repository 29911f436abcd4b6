import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { PushDispatcher } from '../modules/push/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The push outbox dispatcher; undefined when push is off (no VAPID keys) or not run by this app. */
    pushDispatcher: PushDispatcher | undefined;
  }
}

/** Runs the push dispatcher for as long as the app runs; says at start when push is off. */
export default fp(
  async function pushPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const { push } = opts.config;
    if (!push.vapid) {
      app.log.warn('push: off (set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn it on)');
    }
    if (!push.vapid || !opts.enabled) {
      app.decorate('pushDispatcher', undefined);
      return;
    }
    const dispatcher = new PushDispatcher({
      db: app.db,
      log: app.log.child({ component: 'push' }),
      vapid: push.vapid,
      pollIntervalMs: push.pollIntervalMs,
      retryBaseMs: push.retryBaseMs,
      ttlMs: push.ttlMs,
      leaseMs: push.leaseMs,
      onSent: () => app.metrics.pushSent.inc(),
      onFailed: (kind) => app.metrics.pushFailed.inc({ kind }),
    });
    app.decorate('pushDispatcher', dispatcher);
    app.addHook('onReady', async () => {
      dispatcher.start();
    });
    app.addHook('onClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'push', dependencies: ['database', 'metrics'] },
);
