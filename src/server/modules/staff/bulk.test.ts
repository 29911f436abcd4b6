import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bulkActions, complaintEvents, complaints, notifications, outbox, scheduledJobs } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { runDueBulkActions } from './bulk-actions.js';
import { addStaff } from '../../../../tests/support/staff.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Bulk actions that can be trusted (decision 38): scheduled as 'pending' for an undo window in
 * which nothing changes and nobody is told; undone, they never run; run once when the window is
 * over, each complaint checked again (the actor's scope, the complaint's status) and done through
 * the lifecycle, with what happened to each one in the results.
 */

let portal: TestApp;
let admin: ApiClient;
let tech: ApiClient;
let other: ApiClient;
let student: ApiClient;
let techId = '';

const ADMIN = { email: 'bulk.admin@vitbhopal.ac.in', name: 'Bulk Admin' };
const TECH = { email: 'bulk.tech@vitbhopal.ac.in', name: 'Bulk Tech' };
const OTHER = { email: 'bulk.other@vitbhopal.ac.in', name: 'Other Tech' };
const BOTH_BLOCKS = [
  { category: 'wifi', hostel: 'Block-2' },
  { category: 'wifi', hostel: 'Block-3' },
];

// A long window: the tests say when an action is due instead of waiting for it.
const test = portalTest({
  env: { ...RELAXED_LIMITS, BULK_UNDO_SECONDS: '300' },
  admin: ADMIN,
  team: { tech: { ...TECH, role: 'staff', scopes: BOTH_BLOCKS }, other: { ...OTHER, role: 'staff', scopes: BOTH_BLOCKS } },
  student: { email: 'bulk.student@vitbhopal.ac.in', name: 'Kabir Das 21BCE10999' },
});
test.beforeAll(async ({ portal: app }) => {
  portal = app;
  // The sweep runs when a test asks (jobs.bulkActions), not when its timer happens to fire.
  await portal.database.db.update(scheduledJobs).set({ nextRunAt: sql`now() + interval '1 day'` }).where(eq(scheduledJobs.name, 'bulk actions'));
});
test.beforeAll(({ admin: a, team, student: kabir }) => {
  [admin, tech, other, student, techId] = [a, team.tech, team.other, kabir, team.tech.user.id];
});

const db = () => portal.database.db;
const file = async (over: Record<string, unknown> = {}) => {
  const filed = await student.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
};
const move = async (client: ApiClient, number: string, to: string, note = '') =>
  expect((await client.send('POST', `/api/staff/complaints/${number}/transitions`, { to, note })).status).toBe(200);
const bulk = (client: ApiClient, body: Record<string, unknown>) => client.send('POST', '/api/staff/bulk', body);
const statusOf = async (number: string) => (await db().select({ status: complaints.status }).from(complaints).where(eq(complaints.number, number)))[0]?.status;

/** Everything that would show that someone was told or something changed: events, mail, bells. */
async function traces(numbers: string[]) {
  const rows = await db().select({ id: complaints.id }).from(complaints).where(inArray(complaints.number, numbers));
  const ids = rows.map((r) => r.id);
  const [events, mails, bells] = await Promise.all([
    db().select({ id: complaintEvents.id }).from(complaintEvents).where(inArray(complaintEvents.complaintId, ids)),
    db().select({ id: outbox.id }).from(outbox).where(inArray(outbox.complaintId, ids)),
    db().select({ id: notifications.id }).from(notifications).where(inArray(notifications.complaintId, ids)),
  ]);
  return { events: events.length, mails: mails.length, bells: bells.length };
}

/** The window is over now (as if 300 seconds had gone by). */
const dueNow = (id: string) => db().update(bulkActions).set({ runAt: sql`now()` }).where(eq(bulkActions.id, id));

describe('a bulk action', () => {
  it('waits out its window changing nothing and telling nobody, then runs once and says what happened to each complaint', async () => {
    const a = await file({ complaint: 'Bulk A' });
    const b = await file({ complaint: 'Bulk B' });
    const c = await file({ complaint: 'Bulk C, already resolved' });
    await move(tech, c, 'resolved');
    const before = await traces([a, b, c]);

    const scheduled = await bulk(tech, { action: 'resolved', note: 'Replaced the access point', numbers: [a, b, c] });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(202);
    expect(scheduled.body).toMatchObject({ action: 'resolved', status: 'pending', numbers: [a, b, c], results: [], finishedAt: null });
    const window = Date.parse(String(scheduled.body.runAt)) - Date.parse(String(scheduled.body.now));
    expect(window).toBe(300_000);
    const id = String(scheduled.body.id);

    // During the window: nothing changed, nobody told.
    expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['submitted', 'submitted', 'resolved']);
    expect(await traces([a, b, c])).toEqual(before);
    expect(await portal.app.jobs.bulkActions()).toBe(0);
    expect((await tech.get(`/api/staff/bulk/${id}`)).body).toMatchObject({ status: 'pending', results: [] });
    const [scheduledAudit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'bulk.schedule'), eq(auditLog.targetId, id)));
    expect(scheduledAudit?.details).toMatchObject({ action: 'resolved', numbers: [a, b, c] });

    await dueNow(id);
    expect(await portal.app.jobs.bulkActions()).toBe(1);
    const done = await tech.get(`/api/staff/bulk/${id}`);
    expect(done.body).toMatchObject({
      status: 'done',
      results: [
        { number: a, outcome: 'done', message: 'Resolved: the student was told.' },
        { number: b, outcome: 'done', message: 'Resolved: the student was told.' },
        { number: c, outcome: 'skipped', message: 'Not resolved: it is resolved now.' },
      ],
    });
    expect(done.body.finishedAt).toEqual(expect.any(String));
    expect([await statusOf(a), await statusOf(b)]).toEqual(['resolved', 'resolved']);
    // Each resolved one through the lifecycle: its event, its audit row, its student's mail with the note.
    const after = await traces([a, b, c]);
    expect(after.events - before.events).toBe(2);
    const mails = await db().select().from(outbox).where(and(eq(outbox.purpose, 'status'), inArray(outbox.subject, [`${a} is now Resolved`, `${b} is now Resolved`])));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.textBody.includes('Replaced the access point'))).toBe(true);

    // Once: another run finds nothing, and it is too late to undo.
    expect(await portal.app.jobs.bulkActions()).toBe(0);
    expect((await traces([a, b, c])).events).toBe(after.events);
    const late = await tech.send('POST', `/api/staff/bulk/${id}/undo`);
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('bulk_already_running');
  });

  it('undone in its window, never runs: nothing changes and nobody is told, then or later', async () => {
    const d = await file({ complaint: 'Bulk D' });
    const before = await traces([d]);
    const scheduled = await bulk(tech, { action: 'acknowledged', numbers: [d] });
    expect(scheduled.status).toBe(202);
    const id = String(scheduled.body.id);
    const undone = await tech.send('POST', `/api/staff/bulk/${id}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'cancelled', results: [] });
    // Undoing again answers the same.
    expect((await tech.send('POST', `/api/staff/bulk/${id}/undo`)).body).toMatchObject({ status: 'cancelled' });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'bulk.undo'), eq(auditLog.targetId, id)))).toHaveLength(1);

    await dueNow(id);
    expect(await portal.app.jobs.bulkActions()).toBe(0);
    expect(await statusOf(d)).toBe('submitted');
    expect(await traces([d])).toEqual(before);
    expect((await tech.get(`/api/staff/bulk/${id}`)).body).toMatchObject({ status: 'cancelled' });
  });

  it("checks again when it runs: the actor's scope as it is then, and each complaint's status", async () => {
    const inBlock2 = await file({ complaint: 'Stays in scope' });
    const inBlock3 = await file({ hostel: 'Block-3', complaint: 'Leaves the scope' });
    const rejectedMeanwhile = await file({ complaint: 'Rejected during the window' });
    const scheduled = await bulk(tech, { action: 'in_progress', numbers: [inBlock2, inBlock3, rejectedMeanwhile] });
    expect(scheduled.status).toBe(202);
    const id = String(scheduled.body.id);

    // During the window the admin narrows the tech's scope and a colleague rejects one.
    expect((await admin.send('PUT', `/api/admin/users/${techId}`, { role: 'staff', scopes: [BOTH_BLOCKS[0]] })).status).toBe(200);
    await move(other, rejectedMeanwhile, 'rejected', 'Duplicate of another complaint');
    try {
      await dueNow(id);
      await portal.app.jobs.bulkActions();
      expect((await tech.get(`/api/staff/bulk/${id}`)).body).toMatchObject({
        status: 'done',
        results: [
          { number: inBlock2, outcome: 'done', message: 'In progress: the student was told.' },
          { number: inBlock3, outcome: 'skipped', message: 'Not changed: it is no longer in your categories and hostels.' },
          { number: rejectedMeanwhile, outcome: 'skipped', message: 'Not started: it is rejected now.' },
        ],
      });
      expect([await statusOf(inBlock2), await statusOf(inBlock3), await statusOf(rejectedMeanwhile)]).toEqual(['in_progress', 'submitted', 'rejected']);
    } finally {
      expect((await admin.send('PUT', `/api/admin/users/${techId}`, { role: 'staff', scopes: BOTH_BLOCKS })).status).toBe(200);
    }
  });

  it('does nothing for an actor disabled during the window', async () => {
    const DISABLED = { email: 'bulk.leaver@vitbhopal.ac.in', name: 'Leaving Tech' };
    const leaverId = await addStaff(admin, { ...DISABLED, role: 'staff', scopes: BOTH_BLOCKS });
    const leaver = await ApiClient.withSession(portal, DISABLED);
    const e = await file({ complaint: 'Scheduled by someone who left' });
    const scheduled = await bulk(leaver, { action: 'acknowledged', numbers: [e] });
    expect(scheduled.status).toBe(202);
    expect((await admin.send('PUT', `/api/admin/users/${leaverId}`, { role: 'staff', scopes: BOTH_BLOCKS, disabled: true })).status).toBe(200);
    await dueNow(String(scheduled.body.id));
    await portal.app.jobs.bulkActions();
    const [row] = await db().select().from(bulkActions).where(eq(bulkActions.id, String(scheduled.body.id)));
    expect(row?.status).toBe('done');
    expect(row?.results).toEqual([expect.objectContaining({ number: e, outcome: 'skipped', message: 'Not changed: you no longer work complaints.' })]);
    expect(await statusOf(e)).toBe('submitted');
  });

  it('takes only what nobody has, and leaves one someone took during the window', async () => {
    const free = await file({ complaint: 'Nobody has it' });
    const takenMeanwhile = await file({ complaint: 'Someone takes it meanwhile' });
    const scheduled = await bulk(tech, { action: 'take', numbers: [free, takenMeanwhile] });
    expect(scheduled.status).toBe(202);
    await move(other, takenMeanwhile, 'acknowledged');
    await dueNow(String(scheduled.body.id));
    await portal.app.jobs.bulkActions();
    expect((await tech.get(`/api/staff/bulk/${String(scheduled.body.id)}`)).body.results).toEqual([
      { number: free, outcome: 'done', message: 'Taken: it is yours now.' },
      { number: takenMeanwhile, outcome: 'skipped', message: 'Not taken: someone else has it now.' },
    ]);
    const [row] = await db().select({ assigneeId: complaints.assigneeId, status: complaints.status }).from(complaints).where(eq(complaints.number, free));
    // Taken, not acknowledged: the student hears nothing of who has it.
    expect(row).toEqual({ assigneeId: techId, status: 'submitted' });
  });

  it('runs on the instance that scheduled it when its window ends', async () => {
    const f = await file({ complaint: 'Run by the timer' });
    const scheduled = await bulk(tech, { action: 'acknowledged', numbers: [f] });
    const id = String(scheduled.body.id);
    await dueNow(id);
    portal.app.bulk.wake(0);
    await expect.poll(async () => (await tech.get(`/api/staff/bulk/${id}`)).body.status, { timeout: 5000 }).toBe('done');
    expect(await statusOf(f)).toBe('acknowledged');
  });

  it('changes each complaint once when two instances run it at once, and a run that stopped is finished by another', async () => {
    const g = await file({ complaint: 'Two runners' });
    const h = await file({ complaint: 'Two runners too' });
    const first = await bulk(tech, { action: 'acknowledged', numbers: [g, h] });
    await dueNow(String(first.body.id));
    await Promise.all([runDueBulkActions(portal.app.lifecycle), runDueBulkActions(portal.app.lifecycle)]);
    const events = await db()
      .select()
      .from(complaintEvents)
      .innerJoin(complaints, eq(complaints.id, complaintEvents.complaintId))
      .where(and(inArray(complaints.number, [g, h]), eq(complaintEvents.kind, 'status'), eq(complaintEvents.toStatus, 'acknowledged')));
    expect(events).toHaveLength(2);

    // An instance died after doing the first complaint: its run is taken over after a while, and
    // the first complaint is not done again.
    const i = await file({ complaint: 'Done before the crash' });
    const j = await file({ complaint: 'Left by the crash' });
    const stalled = await bulk(tech, { action: 'resolved', numbers: [i, j] });
    const [iRow] = await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.number, i));
    await db()
      .update(bulkActions)
      .set({
        status: 'running',
        runAt: sql`now() - interval '10 minutes'`,
        updatedAt: sql`now() - interval '10 minutes'`,
        results: [{ id: iRow?.id, number: i, outcome: 'done', message: 'Resolved: the student was told.' }],
      })
      .where(eq(bulkActions.id, String(stalled.body.id)));
    expect(await portal.app.jobs.bulkActions()).toBe(1);
    expect((await tech.get(`/api/staff/bulk/${String(stalled.body.id)}`)).body).toMatchObject({ status: 'done', results: [{ number: i }, { number: j, outcome: 'done' }] });
    expect([await statusOf(i), await statusOf(j)]).toEqual(['submitted', 'resolved']);
  });
});

describe('refusals', () => {
  it('403 for students, 404 for what is not in your scope or not yours, 409 when nothing applies, 400 for bad input', async () => {
    const mine = await file({ complaint: 'In scope' });
    const mess = await file({ category: 'mess', subCategory: 'Food', hostel: 'Block-3', complaint: 'Not the tech’s' });
    expect((await bulk(student, { action: 'resolved', numbers: [mine] })).status).toBe(403);

    const outOfScope = await bulk(tech, { action: 'resolved', numbers: [mine, mess] });
    expect(outOfScope.status).toBe(404);
    expect(outOfScope.body.error?.message).toBe(`Not found: ${mess}.`);
    expect((await bulk(tech, { action: 'resolved', numbers: ['HC-2020-999999'] })).status).toBe(404);

    const closed = await file({ complaint: 'Rejected already' });
    await move(tech, closed, 'rejected', 'Not a fault');
    const nothing = await bulk(tech, { action: 'resolved', numbers: [closed] });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toMatchObject({ code: 'nothing_applies', message: 'None of them can be resolved as they are now.' });

    const noReason = await bulk(tech, { action: 'rejected', numbers: [mine] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.note).toBe('Give a reason to reject');
    // The field's note too is in the reader's language (issue 28).
    const inHindi = await tech.send('POST', '/api/staff/bulk', { action: 'rejected', numbers: [mine] }, { 'accept-language': 'hi' });
    expect(inHindi.body.error?.fields?.note).toBe('अस्वीकार करने का कारण बताएँ');
    expect((await bulk(tech, { action: 'closed', numbers: [mine] })).status).toBe(400);
    expect((await bulk(tech, { action: 'resolved', numbers: [] })).status).toBe(400);
    expect((await bulk(tech, { action: 'resolved', numbers: Array.from({ length: 101 }, (_, n) => `HC-2026-${String(n).padStart(6, '0')}`) })).status).toBe(400);

    // Someone else's action is not yours to see or undo.
    const scheduled = await bulk(tech, { action: 'acknowledged', numbers: [mine] });
    const id = String(scheduled.body.id);
    expect((await other.get(`/api/staff/bulk/${id}`)).status).toBe(404);
    expect((await other.send('POST', `/api/staff/bulk/${id}/undo`)).status).toBe(404);
    expect((await student.get(`/api/staff/bulk/${id}`)).status).toBe(403);
    expect((await tech.get('/api/staff/bulk/not-an-id')).status).toBe(400);
    expect((await tech.get('/api/staff/bulk/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await tech.send('POST', `/api/staff/bulk/${id}/undo`)).status).toBe(200);
  });
});
