import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
import { burstInWorker, cpuOfTask, mainThreadCpuMs } from './load-client.js';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const STUDENTS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * CPU time, which another program on the machine does not move as it moves rates: of this
 * process's main thread (the app; the load client is a worker thread) and of the PostgreSQL backends
 * serving the bench's database. Read from /proc (Linux); undefined elsewhere.
 */
async function backendPids(pgPool: pg.Pool): Promise<number[]> {
  const { rows } = await pgPool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return rows.map((r) => r.pid);
}
async function cpuSample(pgPool: pg.Pool | undefined, mainThread: boolean) {
  const backends = new Map<number, number>();
  for (const pid of pgPool ? await backendPids(pgPool) : []) {
    const ms = cpuOfTask(`/proc/${pid}/stat`);
    if (ms !== undefined) backends.set(pid, ms);
  }
  return { app: mainThread ? mainThreadCpuMs() : undefined, backends };
}
/** CPU ms spent between two samples: the app's thread and the backends alive at both. */
function cpuSpent(a: Awaited<ReturnType<typeof cpuSample>>, b: Awaited<ReturnType<typeof cpuSample>>) {
  let database = 0;
  for (const [pid, ms] of b.backends) database += ms - (a.backends.get(pid) ?? ms);
  return { app: a.app === undefined || b.app === undefined ? undefined : b.app - a.app, database };
}

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

async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ database: Database; statements?: ReturnType<typeof countStatements> | undefined; cleanup: () => Promise<void> }> {
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
  const statements = database.pool ? countStatements(database.pool) : undefined;
  await runMigrations(database);
  return {
    database,
    statements,
    cleanup: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Counts the statements the app sends to PostgreSQL (every pooled client's query calls), and of
 * those the ones inside a transaction (between BEGIN and COMMIT on one client): the round trips of
 * the filing transaction, a figure the machine's load does not move.
 */
function countStatements(pgPool: pg.Pool) {
  const counts = { all: 0, inTransaction: 0 };
  pgPool.on('connect', (client) => {
    let open = false;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Wrapped per client: the pool and drizzle call `client.query` on the instance.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().toLowerCase();
      counts.all += 1;
      if (text === 'begin') open = true;
      if (open) counts.inTransaction += 1;
      if (text === 'commit' || text === 'rollback') open = false;
      return query(...args);
    };
  });
  return counts;
}

/**
 * The raw-SQL ceiling: the rows one filing writes (the complaint, whose triggers keep
 * complaint_counts and insight_daily, its first timeline entry, the student's remembered place, the
 * two one-click links, the facility mail and the acknowledgement in the outbox), in one transaction
 * of one statement, at the same concurrency on the same database. The mail bodies are copies of
 * ones the portal queued, so the rows are as large as the portal's.
 */
/** The bench's own PostgreSQL database (openBenchDatabase made it), for the raw-SQL ceiling's pool. */
const benchDatabaseUrl = () => new URL(`/hcp_bench_${process.pid}`, new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '')).href;

async function rawFilingRate(url: string): Promise<{ rate: number; cpu: ReturnType<typeof cpuSpent> }> {
  const client = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  client.on('error', () => undefined);
  // Every connection open before the CPU is sampled, so the backends counted are the ones that work.
  await Promise.all(Array.from({ length: CONCURRENCY }, () => client.query('select pg_sleep(0.05)')));
  const cpuBefore = await cpuSample(client, true);
  const {
    rows: [mail],
  } = await client.query<{ to_emails: string[]; subject: string; text_body: string; html_body: string; student_id: string; message: string }>(
    `select o.to_emails, o.subject, o.text_body, o.html_body, c.student_id, c.message
       from outbox o join complaints c on c.id = o.complaint_id where o.purpose = 'facility' limit 1`,
  );
  if (!mail) throw new Error('no facility mail to copy for the raw-SQL ceiling');
  const { seconds } = await pool(SUBMISSIONS, CONCURRENCY, async (i) => {
    const id = randomUUID();
    await client.query(
      `with c as (
         insert into complaints (id, number, kind, category, complaint_head, sub_category, hostel, floor, room_no, message,
                                 student_id, fname, reg_id, user_email, to_emails, cc_emails, due_at, idempotency_key, request_hash)
         select $1, 'HC-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('complaint_number_seq')::text, 6, '0'),
                'complaint', 'wifi', 'Wifi Complaint', 'Slow', 'Block-2', 3, $2, $3, u.id, u.fname, u.reg_id, u.email, $4::text[], '{}',
                now() + interval '24 hours', $5, $6
         from users u where u.id = $7
         returning id, number, student_id
       ), event as (
         insert into complaint_events (complaint_id, actor_id, from_status, to_status, note)
         select id, student_id, null, 'submitted', 'Sent to ' || array_to_string($4::text[], ', ') from c
       ), place as (
         update users set place_hostel = 'Block-2', place_floor = '3', place_room = $2 where id = $7 and place_hostel is null
       ), links as (
         insert into action_tokens (id, complaint_id, action, expires_at)
         select encode(sha256(gen_random_uuid()::text::bytea), 'hex'), c.id, a.action, now() + interval '7 days'
         from c, (values ('acknowledge'), ('resolve')) a(action)
       )
       insert into outbox (complaint_id, purpose, to_emails, cc_emails, reply_to, subject, text_body, html_body, message_id, thread_ref, status)
       select c.id, m.purpose, m.to_emails, '{}', m.reply_to, $8 || ' ' || c.number, $9, $10,
              '<' || gen_random_uuid() || '@127.0.0.1>', '<complaint-' || c.id || '@127.0.0.1>', 'queued'
       from c, (select 'facility' as purpose, $4::text[] as to_emails, u.email as reply_to from users u where u.id = $7
                union all select 'acknowledgement', array[u.email], null from users u where u.id = $7) m`,
      [id, String(i % 800), mail.message, mail.to_emails, randomUUID(), 'raw', mail.student_id, mail.subject, mail.text_body, mail.html_body],
    );
  });
  const cpu = cpuSpent(cpuBefore, await cpuSample(client, true));
  // Its mail is never sent: the next instance's backlog is the portal's own mail.
  await client.query(`delete from outbox where complaint_id in (select id from complaints where request_hash = 'raw')`);
  await client.end();
  return { rate: SUBMISSIONS / seconds, cpu };
}

type Students = Awaited<ReturnType<typeof ApiClient.signedIn>>[];

/** One burst of SUBMISSIONS filings from the worker-thread client, with its statements and CPU. */
async function measuredBurst(database: Database, statements: ReturnType<typeof countStatements> | undefined, baseUrl: string, students: Students) {
  const before = statements ? { ...statements } : undefined;
  const cpuBefore = await cpuSample(database.pool, true);
  const burst = await burstInWorker({
    baseUrl,
    students: students.map((s) => ({
      cookie: [...s.http.cookiesFor(baseUrl)].map(([k, v]) => `${k}=${v}`).join('; '),
      csrfToken: s.csrfToken,
    })),
    total: SUBMISSIONS,
    concurrency: CONCURRENCY,
  });
  if (burst.failures.length) throw new Error(`submissions failed: ${burst.failures.join(' | ')}`);
  const cpu = cpuSpent(cpuBefore, await cpuSample(database.pool, true));
  const counted = statements && before ? { all: statements.all - before.all, inTransaction: statements.inTransaction - before.inTransaction } : undefined;
  // The sink stamps with this thread's performance.now(); the worker's stamps are epoch times.
  const submittedAt = new Map(burst.sentAt.map(([number, at]) => [number, at - performance.timeOrigin]));
  return { rate: SUBMISSIONS / burst.seconds, latencies: burst.latencies, cpu, counted, submittedAt };
}

/**
 * BENCH_CPU_PROFILE=<folder>: a CPU profile of the app's thread during the filing-alone burst, one
 * file per database (open it in Chrome's DevTools), to find where a filing's time goes.
 */
async function profiled<T>(kind: string, burst: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return burst();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await burst();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `filing-alone-${kind}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile of the app's thread during the burst: ${file}`);
    session.disconnect();
  }
}

function printBurst(label: string, burst: Awaited<ReturnType<typeof measuredBurst>>) {
  console.log(`  ${label.padEnd(23)}: ${burst.rate.toFixed(0)} /s, p50 ${fmt(percentile(burst.latencies, 50))}, p99 ${fmt(percentile(burst.latencies, 99))}`);
  const per = (n: number) => (n / SUBMISSIONS).toFixed(1);
  if (burst.counted) {
    console.log(`    statements per filing: ${per(burst.counted.inTransaction)} in its transaction (BEGIN and COMMIT included); ${per(burst.counted.all)} sent by the app in all`);
  }
  if (burst.cpu.app !== undefined) {
    console.log(`    CPU per filing       : app thread ${(burst.cpu.app / SUBMISSIONS).toFixed(2)} ms, PostgreSQL backends ${(burst.cpu.database / SUBMISSIONS).toFixed(2)} ms`);
  }
}

async function runOn(kind: 'pglite' | 'postgres') {
  const sink = await SmtpSink.start(undefined, { parse: false });
  const { database, statements, cleanup } = await openBenchDatabase(kind);
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
  // Filing alone first, as the ceiling writes its rows alone: an instance that sends no mail and
  // runs no jobs. Its mails stay queued and become the next instance's backlog.
  let app = await buildApp({ config, database, dispatchMail: false, runJobs: false });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const students = await Promise.all(
      Array.from({ length: STUDENTS }, (_, i) =>
        ApiClient.signedIn(config.publicUrl, { email: `bench${i}@vitbhopal.ac.in`, name: `Bench Student${i} 21BCE${String(20000 + i)}` }),
      ),
    );
    // Warm-up, not measured.
    const WARM_UP = 50;
    await pool(WARM_UP, 4, async (i) => void (await students[i % STUDENTS]?.post('/api/complaints', aComplaint())));

    // The raw-SQL ceiling right before and right after the burst, on the same database and with no
    // dispatcher running: one run of it alone moved by a sixth between runs (autovacuum, checkpoints,
    // the table's growth), so the share is taken against the mean of the two.
    const ceilingUrl = kind === 'postgres' ? benchDatabaseUrl() : undefined;
    const before = ceilingUrl ? await rawFilingRate(ceilingUrl) : undefined;
    const alone = await profiled(kind, () => measuredBurst(database, statements, config.publicUrl, students));
    const after = ceilingUrl ? await rawFilingRate(ceilingUrl) : undefined;
    const apiRate = alone.rate;
    console.log(`\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} — ${SUBMISSIONS} submissions, ${CONCURRENCY} in flight, ${STUDENTS} signed-in students`);
    printBurst('filing alone', alone);
    if (before && after) {
      const raw = (before.rate + after.rate) / 2;
      console.log(
        `  raw-SQL ceiling        : ${raw.toFixed(0)} /s (${before.rate.toFixed(0)} before the burst, ${after.rate.toFixed(0)} after; the same rows in one transaction of one statement, same concurrency) → filing alone/ceiling ${((apiRate / raw) * 100).toFixed(0)} %`,
      );
      const cpu = [before.cpu, after.cpu];
      if (cpu.every((c) => c.app !== undefined)) {
        const mean = (pick: (c: (typeof cpu)[number]) => number) => (cpu.reduce((sum, c) => sum + pick(c), 0) / cpu.length / SUBMISSIONS).toFixed(2);
        console.log(`    CPU per raw filing   : client thread ${mean((c) => c.app ?? 0)} ms, PostgreSQL backends ${mean((c) => c.database)} ms`);
      }
    }

    // The instance as production runs it: dispatcher and jobs on. It starts with every mail of the
    // warm-up and the burst queued: a backlog of real mails, facility and acknowledgement.
    await app.close();
    app = await buildApp({ config, database });
    const backlog = (WARM_UP + SUBMISSIONS) * 2;
    const backlogStart = performance.now();
    await app.listen({ port, host: '127.0.0.1' });
    await sink.waitFor(backlog, 300_000);
    const backlogSeconds = (performance.now() - backlogStart) / 1000;
    sink.received.length = 0;

    const busy = await measuredBurst(database, statements, config.publicUrl, students);
    printBurst('with dispatch running', busy);
    const dispatchStart = performance.now();
    await sink.waitFor(SUBMISSIONS * 2, 300_000);
    const dispatchEnd = performance.now();
    const delays = sink.received
      .filter((m) => m.envelopeTo.includes('wifi.support@vitbhopal.ac.in'))
      .map((m) => {
        const number = /HC-\d{4}-\d{6,}/.exec(m.raw)?.[0] ?? '';
        return m.receivedAt - (busy.submittedAt.get(number) ?? m.receivedAt);
      })
      .sort((a, b) => a - b);
    const burstDelivered = sink.received.length;
    const firstMail = Math.min(...sink.received.map((m) => m.receivedAt));
    const lastMail = Math.max(...sink.received.map((m) => m.receivedAt));

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
    console.log(`  dispatch of a backlog  : ${(backlog / backlogSeconds).toFixed(0)} mails/s (the ${backlog} mails the first instance queued, sent by the next from its start; SMTP sink in this process)`);
  } finally {
    await app.close();
  }
  await cleanup();
  await sink.stop();
}

export async function deliveryBench() {
  // BENCH_DELIVERY_ON=postgres leaves the embedded database out (comparing PostgreSQL runs).
  const on = (process.env.BENCH_DELIVERY_ON ?? 'pglite,postgres').split(',');
  if (on.includes('pglite')) await runOn('pglite');
  if (!on.includes('postgres')) return;
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await runOn('postgres');
  else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same on PostgreSQL)');
}
