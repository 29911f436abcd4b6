import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaints, notifications, outbox } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Every change to a complaint writes five things together: the complaint row, its timeline event,
 * the audit row, the mail and the bell notification. These tests count each of the five around
 * every way a complaint changes, and break one write on purpose to show the rest roll back with it.
 */

let portal: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let staffId: string;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'lifecycle.admin@vitbhopal.ac.in', name: 'Life Admin' },
  staff: { email: 'wifi.crew@vitbhopal.ac.in', name: 'Wifi Crew', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
  student: { email: 'life.student@vitbhopal.ac.in', name: 'Life Student 21BCE10077' },
});
test.beforeAll(({ portal: app, admin: a, staff: crew, student: life }) => {
  [portal, admin, staff, student, staffId] = [app, a, crew, life, crew.user.id];
});

const db = () => portal.database.db;

async function footprint(number: string) {
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  const countOf = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0]?.n ?? 0);
  return {
    status: row.status,
    updatedAt: row.updatedAt.getTime(),
    events: await countOf(db().select({ n: count() }).from(complaintEvents).where(eq(complaintEvents.complaintId, row.id))),
    audits: await countOf(db().select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, number))),
    mails: await countOf(db().select({ n: count() }).from(outbox).where(eq(outbox.complaintId, row.id))),
    bells: await countOf(db().select({ n: count() }).from(notifications).where(eq(notifications.complaintId, row.id))),
  };
}

type Footprint = Awaited<ReturnType<typeof footprint>>;

/** One more of each of the five (the row itself: a newer updated_at). */
function expectAllFive(before: Footprint, after: Footprint) {
  expect(after.updatedAt).toBeGreaterThan(before.updatedAt);
  expect(after.events).toBe(before.events + 1);
  expect(after.audits).toBe(before.audits + 1);
  expect(after.mails).toBe(before.mails + 1);
  expect(after.bells).toBeGreaterThanOrEqual(before.bells + 1);
}

async function file(over: Record<string, unknown> = {}) {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status).toBe(201);
  return String(filed.body.number);
}

const move = (who: ApiClient, number: string, to: string, note = '') =>
  who.send('POST', `/api/staff/complaints/${number}/transitions`, { to, note });

describe('every change writes the row, the event, the audit, the mail and the bell together', () => {
  it('a status change from the staff console', async () => {
    const number = await file();
    const before = await footprint(number);
    expect((await move(staff, number, 'in_progress', 'Looking at it')).status).toBe(200);
    const after = await footprint(number);
    expectAllFive(before, after);
    expect(after.status).toBe('in_progress');
  });

  // That the assignment and the acknowledgement commit together is shown under 'the five are one transaction'.
  it('acknowledging an unassigned complaint also assigns it to the acknowledger', async () => {
    const number = await file();
    const before = await footprint(number);
    expect((await move(staff, number, 'acknowledged', 'Mine')).status).toBe(200);
    const after = await footprint(number);
    // The status change's five, plus the assignment's event and audit row.
    expect(after.events).toBe(before.events + 2);
    expect(after.audits).toBe(before.audits + 2);
    expect(after.mails).toBe(before.mails + 1);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(row?.assigneeId).toBe(staffId);
  });

  it('a public reply (and an internal note writes event and audit, never mail or bell)', async () => {
    const number = await file();
    const before = await footprint(number);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Router replaced', internal: false })).status).toBe(204);
    const afterReply = await footprint(number);
    expectAllFive(before, afterReply);

    expect((await staff.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Spare in store', internal: true })).status).toBe(204);
    const afterNote = await footprint(number);
    expect(afterNote.events).toBe(afterReply.events + 1);
    expect(afterNote.audits).toBe(afterReply.audits + 1);
    expect(afterNote.mails).toBe(afterReply.mails);
    expect(afterNote.bells).toBe(afterReply.bells);
  });

  it('the student confirming a resolution: the assignee hears of it, by mail and bell', async () => {
    const number = await file();
    expect((await admin.send('POST', `/api/staff/complaints/${number}/assign`, { assigneeId: staffId })).status).toBe(204);
    expect((await move(staff, number, 'resolved')).status).toBe(200);
    const before = await footprint(number);
    const confirmed = await student.send('POST', `/api/complaints/${number}/confirm`, { rating: 4, comment: 'Fast, thanks' });
    expect(confirmed.status).toBe(200);
    const after = await footprint(number);
    expectAllFive(before, after);
    expect(after.status).toBe('closed');
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(row).toMatchObject({ rating: 4, ratingComment: 'Fast, thanks' });
    const [mail] = await db().select().from(outbox).where(eq(outbox.purpose, 'confirmed'));
    expect(mail?.toEmails).toEqual(['wifi.crew@vitbhopal.ac.in']);
    expect(mail?.textBody).toContain('Rating: 4 of 5');
    const bells = await db().select().from(notifications).where(eq(notifications.userId, staffId));
    expect(bells.map((b) => b.text)).toContain(`${number} was confirmed fixed by the student (rated 4/5)`);
  });

  it('the student reopening: unassigned, the team in scope hears of it', async () => {
    const number = await file();
    expect((await move(staff, number, 'resolved')).status).toBe(200);
    const before = await footprint(number);
    expect((await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'Still drops at night' })).status).toBe(200);
    const after = await footprint(number);
    expectAllFive(before, after);
    const bells = await db().select().from(notifications).where(eq(notifications.userId, staffId));
    expect(bells.map((b) => b.text)).toContain(`${number} was reopened: Still drops at night`);
  });

  it('a one-click link from the facility mail', async () => {
    const number = await file();
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    const [facility] = await db().select().from(outbox).where(eq(outbox.complaintId, row?.id ?? ''));
    const link = /Acknowledge: (\S+)/.exec(facility?.textBody ?? '')?.[1] ?? '';
    const before = await footprint(number);
    const used = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(used.status).toBe(200);
    expectAllFive(before, await footprint(number));
  });

  it('closing by itself after the waiting period', async () => {
    const number = await file();
    expect((await move(staff, number, 'resolved')).status).toBe(200);
    await db().update(complaints).set({ resolvedAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(complaints.number, number));
    const before = await footprint(number);
    expect(await portal.app.jobs.autoClose()).toContain(number);
    const after = await footprint(number);
    expectAllFive(before, after);
    expect(after.status).toBe('closed');
  });
});

describe('the five are one transaction', () => {
  beforeAll(async () => {
    // A trigger that refuses one particular mail or bell, as a full disk or a lost connection would.
    await db().execute(sql`
      create or replace function refuse_marked() returns trigger language plpgsql as $$
      begin
        if row_to_json(new)::text like '%' || tg_argv[0] || '%' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_marked_mail before insert on outbox for each row execute function refuse_marked('BREAK-MAIL')`);
    await db().execute(sql`create trigger refuse_marked_bell before insert on notifications for each row execute function refuse_marked('BREAK-BELL')`);
  });

  it('a status change whose mail cannot be written leaves no row, event or audit behind', async () => {
    // The refused write surfaces as a 500 and an 'unhandled error' log, both expected here.
    portal.allowErrorLogs(/refused for the test/);
    const number = await file();
    const before = await footprint(number);
    const answer = await move(staff, number, 'in_progress', 'BREAK-MAIL');
    expect(answer.status).toBe(500);
    expect(await footprint(number)).toEqual(before);
  });

  it('an acknowledgement whose mail cannot be written leaves the complaint unassigned too: the assignment is in the same transaction', async () => {
    portal.allowErrorLogs(/refused for the test/);
    const number = await file();
    const before = await footprint(number);
    const answer = await move(staff, number, 'acknowledged', 'BREAK-MAIL');
    expect(answer.status).toBe(500);
    expect(await footprint(number)).toEqual(before);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(row?.assigneeId).toBeNull();
  });

  it('a reopening whose bell cannot be written leaves nothing behind either', async () => {
    const number = await file();
    expect((await move(staff, number, 'resolved')).status).toBe(200);
    const before = await footprint(number);
    portal.allowErrorLogs(/refused for the test/);
    const answer = await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'BREAK-BELL' });
    expect(answer.status).toBe(500);
    expect(await footprint(number)).toEqual(before);
  });
});
