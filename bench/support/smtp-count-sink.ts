import { SMTPServer } from 'smtp-server';

/**
 * A local relay stand-in for the dispatch bench, run as its own process (`fork`) so that receiving
 * mail does not share the dispatcher's thread. It accepts every message, keeps no body, and notes
 * for each one when it was accepted (epoch milliseconds, comparable across processes on one
 * machine), whether it went to the facility address, and the complaint number it names. The bench
 * asks for what arrived since it last asked with a 'take' message.
 */
interface Arrival {
  /** performance.timeOrigin + performance.now(): wall-clock milliseconds with sub-millisecond steps. */
  at: number;
  facility: boolean;
  number: string;
}

const facilityAddress = process.env.SINK_FACILITY_ADDRESS ?? '';
const NUMBER = /HC-\d{4}-\d{6,}/;
let arrivals: Arrival[] = [];
let total = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // Pooled senders keep their connections; allow as many as a dispatcher may open.
  maxClients: 1000,
  onData(stream, session, callback) {
    // The number is in the Subject, within the first chunk; the rest is only read through.
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString('latin1', 0, Math.min(chunk.length, 4096));
    });
    stream.on('end', () => {
      total += 1;
      arrivals.push({
        at: performance.timeOrigin + performance.now(),
        facility: session.envelope.rcptTo.some((r) => r.address === facilityAddress),
        number: NUMBER.exec(head)?.[0] ?? '',
      });
      callback();
    });
  },
});
server.on('error', () => undefined);

process.on('message', (message: { type: string }) => {
  if (message.type === 'take') {
    const taken = arrivals;
    arrivals = [];
    process.send?.({ type: 'arrivals', total, arrivals: taken, cpu: process.cpuUsage() });
  } else if (message.type === 'stop') {
    server.close(() => process.exit(0));
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});
