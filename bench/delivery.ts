import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { aComplaint } from '../tests/factories/complaints.js';
import { freePort } from '../tests/support/net.js';
import { SmtpSink } from '../tests/support/smtp-sink.js';
import { ApiClient } from '../tests/support/student.js';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STUDENTS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Runs `total` tasks with `concurrency` in flight; returns each task's latency. */
async function pool(total: number, concurrency: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-db-'));
    const database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    return { database, cleanup: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '');
  const name = `hcp_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', base).href });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: new URL(`/${name}`, base).href, poolSize: 10 });
  await runMigrations(database);
  return {
    database,
    cleanup: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The same insert a filing does, straight over SQL: what PostgreSQL itself manages. */
async function rawInsertRate(url: string): Promise<number> {
  const client = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  client.on('error', () => undefined);
  const { seconds } = await pool(SUBMISSIONS, CONCURRENCY, async () => {
    await client.query(
      `insert into complaints (number, kind, category, complaint_head, sub_category, hostel, floor, room_no, message, student_id, fname, reg_id, user_email, to_emails)
       select 'RAW-' || gen_random_uuid(), 'complaint', 'wifi', 'Wifi Complaint', 'Slow', 'Block-2', 3, '312', 'The wifi drops', id, 'Bench', '21BCE10001', email, array['wifi.support@vitbhopal.ac.in']
       from users limit 1`,
    );
  });
  await client.end();
  return SUBMISSIONS / seconds;
}

async function runOn(kind: 'pglite' | 'postgres') {
  const sink = await SmtpSink.start(undefined, { parse: false });
  const { database, cleanup } = await openBenchDatabase(kind);
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hcp-bench-')),
    SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
    LOG_LEVEL: 'silent',
    SMTP_URL: sink.url,
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    MAIL_POLL_INTERVAL_MS: '200',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const students = await Promise.all(
      Array.from({ length: STUDENTS }, (_, i) =>
        ApiClient.signedIn(config.publicUrl, { email: `bench${i}@vitbhopal.ac.in`, name: `Bench Student${i} 21BCE${String(20000 + i)}` }),
      ),
    );
    // Warm-up, not measured.
    await pool(50, 4, async (i) => void (await students[i % STUDENTS]?.post('/api/complaints', aComplaint())));
    await sink.waitFor(100, 60_000);
    sink.received.length = 0;

    const submittedAt = new Map<string, number>();
    const { latencies, seconds } = await pool(SUBMISSIONS, CONCURRENCY, async (i) => {
      const student = students[i % STUDENTS];
      if (!student) return;
      const t = performance.now();
      const { status, body } = await student.post('/api/complaints', aComplaint({ roomNo: String(i % 800) }), randomUUID());
      if (status !== 201) throw new Error(`submission answered ${status}`);
      submittedAt.set(String(body.number), t);
    });
    const dispatchStart = performance.now();
    await sink.waitFor(SUBMISSIONS * 2, 300_000);
    const dispatchEnd = performance.now();
    const delays = sink.received
      .filter((m) => m.envelopeTo.includes('wifi.support@vitbhopal.ac.in'))
      .map((m) => {
        const number = /HC-\d{4}-\d{6,}/.exec(m.raw)?.[0] ?? '';
        return m.receivedAt - (submittedAt.get(number) ?? m.receivedAt);
      })
      .sort((a, b) => a - b);

    const rate = SUBMISSIONS / seconds;
    const burstDelivered = sink.received.length;
    const firstMail = Math.min(...sink.received.map((m) => m.receivedAt));
    const lastMail = Math.max(...sink.received.map((m) => m.receivedAt));

    console.log(`\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} — ${SUBMISSIONS} submissions, ${CONCURRENCY} in flight, ${STUDENTS} signed-in students`);
    console.log(`  submissions            : ${rate.toFixed(0)} /s, p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}`);
    // Latency at an everyday pace (not a burst): 20 complaints a second for 10 seconds.
    sink.received.length = 0;
    const pacedAt = new Map<string, number>();
    const paced = 200;
    await Promise.all(
      Array.from({ length: paced }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 50));
        const t = performance.now();
        const { body } = await (students[i % STUDENTS] as ApiClient).post('/api/complaints', aComplaint({ roomNo: String(i % 800) }));
        pacedAt.set(String(body.number), t);
      }),
    );
    await sink.waitFor(paced * 2, 120_000);
    const pacedDelays = sink.received
      .filter((m) => m.envelopeTo.includes('wifi.support@vitbhopal.ac.in'))
      .map((m) => m.receivedAt - (pacedAt.get(/HC-\d{4}-\d{6,}/.exec(m.raw)?.[0] ?? '') ?? m.receivedAt))
      .sort((a, b) => a - b);

    console.log(`  mails delivered        : ${burstDelivered} (2 per complaint); the last ${fmt(dispatchEnd - dispatchStart)} after the last submission`);
    console.log(`  dispatch throughput    : ${((SUBMISSIONS * 2) / ((lastMail - firstMail) / 1000)).toFixed(0)} mails/s (first to last accepted, while submissions were still arriving)`);
    console.log(`  submission → SMTP 250  : at 20 complaints/s p50 ${fmt(percentile(pacedDelays, 50))}, p95 ${fmt(percentile(pacedDelays, 95))}; during the burst p50 ${fmt(percentile(delays, 50))}, p95 ${fmt(percentile(delays, 95))} (queueing behind the backlog)`);
    if (kind === 'postgres') {
      const raw = await rawInsertRate(new URL(`/hcp_bench_${process.pid}`, new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '')).href);
      console.log(`  raw SQL insert (same row, same concurrency): ${raw.toFixed(0)} /s → portal submissions are ${((rate / raw) * 100).toFixed(0)} % of it`);
    }
  } finally {
    await app.close();
    await cleanup();
    await sink.stop();
  }
}

export async function deliveryBench() {
  await runOn('pglite');
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await runOn('postgres');
  else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same on PostgreSQL)');
}
