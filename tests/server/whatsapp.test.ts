import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { notifications, users, whatsappInbound, whatsappLinks, whatsappOutbox } from '../../src/server/db/schema.js';
import { aComplaint, aStudent } from '../factories/complaints.js';
import { portalTest } from '../support/fixtures.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import type { ApiClient } from '../support/student.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  GraphFake,
  WHATSAPP_TEST_NUMBER,
  WHATSAPP_TEST_VERIFY_TOKEN,
  postWebhook,
  sendWhatsApp,
  sign,
  textMessage,
  webhookPayload,
  whatsappEnv,
} from '../support/whatsapp.js';

/*
 * Issue 43: WhatsApp as a channel, against a local fake of the Graph API and webhook posts in
 * Meta's documented shape, signed with the app secret.
 */

const graph = await GraphFake.start();
const test = portalTest({ env: { ...RELAXED_LIMITS, ...whatsappEnv(graph.url) }, afterClose: () => graph.close() });
const it = test;

let phones = 0;
/** A phone number no other test uses. */
const aPhone = () => `9199000${String(++phones).padStart(5, '0')}`;

const inboundRows = (portal: TestApp) => portal.database.db.select().from(whatsappInbound);

/** Links `phone` to `who` the way a student does: a code from the account page, sent from the phone. */
async function link(portal: { baseUrl: string }, who: ApiClient, phone: string): Promise<void> {
  const code = await who.send('POST', '/api/me/whatsapp/code');
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  const sent = await sendWhatsApp(portal, { from: phone, text: `LINK ${String((code.body as { code: string }).code)}` });
  expect(sent.status).toBe(200);
  await expect.poll(async () => (await who.get('/api/me/whatsapp')).body.linked).not.toBeNull();
}

/** Waits for the portal's next message to `phone` after the `before` it had. */
async function nextTo(phone: string, before = 0) {
  await expect.poll(() => graph.to(phone).length).toBeGreaterThan(before);
  const message = graph.to(phone)[before];
  if (!message) throw new Error('no message');
  return message;
}

describe("Meta's webhook", () => {
  it('answers the verification with the challenge for our verify token, and 403 for any other', async ({ portal }) => {
    const url = (token: string) => `${portal.baseUrl}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const good = await fetch(url(WHATSAPP_TEST_VERIFY_TOKEN));
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('1158201444');
    expect((await fetch(url('someone-elses-token'))).status).toBe(403);
  });

  it('refuses a post with a missing or wrong signature before storing anything', async ({ portal }) => {
    const phone = aPhone();
    const payload = textMessage(phone, 'hello');
    const before = (await inboundRows(portal)).length;
    expect((await postWebhook(portal.baseUrl, payload, null)).status).toBe(401);
    expect((await postWebhook(portal.baseUrl, payload, sign(JSON.stringify(payload), 'not-the-secret'))).status).toBe(401);
    expect((await postWebhook(portal.baseUrl, payload, 'sha256=00')).status).toBe(401);
    expect((await inboundRows(portal)).length).toBe(before);
    expect(graph.to(phone)).toEqual([]);
    // A signed post that is not WhatsApp's is refused as such.
    expect((await postWebhook(portal.baseUrl, { object: 'page', entry: [] })).status).toBe(400);
  });

  it('works a message delivered twice once, and tells an unlinked number how to link, and nothing else', async ({ portal }) => {
    const phone = aPhone();
    const payload = textMessage(phone, 'my fan is broken', { id: 'wamid.twice' });
    const first = await postWebhook(portal.baseUrl, payload);
    const again = await postWebhook(portal.baseUrl, payload);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([first.body, again.body]).toEqual([{ received: 1 }, { received: 0 }]);
    const reply = await nextTo(phone);
    expect(reply.text).toContain('not connected to a Hostel Complaint Portal account');
    expect(reply.text).toContain(`${portal.baseUrl}/userInfo`);
    expect(reply.authorization).toBe('Bearer test-access-token');
    // Time for a second reply to have been sent if the duplicate had been worked.
    await expect.poll(async () => (await inboundRows(portal)).filter((r) => r.waId === phone).map((r) => r.status)).toEqual(['done']);
    expect(graph.to(phone)).toHaveLength(1);
  });
});

describe('linking a number to an account', () => {
  it('links with a code from the account page, answers with the name, and a number belongs to one account at a time', async ({ portal, signIn }) => {
    const student = await signIn(aStudent());
    expect((await student.get('/api/me/whatsapp')).body).toEqual({ available: true, linked: null });
    const code = await student.send('POST', '/api/me/whatsapp/code');
    expect(code.status).toBe(201);
    const { code: text, link: wa } = code.body as { code: string; link: string };
    expect(text).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(wa).toBe(`https://wa.me/${WHATSAPP_TEST_NUMBER}?text=LINK%20${text}`);

    // A wrong code links nothing.
    const phone = aPhone();
    await sendWhatsApp(portal, { from: phone, text: 'LINK ZZZZZZ' });
    expect((await nextTo(phone)).text).toContain('not right or has expired');

    await sendWhatsApp(portal, { from: phone, text: `link ${text.toLowerCase()}` });
    const { name } = ((await student.get('/api/me')).body as { user: { name: string } }).user;
    expect((await nextTo(phone, 1)).text).toContain(`Hello ${name},`);
    const linked = (await student.get('/api/me/whatsapp')).body as { linked: { phone: string } };
    expect(linked.linked.phone).toBe(`•••••• ${phone.slice(-4)}`);
    expect((await student.get('/api/me/notification-channels')).body).toMatchObject({ whatsapp: true, whatsappLinked: true });
    // The code is used up, and a second code is refused while a number is linked.
    const thief = aPhone();
    await sendWhatsApp(portal, { from: thief, text: `LINK ${text}` });
    expect((await nextTo(thief)).text).toContain('not right or has expired');
    expect((await student.send('POST', '/api/me/whatsapp/code')).status).toBe(409);

    // Another account's code sent from the same phone moves the number there.
    const other = await signIn(aStudent());
    const otherCode = (await other.send('POST', '/api/me/whatsapp/code')).body as { code: string };
    await sendWhatsApp(portal, { from: phone, text: `LINK ${otherCode.code}` });
    await expect.poll(async () => (await other.get('/api/me/whatsapp')).body.linked).not.toBeNull();
    expect((await student.get('/api/me/whatsapp')).body.linked).toBeNull();
    const rows = await portal.database.db.select().from(whatsappLinks).where(eq(whatsappLinks.waId, phone));
    expect(rows).toHaveLength(1);
  });

  it('STOP in the chat and Disconnect on the page each unlink the number', async ({ portal, signIn }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const before = graph.to(phone).length;
    await sendWhatsApp(portal, { from: phone, text: 'STOP' });
    expect((await nextTo(phone, before)).text).toContain('disconnected');
    expect((await student.get('/api/me/whatsapp')).body.linked).toBeNull();

    await link(portal, student, phone);
    const gone = await student.send('DELETE', '/api/me/whatsapp');
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ available: true, linked: null });
  });
});

describe('updates on WhatsApp', () => {
  it('sends a linked student their complaint’s changes: free text in the 24-hour window, the template outside it', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const filed = await student.post('/api/complaints', aComplaint());
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);

    const before = graph.to(phone).length;
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' })).status).toBeLessThan(300);
    const update = await nextTo(phone, before);
    expect(update.type).toBe('text');
    expect(update.text).toContain(number);
    expect(update.text).toContain(`${portal.baseUrl}/my/${number}`);

    // A day later the window is closed: the approved template carries the same words.
    await portal.database.db.update(whatsappLinks).set({ lastInboundAt: sql`now() - interval '25 hours'` }).where(eq(whatsappLinks.waId, phone));
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Router replaced.' })).status).toBeLessThan(300);
    const template = await nextTo(phone, before + 1);
    expect(template.type).toBe('template');
    expect(template.body.template).toMatchObject({ name: 'complaint_update', language: { code: 'en' } });
    expect(template.text).toContain(number);
    expect(template.text).not.toContain('\n');
  });

  it('sends the template when Meta says the window has closed, retries when throttled, and records statuses in order', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    const before = graph.to(phone).length;
    graph.refuseNext(400, 131047, 'Re-engagement message');
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' });
    const sent = await nextTo(phone, before);
    expect(sent.type).toBe('template');

    const db = portal.database.db;
    const [row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.wamid, sent.wamid));
    expect(row?.delivery).toBe('sent');
    const status = (s: string) => webhookPayload({ statuses: [{ id: sent.wamid, status: s, timestamp: '1700000000', recipient_id: phone }] });
    await postWebhook(portal.baseUrl, status('read'));
    await postWebhook(portal.baseUrl, status('delivered'));
    await expect.poll(async () => (await db.select().from(whatsappInbound).where(eq(whatsappInbound.waId, phone))).filter((r) => r.status === 'queued').length).toBe(0);
    const [after] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.wamid, sent.wamid));
    // "read" came first; the late "delivered" does not move it back.
    expect(after?.delivery).toBe('read');

    graph.refuseNext(429, 130429, 'Rate limit hit', 2);
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Done' });
    const retried = await nextTo(phone, before + 1);
    expect(retried.text).toContain(number);
  });

  it('falls back to the bell when WhatsApp says a message failed', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    // Bell and push off: WhatsApp is how this student chose to hear.
    expect((await student.send('PUT', '/api/me/notification-channels', { push: false, mail: false, bell: false })).status).toBe(200);
    const phone = aPhone();
    await link(portal, student, phone);
    expect((await student.get('/api/me/notification-channels')).body).toMatchObject({ whatsapp: true, whatsappLinked: true, bell: false });
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    const before = graph.to(phone).length;
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' });
    const sent = await nextTo(phone, before);
    const db = portal.database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, student.user.email));
    const bells = () => db.select().from(notifications).where(eq(notifications.userId, me?.id ?? ''));
    expect(await bells()).toEqual([]);
    await postWebhook(portal.baseUrl, webhookPayload({ statuses: [{ id: sent.wamid, status: 'failed', recipient_id: phone, errors: [{ code: 131026, title: 'Message undeliverable' }] }] }));
    await expect.poll(async () => (await bells()).map((b) => b.text.includes(number) || b.complaintId !== null)).toEqual([true]);
  });

  it('sends nothing to a number whose account turned WhatsApp off', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    expect((await student.send('PUT', '/api/me/notification-channels', { push: true, mail: true, bell: true, whatsapp: false })).body).toMatchObject({ whatsapp: false, whatsappLinked: true });
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    const before = graph.to(phone).length;
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' });
    const db = portal.database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, student.user.email));
    await expect.poll(async () => (await db.select().from(notifications).where(eq(notifications.userId, me?.id ?? ''))).length).toBeGreaterThan(0);
    expect(await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.userId, me?.id ?? ''))).toEqual([]);
    expect(graph.to(phone).length).toBe(before);
  });
});

describe('WhatsApp off', () => {
  it('says it is not available, gives no code and has no webhook', async () => {
    const portal = await startTestApp({ ...RELAXED_LIMITS });
    try {
      const { ApiClient } = await import('../support/student.js');
      const student = await ApiClient.withSession(portal, aStudent());
      expect((await student.get('/api/me/whatsapp')).body).toEqual({ available: false, linked: null });
      expect((await student.send('POST', '/api/me/whatsapp/code')).status).toBe(404);
      expect((await postWebhook(portal.baseUrl, textMessage(aPhone(), 'hello'))).status).toBe(404);
    } finally {
      await portal.close();
    }
  });
});
