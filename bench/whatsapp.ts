import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { aComplaint } from '../tests/factories/complaints.js';
import { freePort } from '../tests/support/net.js';
import { ApiClient } from '../tests/support/student.js';
import { GraphFake, postWebhook, textMessage, whatsappEnv, type SentMessage } from '../tests/support/whatsapp.js';

const POSTS = Number(process.env.BENCH_WEBHOOK_POSTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100);
/** Questions for the poll-only figure: each waits up to a poll interval, so few, spread evenly over one interval. */
const POLL_QUESTIONS = Number(process.env.BENCH_POLL_QUESTIONS ?? 30);
const QUESTION = 'Is your laptop on the 5 GHz band or the 2.4 GHz one?';
const ADMIN = { email: 'bench.admin@vitbhopal.ac.in', name: 'Bench Admin' };
const STAFF = { email: 'bench.wifi@vitbhopal.ac.in', name: 'Bench Wifi Team', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, max ${fmt(sorted.at(-1) ?? NaN)}`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `total` tasks with `concurrency` in flight; returns how long the whole run took. */
async function pool(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Waits until the fake has taken `count` messages since `from` (its index in `graph.sent`). The
 * figures come from the fake's own stamps, so how often this looks does not move them.
 */
async function sentSince(graph: GraphFake, from: number, count: number, timeoutMs: number): Promise<SentMessage[]> {
  const deadline = performance.now() + timeoutMs;
  while (graph.sent.length - from < count) {
    if (performance.now() > deadline) throw new Error(`the Graph fake took ${graph.sent.length - from} of ${count} messages within ${timeoutMs} ms`);
    await sleep(5);
  }
  return graph.sent.slice(from);
}

/** The first message to `waId` (about `number`, when given) among `sent`. */
function firstTo(sent: SentMessage[], waId: string, number?: string): SentMessage {
  const found = sent.find((m) => m.to === waId && (number === undefined || m.text.includes(number)));
  if (!found) throw new Error(`no message to ${waId}${number ? ` about ${number}` : ''}`);
  return found;
}

async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-wa-db-'));
    const database = await openDatabase({ dataDir: dir });
    await runMigrations(database);
    return { database, cleanup: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '');
  const name = `hcp_bench_wa_${process.pid}`;
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

/** One signed webhook post per number, `concurrency` in flight: the answer's time and the reply's. */
async function webhookRound(graph: GraphFake, baseUrl: string, numbers: string[], concurrency: number) {
  const from = graph.sent.length;
  const sentAt = new Map<string, number>();
  const answers: number[] = [];
  const seconds = await pool(numbers.length, concurrency, async (i) => {
    const waId = numbers[i] ?? '';
    const payload = textMessage(waId, 'My fan has stopped working');
    const t = performance.now();
    sentAt.set(waId, t);
    const answer = await postWebhook(baseUrl, payload);
    answers.push(performance.now() - t);
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  });
  // Every message from a number nobody linked gets exactly one reply (how to link).
  const sent = await sentSince(graph, from, numbers.length, 60_000);
  const worked = numbers.map((waId) => firstTo(sent, waId).receivedAt - (sentAt.get(waId) ?? NaN));
  return { answers, worked, rate: numbers.length / seconds };
}

interface Student {
  client: ApiClient;
  waId: string;
  number: string;
}

/** A student of `i`: signed in, a number linked the way a student links one, and a complaint filed. */
async function aLinkedStudent(graph: GraphFake, baseUrl: string, i: number): Promise<Student> {
  const client = await ApiClient.signedIn(baseUrl, { email: `bench.wa${i}@vitbhopal.ac.in`, name: `Bench Whatsapp${i} 21BCE${String(30000 + i)}` });
  const waId = `9188${String(100000 + i)}`;
  const code = await client.send('POST', '/api/me/whatsapp/code');
  if (code.status !== 201) throw new Error(`no link code: ${code.status} ${JSON.stringify(code.body)}`);
  const from = graph.sent.length;
  await postWebhook(baseUrl, textMessage(waId, `LINK ${String(code.body.code)}`));
  // Linked once the portal said hello to the number (the reply is queued after the link commits).
  for (let tries = 0; !graph.sent.slice(from).some((m) => m.to === waId && m.text.startsWith('Hello')); tries++) {
    if (tries > 2000) throw new Error(`${waId} was not linked`);
    await sleep(5);
  }
  const filed = await client.post('/api/complaints', aComplaint({ roomNo: String(100 + (i % 800)) }));
  if (filed.status !== 201) throw new Error(`filing failed: ${filed.status} ${JSON.stringify(filed.body)}`);
  return { client, waId, number: String(filed.body.number) };
}

/**
 * A question from staff to each student (the console's public reply, POST
 * /api/staff/complaints/:number/replies), `concurrency` in flight, or one every `paceMs`: the
 * request's answer time, and the time from sending the request to the Graph fake taking the
 * student's WhatsApp message about that complaint.
 */
async function questionRound(graph: GraphFake, staff: ApiClient, students: Student[], opts: { concurrency?: number; paceMs?: number; timeoutMs: number }) {
  const from = graph.sent.length;
  const sentAt = new Map<string, number>();
  const answers: number[] = [];
  const ask = async (s: Student) => {
    const t = performance.now();
    sentAt.set(s.waId, t);
    const answer = await staff.post(`/api/staff/complaints/${s.number}/replies`, { text: QUESTION, internal: false });
    answers.push(performance.now() - t);
    if (answer.status !== 204) throw new Error(`the reply was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  if (opts.paceMs !== undefined) {
    const pace = opts.paceMs;
    await Promise.all(students.map(async (s, i) => { await sleep(i * pace); await ask(s); }));
  } else {
    await pool(students.length, opts.concurrency ?? 1, (i) => ask(students[i] as Student));
  }
  const sent = await sentSince(graph, from, students.length, opts.timeoutMs);
  const reached = students.map((s) => firstTo(sent, s.waId, s.number).receivedAt - (sentAt.get(s.waId) ?? NaN));
  return { answers, reached };
}

function appConfig(kind: string, port: number, graph: GraphFake, dataDir: string): Config {
  // Production's loop timings: WHATSAPP_POLL_INTERVAL_MS and WHATSAPP_RETRY_BASE_MS left at their
  // defaults (5000 ms), unlike the tests' 100 ms, so a message that waits for the poll shows it.
  const { WHATSAPP_POLL_INTERVAL_MS: _poll, WHATSAPP_RETRY_BASE_MS: _retry, ...whatsapp } = whatsappEnv(graph.url);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: ADMIN.email,
    RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    ...whatsapp,
  });
  if (config.whatsapp?.pollIntervalMs !== 5000) throw new Error(`${kind}: the bench expects the default poll interval, not ${config.whatsapp?.pollIntervalMs}`);
  return config;
}

async function runOn(kind: 'pglite' | 'postgres') {
  const graph = await GraphFake.start();
  const { database, cleanup } = await openBenchDatabase(kind);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-wa-'));
  const config = appConfig(kind, port, graph, dataDir);
  const apps: FastifyInstance[] = [];
  let app = await buildApp({ config, database });
  apps.push(app);
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} — WhatsApp poll interval ${config.whatsapp?.pollIntervalMs} ms (the default), Graph API fake in this process`);
  try {
    // 1. The webhook. Each post comes from a number of its own: the queue answers a number at most
    // 20 times a minute, and one number per post makes each reply say which post it answers.
    let numbers = 0;
    const fresh = (n: number) => Array.from({ length: n }, () => `9177${String(1_000_000 + numbers++)}`);
    await webhookRound(graph, config.publicUrl, fresh(20), 4); // warm-up, not measured
    const sequential = await webhookRound(graph, config.publicUrl, fresh(POSTS), 1);
    const concurrent = await webhookRound(graph, config.publicUrl, fresh(POSTS), CONCURRENCY);
    console.log(`  webhook, ${POSTS} signed text messages from unlinked numbers:`);
    for (const [label, round] of [['one at a time', sequential], [`${CONCURRENCY} in flight`, concurrent]] as const) {
      console.log(`    ${label.padEnd(14)}: answer (200 { received }) ${figures(round.answers)}; ${round.rate.toFixed(0)} posts/s`);
      console.log(`    ${''.padEnd(14)}  worked (post sent → the reply at the Graph fake) ${figures(round.worked)}`);
    }

    // 2. Staff ask linked students a question.
    const admin = await ApiClient.signedIn(config.publicUrl, ADMIN);
    const added = await admin.send('POST', '/api/admin/users', STAFF);
    if (added.status !== 201) throw new Error(`adding staff: ${added.status} ${JSON.stringify(added.body)}`);
    const staff = await ApiClient.signedIn(config.publicUrl, STAFF);
    const students: Student[] = [];
    const setUp = await pool(STUDENTS, CONCURRENCY, async (i) => void students.push(await aLinkedStudent(graph, config.publicUrl, i)));
    // Whatever the filings queued has gone before the questions are timed.
    await sleep(500);
    console.log(`  staff question → Graph API call, ${STUDENTS} linked students each with a complaint (set up in ${setUp.toFixed(1)} s):`);
    await questionRound(graph, staff, students.slice(0, 10), { concurrency: 2, timeoutMs: 30_000 }); // warm-up, not measured
    for (const concurrency of [1, CONCURRENCY]) {
      const round = await questionRound(graph, staff, students, { concurrency, timeoutMs: 60_000 });
      const label = concurrency === 1 ? 'one at a time' : `${concurrency} in flight`;
      console.log(`    ${label.padEnd(14)}: request (204) ${figures(round.answers)}`);
      console.log(`    ${''.padEnd(14)}  request sent → message at the Graph fake ${figures(round.reached)}`);
    }

    // 3. The same without the wake-up after commit: an instance that sends nothing answers staff,
    // and another instance on the same database only polls its outbox (what a missed wake-up costs).
    await app.close();
    apps.length = 0;
    app = await buildApp({ config, database, dispatchMail: false, runJobs: false });
    apps.push(app);
    await app.listen({ port, host: '127.0.0.1' });
    const poller = await buildApp({ config: { ...config, port: 0 }, database, runJobs: false });
    apps.push(poller);
    await poller.ready();
    // Spread over one poll interval, the questions meet the poll at every phase of it: the figures
    // are those of a question asked at a random moment (about half an interval at p50).
    const pace = Math.round((config.whatsapp?.pollIntervalMs ?? 5000) / POLL_QUESTIONS);
    const polled = await questionRound(graph, staff, students.slice(0, POLL_QUESTIONS), { paceMs: pace, timeoutMs: 30_000 });
    console.log(`    poll only     : request sent → message at the Graph fake ${figures(polled.reached)} (${POLL_QUESTIONS} questions, one every ${pace} ms)`);
  } finally {
    for (const a of apps.reverse()) await a.close();
    await cleanup();
    await graph.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * WhatsApp (issue 43) on the embedded database and, with BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * on PostgreSQL: how long Meta waits for the webhook's 200 (which must not include working the
 * event), how long a student waits for the portal's reply, and how long a staff member's question
 * takes to become a Graph API call (the outbox woken after commit, and by the poll alone).
 */
export async function whatsappBench() {
  const on = (process.env.BENCH_WHATSAPP_ON ?? 'pglite,postgres').split(',');
  if (on.includes('pglite')) await runOn('pglite');
  if (!on.includes('postgres')) return;
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await runOn('postgres');
  else console.log('\n(set BENCH_DATABASE_URL=postgres://… or TEST_DATABASE_URL to run the same on PostgreSQL)');
}
