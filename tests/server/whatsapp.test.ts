import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { notifications, users, whatsappInbound, whatsappLinks, whatsappOutbox } from '../../src/server/db/schema.js';
import sharp from 'sharp';
import { aComplaint, aStudent } from '../factories/complaints.js';
import { aPhoneJpeg } from '../factories/photos.js';
import { portalTest } from '../support/fixtures.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import type { ApiClient } from '../support/student.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  GraphFake,
  WHATSAPP_TEST_NUMBER,
  WHATSAPP_TEST_VERIFY_TOKEN,
  imageMessage,
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
  // And the chat's answer has reached the phone: what a test counts next comes after it.
  await expect.poll(() => graph.to(phone).at(-1)?.text ?? '').toContain('is now connected');
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

describe('a number that writes too much', () => {
  it('is left unanswered past 20 messages a minute, and the statuses of what the portal sent it do not count', async ({ portal }) => {
    const phone = aPhone();
    // Statuses of messages sent to this number: Meta sends two or three per message.
    const statuses = Array.from({ length: 30 }, (_, i) => ({ id: `wamid.unknown.${phone}.${i}`, status: 'delivered', timestamp: '1700000000', recipient_id: phone }));
    expect((await postWebhook(portal.baseUrl, webhookPayload({ statuses }))).body).toEqual({ received: 30 });
    await sendWhatsApp(portal, { from: phone, text: 'hello' });
    await nextTo(phone);
    const messages = Array.from({ length: 25 }, (_, i) => ({ from: phone, id: `wamid.flood.${phone}.${i}`, timestamp: '1700000000', type: 'text', text: { body: `hello ${i}` } }));
    expect((await postWebhook(portal.baseUrl, webhookPayload({ messages }))).body).toEqual({ received: 25 });
    await expect.poll(async () => (await inboundRows(portal)).filter((r) => r.waId === phone && r.status === 'queued').length).toBe(0);
    // 1 + 25 messages: the first 20 answered, the rest recorded and left.
    await expect.poll(() => graph.to(phone).length).toBe(20);
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

/** A tap on one of the portal's buttons or list rows, as Meta posts it. */
function tap(from: string, id: string, title: string, context?: string, kind: 'button_reply' | 'list_reply' = 'button_reply') {
  return webhookPayload({
    messages: [
      {
        from,
        id: `wamid.tap.${id}.${Math.random().toString(36).slice(2)}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'interactive',
        interactive: { type: kind, [kind]: { id, title } },
        ...(context ? { context: { from: WHATSAPP_TEST_NUMBER, id: context } } : {}),
      },
    ],
  });
}

type Timeline = Array<{ kind: string; note: string; fromStudent: boolean }>;

describe('in the reader’s language', () => {
  it('answers a Hindi reader in Hindi: the greeting, the update and its Fixed / Not fixed buttons', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    expect((await student.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBeLessThan(300);
    const phone = aPhone();
    const code = (await student.send('POST', '/api/me/whatsapp/code')).body as { code: string };
    await sendWhatsApp(portal, { from: phone, text: `LINK ${code.code}` });
    expect((await nextTo(phone)).text).toContain('यह WhatsApp नंबर अब आपके हॉस्टल शिकायत पोर्टल खाते से जुड़ गया है');
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Router replaced.' });
    const ask = await nextTo(phone, 1);
    const buttons = (ask.body.interactive as { action: { buttons: Array<{ reply: { title: string } }> } }).action.buttons.map((b) => b.reply.title);
    expect(buttons).toEqual(['ठीक हो गया', 'ठीक नहीं हुआ']);
  });
});

describe('answering in the chat', () => {
  it('an answer quoting an update goes to that complaint’s thread, once however often Meta delivers it', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    const before = graph.to(phone).length;
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' });
    const update = await nextTo(phone, before);

    const answer = textMessage(phone, 'It drops on both bands after 9 pm.', { context: update.wamid, id: 'wamid.answer.once' });
    expect((await postWebhook(portal.baseUrl, answer)).status).toBe(200);
    expect((await postWebhook(portal.baseUrl, answer)).status).toBe(200);
    expect((await nextTo(phone, before + 1)).text).toContain(`Added to ${number}`);
    const replies = async () => ((await student.get(`/api/complaints/${number}`)).body.timeline as Timeline).filter((e) => e.kind === 'reply');
    await expect.poll(async () => (await replies()).map((e) => [e.note, e.fromStudent])).toEqual([['It drops on both bands after 9 pm.', true]]);
    // The same words again as a new message are a new answer; the redelivered one never was.
    expect(graph.to(phone).filter((m) => m.text.includes(`Added to ${number}`))).toHaveLength(1);
  });

  it('offers Fixed / Not fixed on "confirm the fix": Fixed closes it, Not fixed asks why and reopens with the words', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const fixedOne = String((await student.post('/api/complaints', aComplaint())).body.number);
    const notFixed = String((await student.post('/api/complaints', aComplaint({ roomNo: '313' }))).body.number);
    const status = async (n: string) => (await student.get(`/api/complaints/${n}`)).body.status;

    let seen = graph.to(phone).length;
    await staff.send('POST', `/api/staff/complaints/${fixedOne}/transitions`, { to: 'resolved', note: 'Router replaced.' });
    const ask = await nextTo(phone, seen);
    expect(ask.type).toBe('interactive');
    expect((ask.body.interactive as { action: { buttons: Array<{ reply: { id: string; title: string } }> } }).action.buttons.map((b) => b.reply)).toEqual([
      { id: `fixed:${fixedOne}`, title: 'Fixed' },
      { id: `notfixed:${fixedOne}`, title: 'Not fixed' },
    ]);
    seen = graph.to(phone).length;
    await postWebhook(portal.baseUrl, tap(phone, `fixed:${fixedOne}`, 'Fixed', ask.wamid));
    expect((await nextTo(phone, seen)).text).toContain(`${fixedOne} is closed as fixed`);
    expect(await status(fixedOne)).toBe('closed');

    seen = graph.to(phone).length;
    await staff.send('POST', `/api/staff/complaints/${notFixed}/transitions`, { to: 'resolved', note: 'Done.' });
    const second = await nextTo(phone, seen);
    seen = graph.to(phone).length;
    await postWebhook(portal.baseUrl, tap(phone, `notfixed:${notFixed}`, 'Not fixed', second.wamid));
    expect((await nextTo(phone, seen)).text).toContain(`What is still wrong with ${notFixed}?`);
    seen = graph.to(phone).length;
    await sendWhatsApp(portal, { from: phone, text: 'Still no signal in the evening.' });
    expect((await nextTo(phone, seen)).text).toContain(`${notFixed} is reopened`);
    expect(await status(notFixed)).toBe('reopened');
    // Someone else's complaint cannot be confirmed from this phone.
    seen = graph.to(phone).length;
    const stranger = await signIn(aStudent());
    const theirs = String((await stranger.post('/api/complaints', aComplaint())).body.number);
    await postWebhook(portal.baseUrl, tap(phone, `fixed:${theirs}`, 'Fixed'));
    expect((await nextTo(phone, seen)).text).not.toContain('closed as fixed');
    expect((await stranger.get(`/api/complaints/${theirs}`)).body.status).toBe('submitted');
  });
});

describe('filing in the chat', () => {
  it('files a complaint step by step: category, what is wrong, the remembered place, the message, confirm', async ({ portal, signIn }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    // The place is remembered from the last complaint filed on the page.
    await student.post('/api/complaints', aComplaint({ hostel: 'Block-2', floor: 3, roomNo: '312' }));
    let seen = graph.to(phone).length;
    const next = async () => {
      const message = await nextTo(phone, seen);
      seen = graph.to(phone).length;
      return message;
    };
    const rowsOf = (m: { body: Record<string, unknown> }) =>
      (m.body.interactive as { action: { sections: Array<{ rows: Array<{ id: string; title: string }> }> } }).action.sections[0]?.rows ?? [];

    await sendWhatsApp(portal, { from: phone, text: 'hi' });
    const categories = await next();
    expect(categories.text).toContain('What is it about?');
    const rows = rowsOf(categories);
    expect(rows.map((r) => r.id)).toContain('category:electricity');
    expect(rows.map((r) => r.id)).toContain('service:room_cleaning');

    await postWebhook(portal.baseUrl, tap(phone, 'category:electricity', 'Electricity', categories.wamid, 'list_reply'));
    const subs = await next();
    const first = rowsOf(subs)[0];
    expect(first?.id).toBe('sub:0');
    await postWebhook(portal.baseUrl, tap(phone, 'sub:0', first?.title ?? '', subs.wamid, 'list_reply'));
    const place = await next();
    expect(place.text).toContain('Block-2, floor 3, room 312');
    await postWebhook(portal.baseUrl, tap(phone, 'place:same', 'Yes, there', place.wamid));
    expect((await next()).text).toContain('Describe the problem');
    await postWebhook(portal.baseUrl, imageMessage(phone, graph.addMedia(await aPhoneJpeg())));
    expect((await next()).text).toContain('Photo kept');
    await sendWhatsApp(portal, { from: phone, text: 'The fan regulator sparks when turned.' });
    const confirm = await next();
    expect(confirm.text).toContain('The fan regulator sparks when turned.');
    expect(confirm.text).toContain('1 photo');
    const fileIt = tap(phone, 'flow:file', 'File it', confirm.wamid);
    await postWebhook(portal.baseUrl, fileIt);
    const filed = await next();
    const number = /Filed: (\S+)\./.exec(filed.text)?.[1] ?? '';
    expect(number).not.toBe('');
    const mine = await student.get(`/api/complaints/${number}`);
    expect(mine.body).toMatchObject({ category: 'electricity', hostel: 'Block-2', floor: 3, roomNo: '312', complaint: 'The fan regulator sparks when turned.' });
    expect(((await student.get(`/api/complaints/${number}/photos`)).body as { items: unknown[] }).items).toHaveLength(1);
    // The same tap delivered again files nothing more.
    await postWebhook(portal.baseUrl, fileIt);
    const list = (await student.get('/api/complaints/mine')).body as { items: Array<{ number: string }> };
    expect(list.items.filter((c) => c.number === number)).toHaveLength(1);
  });

  it('shows what is already open there before filing, and "Me too" adds the student to it instead', async ({ portal, signIn }) => {
    const neighbour = await signIn(aStudent());
    const theirs = String((await neighbour.post('/api/complaints', aComplaint({ category: 'electricity', subCategory: 'Fan', hostel: 'Block-3', floor: 1, roomNo: '105', complaint: 'The ceiling fans on the first floor stopped since morning.' }))).body.number);
    expect(theirs).toMatch(/\S/);
    const student = await signIn(aStudent());
    await student.post('/api/complaints', aComplaint({ hostel: 'Block-3', floor: 1, roomNo: '112' }));
    const phone = aPhone();
    await link(portal, student, phone);
    let seen = graph.to(phone).length;
    const next = async () => {
      const message = await nextTo(phone, seen);
      seen = graph.to(phone).length;
      return message;
    };
    await sendWhatsApp(portal, { from: phone, text: 'new complaint' });
    const categories = await next();
    await postWebhook(portal.baseUrl, tap(phone, 'category:electricity', 'Electricity', categories.wamid, 'list_reply'));
    const subs = await next();
    const rows = (subs.body.interactive as { action: { sections: Array<{ rows: Array<{ id: string; title: string }> }> } }).action.sections[0]?.rows ?? [];
    const fan = rows.find((r) => r.title === 'Fan');
    expect(fan).toBeDefined();
    await postWebhook(portal.baseUrl, tap(phone, fan?.id ?? '', 'Fan', subs.wamid, 'list_reply'));
    await postWebhook(portal.baseUrl, tap(phone, 'place:same', 'Yes, there', (await next()).wamid));
    await next();
    await sendWhatsApp(portal, { from: phone, text: 'My ceiling fan stopped too.' });
    const confirm = await next();
    expect(confirm.text).toContain(`Already reported there: ${theirs}`);
    expect(confirm.text).not.toContain('Ananya');
    const buttons = (confirm.body.interactive as { action: { buttons: Array<{ reply: { id: string } }> } }).action.buttons.map((b) => b.reply.id);
    expect(buttons).toEqual([`metoo:${theirs}`, 'flow:file', 'flow:cancel']);
    await postWebhook(portal.baseUrl, tap(phone, `metoo:${theirs}`, 'Me too', confirm.wamid));
    expect((await next()).text).toContain(`You are added to ${theirs}`);
    const followed = (await student.get(`/api/complaints/nearby?hostel=Block-3&category=electricity&floor=1`)).body as { complaints: Array<{ number: string; following: boolean }> };
    expect(followed.complaints.find((c) => c.number === theirs)?.following).toBe(true);
    const mine = (await student.get('/api/complaints/mine')).body as { items: Array<{ category: string }> };
    expect(mine.items.filter((c) => c.category === 'electricity')).toEqual([]);
  });

  it('works one number’s messages in the order they came, however many arrive at once', async ({ portal, signIn }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const seen = graph.to(phone).length;
    const message = (id: string, body: Record<string, unknown>) => ({ from: phone, id: `wamid.order.${id}.${phone}`, timestamp: '1700000000', ...body });
    // Meta may put several messages in one post: the tap must be worked after the words before it.
    const post = webhookPayload({
      messages: [
        message('1', { type: 'text', text: { body: 'new complaint' } }),
        message('2', { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'category:electricity', title: 'Electrician' } } }),
        message('3', { type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'sub:3', title: 'Fan' } } }),
      ],
    });
    expect((await postWebhook(portal.baseUrl, post)).body).toEqual({ received: 3 });
    await expect.poll(() => graph.to(phone).length).toBe(seen + 3);
    const [categories, subs, place] = graph.to(phone).slice(seen);
    expect(categories?.text).toContain('What is it about?');
    expect(subs?.text).toContain('What is wrong?');
    expect(place?.text).toMatch(/Is it at|Which hostel/);
  });

  it('answers a ragging report with the helpline and the confidential form, filing nothing', async ({ portal, signIn }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    let seen = graph.to(phone).length;
    await sendWhatsApp(portal, { from: phone, text: 'new complaint' });
    const categories = await nextTo(phone, seen);
    seen = graph.to(phone).length;
    const ragging = (categories.body.interactive as { action: { sections: Array<{ rows: Array<{ id: string }> }> } }).action.sections[0]?.rows.find((r) => r.id === 'category:ragging');
    expect(ragging).toBeDefined();
    await postWebhook(portal.baseUrl, tap(phone, 'category:ragging', 'Ragging', categories.wamid, 'list_reply'));
    const answer = await nextTo(phone, seen);
    expect(answer.text).toContain('confidential form');
    expect(answer.text).toContain('1800-180-5522');
    expect(answer.text).toContain(`${portal.baseUrl}/complaints/raggingComplaint`);
  });
});

describe('photos in the chat', () => {
  it('fetches a photo through the media endpoint, strips it like any upload and attaches it: to the complaint it answers, or to one being filed', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const phone = aPhone();
    await link(portal, student, phone);
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    let seen = graph.to(phone).length;
    await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' });
    const update = await nextTo(phone, seen);
    seen = graph.to(phone).length;

    const original = await aPhoneJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const mediaId = graph.addMedia(original);
    await postWebhook(portal.baseUrl, imageMessage(phone, mediaId, { context: update.wamid, caption: 'The router light is red.' }));
    expect((await nextTo(phone, seen)).text).toContain(`Photo added to ${number}`);
    expect(graph.mediaFetched).toContain(mediaId);
    const photos = (await student.get(`/api/complaints/${number}/photos`)).body as { items: Array<{ url: string }> };
    expect(photos.items).toHaveLength(1);
    const stored = await student.http.request(`${student.baseUrl}${photos.items[0]?.url ?? ''}`);
    const metadata = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    const timeline = (await student.get(`/api/complaints/${number}`)).body.timeline as Timeline;
    expect(timeline.filter((e) => e.kind === 'reply').map((e) => e.note)).toEqual(['The router light is red.']);

    // Bytes that are not a photo are refused, in words, and nothing is attached.
    seen = graph.to(phone).length;
    await postWebhook(portal.baseUrl, imageMessage(phone, graph.addMedia(Buffer.from('not an image at all')), { context: update.wamid }));
    expect((await nextTo(phone, seen)).text).not.toContain('Photo added');
    expect(((await student.get(`/api/complaints/${number}/photos`)).body as { items: unknown[] }).items).toHaveLength(1);
  });
});
