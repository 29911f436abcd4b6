import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaints, notifications, outbox, users } from '../../db/schema.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { decryptPush, PushEndpoint, type FakeBrowser } from '../../../../tests/support/push-endpoint.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * The six leaks issue 39 found from outside, one test each, over HTTP with the real app (mail is
 * held in the outbox: no SMTP server, so the outbox keeps every address as written). A named ragging
 * report, read by every role without the anti-ragging duty. tests/server/every-output.test.ts walks
 * every route; these pin each leak that was seen, and what the duty may still do.
 */

const ADMIN = { email: 'protect.admin@vitbhopal.ac.in', name: 'Protect Admin' };
const DUTY = { email: 'protect.duty@vitbhopal.ac.in', name: 'Duty Officer' };
const WORKER = { email: 'protect.worker@vitbhopal.ac.in', name: 'Block Worker' };
const WARDEN = { email: 'protect.warden@vitbhopal.ac.in', name: 'Block Warden' };
const REPORTER = { email: 'tanvi.24bce10555@vitbhopal.ac.in', name: 'TANVI KULKARNI 24BCE10555' };
const SURNAME = 'Kulkarni';

let portal: TestApp;
let pushService: PushEndpoint;
let admin: ApiClient;
let duty: ApiClient;
let worker: ApiClient;
let warden: ApiClient;
let reporter: ApiClient;
let number = '';
let workerDevice: FakeBrowser;
let adminId = '';

const db = () => portal.database.db;

async function ok(what: string, answer: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await answer;
  expect(status, `${what}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as Record<string, unknown>;
}

const test = portalTest({
  env: { ...RELAXED_LIMITS, PUSH_POLL_INTERVAL_MS: '100' },
  admin: ADMIN,
  team: {
    duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [] },
    worker: { ...WORKER, role: 'staff', scopes: [{ category: '', hostel: 'Block-3' }] },
    warden: { ...WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Block-3' }] },
  },
  student: REPORTER,
  afterClose: () => pushService?.close(),
});
test.beforeAll(async ({ portal: app, admin: a, team, student }) => {
  [portal, admin, duty, worker, warden] = [app, a, team.duty, team.worker, team.warden];
  pushService = await PushEndpoint.start();
  for (const who of [worker, warden]) await ok('mail of each new complaint', who.send('PUT', '/api/staff/preferences', { newWorkMail: 'each', digestHours: 24 }));
  workerDevice = pushService.browser('/device/worker');
  await ok('subscribing', worker.send('PUT', '/api/push/subscription', { endpoint: workerDevice.endpoint, keys: workerDevice.keys }));
  reporter = student;
  const filed = await ok(
    'filing',
    reporter.post('/api/complaints', {
      category: 'ragging',
      subCategory: 'Verbal / abuse',
      hostel: 'Block-3',
      floor: 6,
      roomNo: '647',
      placeKind: 'hostel',
      placeText: 'Block-3 mess queue',
      complaint: 'Two seniors shout at me in the mess queue every evening.',
    }),
  );
  number = String(filed.number);
  await ok('the duty asks', duty.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Who was it?' }));
  await ok('the reporter answers', reporter.send('POST', `/api/complaints/${number}/replies`, { text: `It is Tanvi ${SURNAME} again, the same two.` }));
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  adminId = row?.id ?? '';
});

const complaintId = async () => (await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number)))[0]?.id ?? '';

describe('a named ragging report, to everyone without the anti-ragging duty', () => {
  // Leak 1: "It is [withheld] Mehta again": the guard withheld the first name, not the surname.
  it('pushes and rings the student reply to staff without the surname', async () => {
    await expect.poll(() => pushService.for('/device/worker').map((r) => decryptPush(workerDevice, r.body)).find((text) => text.includes('again, the same two'))).toBeDefined();
    const pushed = pushService.for('/device/worker').map((r) => decryptPush(workerDevice, r.body));
    for (const text of pushed) expect(text).not.toMatch(/Tanvi|Kulkarni|24BCE10555/i);
    const bells = await db().select({ text: notifications.text }).from(notifications).where(eq(notifications.complaintId, await complaintId()));
    const toOthers = bells.map((b) => b.text).filter((t) => t.includes('again, the same two'));
    expect(toOthers.length).toBeGreaterThan(0);
    for (const text of toOthers) expect(text).not.toContain(SURNAME);
  });

  // Leak 2: "New: Ragging Complaint — HC-… was filed in Block-3, room 647, floor 6".
  it("gives staff mail the place it happened, never the reporter's room or floor", async () => {
    const mails = await db().select().from(outbox).where(eq(outbox.complaintId, await complaintId()));
    const toStaff = mails.filter((m) => ['new_work', 'student_reply'].includes(m.purpose));
    // New work to the worker and the warden (each asked for it), the reporter's answer to those working it.
    expect(toStaff.map((m) => m.purpose).sort()).toEqual(['new_work', 'new_work', 'student_reply']);
    for (const mail of toStaff) {
      const text = `${mail.subject}\n${mail.textBody}\n${mail.htmlBody}`;
      expect(text, mail.purpose).not.toMatch(/\b647\b|floor 6|Kulkarni|Tanvi/);
      expect(text, mail.purpose).toContain('Block-3 mess queue');
    }
  });

  // Leak 3: the warden and the worker found the report by searching for the room number.
  it('is not found by the reporter room, name or number in the queue or its CSV', async () => {
    for (const client of [worker, warden]) {
      for (const q of ['647', SURNAME, 'Tanvi', '24BCE10555']) {
        const found = await client.get(`/api/staff/complaints?q=${encodeURIComponent(q)}`);
        expect(found.status).toBe(200);
        expect(JSON.stringify(found.body), q).not.toContain(number);
        const csv = await client.http.request(`${portal.baseUrl}/api/staff/complaints.csv?q=${encodeURIComponent(q)}`);
        expect(await csv.text(), q).not.toContain(number);
      }
      // Where it happened still finds it.
      const byPlace = await client.get(`/api/staff/complaints?q=${encodeURIComponent('mess queue')}`);
      expect(JSON.stringify(byPlace.body)).toContain(number);
    }
  });

  // Leak 4: an admin without the duty found the reports by name, surname, number or address, unaudited.
  it('is not found by an admin without the duty, who cannot reveal; an admin who takes the duty can, audited', async () => {
    for (const q of ['Tanvi', SURNAME, '24BCE10555', REPORTER.email, '647']) {
      const found = await admin.get(`/api/staff/complaints?q=${encodeURIComponent(q)}`);
      expect(JSON.stringify(found.body), q).not.toContain(number);
    }
    const refused = await admin.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'Curious about it' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('Only the anti-ragging duty may see who filed this.');
    const detail = await admin.get(`/api/staff/complaints/${number}`);
    expect(detail.body.canRevealIdentity).toBe(false);

    // Taking the duty is a change to the admin's own account, in the audit log.
    await ok('taking the duty', admin.send('PUT', `/api/admin/users/${adminId}`, { role: 'admin', antiRagging: true, scopes: [] }));
    const took = await db().select().from(auditLog).where(and(eq(auditLog.action, 'user.update'), eq(auditLog.targetId, adminId)));
    expect(took.at(-1)?.details).toMatchObject({ before: { antiRagging: false }, after: { antiRagging: true } });
    const searched = await admin.get(`/api/staff/complaints?q=${SURNAME}`);
    expect(JSON.stringify(searched.body)).toContain(number);
    // The duty's search by who filed is recorded like a reveal.
    const recorded = await db().select().from(auditLog).where(and(eq(auditLog.action, 'complaint.identity_search'), eq(auditLog.targetId, number)));
    expect(recorded.map((r) => [r.actorId, r.details])).toEqual([[adminId, { q: SURNAME }]]);
    // A search by where it happened tells nobody who filed: nothing recorded.
    await admin.get(`/api/staff/complaints?q=${encodeURIComponent('mess queue')}`);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'complaint.identity_search'))).toHaveLength(1);
    const revealed = await admin.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'The committee meets the reporter' });
    expect(revealed.status).toBe(200);
    expect(revealed.body).toMatchObject({ userEmail: REPORTER.email, room: 'Block-3, floor 6, room 647' });
    await ok('giving the duty back', admin.send('PUT', `/api/admin/users/${adminId}`, { role: 'admin', antiRagging: false, scopes: [] }));
  });

  // Leak 5: "complaint.student_reply on HC-… by Tanvi Kulkarni <tanvi.24bce10555@…>".
  it("shows the reporter's own actions in the audit log as the reporter's, named to the duty alone", async () => {
    const page = await admin.get(`/api/admin/audit?targetType=complaint&limit=200`);
    const entries = (page.body.items as Array<{ action: string; targetId: string; actor: { id: string; email: string; name: string } | null; details: unknown }>).filter(
      (e) => e.targetId === number,
    );
    const byReporter = entries.filter((e) => e.action === 'complaint.student_reply');
    expect(byReporter).toHaveLength(1);
    expect(byReporter[0]?.actor).toEqual({ id: '', email: '', name: 'The reporter' });
    for (const entry of entries) expect(JSON.stringify(entry)).not.toMatch(/tanvi|kulkarni|24bce10555/i);
    // Searching the log by the reporter's address or name finds none of it.
    for (const q of ['tanvi', SURNAME]) {
      const searched = await admin.get(`/api/admin/audit?q=${encodeURIComponent(q)}`);
      expect(JSON.stringify(searched.body), q).not.toContain(number);
      const byActor = await admin.get(`/api/admin/audit?actor=${encodeURIComponent(q)}`);
      expect(JSON.stringify(byActor.body), q).not.toContain(number);
    }
  });

  // Leak 6: the outbox listed the acknowledgement to the reporter's address with the report's text.
  it("shows mail to the reporter in the outbox as to the reporter, without address or content", async () => {
    const list = await admin.get('/api/admin/outbox?limit=100');
    const about = (list.body.items as Array<{ id: string; purpose: string; complaintNumber: string | null; to: string[]; cc: string[]; toReporter: boolean }>).filter(
      (m) => m.complaintNumber === number,
    );
    const ack = about.find((m) => m.purpose === 'acknowledgement');
    expect(ack).toMatchObject({ to: [], cc: [], toReporter: true });
    expect(JSON.stringify(about)).not.toMatch(/tanvi|kulkarni|24bce10555/i);
    const one = await admin.get(`/api/admin/outbox/${ack?.id}`);
    expect(one.body).toMatchObject({ to: [], toReporter: true, text: '', html: '', replyTo: null });
    const html = await admin.http.request(`${portal.baseUrl}/api/admin/outbox/${ack?.id}/html`);
    expect(await html.text()).not.toMatch(/tanvi|kulkarni/i);
    // Mail to the team reads as it was sent, identity withheld.
    const facility = about.find((m) => m.purpose === 'facility');
    expect(facility?.toReporter).toBe(false);
    expect(facility?.to.length).toBeGreaterThan(0);
  });
});
