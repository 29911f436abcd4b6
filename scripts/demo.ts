/**
 * `npm run demo`: fills the portal's database with a believable university (tests/factories/demo-fill.ts:
 * the seed's hostels, staff and wardens with scopes, the anti-ragging duty, about 300 complaints over
 * the last 60 days in every status, category and hostel, with replies, ratings, mail and the
 * escalations of those months as history), prints who to sign in as for each role, and leaves the
 * portal to `scripts/start.mjs` to serve. A fill that was interrupted (Ctrl+C) is recognised the next
 * time, cleared and done again.
 *
 * Never in production: it refuses NODE_ENV=production and needs the development dependencies.
 */
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { DataDirLockedError } from '../src/server/db/lock-file.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { complaints } from '../src/server/db/schema.js';
import { DEMO_ADMIN, DEMO_STAFF, demoStudents, type DemoPerson } from '../tests/factories/demo.js';
import { clearUnfinishedDemo, DEMO_STUDENTS, demoState, fillDemo } from '../tests/factories/demo-fill.js';

const COMPLAINTS = Number(process.env.DEMO_COMPLAINTS ?? 300);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  if (process.env.NODE_ENV === 'production') fail('npm run demo fills a database with made-up people; it never runs in production.');
  let config: Config;
  try {
    config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' });
  } catch (error) {
    if (error instanceof ConfigError) fail(`The demo cannot start.\n${error.message}`);
    throw error;
  }
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embeddedCacheMb: config.embeddedDbCacheMb });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message}\nStop the running portal first (npm run demo fills the database, then starts it).`);
    throw error;
  }
  await runMigrations(database);
  const { db } = database;

  if ((await demoState(db)) === 'unfinished') {
    console.log('An earlier demo fill was interrupted: clearing what it wrote and filling again.');
    await clearUnfinishedDemo(db);
  }
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(complaints);
  if ((existing?.n ?? 0) > 0) {
    console.log(`The database already holds ${existing?.n} complaints, so no demo data was added.`);
    console.log('To start over with a fresh demo, stop the portal, remove the data folder (rm -rf ./data) and run npm run demo again.');
    printRoles(config.publicUrl);
    await database.close();
    return;
  }

  console.log('Filling the portal with a demo university…');
  const filed = await fillDemo({ config, database, complaints: COMPLAINTS, log: (line) => console.log(line) });
  await database.close();
  console.log(`Demo ready: ${filed} complaints from ${DEMO_STUDENTS} students, ${DEMO_STAFF.length} staff and wardens, one admin.`);
  printRoles(config.publicUrl);
}

function printRoles(publicUrl: string) {
  const pad = (s: string, n: number) => s.padEnd(n);
  const people: Array<Pick<DemoPerson, 'email' | 'name' | 'title'>> = [
    DEMO_ADMIN,
    ...DEMO_STAFF,
    ...demoStudents(2).map((s) => ({ email: s.email, name: s.name, title: `student, ${s.hostel}` })),
  ];
  console.log(`\nSign in at ${publicUrl} with the development sign-in: type the e-mail and the display name.\n`);
  console.log(`${pad('role', 44)}${pad('e-mail', 40)}display name`);
  for (const p of people) console.log(`${pad(p.title, 44)}${pad(p.email, 40)}${p.name}`);
  console.log('\nWorkers land on the staff console (/staff), the admin on the admin console (/admin), students on the home page.');
}

await main();
