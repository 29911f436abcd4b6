import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { complaints, inboundMail, outbox } from '../src/server/db/schema.js';
import { aComplaint } from '../tests/factories/complaints.js';
import { freePort } from '../tests/support/net.js';
import { ApiClient } from '../tests/support/student.js';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const COMPLAINTS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Replies by mail through the portal's SMTP listener on the embedded database: how many a second
 * are parsed, checked and posted to their threads (each is an event, an audit row, a mail and a
 * bell in one transaction), and how long a sender waits for the listener's answer.
 */
export async function inboundBench() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-inbound-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'db') });
  await runMigrations(database);
  const [port, inboundPort] = [await freePort(), await freePort()];
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    INBOUND_REPLY_ADDRESS: 'reply@portal.bench',
    INBOUND_SMTP_PORT: String(inboundPort),
  });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true, pool: true, maxConnections: CONCURRENCY });
  try {
    const email = 'bench.replier@vitbhopal.ac.in';
    const student = await ApiClient.signedIn(config.publicUrl, { email, name: 'Bench Replier 21BCE19999' });
    const addresses: string[] = [];
    for (let i = 0; i < COMPLAINTS; i += 1) {
      const filed = await student.post('/api/complaints', aComplaint({ roomNo: String(100 + i) }));
      const [row] = await database.db.select().from(complaints).where(eq(complaints.number, String(filed.body.number)));
      const acks = (await database.db.select().from(outbox).where(eq(outbox.complaintId, row?.id ?? ''))).filter((m) => m.purpose === 'acknowledgement');
      addresses.push(acks[0]?.replyTo ?? '');
    }
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REPLIES) {
          const i = next++;
          const t = performance.now();
          await smtp.sendMail({
            from: email,
            to: addresses[i % COMPLAINTS],
            subject: 'Re: your complaint',
            messageId: `<bench-${i}@mail.vitbhopal.ac.in>`,
            text: `Reply number ${i}: still broken.\n\nOn Mon, the portal wrote:\n> quoted history\n\n-- \nBench`,
          });
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [posted] = await database.db.select({ n: count() }).from(inboundMail).where(eq(inboundMail.outcome, 'posted'));
    latencies.sort((a, b) => a - b);
    console.log(`replies by mail (PGlite, ${REPLIES} replies, ${CONCURRENCY} SMTP connections):`);
    console.log(`  posted: ${Number(posted?.n ?? 0)} of ${REPLIES}`);
    console.log(`  throughput: ${(REPLIES / seconds).toFixed(1)} replies/s (SMTP accepted = parsed, checked and committed)`);
    console.log(`  SMTP answer latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`);
  } finally {
    smtp.close();
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
