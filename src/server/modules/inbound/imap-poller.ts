import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { receiveMail, type InboundDeps } from './service.js';

/** imap://user:password@host:143/INBOX (STARTTLS when offered) or imaps://…:993/INBOX, as imapflow options. */
export function imapOptions(imapUrl: string) {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  return {
    connection: {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 993 : 143,
      secure,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false as const,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    },
    mailbox: decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX',
  };
}

/**
 * Reads replies from a mailbox over IMAP, for a deployment whose mail server cannot relay to the
 * portal's listener. Each pass connects, takes the unseen messages, hands each to the same inbound
 * service as the listener, and marks it seen once it was posted or dropped; a message whose
 * processing failed (the database was away) stays unseen and is taken again by the next pass.
 * Every instance may poll the same mailbox: a Message-ID posts once however often it is read.
 */
export class ImapPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly deps: InboundDeps,
    private readonly imapUrl: string,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(() => undefined)
        .catch((error: unknown) => {
          // The URL (with its password) is never logged; the error message does not carry it.
          this.log.error({ err: error }, 'inbound IMAP poll failed; trying again at the next poll');
        })
        .finally(() => {
          this.running = undefined;
          this.schedule(this.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One pass over the mailbox; returns how many messages it took. */
  async pass(): Promise<number> {
    const { connection, mailbox } = imapOptions(this.imapUrl);
    // imapflow loads with the first poll: only installations that read replies by IMAP need it.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow(connection);
    // A dropped connection is reported by the pass that used it; without a listener Node would throw it.
    client.on('error', (error: Error) => this.log.warn({ err: error }, 'inbound IMAP connection error'));
    await client.connect();
    let taken = 0;
    try {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const unseen: Array<{ uid: number; source: Buffer }> = [];
        for await (const message of client.fetch({ seen: false }, { uid: true, source: true }, { uid: true })) {
          if (message.source) unseen.push({ uid: message.uid, source: message.source });
        }
        for (const message of unseen) {
          if (this.stopped) break;
          try {
            await receiveMail(this.deps, message.source, { from: undefined, to: undefined });
          } catch (error) {
            // The database away: stop here, and the next pass takes this mail again. Anything else
            // would fail the same way at every pass and hold back every mail after it, so this one
            // is logged and set aside (marked seen, left in the mailbox for a person to read).
            if (isDatabaseUnavailable(error)) throw error;
            this.log.error({ err: error, uid: message.uid }, 'inbound mail could not be taken; marked seen and left in the mailbox');
          }
          await client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true });
          taken += 1;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
    return taken;
  }
}
