import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { MailDispatcher } from '../modules/mail/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox dispatcher; undefined without SMTP_URL (mail is then held in the outbox). */
    mailer: MailDispatcher | undefined;
  }
}

/** Runs the outbox dispatcher for as long as the app runs; closing the app lets sends finish. */
export default fp(
  async function mailerPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const { config } = opts;
    if (!config.smtpUrl || !opts.enabled) {
      app.decorate('mailer', undefined);
      return;
    }
    const dispatcher = new MailDispatcher({
      // Its own connections: the mail of a committed filing does not queue behind the next requests.
      db: app.database.background,
      log: app.log.child({ component: 'mail' }),
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      pollIntervalMs: config.mail.pollIntervalMs,
      retryBaseMs: config.mail.retryBaseMs,
      retryHorizonMs: config.mail.retryHorizonMs,
      leaseMs: config.mail.leaseMs,
      batchSize: config.mail.batchSize,
      smtpPool: { connections: config.mail.smtpConnections, messagesPerConnection: config.mail.smtpMessagesPerConnection },
      onSent: () => app.metrics.mailSent.inc(),
      onFailed: (kind) => app.metrics.mailFailed.inc({ kind }),
    });
    app.decorate('mailer', dispatcher);
    app.addHook('onReady', async () => {
      await dispatcher.start();
    });
    app.addHook('onClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'mailer', dependencies: ['database', 'metrics'] },
);
