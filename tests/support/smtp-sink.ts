import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './net.js';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
  /** performance.now() when the message was accepted. */
  receivedAt: number;
  /** The sender's port: which connection (and so which sending process) it came over. */
  remotePort: number;
}

/**
 * A real SMTP server on loopback that keeps what it receives. It can be stopped and started again
 * on the same port to play an outage, and told to answer with an SMTP error.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** When set, every message is refused with this SMTP code (e.g. 451 try later, 550 never). */
  rejectWith: number | undefined;
  /**
   * When set, runs after a message has arrived and before the sink answers 250 (the sender keeps
   * waiting for it): the moment to break something between "SMTP accepted" and "sender recorded it".
   */
  beforeAccept: ((mail: ReceivedMail) => Promise<void>) | undefined;
  private server: SMTPServer | undefined;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly port: number,
    private readonly parse: boolean,
  ) {}

  /** `parse: false` keeps raw messages only (benchmarks: parsing would compete for the CPU). */
  static async start(port?: number, opts: { parse?: boolean } = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(port ?? (await freePort()), opts.parse ?? true);
    await sink.listen();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // An outage drops open (pooled) connections at once instead of waiting for them to finish.
      closeTimeout: 100,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.rejectWith) {
            const error = Object.assign(new Error('refused by the test sink'), { responseCode: this.rejectWith });
            callback(error);
            return;
          }
          const receivedAt = performance.now();
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsing: Promise<ParsedMail> = this.parse
            ? simpleParser(raw)
            : Promise.resolve({
                subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim(),
                messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim(),
              } as ParsedMail);
          parsing
            .then(async (parsed) => {
              const from = session.envelope.mailFrom;
              const mail: ReceivedMail = {
                envelopeFrom: from ? from.address : '',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                raw,
                parsed,
                receivedAt,
                remotePort: session.remotePort,
              };
              await this.beforeAccept?.(mail);
              this.received.push(mail);
              for (const wake of this.waiters.splice(0)) wake();
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A sender that goes away mid-conversation (a stopped or killed instance) resets its connection;
    // that is the sender's business, not a reason for the sink to crash the test process.
    server.on('error', () => undefined);
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` messages (in all) have arrived: woken by each arrival, bounded by `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    const deadline = AbortSignal.timeout(timeoutMs);
    while (this.received.length < count) {
      if (deadline.aborted) throw new Error(`expected ${count} messages, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          deadline.removeEventListener('abort', wake);
          resolve();
        };
        this.waiters.push(wake);
        deadline.addEventListener('abort', wake, { once: true });
      });
    }
    return this.received;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.envelopeTo.includes(address));
  }
}
