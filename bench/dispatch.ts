import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { aComplaint } from '../tests/factories/complaints.js';
import { freePort } from '../tests/support/net.js';
import { repoRoot } from '../tests/support/paths.js';
import { ApiClient } from '../tests/support/student.js';
import { mainThreadCpuMs, pacedInWorker } from './load-client.js';

/**
 * Issue 29, goal 4: how fast the dispatcher empties a backlog into a local SMTP relay, and how
 * long a filing's mail takes to reach it at 100 submissions a second. The app (HTTP server and
 * dispatcher) runs in this process, the relay in a child process of its own (bench/support/
 * smtp-count-sink.ts), so receiving mail does not take the dispatcher's thread; the submissions'
 * client runs here too, as a browser would elsewhere.
 */
const BACKLOG = Number(process.env.BENCH_DISPATCH_BACKLOG ?? 5000);
const BACKLOG_RUNS = Number(process.env.BENCH_DISPATCH_RUNS ?? 3);
const RATE = Number(process.env.BENCH_DISPATCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_DISPATCH_SECONDS ?? 20);
const STUDENTS = 20;
const FACILITY = 'wifi.support@vitbhopal.ac.in';

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
/** This process's CPU time so far, in microseconds (user + system). */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Arrival {
  at: number;
  facility: boolean;
  number: string;
}

/** The relay in its own process, and what it has received. */
class Relay {
  readonly arrivals: Arrival[] = [];
  total = 0;
  /** The relay process's CPU time so far, in microseconds (user + system). */
  cpu = 0;
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(): Promise<Relay> {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'smtp-count-sink.ts');
    const child = fork(script, [], {
      cwd: repoRoot,
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, SINK_FACILITY_ADDRESS: FACILITY },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the SMTP relay exited (${code}) before listening`)));
      child.once('message', (message: { type: string; port: number }) => resolve(message.port));
    });
    return new Relay(child, port);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}?ignoreTLS=true`;
  }

  /** Collects what arrived since the last call. */
  async take(): Promise<void> {
    const reply = new Promise<{ total: number; arrivals: Arrival[]; cpu: NodeJS.CpuUsage }>((resolve) => this.child.once('message', resolve));
    this.child.send({ type: 'take' });
    const { total, arrivals, cpu } = await reply;
    this.total = total;
    this.cpu = cpu.user + cpu.system;
    for (const arrival of arrivals) this.arrivals.push(arrival);
  }

  /** Waits until the relay has received `count` mails in all, looking every 50 ms. */
  async waitForTotal(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.take();
      if (this.total >= count) return;
      if (Date.now() > deadline) throw new Error(`expected ${count} mails at the relay, got ${this.total}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await exited;
  }
}

async function run(baseUrl: URL) {
  const name = `hcp_bench_dispatch_${process.pid}`;
  const admin = new pg.Client({ connectionString: new URL('/postgres', baseUrl).href });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: new URL(`/${name}`, baseUrl).href, poolSize: 10 });
  await runMigrations(database);
  const relay = await Relay.start();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-'));
  const port = await freePort();
  // The defaults a deployment gets, but for the rate limits (twenty students file 2,000 complaints);
  // MAIL_* settings in the bench's environment are passed on, to compare them.
  const config = loadConfig({
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('MAIL_'))),
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
    LOG_LEVEL: 'silent',
    SMTP_URL: relay.url,
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const students = await Promise.all(
      Array.from({ length: STUDENTS }, (_, i) =>
        ApiClient.signedIn(config.publicUrl, { email: `bench${i}@vitbhopal.ac.in`, name: `Bench Student${i} 21BCE${String(20000 + i)}` }),
      ),
    );
    const file = async (i: number) => {
      const student = students[i % STUDENTS] as ApiClient;
      const { status, body } = await student.post('/api/complaints', aComplaint({ roomNo: String(i % 800) }), randomUUID());
      if (status !== 201) throw new Error(`submission answered ${status}`);
      return String(body.number);
    };
    // Warm-up, not measured: JIT, pools, SMTP connections.
    for (let i = 0; i < 50; i += 5) await Promise.all([0, 1, 2, 3, 4].map((j) => file(i + j)));
    await relay.waitForTotal(100, 60_000);

    console.log(`\nPostgreSQL — the SMTP relay in its own process; load average ${load()}`);

    // (a) A backlog of copies of a queued facility mail, sent while nothing else runs.
    const rates: number[] = [];
    const appCpu: number[] = [];
    const relayCpu: number[] = [];
    for (let round = 0; round < BACKLOG_RUNS; round++) {
      await database.db.execute(sql`
        insert into outbox (complaint_id, purpose, to_emails, cc_emails, reply_to, subject, text_body, html_body, message_id, thread_ref, status)
        select o.complaint_id, o.purpose, o.to_emails, o.cc_emails, o.reply_to, o.subject, o.text_body, o.html_body,
               '<' || gen_random_uuid() || '@127.0.0.1>', o.thread_ref, 'queued'
        from outbox o, generate_series(1, ${BACKLOG}) g
        where o.id = (select id from outbox where purpose = 'facility' limit 1)`);
      await relay.take();
      const before = relay.total;
      relay.arrivals.length = 0;
      const relayBefore = relay.cpu;
      const cpuBefore = cpuNow();
      const started = now();
      app.mailer?.notify();
      await relay.waitForTotal(before + BACKLOG, 300_000);
      const last = Math.max(...relay.arrivals.map((a) => a.at));
      rates.push(BACKLOG / ((last - started) / 1000));
      appCpu.push((cpuNow() - cpuBefore) / BACKLOG);
      relayCpu.push((relay.cpu - relayBefore) / BACKLOG);
    }
    console.log(
      `  dispatch of a backlog  : ${median(rates).toFixed(0)} mails/s, median of ${BACKLOG_RUNS} (${rates.map((r) => r.toFixed(0)).join(', ')}; ${BACKLOG} queued mails each, nothing else running)`,
    );
    console.log(
      `  CPU per mail           : ${(median(appCpu) / 1000).toFixed(2)} ms in the app's process (claim, compose, send, record), ${(median(relayCpu) / 1000).toFixed(2)} ms in the relay's; medians`,
    );

    // (b) Submissions at a steady RATE for SECONDS, each sent on its schedule whatever the earlier ones do.
    if (RATE * SECONDS === 0) return;
    await relay.take();
    relay.arrivals.length = 0;
    const mailsBefore = relay.total;
    const total = RATE * SECONDS;
    const submittedAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const answered: number[] = [];
    // Transactions PostgreSQL counted in the bench's database (each statement outside BEGIN…COMMIT is one): load-independent.
    const transactions = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500)); // statistics reach pg_stat_database within a second
      const { rows } = await admin.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [name]);
      return Number(rows[0]?.n ?? 0);
    };
    const transactionsBefore = await transactions();
    // How often a query had to wait for one of the pool's connections (the dispatcher shares them with filings).
    const waiting: number[] = [];
    const sampler = setInterval(() => waiting.push(database.pool?.waitingCount ?? 0), 50);
    const cpuBefore = mainThreadCpuMs();
    const started = now();
    // Sent from a worker thread: the students' client costs the app's thread nothing (bench/load-client.ts).
    const paced = await pacedInWorker({
      baseUrl: config.publicUrl,
      students: students.map((s) => ({ cookie: [...s.http.cookiesFor(config.publicUrl)].map(([k, v]) => `${k}=${v}`).join('; '), csrfToken: s.csrfToken })),
      rate: RATE,
      seconds: SECONDS,
      offset: 50,
    });
    if (paced.failures.length) throw new Error(`submissions failed: ${paced.failures.join(' | ')}`);
    for (const [number, sent, answer] of paced.filed) {
      submittedAt.set(number, sent);
      answeredAt.set(number, answer);
      answered.push(answer - sent);
    }
    const lastAnswer = Math.max(...paced.filed.map(([, , answer]) => answer));
    clearInterval(sampler);
    await relay.waitForTotal(mailsBefore + total * 2, 120_000);
    const cpuAfter = mainThreadCpuMs();
    const cpuPerFiling = cpuBefore === undefined || cpuAfter === undefined ? NaN : (cpuAfter - cpuBefore) / total;
    const transactionsPerFiling = ((await transactions()) - transactionsBefore) / total;
    const facility = new Map<string, number>();
    const acknowledgement = new Map<string, number>();
    for (const a of relay.arrivals) (a.facility ? facility : acknowledgement).set(a.number, a.at);
    const delays: number[] = [];
    const afterAnswer: number[] = [];
    const behind: number[] = [];
    for (const [number, at] of facility) {
      const t = submittedAt.get(number);
      if (t !== undefined) delays.push(at - t);
      const answer = answeredAt.get(number);
      if (answer !== undefined) afterAnswer.push(at - answer);
      const ack = acknowledgement.get(number);
      if (ack !== undefined) behind.push(ack - at);
    }
    delays.sort((a, b) => a - b);
    afterAnswer.sort((a, b) => a - b);
    behind.sort((a, b) => a - b);
    answered.sort((a, b) => a - b);
    const achieved = total / ((lastAnswer - started) / 1000);
    console.log(
      `  submissions            : ${total} at ${RATE}/s for ${SECONDS} s; achieved ${achieved.toFixed(1)}/s${achieved < RATE * 0.95 ? ` (the app did not sustain ${RATE}/s)` : ''}; answered p50 ${fmt(percentile(answered, 50))}, p95 ${fmt(percentile(answered, 95))}; ${cpuPerFiling.toFixed(2)} ms CPU per submission on the app's thread (its filing and the dispatch of its 2 mails; the client is a worker thread)`,
    );
    console.log(
      `  submission → SMTP 250  : facility mail p50 ${fmt(percentile(delays, 50))}, p95 ${fmt(percentile(delays, 95))}, p99 ${fmt(percentile(delays, 99))} (${delays.length} matched); after the student had the answer p50 ${fmt(percentile(afterAnswer, 50))}, p95 ${fmt(percentile(afterAnswer, 95))} (negative: the mail was out before the answer)`,
    );
    console.log(
      `  database pool          : queries waiting for a connection in ${((waiting.filter((n) => n > 0).length / Math.max(1, waiting.length)) * 100).toFixed(0)} % of ${waiting.length} samples (every 50 ms), ${(waiting.reduce((a, b) => a + b, 0) / Math.max(1, waiting.length)).toFixed(1)} waiting on average; pool of 10; ${transactionsPerFiling.toFixed(1)} PostgreSQL transactions per submission (its own, the dispatch of its 2 mails, the bench's own sampling)`,
    );
    console.log(
      `  acknowledgement        : after the facility mail p50 ${fmt(percentile(behind, 50))}, p95 ${fmt(percentile(behind, 95))}, p99 ${fmt(percentile(behind, 99))}; load average ${load()}`,
    );
  } finally {
    await app.close();
    await relay.stop();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function dispatchBench() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('skipped: set BENCH_DATABASE_URL=postgres://… (dispatch is measured on PostgreSQL)');
    return;
  }
  await run(new URL(url));
}
