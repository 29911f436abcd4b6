import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { OutboxLoop } from '../lib/outbox-loop.js';
import { ringInstead } from '../modules/notifications/index.js';
import { WhatsAppInbound, WhatsAppOutbox } from '../modules/whatsapp/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** WhatsApp's loops (issue 43); undefined when WhatsApp is off or not run by this app. */
    whatsapp: { wake: () => void } | undefined;
  }
}

/**
 * Runs WhatsApp's two loops for as long as the app runs: the outbox of messages to send and the
 * webhook's queue of what Meta posted. Says at start when WhatsApp is off.
 */
export default fp(
  async function whatsappPlugin(app: FastifyInstance, opts: { config: Config; enabled: boolean }) {
    const { whatsapp } = opts.config;
    if (!whatsapp) app.log.info('whatsapp: off (set the WHATSAPP_* settings to turn it on)');
    else if (whatsapp.simulated) app.log.info(`whatsapp: the development simulator at ${opts.config.publicUrl}/dev-whatsapp stands in for Meta (WHATSAPP_SIMULATOR=off turns it off)`);
    if (!whatsapp || !opts.enabled) {
      app.decorate('whatsapp', undefined);
      return;
    }
    const log = app.log.child({ component: 'whatsapp' });
    // What WhatsApp could not deliver rings the bell instead (the notifications module owns the bell).
    const ring = (notice: Parameters<typeof ringInstead>[1]) => ringInstead(app.db, notice);
    const outbox = new OutboxLoop(new WhatsAppOutbox(app.db, whatsapp, opts.config.publicUrl, log, ring), { log, pollIntervalMs: whatsapp.pollIntervalMs });
    const inbound = new OutboxLoop(new WhatsAppInbound(app.db, whatsapp, opts.config.publicUrl, log, () => outbox.notify(), ring), {
      log,
      pollIntervalMs: whatsapp.pollIntervalMs,
      // One number's messages in the order they came: a few at a time.
      maxInFlight: 4,
    });
    app.decorate('whatsapp', {
      wake: () => {
        inbound.notify();
        outbox.notify();
      },
    });
    app.addHook('onReady', async () => {
      outbox.start();
      inbound.start();
    });
    app.addHook('onClose', async () => {
      await inbound.stop();
      await outbox.stop();
    });
  },
  { name: 'whatsapp', dependencies: ['database'] },
);
