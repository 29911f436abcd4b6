/**
 * Fills a database with the demo university (`npm run demo`, scripts/demo.ts; and tests that want
 * one): the seed's hostels, staff and wardens with scopes, the anti-ragging duty, complaints over
 * the last 60 days in every status, category and hostel, with replies, ratings and mail.
 * Everything goes through the real application (its routes, rules and transactions), as the people
 * themselves would do it; only the dates are moved back afterwards so the complaints spread over two
 * months, and the escalations the job would have made over those months are made and dated then.
 *
 * A fill is recorded in demo_fills: a start without a finish is one that was interrupted, which
 * `demoState` reports and `clearUnfinishedDemo` removes (only what the fill made) so that it can be done again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import type { Database, Tx } from '../../src/server/db/client.js';
import {
  auditLog,
  commonAreas,
  complaintEvents,
  complaints,
  demoFills,
  grievanceSeats,
  grievances,
  holidays,
  hostels,
  notifications,
  outbox,
  photos,
  routingRules,
  university,
  users,
} from '../../src/server/db/schema.js';
import { bumpCatalogVersion } from '../../src/server/modules/catalog/store.js';
import { areaCodeSuggestion, numberedCode } from '../../src/shared/places.js';
import { createSession } from '../../src/server/modules/auth/session-service.js';
import { upsertUserAtSignIn } from '../../src/server/modules/users/service.js';
import { RAGGING_CATEGORY } from '../../src/shared/constants.js';
import { MovableClock } from '../support/clock.js';
import { aCleaningRequest, aComplaint } from './complaints.js';
import { fillGrievances } from './demo-grievances.js';
import {
  DEMO_ADMIN,
  DEMO_AREA_COMPLAINTS,
  DEMO_COMMITTEE,
  DEMO_COMMON_AREAS,
  DEMO_OMBUDSPERSON,
  DEMO_HOLIDAYS,
  DEMO_OUTCOMES,
  DEMO_STAFF,
  DEMO_TEXTS,
  demoStudents,
  seededRandom,
  type DemoOutcome,
} from './demo.js';

export const DEMO_STUDENTS = 40;
const DAYS = 60;

export interface DemoFillOptions {
  config: Config;
  database: Database;
  /** How many complaints and requests to file (default 300). */
  complaints?: number;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
  /** Called after each complaint has reached its outcome; a test throws here to interrupt the fill. */
  afterComplaint?: (filed: number) => void | Promise<void>;
}

export type DemoState = 'none' | 'unfinished' | 'finished';

/** An interrupted fill's accounts were used on what is not the demo's: clearing them would take that with them. */
export class DemoEntangledError extends Error {
  override name = 'DemoEntangledError';
}

/** Whether a demo fill was never started, was interrupted, or finished. */
export async function demoState(db: Database['db']): Promise<DemoState> {
  const fills = await db.select().from(demoFills);
  if (fills.some((f) => f.finishedAt === null)) return 'unfinished';
  return fills.length ? 'finished' : 'none';
}

/**
 * Removes what an interrupted fill made, in one transaction, so the fill can start again; whatever
 * else the database holds stays. The portal may well have been used between the interruption and
 * this (a developer's own account and complaints): the fill's part is told apart by its people, the
 * demo's addresses among the accounts made since it started, and by what hangs off them: their
 * complaints (with each one's timeline, bells, links, photos and mail), their sessions, scopes and
 * bells, the audit entries they wrote or that are about them or their complaints, and mail sent
 * only to them. When one of those accounts was used on something that is not the demo's (a demo
 * worker acknowledging a real complaint, the demo admin changing the catalogue), removing it would
 * rewrite that history too: then nothing is removed and DemoEntangledError says what ties them.
 */
export async function clearUnfinishedDemo(db: Database['db']): Promise<void> {
  await db.transaction(async (tx) => {
    const [started] = await tx
      .select({ at: sql<Date>`min(${demoFills.startedAt})`.mapWith(demoFills.startedAt) })
      .from(demoFills)
      .where(isNull(demoFills.finishedAt));
    if (!started?.at) return;
    const since = started.at;
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.email, demoEmails()), gte(users.createdAt, since)));
    const ids = people.map((p) => p.id);
    // The fill files only as its students and only starts without complaints: every complaint of its people is its own.
    const filed = await tx.select({ id: complaints.id, number: complaints.number }).from(complaints).where(inArray(complaints.studentId, ids));
    const filedIds = filed.map((c) => c.id);
    // Their grievances too (each with its thread and photos): the audit rows about them are the fill's.
    const raised = await tx.select({ id: grievances.id, number: grievances.number }).from(grievances).where(inArray(grievances.studentId, ids));
    const numbers = [...filed.map((c) => c.number), ...raised.map((g) => g.number)];

    const ties = await outsideTheDemo(tx, ids, filedIds, numbers);
    if (ties.length) {
      throw new DemoEntangledError(
        `An earlier demo fill was interrupted, and since then its accounts were used on what is not the demo's:\n${ties.map((t) => `  ${t}`).join('\n')}\n` +
          'Clearing the demo would take that with it, so nothing was removed.',
      );
    }

    await tx.delete(outbox).where(inArray(outbox.complaintId, filedIds));
    if (people.length) {
      const addresses = sql`array[${sql.join(people.map((p) => sql`${p.email}`), sql`, `)}]::text[]`;
      // Mail about no complaint (digests) counts as the fill's only when it went to its people alone.
      await tx
        .delete(outbox)
        .where(and(isNull(outbox.complaintId), gte(outbox.createdAt, since), sql`${outbox.toEmails} <@ ${addresses}`, sql`${outbox.ccEmails} <@ ${addresses}`));
    }
    await rewritingAuditLog(tx, () => tx.delete(auditLog).where(or(inArray(auditLog.actorId, ids), aboutThem(ids, numbers))));
    // Uploads of theirs not attached to anything (their complaints' photos go with the complaints).
    await tx.delete(photos).where(inArray(photos.uploaderId, ids));
    await tx.delete(grievances).where(inArray(grievances.id, raised.map((g) => g.id)));
    await tx.delete(grievanceSeats).where(inArray(grievanceSeats.email, demoEmails()));
    await tx.delete(complaints).where(inArray(complaints.id, filedIds));
    await tx.delete(users).where(inArray(users.id, ids));
    // Numbers start again at 1 only where none is left to collide with; otherwise they go on (a gap harms nobody).
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(complaints);
    if (!left?.n) await tx.execute(sql`alter sequence complaint_number_seq restart`);
    const [grievancesLeft] = await tx.select({ n: sql<number>`count(*)::int` }).from(grievances);
    if (!grievancesLeft?.n) await tx.execute(sql`alter sequence grievance_number_seq restart`);
    await tx.execute(sql`select insight_daily_rebuild()`);
    await tx.delete(demoFills);
  });
}

/** Audit entries about the fill's people (`ids`) or its complaints and grievances (`numbers`). */
function aboutThem(ids: string[], numbers: string[]): SQL {
  return sql`((${auditLog.targetType} in ('complaint', 'grievance') and ${inArray(auditLog.targetId, numbers)}) or (${auditLog.targetType} = 'user' and ${inArray(auditLog.targetId, ids)}))`;
}

/** Every address the fill signs in or adds people with. */
function demoEmails(): string[] {
  return [DEMO_ADMIN, ...DEMO_STAFF, ...demoStudents(DEMO_STUDENTS), ...DEMO_COMMITTEE, DEMO_OMBUDSPERSON].map((p) => p.email);
}

/**
 * What the fill's people (`ids`) did to things that are not the fill's (its complaints are `filedIds`,
 * numbered `numbers`), one line each: everything that would block or be rewritten by removing them.
 */
async function outsideTheDemo(tx: Tx, ids: string[], filedIds: string[], numbers: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const assigned = await tx
    .select({ email: users.email, number: complaints.number })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.assigneeId))
    .where(and(inArray(complaints.assigneeId, ids), not(inArray(complaints.id, filedIds))));
  const acted = await tx
    .selectDistinct({ email: users.email, number: complaints.number })
    .from(complaintEvents)
    .innerJoin(complaints, eq(complaints.id, complaintEvents.complaintId))
    .innerJoin(users, eq(users.id, complaintEvents.actorId))
    .where(and(inArray(complaintEvents.actorId, ids), not(inArray(complaintEvents.complaintId, filedIds))));
  const uploaded = await tx
    .selectDistinct({ email: users.email, number: complaints.number })
    .from(photos)
    .innerJoin(complaints, eq(complaints.id, photos.complaintId))
    .innerJoin(users, eq(users.id, photos.uploaderId))
    .where(and(inArray(photos.uploaderId, ids), not(inArray(photos.complaintId, filedIds))));
  const audited = await tx
    .selectDistinct({ email: users.email, action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    // The committee the fill's admin named is the fill's (its seats go with it below).
    .where(and(inArray(auditLog.actorId, ids), not(aboutThem(ids, numbers)), ne(auditLog.targetType, 'grievance_committee')));
  const routing = await tx
    .select({ email: users.email, key: routingRules.routingKey })
    .from(routingRules)
    .innerJoin(users, eq(users.id, routingRules.updatedBy))
    .where(inArray(routingRules.updatedBy, ids));
  const profile = await tx
    .select({ email: users.email })
    .from(university)
    .innerJoin(users, eq(users.id, university.updatedBy))
    .where(inArray(university.updatedBy, ids));
  const lines = [
    ...assigned.map((r) => `${r.email} is assigned ${r.number}`),
    ...acted.map((r) => `${r.email} wrote on the timeline of ${r.number}`),
    ...uploaded.map((r) => `${r.email} added photos to ${r.number}`),
    ...audited.map((r) => `${r.email}: ${r.action} (${r.targetType} ${r.targetId})`),
    ...routing.map((r) => `${r.email} last changed the routing of ${r.key}`),
    ...profile.map((r) => `${r.email} last changed the university's profile`),
  ];
  return [...new Set(lines)];
}

/**
 * The audit log is append-only (a trigger refuses changes). The demo's history is made up, and only
 * this script dates it back or clears an interrupted fill of it: the trigger is off for `change`
 * alone, inside the caller's transaction, so a failure leaves it on. Needs the tables' owner, which
 * the demo is (it runs the migrations).
 */
async function rewritingAuditLog(tx: Tx, change: () => Promise<unknown>) {
  await tx.execute(sql`alter table ${auditLog} disable trigger audit_log_append_only`);
  await change();
  await tx.execute(sql`alter table ${auditLog} enable trigger audit_log_append_only`);
}

/** Fills the database with the demo university; returns how many complaints it filed. */
export async function fillDemo(opts: DemoFillOptions): Promise<number> {
  const { config, database } = opts;
  const { db } = database;
  const count = opts.complaints ?? 300;
  const log = opts.log ?? (() => undefined);
  // In milliseconds, as a Date carries it back: the finish finds its start by equality.
  const startedAt = new Date();
  await db.insert(demoFills).values({ startedAt });
  const ladderClock = new MovableClock();

  const app = await buildApp({
    // Generous limits: the demo does in a minute what a hostel does in two months.
    config: { ...config, adminEmails: [...config.adminEmails, DEMO_ADMIN.email], rateLimits: { signInPerMinute: 100_000, writesPerMinute: 100_000, photosPerHour: 100_000, grievancesPerDay: 100_000 } },
    database,
    logger: false,
    dispatchMail: false,
    runJobs: false,
    // Real time, except while the grievance ladder is filled: its steps happen on days gone by.
    clock: ladderClock,
  });
  try {
    await app.ready();
    const random = seededRandom(2026);

    /** A signed-in caller of the real API (a session made as sign-in makes it; no provider round trip). */
    async function as(identity: { email: string; name: string }) {
      const { regPattern } = await app.catalog.get();
      const user = await upsertUserAtSignIn(
        db,
        { email: identity.email, displayName: identity.name, issuer: 'demo', subject: identity.email, locale: null },
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
        return response.body ? response.json<Record<string, unknown>>() : {};
      };
      return { user, call };
    }

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
    const students = await Promise.all(demoStudents(DEMO_STUDENTS).map(async (s) => ({ ...s, api: await as(s) })));
    await addCommonAreas(db);
    await addHolidays(db);
    app.catalog.invalidate();
    const { catalog } = await app.catalog.get();
    const workerFor = (category: string, hostel: string) => {
      const person =
        DEMO_STAFF.find((p) => p.role === 'staff' && p.scopes.some((s) => s.category === category)) ??
        DEMO_STAFF.find((p) => p.scopes.some((s) => s.hostel === hostel));
      return person ? workers.get(person.email) : undefined;
    };
    const outcomeWeights = DEMO_OUTCOMES.flatMap((o) => Array<DemoOutcome>(o.weight).fill(o.status));

    type Caller = Awaited<ReturnType<typeof as>>;
    /** Takes a filed complaint to its outcome as its worker and its student would. */
    const reachOutcome = async ({ number, outcome: end, worker, student }: { number: string; outcome: DemoOutcome; worker: Caller; student: Caller }) => {
      const move = (to: string, note = '') => worker.call('POST', `/api/staff/complaints/${number}/transitions`, { to, note });
      if (end === 'submitted') return;
      if (end === 'withdrawn') {
        await student.call('POST', `/api/complaints/${number}/withdraw`);
        return;
      }
      if (random.next() < 0.7) await worker.call('POST', `/api/staff/complaints/${number}/assign`, { assigneeId: worker.user.id });
      if (end === 'rejected') {
        await move('rejected', random.pick(['Duplicate of an earlier complaint.', 'This is outside the hostel’s responsibility; please contact the estate office.']));
        return;
      }
      await move('acknowledged');
      if (end === 'acknowledged') return;
      if (random.next() < 0.5) {
        const text = random.pick(['We will visit your room today between 3 and 5 pm.', 'Could you tell us whether it happens all day or only in the evening?', 'A spare part has been ordered.']);
        await worker.call('POST', `/api/staff/complaints/${number}/replies`, { text, internal: false });
        // A question gets its answer in the same thread (no random draw: the demo stays the same otherwise).
        if (text.startsWith('Could you tell us')) {
          await student.call('POST', `/api/complaints/${number}/replies`, { text: 'Mostly in the evening, after 8 pm.' });
        }
      }
      if (random.next() < 0.3) {
        await worker.call('POST', `/api/staff/complaints/${number}/replies`, { text: 'Vendor informed; check stock in the store room.', internal: true });
      }
      await move('in_progress');
      if (end === 'in_progress') return;
      await move('resolved', random.pick(['Fixed.', 'Replaced the part.', 'Done, please check.']));
      if (end === 'resolved') return;
      if (end === 'reopened') {
        await student.call('POST', `/api/complaints/${number}/reopen`, { reason: 'It is happening again since yesterday.' });
        return;
      }
      const rated = random.next() < 0.7;
      await student.call('POST', `/api/complaints/${number}/confirm`, rated ? { rating: random.int(2, 5), comment: random.pick(['', 'Quick work, thank you.', 'Took a while but fixed.']) || undefined } : {});
    };

    // Two of them are fresh ragging reports (below) once the first few have taken every outcome.
    const raggingReports = Object.entries(DEMO_TEXTS[RAGGING_CATEGORY] ?? {}).slice(0, Math.max(0, count - DEMO_OUTCOMES.length));
    // A couple are filed for common areas at the end, open and fresh, for the scan page to show.
    const areaReports = count >= 12 ? DEMO_AREA_COMPLAINTS : [];
    let filed = 0;
    // A merged outcome files two complaints (the first and its repeat): the loop counts what was filed.
    const target = count - raggingReports.length - areaReports.length;
    for (let i = 0; filed < target; i += 1) {
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
        // Ragging reports are filed at the end, in the present: their statutory clocks run from now.
        const cat = random.pick(catalog.categories.filter((c) => c.key !== RAGGING_CATEGORY && (c.key !== 'other' || random.next() < 0.4)));
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
      if (filed % 50 === 0) log(`  ${filed} complaints…`);
      // The first few take every outcome in turn, so even a small demo shows every status.
      const drawn = random.pick(outcomeWeights);
      const outcome = DEMO_OUTCOMES[i]?.status ?? drawn;
      const worker = workerFor(category, hostel.name) ?? admin;
      if (outcome === 'merged' && category !== 'room_cleaning' && filed < target) {
        // The same problem filed again by a neighbour; the worker merges the repeat into the first.
        await reachOutcome({ number, outcome: 'acknowledged', worker, student: student.api });
        const neighbour = random.pick(students.filter((s) => s.hostel === hostel.name && s !== student)) ?? student;
        const first = await student.api.call('GET', `/api/complaints/${number}`);
        const repeat = await neighbour.api.call(
          'POST',
          '/api/complaints',
          aComplaint({ category, subCategory: String(first.subCategory), hostel: hostel.name, floor, roomNo: String(floor * 100 + random.int(1, 40)), complaint: String(first.complaint) }),
        );
        await worker.call('POST', `/api/staff/complaints/${String(repeat.number)}/merge`, { into: number });
        filed += 1;
      } else {
        await reachOutcome({ number, outcome: outcome === 'merged' ? 'submitted' : outcome, worker, student: student.api });
      }
      await opts.afterComplaint?.(filed);
    }

    await spreadOverTime(db, random);
    await escalateAsHistory(app.jobs.escalate, db);
    for (const [index, report] of areaReports.entries()) {
      const student = students[index] ?? random.pick(students);
      const area = catalog.hostels.find((h) => h.name === student.hostel)?.commonAreas?.find((a) => a.code === report.code);
      if (!area) continue;
      await student.api.call('POST', '/api/complaints', aComplaint({ ...report, hostel: student.hostel, floor: area.floor ?? 0, roomNo: '', commonAreaId: area.id }));
      filed += 1;
    }
    // Filed now, not moved back: pinned in the duty's list with their clocks running.
    for (const [sub, texts] of raggingReports) {
      const student = random.pick(students);
      await student.api.call('POST', '/api/complaints', {
        category: RAGGING_CATEGORY,
        subCategory: sub,
        hostel: student.hostel,
        floor: 0,
        roomNo: '',
        placeKind: 'hostel',
        placeText: `${student.hostel}, corridor of floor ${random.int(0, 5)}`,
        complaint: random.pick(texts),
      });
      filed += 1;
    }
    if (count >= 12) await fillGrievances({ db, clock: ladderClock, admin, signIn: as, students });
    await db.update(demoFills).set({ finishedAt: sql`now()` }).where(eq(demoFills.startedAt, startedAt));
    return filed;
  } finally {
    await app.close();
  }
}

/**
 * Common areas beside the rooms of every hostel that has none (decision 45). Catalogue data, like
 * the seed's hostels, rather than anything a demo person did: written directly, with no audit row
 * in the demo admin's name, so clearing an interrupted fill leaves them and filling again finds them.
 */
async function addCommonAreas(db: Database['db']) {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: hostels.id, retiredAt: hostels.retiredAt }).from(hostels);
    const withAreas = new Set((await tx.selectDistinct({ id: commonAreas.hostelId }).from(commonAreas)).map((r) => r.id));
    const bare = rows.filter((h) => h.retiredAt === null && !withAreas.has(h.id));
    if (!bare.length) return;
    for (const hostel of bare) {
      const taken = new Set<string>();
      for (const [position, area] of DEMO_COMMON_AREAS.entries()) {
        const code = numberedCode(areaCodeSuggestion(area.name, area.floor), taken);
        taken.add(code);
        await tx.insert(commonAreas).values({ hostelId: hostel.id, name: area.name, floor: area.floor, code, position });
      }
    }
    await bumpCatalogVersion(tx, null);
  });
}

/**
 * The working calendar's holidays (DEMO_HOLIDAYS; Sunday off is the portal's default), written
 * directly like the common areas: catalogue data, kept when an interrupted fill is cleared. A day
 * an administrator already made a holiday keeps its name.
 */
async function addHolidays(db: Database['db']) {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(holidays)
      .values(DEMO_HOLIDAYS.map((h) => ({ day: h.day, name: h.name, translations: { hi: { name: h.hi } } })))
      .onConflictDoNothing()
      .returning({ day: holidays.day });
    if (added.length) await bumpCatalogVersion(tx, null);
  });
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
      if (acknowledgedAt === null && event.toStatus !== 'submitted' && event.toStatus !== 'withdrawn') acknowledgedAt = at;
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

/**
 * The escalations the job would have made while the demo's two months went by: made now by the job
 * itself (timeline, audit, bell and mail through the lifecycle), then dated when each step fell due
 * (the due time plus the category's threshold), their bells read and their mail left as the rest of
 * the demo's. The portal's first run of the job then finds nothing to do.
 */
async function escalateAsHistory(escalate: () => Promise<Array<{ number: string; level: number }>>, db: Database['db']) {
  // The database's clock: what the job writes is dated by it.
  const clock = await db.execute(sql`select now()::text as at`);
  const since = (clock as { rows: Array<{ at: string }> }).rows[0]?.at;
  if (!since) throw new Error('the database did not tell its time');
  // Each run takes a batch and one step per complaint: until nothing is left.
  while ((await escalate()).length > 0);
  // When each complaint's steps fell due: to its wardens, then to the admins (as lateComplaints computes them).
  const steps = sql`(
    select c.id, c.number,
      least(now() - interval '1 minute', c.due_at + make_interval(hours => coalesce(cat.escalate_wardens_after_hours, 0))) as wardens_at,
      least(now() - interval '1 minute', c.due_at + make_interval(hours => coalesce(cat.escalate_admins_after_hours, 24))) as admins_at
    from ${complaints} c left join categories cat on cat.key = c.category
    where c.escalation_level > 0)`;
  const admins = sql`(select email from ${users} where role = 'admin')`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${complaintEvents} e set created_at = case when e.note like '%the administrators%' then s.admins_at else s.wardens_at end
      from ${steps} s where e.complaint_id = s.id and e.kind = 'escalation' and e.created_at >= ${since}::timestamptz`);
    await rewritingAuditLog(tx, () => tx.execute(sql`
      update ${auditLog} a set created_at = case when a.details->>'level' = '2' then s.admins_at else s.wardens_at end
      from ${steps} s where a.target_id = s.number and a.action = 'complaint.escalate' and a.created_at >= ${since}::timestamptz`));
    await tx.execute(sql`
      update ${notifications} n set
        created_at = case when u.role = 'admin' then s.admins_at else s.wardens_at end,
        read_at = case when u.role = 'admin' then s.admins_at else s.wardens_at end
      from ${steps} s, ${users} u
      where n.complaint_id = s.id and u.id = n.user_id and n.created_at >= ${since}::timestamptz and n.text like '% is late: %'`);
    // A bell that counts several late complaints ("6 complaints became late", decision 38) is read too.
    await tx.execute(sql`
      update ${notifications} set read_at = created_at
      where group_key = 'late' and complaint_id is null and read_at is null and created_at >= ${since}::timestamptz`);
    await tx.execute(sql`
      update ${outbox} o set
        created_at = case when o.to_emails && array${admins} then s.admins_at else s.wardens_at end,
        updated_at = case when o.to_emails && array${admins} then s.admins_at else s.wardens_at end
      from ${steps} s where o.complaint_id = s.id and o.purpose = 'escalation' and o.created_at >= ${since}::timestamptz`);
  });
}

