import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_REPORTER_EMAIL, STATUSES } from '../../src/shared/constants.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { auditLog, complaintEvents, complaints, grievanceEntries, grievanceSeats, grievances, holidays, notifications, outbox, university, users } from '../../src/server/db/schema.js';
import { GRIEVANCE_STATUSES } from '../../src/shared/grievances.js';
import { aComplaint } from '../factories/complaints.js';
import { DEMO_ADMIN, DEMO_HOLIDAYS, DEMO_STAFF, demoStudents, signInTable } from '../factories/demo.js';
import { clearUnfinishedDemo, DemoEntangledError, demoState, fillDemo } from '../factories/demo-fill.js';
import { ApiClient } from '../support/student.js';
import { openTestDatabase } from '../support/test-db.js';
import { startTestApp, TEST_SESSION_SECRET } from '../support/test-app.js';

/**
 * `npm run demo`'s filling (tests/factories/demo-fill.ts) in-process on a test database: the
 * portal's first start after it finds no escalation to make, every status is there, and a fill
 * that was interrupted is recognised and cleared. The built `npm run demo` is tests/e2e/first-hour.test.ts's.
 */

const dataDirs: string[] = [];
function demoConfig(): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-demo-'));
  dataDirs.push(dataDir);
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'silent' });
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Everything an escalation writes, counted. */
async function escalationTrail(db: Database['db']) {
  const [events] = await db.select({ n: count() }).from(complaintEvents).where(eq(complaintEvents.kind, 'escalation'));
  const [audits] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'complaint.escalate'));
  const [mails] = await db.select({ n: count() }).from(outbox).where(eq(outbox.purpose, 'escalation'));
  const [bells] = await db.select({ n: count() }).from(notifications).where(sql`${notifications.text} like '% is late: %'`);
  return { events: events?.n, audits: audits?.n, mails: mails?.n, bells: bells?.n };
}

// Issue 40, item 10: the anti-ragging row's role (68 characters, padded to 44) ran into its e-mail.
describe('the sign-in table npm run demo prints', () => {
  it('keeps every e-mail and display name in a column of its own, whatever the length of the role', () => {
    const people = [DEMO_ADMIN, ...DEMO_STAFF, ...demoStudents(2).map((s) => ({ email: s.email, name: s.name, title: `student, ${s.hostel}` }))];
    const [head = '', ...lines] = signInTable(people);
    const emailAt = head.indexOf('e-mail');
    const nameAt = head.indexOf('display name');
    expect(lines).toHaveLength(people.length);
    people.forEach((person, i) => {
      const line = lines[i] ?? '';
      expect(line.slice(emailAt, nameAt).trim(), line).toBe(person.email);
      expect(line.slice(nameAt), line).toBe(person.name);
      // A space at least before each column.
      expect(line[emailAt - 1], line).toBe(' ');
      expect(line[nameAt - 1], line).toBe(' ');
    });
  });
});

describe('the demo university', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await fillDemo({ config: demoConfig(), database, complaints: 24 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('holds its late complaints as already escalated: the first start escalates nothing and rings no bell', async () => {
    const { db } = database;
    const before = await escalationTrail(db);
    expect(before.events).toBeGreaterThan(0);
    const [unread] = await db
      .select({ n: count() })
      .from(notifications)
      .where(sql`${notifications.readAt} is null and ${notifications.groupKey} = 'late'`);
    expect(unread?.n).toBe(0);
    // Dated when they fell due, not at the fill: the audit log does not open on a wall of them.
    const [recent] = await db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'complaint.escalate' and ${auditLog.createdAt} > now() - interval '1 minute'`);
    expect(recent?.n).toBe(0);

    // The portal as `npm run demo` then starts it (its jobs run at the start) and the job once more.
    const portal = await startTestApp({}, { database });
    try {
      expect(await portal.app.jobs.escalate()).toEqual([]);
    } finally {
      await portal.close();
    }
    expect(await escalationTrail(db)).toEqual(before);
  });

  it('has a grievance committee as the regulation composes it, an Ombudsperson, and a grievance in every state; none of their clocks has run out', async () => {
    const { db } = database;
    const seats = await db.select().from(grievanceSeats);
    expect(seats.map((s) => s.seat).sort()).toEqual(['chair', 'member', 'member', 'member', 'member', 'ombudsperson', 'special_invitee']);
    const rows = await db.select({ status: grievances.status, appealUntil: grievances.appealUntil, complaintId: grievances.complaintId }).from(grievances);
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([...GRIEVANCE_STATUSES].sort());
    const decided = rows.filter((r) => r.status === 'decided');
    // One may still be appealed, one no longer.
    expect(decided.filter((r) => (r.appealUntil?.getTime() ?? 0) > Date.now())).toHaveLength(1);
    expect(decided.filter((r) => (r.appealUntil?.getTime() ?? 0) < Date.now())).toHaveLength(1);
    expect(rows.some((r) => r.complaintId !== null)).toBe(true);
    const portal = await startTestApp({}, { database });
    try {
      expect(await portal.app.jobs.grievanceClocks()).toEqual([]);
    } finally {
      await portal.close();
    }
    const [reminders] = await db.select({ n: count() }).from(grievanceEntries).where(eq(grievanceEntries.kind, 'reminder'));
    expect(reminders?.n).toBe(0);
  });

  it('has a complaint in every status, withdrawn too', async () => {
    const rows = await database.db.selectDistinct({ status: complaints.status }).from(complaints);
    expect(rows.map((r) => r.status).sort()).toEqual([...STATUSES].sort());
  });

  it("keeps India's gazetted holidays of 2026 and 2027 with Sunday off, in Hindi too", async () => {
    const list = await database.db.select({ day: holidays.day, name: holidays.name, translations: holidays.translations }).from(holidays);
    expect(list.map((h) => h.day).sort()).toEqual(DEMO_HOLIDAYS.map((h) => h.day).sort());
    expect(list.find((h) => h.day === '2026-08-15')).toEqual({ day: '2026-08-15', name: 'Independence Day', translations: { hi: { name: 'स्वतंत्रता दिवस' } } });
    const [row] = await database.db.select({ off: university.weeklyDaysOff }).from(university);
    expect(row?.off).toEqual([7]);
  });
});

describe('an interrupted demo fill', () => {
  it('is recognised as unfinished, cleared, and filled again whole', async () => {
    const database = await openTestDatabase();
    const config = demoConfig();
    try {
      await expect(
        fillDemo({
          config,
          database,
          complaints: 24,
          afterComplaint: (filed) => {
            if (filed === 5) throw new Error('Ctrl+C');
          },
        }),
      ).rejects.toThrow('Ctrl+C');
      expect(await demoState(database.db)).toBe('unfinished');

      await clearUnfinishedDemo(database.db);
      expect(await demoState(database.db)).toBe('none');
      expect(await database.db.select({ n: count() }).from(complaints)).toEqual([{ n: 0 }]);
      // The one account every anonymous report is filed under (migration 0021) is the portal's, not the demo's.
      expect(await database.db.select({ n: count() }).from(users).where(ne(users.email, ANONYMOUS_REPORTER_EMAIL))).toEqual([{ n: 0 }]);

      expect(await fillDemo({ config, database, complaints: 8 })).toBe(8);
      expect(await demoState(database.db)).toBe('finished');
      const numbers = await database.db.select({ number: complaints.number }).from(complaints);
      expect(numbers.map((n) => n.number.slice(-6)).sort()).toEqual(['000001', '000002', '000003', '000004', '000005', '000006', '000007', '000008']);
      const [admin] = await database.db.select({ n: count() }).from(users).where(isNull(users.disabledAt));
      expect(admin?.n).toBeGreaterThan(0);
      expect(await database.db.select({ email: users.email }).from(users).where(eq(users.email, DEMO_ADMIN.email))).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});

/** A fill interrupted after `after` complaints, as Ctrl+C leaves it. */
async function interruptedFill(database: Database, config: Config, after = 5) {
  await expect(
    fillDemo({
      config,
      database,
      complaints: 24,
      afterComplaint: (filed) => {
        if (filed === after) throw new Error('Ctrl+C');
      },
    }),
  ).rejects.toThrow('Ctrl+C');
  expect(await demoState(database.db)).toBe('unfinished');
}

describe('clearing an interrupted demo fill after the portal was used', () => {
  it('removes only what the fill made: an account and a complaint made since survive', async () => {
    const database = await openTestDatabase();
    const config = demoConfig();
    try {
      await interruptedFill(database, config);
      // Someone used the portal before running the demo again: a development account files a complaint.
      const portal = await startTestApp({}, { database });
      let number: string;
      try {
        const developer = await ApiClient.signedIn(portal.baseUrl, { email: 'dev.tester@vitbhopal.ac.in', name: 'Dev Tester 21BCE19999' });
        const filed = await developer.post('/api/complaints', aComplaint());
        expect(filed.status).toBe(201);
        number = String(filed.body.number);
      } finally {
        await portal.close();
      }

      await clearUnfinishedDemo(database.db);

      const { db } = database;
      expect(await demoState(db)).toBe('none');
      expect((await db.select({ email: users.email }).from(users).where(ne(users.email, ANONYMOUS_REPORTER_EMAIL))).map((u) => u.email)).toEqual(['dev.tester@vitbhopal.ac.in']);
      const left = await db.select({ number: complaints.number, id: complaints.id }).from(complaints);
      expect(left.map((c) => c.number)).toEqual([number]);
      const [kept] = left;
      if (!kept) throw new Error('the complaint is gone');
      // Its timeline, its mail and its audit entry stay with it; nothing of the demo's does.
      expect(await db.select({ n: count() }).from(complaintEvents).where(eq(complaintEvents.complaintId, kept.id))).toEqual([{ n: 1 }]);
      expect((await db.select({ n: count() }).from(outbox).where(eq(outbox.complaintId, kept.id)))[0]?.n).toBeGreaterThan(0);
      expect(await db.select({ n: count() }).from(complaintEvents)).toEqual([{ n: 1 }]);
      expect(await db.select({ n: count() }).from(outbox).where(sql`${outbox.complaintId} is distinct from ${kept.id}`)).toEqual([{ n: 0 }]);
      expect(await db.select({ n: count() }).from(auditLog).where(sql`${auditLog.targetId} <> ${number}`)).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('removes nothing when a demo account worked on something that is not the demo’s, and says why', async () => {
    const database = await openTestDatabase();
    const config = demoConfig();
    try {
      await interruptedFill(database, config);
      const portal = await startTestApp({}, { database });
      try {
        const developer = await ApiClient.signedIn(portal.baseUrl, { email: 'dev.tester@vitbhopal.ac.in', name: 'Dev Tester 21BCE19999' });
        const filed = await developer.post('/api/complaints', aComplaint({ hostel: 'Block-2', category: 'wifi' }));
        expect(filed.status).toBe(201);
        // The demo's wifi worker (made by the fill) acknowledges the developer's complaint.
        const wifi = DEMO_STAFF.find((p) => p.scopes.some((s) => s.category === 'wifi'));
        if (!wifi) throw new Error('the demo has no wifi worker');
        const worker = await ApiClient.signedIn(portal.baseUrl, { email: wifi.email, name: wifi.name });
        const moved = await worker.post(`/api/staff/complaints/${String(filed.body.number)}/transitions`, { to: 'acknowledged', note: '' });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      } finally {
        await portal.close();
      }
      const [before] = await database.db.select({ n: count() }).from(complaints);

      await expect(clearUnfinishedDemo(database.db)).rejects.toThrow(DemoEntangledError);
      await expect(clearUnfinishedDemo(database.db)).rejects.toThrow(/wifi\.team@vitbhopal\.ac\.in/);
      expect(await demoState(database.db)).toBe('unfinished');
      expect(await database.db.select({ n: count() }).from(complaints)).toEqual([before]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
