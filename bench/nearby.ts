import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema.js';
import { nearby, nearbyComplaints } from '../src/server/modules/complaints/nearby.js';
import type { NearbyQuery } from '../src/shared/complaints.js';
import { measure, printResults, select, type Result } from './queue.js';

/**
 * "Already reported" on the form (decision 36) over the queue bench's complaints: what the form asks
 * while a student types, timed as the server runs it (the suggestions, the notices and their own open
 * complaint of the room), and the PostgreSQL plan of the suggestions' query.
 */

const TARGET_MS = 20;

const QUESTIONS: Array<{ name: string; query: NearbyQuery }> = [
  { name: 'wifi, Block-2, floor 3, "router keeps restarting"', query: { hostel: 'Block-2', category: 'wifi', floor: 3, room: '312', text: 'router keeps restarting' } },
  { name: 'wifi, Block-2, floor 3, nothing typed yet', query: { hostel: 'Block-2', category: 'wifi', floor: 3 } },
  { name: 'water, Block-3, floor 1, "leak under the tap"', query: { hostel: 'Block-3', category: 'water', floor: 1, room: '104', text: 'leak under the tap in the washroom' } },
  { name: 'mess, Girls, no floor, long text', query: { hostel: 'Girls', category: 'mess', text: 'the food was cold and undercooked at dinner, found an insect, plates not washed properly again this week' } },
];

export async function nearbyFigures(database: Database, kind: 'pglite' | 'postgres'): Promise<void> {
  const db = database.db;
  const [viewer] = await select<{ id: string }>(database, `select id from users where role = 'student' order by email limit 1`);
  const viewerId = viewer?.id ?? '';
  const [recent] = await select<{ n: number }>(
    database,
    `select count(*)::int as n from complaints where hostel = 'Block-2' and category = 'wifi' and created_at > now() - interval '14 days'
       and status in ('submitted', 'acknowledged', 'in_progress', 'reopened') and not confidential`,
  );
  const results: Result[] = [];
  for (const { name, query } of QUESTIONS) results.push(await measure(`nearby(): ${name}`, async () => (await nearby(db, viewerId, query)).complaints.length));
  results.push(await measure('nearbyComplaints() alone, wifi Block-2 floor 3', async () => (await nearbyComplaints(db, viewerId, QUESTIONS[0]?.query ?? { hostel: '', category: '' })).length));
  printResults(
    `GET /api/complaints/nearby's reads, server time (rows = suggestions; ${Number(recent?.n ?? 0)} open wifi complaints of Block-2 in the last 14 days)`,
    results,
    kind === 'postgres' ? TARGET_MS : null,
  );
  if (kind === 'postgres' && database.pool) await printPlan(database, viewerId);
}

/** EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL nearbyComplaints sends, captured by a drizzle logger. */
async function printPlan(database: Database, viewerId: string): Promise<void> {
  const pool = database.pool;
  if (!pool) return;
  let captured: { query: string; params: unknown[] } | undefined;
  const logging = drizzlePg(pool, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => void (captured = { query, params }) } }) as unknown as Db;
  await nearbyComplaints(logging, viewerId, QUESTIONS[0]?.query ?? { hostel: '', category: '' });
  const got = captured;
  if (!got) return;
  const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${got.query}`, got.params);
  console.log(`\n  EXPLAIN (ANALYZE, BUFFERS), nearby suggestions (${QUESTIONS[0]?.name ?? ''}):`);
  for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
}
