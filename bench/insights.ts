import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database, Db } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import * as schema from '../src/server/db/schema.js';
import { createSession } from '../src/server/modules/auth/session-service.js';
import type { CatalogSnapshot } from '../src/server/modules/catalog/store.js';
import { insightsFigures, openCells, recurringRooms, timesTable, weeklyFiled, type InsightsFilter } from '../src/server/modules/insights/figures.js';
import type { Scope } from '../src/server/modules/access/scope.js';
import { baseUrl, fill, int, measure, ms, openBenchDatabase, printResults, secs, select, STUDENTS, type Result } from './queue.js';

/**
 * Insights at scale (issue 14, point 4): the queue benchmark's 1,000,000 complaints (two years,
 * BENCH_INSIGHTS_ROWS to change it) on PostgreSQL, the rollup rebuilt as a bulk load would, then
 * the dashboard's queries timed directly and through HTTP, their plans, a million-row CSV export of
 * the queue streamed over real HTTP with the process's RSS sampled, and the cost the rollup trigger
 * adds to one status change. Figures only; nothing is asserted.
 */

const ROWS = Number(process.env.BENCH_INSIGHTS_ROWS ?? 1_000_000);
const TARGET_MS = 200;
const EXPORT_TARGET_ROWS_PER_S = 50_000;
const PLAN_LINES = 14;
const UPDATES = 300;

/** The machine is shared: its load says how much of the figures is waiting for a CPU. */
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} CPUs`;

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

interface Case {
  name: string;
  scope: Scope;
  filter: InsightsFilter;
}

export async function insightsBench() {
  if (!baseUrl()) {
    console.log('\n(PostgreSQL only: set BENCH_DATABASE_URL=postgres://… to run the insights benchmark)');
    return;
  }
  const { database, cleanup } = await openBenchDatabase('postgres', 'hcp_insights_bench');
  const configDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-insights-'));
  try {
    await runMigrations(database);
    const version = (await select<{ v: string }>(database, `select current_setting('server_version') as v`))[0]?.v ?? '?';
    console.log(`\nPostgreSQL ${version} — ${int(ROWS)} complaints, ${int(STUDENTS)} students; ${load()}`);
    const report = await fill(database, ROWS);
    console.log(`  fill: ${report.steps.map(([n, t]) => `${n} ${secs(t)}`).join(' · ')} · total ${secs(report.total)}`);
    const [rollup] = await select<{ n: number; size: string; days: number }>(
      database,
      `select count(*)::int as n, pg_size_pretty(pg_total_relation_size('insight_daily')) as size, count(distinct day)::int as days from insight_daily`,
    );
    console.log(`  insight_daily: ${int(Number(rollup?.n ?? 0))} rows over ${int(Number(rollup?.days ?? 0))} days, ${rollup?.size ?? '?'}`);

    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '3998',
      PUBLIC_URL: 'http://127.0.0.1:3998',
      DATA_DIR: configDir,
      SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    });
    const app = await buildApp({ config, database, dispatchMail: false, runJobs: false });
    try {
      const snapshot = await app.catalog.get();
      await directFigures(database, snapshot);
      await httpFigures(app, database, config.sessionIdleMs);
      await plans(database, snapshot);
      await exportFigures(app, database, config.sessionIdleMs);
      await triggerCost(database);
    } finally {
      await app.close();
    }
    console.log(
      `\nTargets (issue 14 §4): dashboard queries p95 under ${TARGET_MS} ms server time, CSV export ≥ ${int(EXPORT_TARGET_ROWS_PER_S)} rows/s with RSS flat. Figures only, nothing asserted.`,
    );
  } finally {
    await cleanup();
    rmSync(configDir, { recursive: true, force: true });
  }
}

const all: Scope = { all: true };
const girls: Scope = { all: false, entries: [{ category: '', hostel: 'Girls' }] };
const twelveWeeks = (): InsightsFilter => ({ from: daysAgo(83), to: today() });

function cases(): Case[] {
  return [
    { name: 'admin, 12 weeks', scope: all, filter: twelveWeeks() },
    { name: 'admin, 2 years', scope: all, filter: { from: daysAgo(730), to: today() } },
    { name: 'admin, 12 weeks, Block-2 + wifi', scope: all, filter: { ...twelveWeeks(), hostel: 'Block-2', category: 'wifi' } },
    { name: 'warden Girls, 12 weeks', scope: girls, filter: twelveWeeks() },
    { name: 'warden Girls, 2 years', scope: girls, filter: { from: daysAgo(730), to: today() } },
  ];
}

async function directFigures(database: Database, snapshot: CatalogSnapshot) {
  const db = database.db;
  const results: Result[] = [];
  for (const c of cases()) results.push(await measure(`insightsFigures: ${c.name}`, async () => (await insightsFigures(db, c.scope, c.filter, snapshot, new Date())).total.filed));
  const parts: Result[] = [];
  const year = { from: daysAgo(730), to: today() };
  parts.push(await measure('openCells (admin)', async () => (await openCells(db, all, twelveWeeks(), new Date())).length));
  parts.push(await measure('weeklyFiled (admin, 2 years)', async () => (await weeklyFiled(db, all, year)).length));
  parts.push(await measure('timesTable (admin, 2 years)', async () => (await timesTable(db, all, year)).table.length));
  parts.push(await measure('recurringRooms (admin)', async () => (await recurringRooms(db, all, twelveWeeks(), snapshot.timeZone)).length));
  printResults('insightsFigures(db, scope, filter) — everything the dashboard reads, server time (rows = complaints filed in range)', results, TARGET_MS);
  printResults('the four reads on their own (rows = rows returned)', parts, TARGET_MS);
}

async function sessionCookie(database: Database, email: string, idleMs: number) {
  const [user] = await select<{ id: string }>(database, `select id from users where email = '${email}'`);
  if (!user) throw new Error(`no ${email}`);
  return `hcp_session=${(await createSession(database.db, user.id, idleMs, 'bench')).token}`;
}

async function httpFigures(app: Awaited<ReturnType<typeof buildApp>>, database: Database, idleMs: number) {
  const admin = await sessionCookie(database, 'chief.admin@vitbhopal.ac.in', idleMs);
  const warden = await sessionCookie(database, 'girls.warden@vitbhopal.ac.in', idleMs);
  const get200 = (url: string, cookie: string) => async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    return response.json<{ total: { filed: number } }>().total.filed;
  };
  printResults('HTTP through buildApp + app.inject (session, scope, zod response schema)', [
    await measure('GET /api/insights (admin)', get200('/api/insights', admin)),
    await measure(`GET /api/insights?from=${daysAgo(730)} (admin)`, get200(`/api/insights?from=${daysAgo(730)}`, admin)),
    await measure('GET /api/insights (warden Girls)', get200('/api/insights', warden)),
  ], TARGET_MS);
}

/** EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the dashboard sends (captured by a drizzle logger). */
async function plans(database: Database, snapshot: CatalogSnapshot) {
  const pool = database.pool;
  if (!pool) return;
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logging = drizzlePg(pool, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => void captured.push({ query, params }) } }) as unknown as Db;
  const names = ['open counts (complaint_counts)', 'overdue now (complaints, partial index)', 'filed per week (insight_daily)', 'times per hostel × category (insight_daily)', 'recurring rooms (complaints, 30 days)'];
  await insightsFigures(logging, all, { from: daysAgo(730), to: today() }, snapshot, new Date());
  console.log(`\n  EXPLAIN (ANALYZE, BUFFERS), admin, 2 years: first ${PLAN_LINES} lines of each`);
  for (const [i, { query, params }] of captured.entries()) {
    const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
    const lines = result.rows.map((r) => r['QUERY PLAN']);
    const timing = lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ');
    console.log(`\n  ${names[i] ?? `query ${i + 1}`} — ${timing}`);
    for (const line of lines.slice(0, PLAN_LINES)) console.log(`    ${line.length > 170 ? `${line.slice(0, 167)}…` : line}`);
  }
}

/** Streams the whole queue as CSV over real HTTP, reading as fast as it comes, sampling RSS. */
async function exportFigures(app: Awaited<ReturnType<typeof buildApp>>, database: Database, idleMs: number) {
  const cookie = await sessionCookie(database, 'chief.admin@vitbhopal.ac.in', idleMs);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const rss: number[] = [];
  const sample = () => rss.push(process.memoryUsage().rss);
  sample();
  const timer = setInterval(sample, 250);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const loadBefore = load();
  let firstByte = 0;
  const { rows, bytes } = await new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
    get(`${address}/api/staff/complaints.csv?sort=newest`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let lines = 0;
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (!firstByte) firstByte = performance.now() - started;
        size += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      });
      response.on('end', () => resolve({ rows: lines - 1, bytes: size }));
      response.on('error', reject);
    }).on('error', reject);
  });
  const took = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(timer);
  sample();
  const mb = (v: number) => `${(v / 1024 / 1024).toFixed(0)} MB`;
  const quarter = Math.max(1, Math.floor(rss.length / 4));
  const trail = [0, 1, 2, 3].map((q) => mb(Math.max(...rss.slice(q * quarter, (q + 1) * quarter).concat(rss.at(-1) ?? 0))));
  console.log(
    `\n  CSV export of the whole queue over HTTP (GET /api/staff/complaints.csv, admin, newest first):\n` +
      `    ${int(rows)} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB in ${secs(took)} = ${int(Math.round(rows / (took / 1000)))} rows/s; first byte after ${ms(firstByte)}\n` +
      `    Node CPU (server and reading client together) ${secs(cpuMs)} = ${int(Math.round(rows / (cpuMs / 1000)))} rows per CPU-second; ${loadBefore} before, ${load()} after\n` +
      `    RSS (client and server in this process): start ${mb(rss[0] ?? 0)}, peak ${mb(Math.max(...rss))}, end ${mb(rss.at(-1) ?? 0)}; peak per quarter of the run ${trail.join(' → ')}`,
  );
}

/** What the rollup trigger adds to a status change: acknowledge UPDATES complaints one by one, with and without it. */
async function triggerCost(database: Database) {
  const pool = database.pool;
  if (!pool) return;
  const ids = (await select<{ id: string }>(database, `select id from complaints where status = 'submitted' order by created_at desc limit ${UPDATES * 2}`)).map((r) => r.id);
  const run = async (batch: string[]) => {
    const t = performance.now();
    for (const id of batch) await pool.query(`update complaints set status = 'acknowledged', updated_at = now() where id = $1`, [id]);
    return (performance.now() - t) / batch.length;
  };
  const withTrigger = await run(ids.slice(0, UPDATES));
  await pool.query('ALTER TABLE complaints DISABLE TRIGGER insight_daily_update');
  const without = await run(ids.slice(UPDATES));
  await pool.query('ALTER TABLE complaints ENABLE TRIGGER insight_daily_update');
  console.log(`\n  one status change (autocommit UPDATE, ${UPDATES} each): ${ms(withTrigger)} with the rollup trigger, ${ms(without)} without it`);
}
