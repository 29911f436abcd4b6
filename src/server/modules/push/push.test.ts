import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complaints, notifications, outbox, pushOutbox, pushSubscriptions, users } from '../../db/schema.js';
import { pushMessageSchema, type PushMessage } from '../../../shared/push.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { decryptPush, PushEndpoint, verifyVapid, type FakeBrowser } from '../../../../tests/support/push-endpoint.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { addStaff } from '../../../../tests/support/staff.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Push notifications (issue 24, item 2) end to end: a browser subscribes over HTTP, something
 * happens to a complaint, and a push service on 127.0.0.1 receives what the portal sends. The test
 * decrypts it as the browser would (RFC 8291, with its own code in tests/support/push-endpoint.ts)
 * and checks the VAPID signature, then what the push service's answers do: 410 forgets the device,
 * 500 is tried again later, and no event reaches a device twice.
 */

const CONFIDENTIAL_STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22MIM10045' };
const IDENTITY = ['Meera', 'Iyer', '22MIM10045', 'meera.iyer'];

let portal: TestApp;
let pushService: PushEndpoint;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let staffId: string;

const test = portalTest({
  env: { ...RELAXED_LIMITS, PUSH_POLL_INTERVAL_MS: '100', PUSH_RETRY_BASE_MS: '50' },
  admin: { email: 'push.admin@vitbhopal.ac.in', name: 'Push Admin' },
  staff: {
    email: 'push.crew@vitbhopal.ac.in',
    name: 'Push Crew',
    role: 'staff',
    scopes: [
      { category: 'wifi', hostel: '' },
      { category: 'other', hostel: '' },
      { category: 'ragging', hostel: '' },
    ],
  },
  student: { email: 'push.student@vitbhopal.ac.in', name: 'Push Student 21BCE10501' },
  afterClose: () => pushService?.close(),
});
test.beforeAll(async ({ portal: app, admin: a, staff: crew, student: pusher }) => {
  [portal, admin, staff, student, staffId] = [app, a, crew, pusher, crew.user.id];
  pushService = await PushEndpoint.start();
  // Hearing of each new complaint (push and mail) is the worker's choice; this one asks for it.
  const each = await staff.send('PUT', '/api/staff/preferences', { newWorkMail: 'each', digestHours: 24 });
  expect(each.status, JSON.stringify(each.body)).toBe(200);
});

const db = () => portal.database.db;

async function subscribe(who: ApiClient, path: string): Promise<FakeBrowser> {
  const browser = pushService.browser(path);
  const saved = await who.send('PUT', '/api/push/subscription', { endpoint: browser.endpoint, keys: browser.keys });
  expect(saved.status, JSON.stringify(saved.body)).toBe(204);
  return browser;
}

async function file(by: ApiClient = student, over: Record<string, unknown> = {}): Promise<string> {
  const filed = await by.post('/api/complaints', aComplaint(over));
  expect(filed.status, JSON.stringify(filed.body)).toBe(201);
  return String(filed.body.number);
}

async function move(number: string, to: string) {
  const moved = await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to, note: '' });
  expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300);
}

/** Every push `browser` received, decrypted and checked against the shared schema. */
function messagesOf(browser: FakeBrowser): PushMessage[] {
  const path = new URL(browser.endpoint).pathname;
  return pushService.for(path).map((r) => pushMessageSchema.parse(JSON.parse(decryptPush(browser, r.body))));
}

async function subscriptionOf(endpoint: string) {
  const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

async function pushRowsFor(browser: FakeBrowser) {
  const row = await subscriptionOf(browser.endpoint);
  return row ? db().select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, row.id)) : [];
}

describe('subscribing a device', () => {
  it('gives the VAPID public key to signed-in people only', async () => {
    const key = await student.get('/api/push/public-key');
    expect(key.status).toBe(200);
    expect(key.body).toEqual({ publicKey: portal.config.push.vapid?.publicKey });
    expect(Buffer.from(String(key.body.publicKey), 'base64url')).toHaveLength(65);
    const anonymous = await fetch(`${portal.baseUrl}/api/push/public-key`);
    expect(anonymous.status).toBe(401);
  });

  it('accepts only push service addresses, and keeps one row per endpoint that moves with whoever signs in', async () => {
    const keys = pushService.browser('/unused').keys;
    for (const endpoint of ['ftp://push.example/abc', 'http://push.example/abc', 'not a url', `https://push.example/${'x'.repeat(1000)}`]) {
      const refused = await student.send('PUT', '/api/push/subscription', { endpoint, keys });
      expect(refused.status, endpoint).toBe(400);
    }
    // The server POSTs to every saved endpoint: an https address of anything but a push service
    // (a host inside the university's network) would make the portal a way to reach it.
    for (const endpoint of ['https://push.example/abc', 'https://intranet.university.internal/admin', 'https://10.0.0.5/x', 'https://evil-fcm.googleapis.com.example/x']) {
      const refused = await student.send('PUT', '/api/push/subscription', { endpoint, keys });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.error?.message, endpoint).toMatch(/push service/);
      // The same code as every other invalid input: the web app places field errors by it.
      expect(refused.body.error?.code, endpoint).toBe('validation_failed');
    }
    const fcm = await student.send('PUT', '/api/push/subscription', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys });
    expect(fcm.status, JSON.stringify(fcm.body)).toBe(204);
    await student.send('DELETE', '/api/push/subscription', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' });
    const badKey = await student.send('PUT', '/api/push/subscription', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'short', auth: keys.auth } });
    expect(badKey.status).toBe(400);
    // The right length, but no point on the curve: nothing could ever be encrypted for it.
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const notAPoint = await student.send('PUT', '/api/push/subscription', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: offCurve, auth: keys.auth } });
    expect(notAPoint.status, JSON.stringify(notAPoint.body)).toBe(400);
    expect(notAPoint.body.error?.code).toBe('validation_failed');
    expect(notAPoint.body.error?.fields).toEqual({ 'keys.p256dh': 'is not a P-256 public key' });

    const shared = await subscribe(student, '/shared-tablet');
    expect((await subscriptionOf(shared.endpoint))?.userId).not.toBe(staffId);
    const again = await staff.send('PUT', '/api/push/subscription', { endpoint: shared.endpoint, keys: shared.keys });
    expect(again.status).toBe(204);
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([staffId]);

    // Someone else cannot remove it; its owner can.
    expect((await student.send('DELETE', '/api/push/subscription', { endpoint: shared.endpoint })).status).toBe(204);
    expect(await subscriptionOf(shared.endpoint)).toBeDefined();
    expect((await staff.send('DELETE', '/api/push/subscription', { endpoint: shared.endpoint })).status).toBe(204);
    expect(await subscriptionOf(shared.endpoint)).toBeUndefined();
  });
});

describe('a device changing hands', () => {
  it("drops pushes still queued for the previous owner, so the new owner's device never shows them", async () => {
    const tablet = await subscribe(student, '/handed-on');
    // The push service is down: the student's push waits in the outbox.
    pushService.answer('/handed-on', 500);
    const number = await file();
    await move(number, 'in_progress');
    await expect.poll(async () => (await pushRowsFor(tablet)).filter((r) => r.status === 'queued' && r.attempts > 0).length).toBeGreaterThan(0);

    const taken = await staff.send('PUT', '/api/push/subscription', { endpoint: tablet.endpoint, keys: tablet.keys });
    expect(taken.status).toBe(204);
    expect((await pushRowsFor(tablet)).filter((r) => r.status === 'queued')).toEqual([]);
    expect((await subscriptionOf(tablet.endpoint))?.userId).toBe(staffId);
    await staff.send('DELETE', '/api/push/subscription', { endpoint: tablet.endpoint });
  });

  it("keeps a person's ten most recently saved devices: an eleventh replaces the oldest", async () => {
    const many = await ApiClient.signedIn(portal.baseUrl, { email: 'many.devices@vitbhopal.ac.in', name: 'Many Devices 22BCE10999' });
    const browsers: FakeBrowser[] = [];
    for (let i = 1; i <= 11; i++) browsers.push(await subscribe(many, `/many-${i}`));
    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'many.devices@vitbhopal.ac.in'));
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, String(owner?.id)));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(browsers.slice(1).map((b) => b.endpoint).sort());
  });
});

describe('what the portal pushes', () => {
  it("sends the student's device an encrypted push (aes128gcm, VAPID) that decrypts to the status change, and the team's to new work", async () => {
    const phone = await subscribe(student, '/student-phone');
    const desk = await subscribe(staff, '/staff-desk');
    const number = await file();
    await move(number, 'in_progress');

    await expect.poll(() => messagesOf(phone).length).toBe(1);
    const [message] = messagesOf(phone);
    expect(message).toMatchObject({ title: number, url: `/my/${number}`, tag: number });
    expect(message?.body).toContain(number);
    await expect.poll(() => messagesOf(desk).some((m) => m.url === `/staff/complaints/${number}` && m.tag === number)).toBe(true);

    const [request] = pushService.for('/student-phone');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0);
    expect(request?.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const claims = verifyVapid(request?.headers.authorization, String(portal.config.push.vapid?.publicKey));
    expect(claims.aud).toBe(pushService.baseUrl);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    // The bell rang too, with the same words.
    const [bell] = await db()
      .select()
      .from(notifications)
      .innerJoin(complaints, eq(complaints.id, notifications.complaintId))
      .where(and(eq(complaints.number, number), eq(notifications.userId, String((await subscriptionOf(phone.endpoint))?.userId))));
    expect(bell?.notifications.text).toBe(message?.body);
  });

  it('forgets a device its push service says is gone (410), and sends it nothing more', async () => {
    const gone = await subscribe(student, '/uninstalled');
    const kept = await subscribe(student, '/still-here');
    pushService.answer('/uninstalled', 410);
    const number = await file();
    await move(number, 'in_progress');
    await expect.poll(async () => subscriptionOf(gone.endpoint)).toBeUndefined();
    expect(pushService.for('/uninstalled')).toHaveLength(1);
    await move(number, 'resolved');
    // The next event reaches the device still subscribed, and not the one that is gone.
    await expect.poll(() => messagesOf(kept).filter((m) => m.tag === number).length).toBe(2);
    expect(pushService.for('/uninstalled')).toHaveLength(1);
  });

  it('tries again later when the push service fails (500), and delivers once it answers', async () => {
    const flaky = await subscribe(student, '/flaky');
    pushService.answer('/flaky', (attempt) => (attempt < 3 ? 500 : 201));
    const number = await file();
    await move(number, 'in_progress');
    await expect.poll(() => messagesOf(flaky).length).toBe(3);
    expect(new Set(messagesOf(flaky).map((m) => m.title))).toEqual(new Set([number]));
    await expect.poll(async () => (await pushRowsFor(flaky)).map((r) => [r.status, r.attempts])).toEqual([['sent', 3]]);
  });

  // Issue 40, item 2: a device whose push service never answered held every other push until its
  // request timed out (15 s): the dispatcher awaited the whole batch before claiming the next.
  it("delivers everyone else's pushes while one device's push service does not answer", async () => {
    const other = await ApiClient.withSession(portal, { email: 'push.other@vitbhopal.ac.in', name: 'Other Student 21BCE10502' });
    const silentPhone = await subscribe(student, '/silent');
    const otherPhone = await subscribe(other, '/other-phone');
    pushService.silence('/silent');
    const first = await file();
    await move(first, 'in_progress');
    await expect.poll(() => pushService.for('/silent').length).toBe(1);
    const second = await file(other);
    await move(second, 'in_progress');
    // Well within the silent request's timeout: the other student's push does not wait for it.
    await expect.poll(() => messagesOf(otherPhone).some((m) => m.title === second), { timeout: 5_000 }).toBe(true);
    pushService.answerHeld('/silent');
    await expect.poll(async () => (await pushRowsFor(silentPhone)).map((r) => r.status)).toEqual(['sent']);
  });

  it('never pushes one event to one device twice', async () => {
    const phone = await subscribe(student, '/only-once');
    const number = await file();
    await move(number, 'in_progress');
    await move(number, 'resolved');
    await expect.poll(async () => (await pushRowsFor(phone)).filter((r) => r.status === 'sent').length).toBe(2);
    // Let the dispatcher make more passes: nothing more arrives.
    const before = pushService.received.length;
    await file();
    await expect.poll(() => pushService.received.length).toBeGreaterThan(before);
    expect(pushService.for('/only-once')).toHaveLength(2);
    const rows = await pushRowsFor(phone);
    expect(new Set(rows.map((r) => r.eventId)).size).toBe(rows.length);
  });
});

describe('a disabled account', () => {
  it("gets no push on its devices (they may be a former student's or a former worker's phone)", async () => {
    const leaving = await ApiClient.signedIn(portal.baseUrl, { email: 'leaving.student@vitbhopal.ac.in', name: 'Leaving Student 21BCE10503' });
    const phone = await subscribe(leaving, '/leaving-phone');
    const number = await file(leaving);
    const [me] = await db().select().from(users).where(eq(users.email, 'leaving.student@vitbhopal.ac.in'));
    const disabled = await admin.send('PUT', `/api/admin/users/${String(me?.id)}`, { role: 'student', disabled: true });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    await move(number, 'in_progress');
    expect(await pushRowsFor(phone)).toHaveLength(0);
  });
});

describe('each channel on or off', () => {
  it('starts with every channel on, for students and staff alike', async () => {
    for (const who of [student, staff, admin]) {
      const channels = await who.get('/api/me/notification-channels');
      expect(channels.status).toBe(200);
      expect(channels.body).toEqual({ push: true, mail: true, bell: true, whatsapp: true, whatsappLinked: false });
    }
    const bad = await student.send('PUT', '/api/me/notification-channels', { push: 'yes', mail: true, bell: true });
    expect(bad.status).toBe(400);
  });

  it('queues no push with push off, no bell with the bell off, no mail with mail off', async () => {
    const other = await ApiClient.signedIn(portal.baseUrl, { email: 'quiet.student@vitbhopal.ac.in', name: 'Quiet Student 21BCE10502' });
    const phone = await subscribe(other, '/quiet-phone');
    const [me] = await db().select().from(users).where(eq(users.email, 'quiet.student@vitbhopal.ac.in'));
    if (!me) throw new Error('no quiet student');

    const number = await file(other);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    if (!row) throw new Error('no complaint');
    const told = async () => ({
      pushes: (await pushRowsFor(phone)).length,
      bells: (await db().select().from(notifications).where(and(eq(notifications.userId, me.id), eq(notifications.complaintId, row.id)))).length,
      mails: (await db().select().from(outbox).where(eq(outbox.complaintId, row.id))).filter((m) => m.toEmails.includes(me.email)).length,
    });
    const before = await told();
    // The acknowledgement of filing went by mail.
    expect(before.mails).toBe(1);

    const off = await other.send('PUT', '/api/me/notification-channels', { push: false, mail: false, bell: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ push: false, mail: false, bell: false, whatsapp: true, whatsappLinked: false });
    expect((await other.get('/api/me/notification-channels')).body).toEqual({ push: false, mail: false, bell: false, whatsapp: true, whatsappLinked: false });
    await move(number, 'in_progress');
    expect(await told()).toEqual(before);

    const onlyPush = await other.send('PUT', '/api/me/notification-channels', { push: true, mail: false, bell: false });
    expect(onlyPush.status).toBe(200);
    await move(number, 'resolved');
    expect(await told()).toEqual({ ...before, pushes: before.pushes + 1 });
    await expect.poll(() => messagesOf(phone).map((m) => m.tag)).toEqual([number]);

    // Filing reads the switch with the session's account: with mail off, no acknowledgement is queued.
    const quiet = await file(other);
    const [quietRow] = await db().select().from(complaints).where(eq(complaints.number, quiet));
    const quietMail = await db().select().from(outbox).where(eq(outbox.complaintId, quietRow?.id ?? ''));
    expect(quietMail.map((m) => m.purpose)).toContain('facility');
    expect(quietMail.filter((m) => m.toEmails.includes(me.email))).toEqual([]);
  });
});

describe('new work', () => {
  it('is pushed to workers who asked to hear of each new complaint; the others hear by bell alone', async () => {
    const calmId = await addStaff(admin, { email: 'calm.crew@vitbhopal.ac.in', name: 'Calm Crew', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] });
    const calm = await ApiClient.signedIn(portal.baseUrl, { email: 'calm.crew@vitbhopal.ac.in', name: 'Calm Crew' });
    const calmDesk = await subscribe(calm, '/calm-desk');
    const keenDesk = await subscribe(staff, '/keen-desk');
    const number = await file();
    await expect.poll(() => messagesOf(keenDesk).map((m) => m.tag)).toEqual([number]);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    const bells = await db().select().from(notifications).where(and(eq(notifications.userId, calmId), eq(notifications.complaintId, String(row?.id))));
    expect(bells).toHaveLength(1);
    expect(await pushRowsFor(calmDesk)).toHaveLength(0);

    // A student's answer reaches the unassigned complaint's team, the calm worker too.
    const answer = await student.post(`/api/complaints/${number}/replies`, { text: 'It drops at 9 pm sharp.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    await expect.poll(() => messagesOf(calmDesk).map((m) => m.url)).toEqual([`/staff/complaints/${number}`]);
  });
});

describe('a confidential complaint', () => {
  it("pushes the team no word of the student's identity, while the student's own push may name them", async () => {
    const meera = await ApiClient.signedIn(portal.baseUrl, CONFIDENTIAL_STUDENT);
    const meeraPhone = await subscribe(meera, '/meera-phone');
    const desk = await subscribe(staff, '/staff-desk-2');
    const number = await file(meera, {
      category: 'ragging',
      subCategory: 'Physical',
      placeKind: 'hostel',
      placeText: 'Second-floor corridor',
      complaint: 'Seniors came at night. I am Meera Iyer (22MIM10045), reach me at meera.iyer@vitbhopal.ac.in.',
    });
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(row?.confidential).toBe(true);
    const reply = await meera.post(`/api/complaints/${number}/replies`, { text: 'It is Meera Iyer 22MIM10045 again, please call me.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(204);

    await expect.poll(() => messagesOf(desk).filter((m) => m.tag === number).length).toBeGreaterThanOrEqual(2);
    const toTeam = messagesOf(desk).filter((m) => m.tag === number);
    for (const message of toTeam) {
      const words = JSON.stringify(message);
      for (const word of IDENTITY) expect(words).not.toContain(word);
    }
    expect(toTeam.some((m) => m.body.includes('[withheld]'))).toBe(true);

    // Nothing was queued for the student about their own reply.
    const mine = await db()
      .select()
      .from(pushOutbox)
      .where(inArray(pushOutbox.subscriptionId, db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, meeraPhone.endpoint))));
    expect(mine).toHaveLength(0);
  });
  it("withholds the student's name even where the bell's preview cuts it in half", async () => {
    const meera = await ApiClient.signedIn(portal.baseUrl, CONFIDENTIAL_STUDENT);
    const desk = await subscribe(staff, '/staff-desk-3');
    const number = await file(meera, { category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors came to my room at night and threatened me.' });
    // 75 characters, then the name: the 80-character preview ends inside it ("Meer…").
    const lead = 'Please send someone soon, it happened again last night in block C, room 14 ';
    expect(lead).toHaveLength(75);
    const reply = await meera.post(`/api/complaints/${number}/replies`, { text: `${lead}Meera Iyer 22MIM10045 here.` });
    expect(reply.status, JSON.stringify(reply.body)).toBe(204);

    const expected = `The student replied about ${number}: ${lead}[wit…`;
    const bells = await db()
      .select({ text: notifications.text })
      .from(notifications)
      .innerJoin(complaints, eq(complaints.id, notifications.complaintId))
      .where(and(eq(complaints.number, number), eq(notifications.userId, staffId)));
    expect(bells.map((b) => b.text)).toContain(expected);
    await expect.poll(() => messagesOf(desk).filter((m) => m.tag === number).map((m) => m.body)).toContain(expected);
    for (const message of messagesOf(desk).filter((m) => m.tag === number)) expect(message.body).not.toMatch(/Mee|Iye|22MIM/);
  });
});

describe('escalations', () => {
  it("push a late complaint to the hostel's wardens, opening it in the console", async () => {
    await addStaff(admin, { email: 'block2.warden@vitbhopal.ac.in', name: 'Block Warden', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] });
    const warden = await ApiClient.signedIn(portal.baseUrl, { email: 'block2.warden@vitbhopal.ac.in', name: 'Block Warden' });
    const wardenPhone = await subscribe(warden, '/warden-phone');
    const number = await file();
    // New work in scope is the bell only for a warden who did not ask for each one.
    expect(await pushRowsFor(wardenPhone)).toHaveLength(0);
    await db().update(complaints).set({ dueAt: sql`now() - interval '3 hours'` }).where(eq(complaints.number, number));
    await portal.app.jobs.escalate();
    // Tagged as the hour's late alerts (one push an hour per person; late-alerts.test.ts), not as the complaint.
    await expect.poll(() => messagesOf(wardenPhone)).toEqual([
      expect.objectContaining({ title: number, url: `/staff/complaints/${number}`, tag: 'late', body: expect.stringContaining('is late') as unknown }),
    ]);
  });
});
