/**
 * `npm run demo`: fills the portal's database with a believable university (the seed's hostels,
 * staff and wardens with scopes, the anti-ragging duty, about 300 complaints over the last 60 days
 * in every status, category and hostel, with replies, ratings and mail), prints who to sign in as
 * for each role, and leaves the portal to `scripts/start.mjs` to serve. Everything goes through the
 * real application (its routes, rules and transactions), as the people themselves would do it;
 * only the dates are moved back afterwards so the complaints spread over two months.
 *
 * Never in production: it refuses NODE_ENV=production and needs the development dependencies.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { ConfigError, loadConfig, type Config } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { DataDirLockedError } from '../src/server/db/lock-file.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { complaintEvents, complaints, notifications, outbox, users } from '../src/server/db/schema.js';
import { createSession } from '../src/server/modules/auth/session-service.js';
import { upsertUserAtSignIn } from '../src/server/modules/users/service.js';
import { aCleaningRequest, aComplaint } from '../tests/factories/complaints.js';
import { DEMO_ADMIN, DEMO_OUTCOMES, DEMO_STAFF, DEMO_TEXTS, demoStudents, seededRandom, type DemoOutcome, type DemoPerson } from '../tests/factories/demo.js';

const COMPLAINTS = Number(process.env.DEMO_COMPLAINTS ?? 300);
const STUDENTS = 40;
const DAYS = 60;

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

  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(complaints);
  if ((existing?.n ?? 0) > 0) {
    console.log(`The database already holds ${existing?.n} complaints, so no demo data was added.`);
    console.log('To start over with a fresh demo, stop the portal, remove the data folder (rm -rf ./data) and run npm run demo again.');
    printRoles(config.publicUrl);
    await database.close();
    return;
  }

  const app = await buildApp({
    // Generous limits: the demo does in a minute what a hostel does in two months.
    config: { ...config, adminEmails: [...config.adminEmails, DEMO_ADMIN.email], rateLimits: { signInPerMinute: 100_000, writesPerMinute: 100_000, photosPerHour: 100_000 } },
    database,
    logger: false,
    dispatchMail: false,
    runJobs: false,
  });
  await app.ready();
  const random = seededRandom(2026);

  /** A signed-in caller of the real API (a session made as sign-in makes it; no provider round trip). */
  async function as(identity: { email: string; name: string }) {
    const { regPattern } = await app.catalog.get();
    const user = await upsertUserAtSignIn(
      db,
      { email: identity.email, displayName: identity.name, issuer: 'demo', subject: identity.email },
      { regNumberPattern: regPattern, adminEmails: [DEMO_ADMIN.email] },
    );
    const { token, session } = await createSession(db, user.id, config.sessionIdleMs, 'npm run demo');
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Record<string, unknown>> => {
      const response = await app.inject({
        method,
        url,
        headers: {
          cookie: `${app.sessionCookie.name}=${token}`,
          'x-csrf-token': session.csrfToken,
          origin: config.publicOrigin,
          'idempotency-key': randomUUID(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
      return response.body ? (response.json<Record<string, unknown>>()) : {};
    };
    return { user, call };
  }

  console.log('Filling the portal with a demo university…');
  const admin = await as({ email: DEMO_ADMIN.email, name: DEMO_ADMIN.name });
  const workers = new Map<string, Awaited<ReturnType<typeof as>>>();
  for (const person of DEMO_STAFF) {
    await admin.call('POST', '/api/admin/users', {
      email: person.email,
      name: person.name,
      role: person.role,
      antiRagging: person.antiRagging ?? false,
      scopes: person.scopes,
    });
    workers.set(person.email, await as(person));
  }
  const students = await Promise.all(demoStudents(STUDENTS).map(async (s) => ({ ...s, api: await as(s) })));
  const { catalog } = await app.catalog.get();
  const workerFor = (category: string, hostel: string) => {
    const person =
      DEMO_STAFF.find((p) => p.role === 'staff' && p.scopes.some((s) => s.category === category)) ??
      DEMO_STAFF.find((p) => p.scopes.some((s) => s.hostel === hostel));
    return person ? workers.get(person.email) : undefined;
  };
  const outcomeWeights = DEMO_OUTCOMES.flatMap((o) => Array<DemoOutcome>(o.weight).fill(o.status));

  let filed = 0;
  for (let i = 0; i < COMPLAINTS; i += 1) {
    const student = random.pick(students);
    const hostel = catalog.hostels.find((h) => h.name === student.hostel) ?? catalog.hostels[0];
    if (!hostel) throw new Error('the catalogue has no hostel');
    const floor = random.int(hostel.floorMin, Math.min(hostel.floorMax, 5));
    const room = String(floor * 100 + random.int(1, 40));
    let number: string;
    let category: string;
    if (random.next() < 0.1) {
      const created = await student.api.call('POST', '/api/cleaning-requests', aCleaningRequest({ hostel: hostel.name, roomNo: Number(room) }));
      number = String(created.number);
      category = 'room_cleaning';
    } else {
      const cat = random.pick(catalog.categories.filter((c) => c.key !== 'other' || random.next() < 0.4));
      const sub = random.pick(cat.subCategories);
      const texts = DEMO_TEXTS[cat.key]?.[sub.name] ?? [`${sub.name}: please have a look.`];
      const created = await student.api.call(
        'POST',
        '/api/complaints',
        aComplaint({ category: cat.key, subCategory: sub.name, hostel: hostel.name, floor, roomNo: room, complaint: random.pick(texts) }),
      );
      number = String(created.number);
      category = cat.key;
    }
    filed += 1;
    if (filed % 50 === 0) console.log(`  ${filed} complaints…`);
    const outcome = random.pick(outcomeWeights);
    const worker = workerFor(category, hostel.name) ?? admin;
    const move = (to: string, note = '') => worker.call('POST', `/api/staff/complaints/${number}/transitions`, { to, note });
    if (outcome === 'submitted') continue;
    if (random.next() < 0.7) await worker.call('POST', `/api/staff/complaints/${number}/assign`, { assigneeId: worker.user.id });
    if (outcome === 'rejected') {
      await move('rejected', random.pick(['Duplicate of an earlier complaint.', 'This is outside the hostel’s responsibility; please contact the estate office.']));
      continue;
    }
    await move('acknowledged');
    if (outcome === 'acknowledged') continue;
    if (random.next() < 0.5) {
      const text = random.pick(['We will visit your room today between 3 and 5 pm.', 'Could you tell us whether it happens all day or only in the evening?', 'A spare part has been ordered.']);
      await worker.call('POST', `/api/staff/complaints/${number}/replies`, { text, internal: false });
      // A question gets its answer in the same thread (no random draw: the demo stays the same otherwise).
      if (text.startsWith('Could you tell us')) {
        await student.api.call('POST', `/api/complaints/${number}/replies`, { text: 'Mostly in the evening, after 8 pm.' });
      }
    }
    if (random.next() < 0.3) {
      await worker.call('POST', `/api/staff/complaints/${number}/replies`, { text: 'Vendor informed; check stock in the store room.', internal: true });
    }
    await move('in_progress');
    if (outcome === 'in_progress') continue;
    await move('resolved', random.pick(['Fixed.', 'Replaced the part.', 'Done, please check.']));
    if (outcome === 'resolved') continue;
    if (outcome === 'reopened') {
      await student.api.call('POST', `/api/complaints/${number}/reopen`, { reason: 'It is happening again since yesterday.' });
      continue;
    }
    const rated = random.next() < 0.7;
    await student.api.call('POST', `/api/complaints/${number}/confirm`, rated ? { rating: random.int(2, 5), comment: random.pick(['', 'Quick work, thank you.', 'Took a while but fixed.']) || undefined } : {});
  }

  await spreadOverTime(db, random);
  await app.close();
  await database.close();
  console.log(`Demo ready: ${filed} complaints from ${STUDENTS} students, ${DEMO_STAFF.length} staff and wardens, one admin.`);
  printRoles(config.publicUrl);
}

/**
 * Moves each complaint's history back so the demo covers the last 60 days: a complaint keeps the
 * order and spacing of its events, a few hours apart. Resolved ones stay within the last few days,
 * so the auto-close job leaves them for the student to confirm.
 */
async function spreadOverTime(db: Database['db'], random: ReturnType<typeof seededRandom>) {
  const rows = await db.select({ id: complaints.id, status: complaints.status, dueAt: complaints.dueAt }).from(complaints);
  const now = Date.now();
  for (const row of rows) {
    const maxDays = row.status === 'resolved' ? 4 : row.status === 'submitted' ? 3 : DAYS;
    const start = now - random.int(1, maxDays * 24) * 3_600_000;
    const events = await db
      .select({ id: complaintEvents.id, toStatus: complaintEvents.toStatus, createdAt: complaintEvents.createdAt })
      .from(complaintEvents)
      .where(eq(complaintEvents.complaintId, row.id))
      .orderBy(complaintEvents.createdAt);
    const gap = Math.max(1, Math.floor((now - start) / 3_600_000 / Math.max(events.length, 1)));
    let at = start;
    let resolvedAt: number | null = null;
    // The due time runs from the filing or the last reopening: it moves back with that event.
    let clockShift = 0;
    let acknowledgedAt: number | null = null;
    for (const [index, event] of events.entries()) {
      await db.update(complaintEvents).set({ createdAt: new Date(at) }).where(eq(complaintEvents.id, event.id));
      if (event.toStatus === 'resolved') resolvedAt = at;
      if (index === 0 || event.toStatus === 'reopened') clockShift = at - event.createdAt.getTime();
      if (acknowledgedAt === null && event.toStatus !== 'submitted') acknowledgedAt = at;
      at = Math.min(now - 60_000, at + random.int(1, gap) * 3_600_000);
    }
    await db
      .update(complaints)
      .set({
        createdAt: new Date(start),
        updatedAt: new Date(at),
        ...(resolvedAt ? { resolvedAt: new Date(resolvedAt) } : {}),
        dueAt: new Date(row.dueAt.getTime() + clockShift),
        ...(acknowledgedAt ? { acknowledgedAt: new Date(acknowledgedAt) } : {}),
      })
      .where(eq(complaints.id, row.id));
    await db.update(outbox).set({ createdAt: new Date(start) }).where(eq(outbox.complaintId, row.id));
    await db.update(notifications).set({ createdAt: new Date(at) }).where(eq(notifications.complaintId, row.id));
  }
  await db.update(users).set({ lastSignInAt: new Date(now - 3_600_000) });
  // The insights rollup counted every event today, as it happened; recount it on the moved history.
  await db.execute(sql`select insight_daily_rebuild()`);
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
