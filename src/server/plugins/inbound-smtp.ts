import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { inboundDeps, receiveMail } from '../modules/inbound/index.js';
import { isPortalAddress } from '../modules/mail/index.js';

/** Larger mail is refused at the SMTP level: a reply is words, and attachments are not taken by mail. */
export const INBOUND_MAX_BYTES = 5 * 1024 * 1024;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The portal's own SMTP listener for replies (INBOUND_SMTP_PORT; off by default). It is meant to
 * sit behind the organisation's mail server, which relays mail for the reply address to it: it
 * accepts recipients at the reply address only, takes the message, and hands it to the inbound
 * service. Everything it does not post is still accepted (250) and dropped, so a forger learns
 * nothing and no bounce goes back to a forged sender.
 */
export default fp(
  async function inboundSmtpPlugin(app: FastifyInstance, opts: { config: Config }) {
    const inbound = opts.config.inbound;
    const addressing = app.lifecycle.replyAddressing;
    if (!inbound?.smtp || !addressing) return;
    const listen = inbound.smtp;
    const log = app.log.child({ component: 'inbound-mail' });
    const deps = inboundDeps(app, opts.config, addressing, log);
    // Loaded only when the listener is on (most installations read replies by IMAP or not at all).
    const { SMTPServer } = await import('smtp-server');
    const server = new SMTPServer({
      name: new URL(opts.config.publicUrl).hostname,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: INBOUND_MAX_BYTES,
      maxClients: 20,
      closeTimeout: 5_000,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!isPortalAddress(addressing, address.address)) return callback(smtpError(550, 'No such mailbox here'));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if ((stream as typeof stream & { sizeExceeded?: boolean }).sizeExceeded) {
            callback(smtpError(552, 'Message too large'));
            return;
          }
          const from = session.envelope.mailFrom;
          receiveMail(deps, Buffer.concat(chunks), {
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          }).then(
            () => callback(),
            (error: unknown) => {
              // Nothing was posted (the transaction rolled back): the relay keeps the mail and tries again.
              log.error({ err: error }, 'inbound mail could not be processed; asked the sender to retry');
              callback(smtpError(451, 'Try again later'));
            },
          );
        });
      },
    });
    server.on('error', (error) => log.error({ err: error }, 'inbound SMTP listener error'));
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(listen.port, listen.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      log.info({ port: listen.port, host: listen.host }, 'inbound SMTP listener ready');
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'inbound-smtp', dependencies: ['lifecycle'] },
);
