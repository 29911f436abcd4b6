import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database, Db } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { complaintFollowers, complaints, incidentFollowers, incidents, notifications, outbox, pushOutbox, pushSubscriptions, users } from '../src/server/db/schema.js';
import type { LifecycleContext } from '../src/server/modules/lifecycle/index.js';
import { resolveIncident } from '../src/server/modules/incidents/writes.js';
import { baseUrl, ms, openBenchDatabase } from './queue.js';

/**
 * Resolving a notice (decision 37): BENCH_INCIDENT_COMPLAINTS linked complaints (default 200) and
 * BENCH_INCIDENT_FOLLOWERS followers (default 300: half follow linked complaints, half the notice,
 * and some filers follow both ways), half of everyone with a push device. Times resolveIncident —
 * one transaction: the complaints, their timeline and audit entries, the notice, one mail, bell and
 * push per person — on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and PGlite, and checks
 * that each person was told once. Figures only; the target is under 2 s.
 */

const COMPLAINTS = Number(process.env.BENCH_INCIDENT_COMPLAINTS ?? 200);
const FOLLOWERS = Number(process.env.BENCH_INCIDENT_FOLLOWERS ?? 300);
const RUNS = Number(process.env.BENCH_INCIDENT_RUNS ?? 3);
const TARGET_MS = 2000;
const HOSTEL = 'Block-2';

async function seedUsers(db: Db, n: number, tag: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `bench.${tag}.${i}@vitbhopal.ac.in`,
    name: `Bench ${tag} ${i}`,
    fname: `Bench${i}`,
    regId: `21BCE${String(10000 + i)}`,
  }));
  const made: Array<{ id: string; email: string; fname: string; regId: string }> = [];
  for (let i = 0; i < rows.length; i += 500) {
    made.push(...(await db.insert(users).values(rows.slice(i, i + 500)).returning({ id: users.id, email: users.email, fname: users.fname, regId: users.regId })));
  }
  return made;
}

/** One notice with its linked complaints and followers; the ids of everyone it concerns. */
async function seedIncident(db: Db, run: number) {
  const filers = await seedUsers(db, COMPLAINTS, `filer${run}`);
  const others = await seedUsers(db, FOLLOWERS, `follower${run}`);
  const [incident] = await db
    .insert(incidents)
    .values({ hostel: HOSTEL, floors: [2], category: 'wifi', title: `Wi-Fi outage on floor 2 (run ${run})`, endsAt: new Date(Date.now() + 3_600_000) })
    .returning();
  if (!incident) throw new Error('no incident');
  const linked = await db
    .insert(complaints)
    .values(
      filers.map((f, i) => ({
        number: `HC-BENCH-${run}-${String(i).padStart(5, '0')}`,
        kind: 'complaint' as const,
        category: 'wifi',
        complaintHead: 'Wifi Complaint',
        subCategory: 'Not Working',
        hostel: HOSTEL,
        floor: 2,
        roomNo: String(200 + (i % 60)),
        message: 'No Wi-Fi since the morning.',
        studentId: f.id,
        fname: f.fname,
        regId: f.regId,
        userEmail: f.email,
        toEmails: ['wifi.team@vitbhopal.ac.in'],
        status: i % 3 === 0 ? ('acknowledged' as const) : ('submitted' as const),
        dueAt: new Date(Date.now() + 86_400_000),
        incidentId: incident.id,
      })),
    )
    .returning({ id: complaints.id });
  const half = Math.floor(FOLLOWERS / 2);
  const followingComplaints = others.slice(0, half).map((o, i) => ({ complaintId: linked[i % linked.length]?.id ?? '', userId: o.id, source: 'me_too' as const }));
  // A tenth of the filers follow someone else's complaint too: told once all the same.
  const filersFollowing = filers.slice(0, Math.floor(COMPLAINTS / 10)).map((f, i) => ({ complaintId: linked[(i + 1) % linked.length]?.id ?? '', userId: f.id, source: 'me_too' as const }));
  if (followingComplaints.length + filersFollowing.length) await db.insert(complaintFollowers).values([...followingComplaints, ...filersFollowing]);
  // The other half of the followers follow the notice, and so does a fifth of the filers.
  const incidentFollowing = [...others.slice(half), ...filers.slice(0, Math.floor(COMPLAINTS / 5))].map((p) => ({ incidentId: incident.id, userId: p.id }));
  if (incidentFollowing.length) await db.insert(incidentFollowers).values(incidentFollowing);
  const everyone = [...filers, ...others];
  const devices = everyone.filter((_, i) => i % 2 === 0).map((p) => ({ userId: p.id, endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, p256dh: 'BENCH', auth: 'BENCH' }));
  for (let i = 0; i < devices.length; i += 500) await db.insert(pushSubscriptions).values(devices.slice(i, i + 500));
  return { incident, people: everyone.map((p) => p.id) };
}

async function runOn(kind: 'pglite' | 'postgres') {
  const { database, cleanup } = await openBenchDatabase(kind, 'hcp_bench_incidents');
  try {
    await runMigrations(database);
    await report(kind, database);
  } finally {
    await cleanup();
  }
}

async function report(kind: 'pglite' | 'postgres', database: Database) {
  const db = database.db;
  // The portal's own lifecycle context (mail held: no SMTP), as a request would use it.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-incidents-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3998',
    PUBLIC_URL: 'http://127.0.0.1:3998',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-0123456789-0123456789',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, dispatchMail: false, runJobs: false });
  try {
    await resolveRuns(kind, db, app.lifecycle);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function resolveRuns(kind: 'pglite' | 'postgres', db: Db, ctx: LifecycleContext) {
  const [actor] = await seedUsers(db, 1, 'staff');
  if (!actor) throw new Error('no actor');
  const times: number[] = [];
  console.log(`\n  ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: ${COMPLAINTS} linked complaints, ${FOLLOWERS} followers, ${RUNS} runs`);
  for (let run = 1; run <= RUNS; run++) {
    const { incident, people } = await seedIncident(db, run);
    const started = performance.now();
    const result = await ctx.transaction((tx) => resolveIncident(tx, ctx, incident, actor.id, 'The new switch is in; Wi-Fi is back.'));
    const took = performance.now() - started;
    times.push(took);
    const [mails] = await db.select({ n: count(), people: countDistinct(outbox.toEmails) }).from(outbox).where(eq(outbox.purpose, 'incident_resolved'));
    const bells = await db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(inArray(notifications.userId, people))
      .groupBy(notifications.userId);
    const [pushes] = await db.select({ n: count() }).from(pushOutbox);
    const open = await db.select({ n: count() }).from(complaints).where(and(eq(complaints.incidentId, incident.id), eq(complaints.status, 'submitted')));
    const distinct = new Set(people).size;
    const onceEach = bells.length === distinct && bells.every((b) => Number(b.n) === 1);
    console.log(
      `    run ${run}: ${ms(took)} — resolved ${result.resolved.length}, told ${result.told} of ${distinct} people; ` +
        `mails ${Number(mails?.n ?? 0)} so far (${Number(mails?.people ?? 0)} addresses), bells once each: ${onceEach ? 'yes' : 'NO'}, ` +
        `push rows ${Number(pushes?.n ?? 0)} so far, left open ${Number(open[0]?.n ?? 0)}`,
    );
  }
  times.sort((a, b) => a - b);
  console.log(`    median ${ms(times[Math.floor(times.length / 2)] ?? NaN)}, max ${ms(times.at(-1) ?? NaN)} (target under ${ms(TARGET_MS)}, one transaction)`);
}

export async function incidentsBench() {
  if (baseUrl()) await runOn('postgres');
  else console.log('\n  (PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… or TEST_DATABASE_URL to measure it)');
  await runOn('pglite');
}
