import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { hmac } from '../lib/tokens.js';
import { createLifecycleContext, type LifecycleContext } from '../modules/lifecycle/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The context every complaint change runs in (see modules/lifecycle). */
    lifecycle: LifecycleContext;
  }
}

/** Builds the lifecycle context once; its transactions hand their mail to this instance's dispatcher after commit. */
export default fp(
  async function lifecyclePlugin(app: FastifyInstance, opts: { config: Config }) {
    app.decorate(
      'lifecycle',
      createLifecycleContext({
        db: app.db,
        clock: app.clock,
        publicUrl: opts.config.publicUrl,
        smtpConfigured: Boolean(opts.config.smtpUrl),
        replyAddressing: opts.config.inbound
          ? { address: opts.config.inbound.replyAddress, secret: hmac(opts.config.sessionSecret, 'reply-addresses') }
          : undefined,
        mergeUndoMs: opts.config.mergeUndoMs,
        universityTimeZone: async () => (await app.catalog.get()).timeZone,
        clockCatalogue: (within) => app.catalog.get(within),
        mailHandover: () => app.mailer?.handover(),
        afterCommit: (handover) => {
          // With a handover every mail the transaction queued is in it (all mail is queued through
          // enqueueMail on the transaction): no polling pass is needed for it.
          if (handover) app.mailer?.sendCommitted(handover);
          else app.mailer?.notify();
          app.pushDispatcher?.notify();
          app.whatsapp?.wake();
        },
      }),
    );
  },
  { name: 'lifecycle', dependencies: ['clock', 'database', 'catalog', 'mailer', 'push', 'whatsapp'] },
);
