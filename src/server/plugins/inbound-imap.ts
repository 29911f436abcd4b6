import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { ImapPoller } from '../modules/inbound/index.js';
import { inboundDeps } from '../modules/inbound/index.js';

/** Polls the reply mailbox over IMAP (INBOUND_IMAP_URL) for as long as the app runs; off when unset. */
export default fp(
  async function inboundImapPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const imap = opts.config.inbound?.imap;
    const addressing = app.lifecycle.replyAddressing;
    if (!imap || !addressing || !opts.enabled) return;
    const log = app.log.child({ component: 'inbound-mail' });
    const poller = new ImapPoller(inboundDeps(app, opts.config, addressing, log), imap.url, imap.pollMs, log);
    app.addHook('onReady', async () => {
      poller.start();
      log.info({ pollMs: imap.pollMs }, 'inbound IMAP polling started');
    });
    app.addHook('onClose', async () => {
      await poller.stop();
    });
  },
  { name: 'inbound-imap', dependencies: ['lifecycle'] },
);
