import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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
const BACKLOG = Number(process.env.BENCH_DISPATCH_BACKLOG ?? 1000);

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
async function rawFilingRate(url: string): Promise<number> {
  const client = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  client.on('error', () => undefined);
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
  await client.end();
  return SUBMISSIONS / seconds;
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
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  let apiRate: number | undefined;
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
    const before = statements ? { ...statements } : undefined;
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
    apiRate = rate;
    const burstStatements = statements && before ? { all: statements.all - before.all, inTransaction: statements.inTransaction - before.inTransaction } : undefined;
    const burstDelivered = sink.received.length;
    const firstMail = Math.min(...sink.received.map((m) => m.receivedAt));
    const lastMail = Math.max(...sink.received.map((m) => m.receivedAt));

    console.log(`\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} — ${SUBMISSIONS} submissions, ${CONCURRENCY} in flight, ${STUDENTS} signed-in students`);
    console.log(`  submissions            : ${rate.toFixed(0)} /s, p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}`);
    if (burstStatements) {
      const per = (n: number) => (n / SUBMISSIONS).toFixed(1);
      console.log(
        `  statements per filing  : ${per(burstStatements.inTransaction)} in its transaction (BEGIN and COMMIT included); ${per(burstStatements.all)} sent by the app in all, per submission during the burst (the request's own, the dispatch of its 2 mails)`,
      );
    }
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
    // Dispatch alone: a backlog of copies of a queued facility mail, sent while nothing else runs.
    sink.received.length = 0;
    await database.db.execute(sql`
      insert into outbox (complaint_id, purpose, to_emails, cc_emails, reply_to, subject, text_body, html_body, message_id, thread_ref, status)
      select o.complaint_id, o.purpose, o.to_emails, o.cc_emails, o.reply_to, o.subject, o.text_body, o.html_body,
             '<' || gen_random_uuid() || '@127.0.0.1>', o.thread_ref, 'queued'
      from outbox o, generate_series(1, ${BACKLOG}) g
      where o.id = (select id from outbox where purpose = 'facility' limit 1)`);
    const backlogStart = performance.now();
    app.mailer?.notify();
    await sink.waitFor(BACKLOG, 300_000);
    const backlogSeconds = (performance.now() - backlogStart) / 1000;
    console.log(`  dispatch of a backlog  : ${(BACKLOG / backlogSeconds).toFixed(0)} mails/s (${BACKLOG} queued mails, nothing else running)`);
  } finally {
    await app.close();
  }
  try {
    // After the app has closed: its dispatcher would otherwise send the ceiling's mail meanwhile.
    if (kind === 'postgres') {
      const raw = await rawFilingRate(new URL(`/hcp_bench_${process.pid}`, new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '')).href);
      console.log(
        `  raw-SQL ceiling        : ${raw.toFixed(0)} /s (the same rows in one transaction of one statement, same concurrency) → API/ceiling ${apiRate === undefined ? '?' : ((apiRate / raw) * 100).toFixed(0)} %`,
      );
    }
  } finally {
    await cleanup();
    await sink.stop();
  }
}

export async function deliveryBench() {
  // BENCH_DELIVERY_ON=postgres leaves the embedded database out (comparing PostgreSQL runs).
  const on = (process.env.BENCH_DELIVERY_ON ?? 'pglite,postgres').split(',');
  if (on.includes('pglite')) await runOn('pglite');
  if (!on.includes('postgres')) return;
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await runOn('postgres');
  else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same on PostgreSQL)');
}
