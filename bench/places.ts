import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema.js';
import type { Scope } from '../src/server/modules/access/scope.js';
import { placeFacts } from '../src/server/modules/staff/place-facts.js';
import { staffPlace } from '../src/server/modules/place-history/service.js';
import { listQueue } from '../src/server/modules/staff/queries.js';
import { queueQuerySchema } from '../src/shared/staff.js';
import { measure, printResults, select, type Result } from './queue.js';

/**
 * Places at scale (issue 27) over the queue bench's complaints: the staff place page (a room, a
 * common area, a deep page of the past) and the queue's page with the repeat flag against the page
 * without it. Run last in the queue bench: it gives each hostel's floors a washroom and moves a
 * twentieth of the water and electricity complaints there (the place page's target: p95 ≤ 20 ms
 * server time at 1,000,000 complaints on PostgreSQL), and prints the PostgreSQL plans.
 */

const TARGET_MS = 20;
const PLAN_LINES = 14;

interface People {
  adminId: string;
  staffId: string;
  wardenId: string;
  staffScope: Scope;
}

/** A washroom on every floor of every hostel (code F<floor>WASH) and a mess hall; a share of the complaints moved to them. */
async function addCommonAreas(database: Database): Promise<{ moved: number; took: number }> {
  const started = performance.now();
  await select(
    database,
    `insert into common_areas (hostel_id, floor, name, code, position)
       select h.id, f, 'Washroom', 'F' || f || 'WASH', f from hostels h, generate_series(h.floor_min, h.floor_max) f
     union all
       select h.id, null, 'Mess hall', 'MESS', 100 from hostels h
     returning id`,
  );
  const [moved] = await select<{ n: number }>(
    database,
    `with moved as (
       update complaints c set common_area_id = a.id, room_no = ''
       from common_areas a join hostels h on h.id = a.hostel_id
       where h.name = c.hostel and a.floor = c.floor and a.code like 'F%WASH'
         and c.category in ('water', 'electricity') and not c.confidential and abs(hashtext(c.id::text)) % 20 = 0
       returning 1)
     select count(*)::int as n from moved`,
  );
  await select(database, 'vacuum analyze complaints');
  return { moved: Number(moved?.n ?? 0), took: performance.now() - started };
}

async function userRow(database: Database, id: string) {
  const [row] = await database.db.select().from(schema.users).where(eq(schema.users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

export async function placeFigures(database: Database, kind: 'pglite' | 'postgres', people: People): Promise<void> {
  const db = database.db;
  const admin = await userRow(database, people.adminId);
  const staff = await userRow(database, people.staffId);
  const warden = await userRow(database, people.wardenId);
  const codes = Object.fromEntries((await select<{ name: string; code: string }>(database, 'select name, code from hostels')).map((h) => [h.name, h.code]));
  const block2 = codes['Block-2'] ?? 'BLOCK2';
  const girls = codes.Girls ?? 'GIRLS';

  // The queue's page with and without the repeat flags (one query for the page's rows).
  const queue = async (scope: Scope, userId: string, withFlags: boolean) => {
    const page = await listQueue(db, scope, { id: userId }, queueQuerySchema.parse({}), new Date());
    if (withFlags) await placeFacts(db, page.items.map((r) => r.complaint));
    return page.items.length;
  };
  const queueResults: Result[] = [
    await measure('listQueue, admin, first page', () => queue({ all: true }, people.adminId, false)),
    await measure('listQueue + placeFacts, admin, first page', () => queue({ all: true }, people.adminId, true)),
    await measure('listQueue, staff wifi/Block-2, first page', () => queue(people.staffScope, people.staffId, false)),
    await measure('listQueue + placeFacts, staff wifi/Block-2', () => queue(people.staffScope, people.staffId, true)),
  ];
  printResults('The queue page without and with the repeat flag (server time; rows = items)', queueResults, null);

  const area = await addCommonAreas(database);
  const [busiest] = await select<{ n: number }>(
    database,
    `select count(*)::int as n from complaints where hostel = 'Block-2' and room_no = '312' and common_area_id is null and not confidential`,
  );
  const [areaSize] = await select<{ n: number }>(
    database,
    `select count(*)::int as n from complaints c join common_areas a on a.id = c.common_area_id join hostels h on h.id = a.hostel_id
      where h.name = 'Block-2' and a.code = 'F3WASH' and not c.confidential`,
  );
  console.log(
    `\n  places: ${area.moved.toLocaleString('en-US')} complaints moved to ${Object.keys(codes).length} hostels' washrooms in ${(area.took / 1000).toFixed(1)} s; ` +
      `room 312 of Block-2 has ${Number(busiest?.n ?? 0)} complaints, its floor-3 washroom ${Number(areaSize?.n ?? 0)}`,
  );

  const page = (user: typeof admin, code: string, ref: string, cursor?: string) => async () => {
    const result = await staffPlace(db, user, code, ref, { limit: 20, cursor });
    return result.open.length + result.past.items.length;
  };
  // A cursor ten pages into room 312's past, as "Show older complaints" would reach it.
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) cursor = (await staffPlace(db, admin, block2, '312', { limit: 20, cursor })).past.nextCursor ?? undefined;
  const results: Result[] = [
    await measure(`staffPlace, admin, room ${block2}/312`, page(admin, block2, '312')),
    await measure(`staffPlace, staff wifi/Block-2, room ${block2}/312`, page(staff, block2, '312')),
    await measure(`staffPlace, warden Girls, room ${girls}/205`, page(warden, girls, '205')),
    await measure(`staffPlace, admin, area ${block2}/F3WASH`, page(admin, block2, 'F3WASH')),
    await measure(`staffPlace, staff wifi/Block-2, area ${block2}/F3WASH`, page(staff, block2, 'F3WASH')),
    await measure(`staffPlace, admin, room 312, past page 11`, page(admin, block2, '312', cursor)),
  ];
  printResults('GET /api/staff/places/:hostelCode/:place, server time (staffPlace; rows = open + past on the page)', results, kind === 'postgres' ? TARGET_MS : null);
  if (kind === 'postgres') await printPlans(database, admin, block2);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the place page's reads of complaints and of the queue's repeat flags, as sent. */
async function printPlans(database: Database, admin: schema.UserRow, block2: string): Promise<void> {
  const pool = database.pool;
  if (!pool) return;
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logging = drizzlePg(pool, { schema, casing: 'snake_case', logger: { logQuery: (query, params) => void captured.push({ query, params }) } }) as unknown as Db;
  const show = async (label: string, capture: () => Promise<unknown>) => {
    captured.length = 0;
    await capture();
    // The reads of complaints; the hostel, area and scope look-ups are primary-key and unique-index probes.
    for (const { query, params } of captured.filter((q) => /from "complaints"|from \(values/i.test(q.query))) {
      const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
      const lines = result.rows.map((r) => r['QUERY PLAN']);
      const what = /count\(\*\)/i.test(query) && /group by/i.test(query) ? 'last 30 days by category' : /not in/i.test(query) || /<>/.test(query) ? 'past' : /from \(values/i.test(query) ? 'repeat flags' : 'open';
      console.log(`\n  ${label}: ${what} — ${lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ')}`);
      for (const line of lines.filter((l) => !/^(Planning|Execution) Time/.test(l)).slice(0, PLAN_LINES)) {
        console.log(`    ${line.length > 170 ? `${line.slice(0, 167)}…` : line}`);
      }
    }
  };
  console.log('\n  EXPLAIN (ANALYZE, BUFFERS) of the place page and the repeat flags');
  await show(`room ${block2}/312 (admin)`, () => staffPlace(logging, admin, block2, '312', { limit: 20 }));
  await show(`area ${block2}/F3WASH (admin)`, () => staffPlace(logging, admin, block2, 'F3WASH', { limit: 20 }));
  await show('queue first page (admin)', async () => {
    const page = await listQueue(database.db, { all: true }, { id: admin.id }, queueQuerySchema.parse({}), new Date());
    await placeFacts(logging, page.items.map((r) => r.complaint));
  });
}
