import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema.js';
import type { Scope } from '../src/server/modules/access/scope.js';
import { attentionCounts, listQueue } from '../src/server/modules/staff/queries.js';
import { queueQuerySchema } from '../src/shared/staff.js';
import { measure, printResults, select, type Result } from './queue.js';

/**
 * The queue's first screen over the queue bench's complaints (decision 38): the New view (what
 * nobody acknowledged, newest first), the escalated view (open, escalation level above 0, due
 * soonest with the followers' order), a walk through the escalated view's pages, and the figures of
 * GET /api/staff/attention, each for an admin, a worker of one trade and hostel, and a warden of one
 * hostel; then the PostgreSQL plans of each.
 */

const TARGET_MS = 50;
const WALK_PAGES = 40;
const PLAN_LINES = 10;

interface Reader {
  label: string;
  scope: Scope;
  user: { id: string };
}

type Query = Record<string, string>;

const VIEWS: Array<{ name: string; query: Query; plan: boolean }> = [
  { name: 'New (submitted, newest)', query: { status: 'submitted' }, plan: true },
  { name: 'Escalated (sort=due)', query: { escalated: 'true', sort: 'due' }, plan: true },
];

export async function firstScreenFigures(database: Database, kind: 'pglite' | 'postgres', readers: Reader[]): Promise<void> {
  const db = database.db;
  const page = (reader: Reader, query: Query, on: Db = db) => listQueue(on, reader.scope, reader.user, queueQuerySchema.parse(query), new Date());
  const [escalated] = await select<{ n: number }>(
    database,
    `select count(*)::int as n from complaints where status in ('submitted', 'acknowledged', 'in_progress', 'reopened') and escalation_level > 0`,
  );

  const views: Result[] = [];
  for (const view of VIEWS) {
    for (const reader of readers) views.push(await measure(`(i) ${view.name}, ${reader.label}`, async () => (await page(reader, view.query)).items.length));
  }
  // Page after page of the escalated view (the due cursor carries the followers too).
  const admin = readers[0];
  if (admin) {
    let cursor: string | undefined;
    let pages = 0;
    const started = performance.now();
    for (; pages < WALK_PAGES; pages++) {
      const next = (await page(admin, { escalated: 'true', sort: 'due', ...(cursor ? { cursor } : {}) })).nextCursor;
      if (!next) break;
      cursor = next;
    }
    const walk = performance.now() - started;
    console.log(`  escalated view, ${admin.label}: ${pages} pages followed in ${(walk / 1000).toFixed(1)} s (${(walk / Math.max(1, pages)).toFixed(1)} ms a page)`);
    if (cursor) views.push(await measure(`(i) Escalated, page ${pages + 1}, ${admin.label}`, async () => (await page(admin, { escalated: 'true', sort: 'due', cursor })).items.length));
  }
  printResults(
    `The first screen's views, listQueue server time (rows = items on the page; ${Number(escalated?.n ?? 0)} open escalated complaints in all)`,
    views,
    kind === 'postgres' ? TARGET_MS : null,
  );

  const counts: Result[] = [];
  for (const reader of readers) counts.push(await measure(`(j) attentionCounts, ${reader.label}`, async () => (await attentionCounts(db, reader.scope, reader.user, new Date())).escalated));
  printResults('GET /api/staff/attention\'s six figures, attentionCounts server time (rows = the escalated figure)', counts, kind === 'postgres' ? TARGET_MS : null);

  if (kind === 'postgres' && database.pool) await printPlans(database, readers, page);
}

/** EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the views and the figures send, captured by a drizzle logger. */
async function printPlans(database: Database, readers: Reader[], page: (reader: Reader, query: Query, on: Db) => Promise<unknown>) {
  const pool = database.pool;
  if (!pool) return;
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logging = drizzlePg(pool, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => void captured.push({ query, params }) } }) as unknown as Db;
  const explain = async (name: string, run: () => Promise<unknown>, keep: (q: string) => boolean, planLines = PLAN_LINES) => {
    captured.length = 0;
    await run();
    for (const { query, params } of captured.filter((c) => keep(c.query))) {
      const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const lines = result.rows.map((r) => r['QUERY PLAN']);
      const timing = lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ');
      console.log(`\n  ${name} — ${timing}`);
      for (const line of lines.slice(0, planLines)) console.log(`    ${line.length > 170 ? `${line.slice(0, 167)}…` : line}`);
    }
  };
  console.log(`\n  EXPLAIN (ANALYZE, BUFFERS) of the first screen: the first ${PLAN_LINES} lines of each view's, all of the attention figures`);
  for (const view of VIEWS.filter((v) => v.plan)) {
    for (const reader of readers) await explain(`(i) ${view.name}, ${reader.label}`, () => page(reader, view.query, logging), (q) => q.includes('"complaints"'));
  }
  // One statement (decision 61): the sums over complaint_counts and its two index reads, not yet
  // due and the reader's own open work, each an InitPlan; all of it shown.
  for (const reader of readers) {
    await explain(`(j) attentionCounts, ${reader.label}`, () => attentionCounts(logging, reader.scope, reader.user, new Date()), (q) => q.includes('complaint_counts'), 40);
  }
}
