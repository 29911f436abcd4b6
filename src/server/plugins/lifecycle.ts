import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { hmac } from '../lib/tokens.js';
import { createLifecycleContext, type LifecycleContext } from '../modules/lifecycle/context.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The context every complaint change runs in (see modules/lifecycle). */
    lifecycle: LifecycleContext;
  }
}

/** Builds the lifecycle context once; its transactions wake this instance's mail dispatcher after commit. */
export default fp(
  async function lifecyclePlugin(app: FastifyInstance, opts: { config: Config }) {
    app.decorate(
      'lifecycle',
      createLifecycleContext({
        db: app.db,
        publicUrl: opts.config.publicUrl,
        smtpConfigured: Boolean(opts.config.smtpUrl),
        replyAddressing: opts.config.inbound
          ? { address: opts.config.inbound.replyAddress, secret: hmac(opts.config.sessionSecret, 'reply-addresses') }
          : undefined,
        mergeUndoMs: opts.config.mergeUndoMs,
        universityTimeZone: async () => (await app.catalog.get()).timeZone,
        afterCommit: () => {
          app.mailer?.notify();
          app.pushDispatcher?.notify();
        },
      }),
    );
  },
  { name: 'lifecycle', dependencies: ['database', 'catalog', 'mailer', 'push'] },
);
