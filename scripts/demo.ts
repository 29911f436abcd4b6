/**
 * `npm run demo`: fills the portal's database with a believable university (tests/factories/demo-fill.ts:
 * the seed's hostels, staff and wardens with scopes, the anti-ragging duty, about 300 complaints over
 * the last 60 days in every status, category and hostel, with replies, ratings, mail and the
 * escalations of those months as history), prints who to sign in as for each role, and leaves the
 * portal to `scripts/start.mjs` to serve. A fill that was interrupted (Ctrl+C) is recognised the next
 * time, cleared of what it made (accounts and complaints made since by anyone else stay) and done
 * again when no complaint is left; when the demo's own accounts were used on something else, it
 * removes nothing and says what to do.
 *
 * Never in production: it refuses NODE_ENV=production and needs the development dependencies.
 */
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { DataDirLockedError } from '../src/server/db/lock-file.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { complaints } from '../src/server/db/schema.js';
import { DEMO_ADMIN, DEMO_COMMITTEE, DEMO_OMBUDSPERSON, DEMO_STAFF, demoStudents, signInTable, type DemoPerson } from '../tests/factories/demo.js';
import { clearUnfinishedDemo, DemoEntangledError, DEMO_STUDENTS, demoState, fillDemo } from '../tests/factories/demo-fill.js';

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

  const interrupted = (await demoState(db)) === 'unfinished';
  if (interrupted) {
    console.log('An earlier demo fill was interrupted: clearing what it made (anything else stays) and filling again.');
    try {
      await clearUnfinishedDemo(db);
    } catch (error) {
      if (!(error instanceof DemoEntangledError)) throw error;
      await database.close();
      fail(
        `${error.message}\nTo start over with a fresh demo, stop the portal, remove the data folder (rm -rf ./data) and run npm run demo again;` +
          ' or serve the database as it is with npm start.',
      );
    }
  }
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(complaints);
  if ((existing?.n ?? 0) > 0) {
    if (interrupted) {
      // The demo's people are gone with the rest of it: their roles would sign in as nobody.
      console.log(`The interrupted demo was cleared; the ${existing?.n} complaints that were not the demo's were kept, so no demo data was added.`);
      console.log('To start over with a fresh demo, stop the portal, remove the data folder (rm -rf ./data) and run npm run demo again.');
      await database.close();
      return;
    }
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

/** Who works the grievance ladder (issue 44): the committee's chair and student invitee, and the Ombudsperson. */
const grievanceLadder = (): Array<Pick<DemoPerson, 'email' | 'name' | 'title'>> => [
  ...DEMO_COMMITTEE.filter((m) => m.position !== 'member'),
  DEMO_OMBUDSPERSON,
];

function printRoles(publicUrl: string) {
  const people: Array<Pick<DemoPerson, 'email' | 'name' | 'title'>> = [
    DEMO_ADMIN,
    ...DEMO_STAFF,
    ...demoStudents(2).map((s) => ({ email: s.email, name: s.name, title: `student, ${s.hostel}` })),
    ...grievanceLadder(),
  ];
  console.log(`\nSign in at ${publicUrl} with the development sign-in: type the e-mail and the display name.\n`);
  for (const line of signInTable(people)) console.log(line);
  console.log('\nWorkers land on the staff console (/staff), the admin on the admin console (/admin), students on the home page.');
}

await main();
