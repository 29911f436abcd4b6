import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { whatsappInbound, whatsappOutbox } from '../../src/server/db/schema.js';
import type { ChatMessage } from '../../src/server/dev-whatsapp/chat.js';
import { aComplaint, aStudent } from '../factories/complaints.js';
import { portalTest } from '../support/fixtures.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import { ApiClient } from '../support/student.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { whatsappEnv } from '../support/whatsapp.js';

/*
 * Decision 70: the development WhatsApp simulator, which `npm start` turns on without Meta. Tests
 * run with NODE_ENV=test, where it is off unless WHATSAPP_SIMULATOR=on asks for it. Everything
 * goes the real way: the portal's Graph API client posts to the simulator, the simulator posts
 * signed webhook posts to the portal.
 */

const test = portalTest({ env: { ...RELAXED_LIMITS, WHATSAPP_SIMULATOR: 'on', WHATSAPP_POLL_INTERVAL_MS: '100', WHATSAPP_RETRY_BASE_MS: '50' } });
const it = test;

let phones = 0;
/** A phone number no other test uses. */
const aPhone = () => `9198000${String(++phones).padStart(5, '0')}`;

function simulated(portal: TestApp) {
  const whatsapp = portal.config.whatsapp;
  if (!whatsapp?.simulated) throw new Error('the simulator is on in this file');
  return whatsapp;
}

async function chatOf(portal: TestApp, number: string): Promise<ChatMessage[]> {
  const response = await fetch(`${portal.baseUrl}/dev-whatsapp/chat?number=${number}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: ChatMessage[] }).messages;
}

/** What the page sends: a text, a quoted reply, or a tapped choice. */
async function send(portal: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${portal.baseUrl}/dev-whatsapp/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { message?: ChatMessage; error?: { code: string } } };
}

/** Waits for the portal's next message in `number`'s chat whose words match. */
async function portalSays(portal: TestApp, number: string, words: RegExp | string): Promise<ChatMessage> {
  const find = async () => (await chatOf(portal, number)).find((m) => m.from === 'portal' && (typeof words === 'string' ? m.text.includes(words) : words.test(m.text)));
  await expect.poll(find).toBeDefined();
  const found = await find();
  if (!found) throw new Error('no such message');
  return found;
}

/** Posts to the simulated Graph API as the portal's client does. */
function graphPost(portal: TestApp, body: unknown, opts: { token?: string; phoneNumberId?: string } = {}) {
  const whatsapp = simulated(portal);
  return fetch(`${whatsapp.graphUrl}/${opts.phoneNumberId ?? whatsapp.phoneNumberId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.token ?? whatsapp.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The events the portal's webhook queued from `number`. */
const inboundFrom = async (portal: TestApp, number: string) =>
  (await portal.database.db.select().from(whatsappInbound).where(eq(whatsappInbound.waId, number))).map((row) => row.event as Record<string, unknown>);

describe('the simulated Graph API', () => {
  it('refuses a wrong bearer token, another number id and a message Meta would refuse, as Meta answers', async ({ portal }) => {
    const to = aPhone();
    const text = { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { body: 'hello' } };
    const wrongToken = await graphPost(portal, text, { token: 'someone-elses-token' });
    expect(wrongToken.status).toBe(401);
    expect(await wrongToken.json()).toMatchObject({ error: { code: 190, type: 'OAuthException' } });
    const noBearer = await fetch(`${simulated(portal).graphUrl}/${simulated(portal).phoneNumberId}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(text) });
    expect(noBearer.status).toBe(401);
    expect((await graphPost(portal, text, { phoneNumberId: '999999' })).status).toBe(400);
    // Four reply buttons: the Cloud API takes three at most.
    const buttons = [1, 2, 3, 4].map((n) => ({ type: 'reply', reply: { id: `b${n}`, title: `Button ${n}` } }));
    const tooMany = await graphPost(portal, { messaging_product: 'whatsapp', to, type: 'interactive', interactive: { type: 'button', body: { text: 'Pick' }, action: { buttons } } });
    expect(tooMany.status).toBe(400);
    const refused = (await tooMany.json()) as { error: { code: number; error_data?: { details?: string } } };
    expect(refused.error.code).toBe(100);
    expect(refused.error.error_data?.details).toContain('interactive.action.buttons');
    expect(await chatOf(portal, to)).toEqual([]);

    const sent = await graphPost(portal, text);
    expect(sent.status).toBe(200);
    const answer = (await sent.json()) as { messaging_product: string; contacts: unknown[]; messages: Array<{ id: string }> };
    expect(answer).toMatchObject({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }] });
    expect(answer.messages[0]?.id).toMatch(/^wamid\./);
    expect(await chatOf(portal, to)).toMatchObject([{ id: answer.messages[0]?.id, from: 'portal', kind: 'text', text: 'hello' }]);
  });
});

describe('the simulated phone', () => {
  it('reaches the portal’s webhook: an unlinked number gets the “not connected” reply in the chat, and its statuses come back', async ({ portal }) => {
    const phone = aPhone();
    const sent = await send(portal, { number: phone, text: 'my fan is broken' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ from: 'me', text: 'my fan is broken' });
    expect(await inboundFrom(portal, phone)).toMatchObject([{ kind: 'message', type: 'text', from: phone, text: { body: 'my fan is broken' } }]);

    const reply = await portalSays(portal, phone, 'not connected to a Hostel Complaint Portal account');
    expect(reply.text).toContain(`${portal.baseUrl}/userInfo`);
    const chat = await chatOf(portal, phone);
    expect(chat.map((m) => m.from)).toEqual(['me', 'portal']);

    // Meta's "sent" then "delivered", posted back signed: the outbox row ends delivered.
    const db = portal.database.db;
    await expect.poll(async () => (await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.wamid, reply.id)))[0]?.delivery).toBe('delivered');
    expect((await inboundFrom(portal, phone)).filter((e) => e.kind === 'status').map((e) => String(e.status)).sort()).toEqual(['delivered', 'sent']);
  });

  it('links a number with the account page’s code, and a staff change of the complaint shows in the chat', async ({ portal, signIn, staff }) => {
    const student = await signIn(aStudent());
    const code = await student.send('POST', '/api/me/whatsapp/code');
    expect(code.status).toBe(201);
    const { code: text, link } = code.body as { code: string; link: string };
    // The account page's "Open WhatsApp" opens the simulator with the words typed in.
    expect(link).toBe(`${portal.baseUrl}/dev-whatsapp?number=&text=LINK%20${text}`);

    const phone = aPhone();
    expect((await send(portal, { number: phone, text: `LINK ${text}` })).status).toBe(201);
    const { name } = ((await student.get('/api/me')).body as { user: { name: string } }).user;
    await portalSays(portal, phone, `Hello ${name},`);
    expect((await student.get('/api/me/whatsapp')).body).toMatchObject({ available: true, linked: { phone: `•••••• ${phone.slice(-4)}` } });

    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: '' })).status).toBeLessThan(300);
    const update = await portalSays(portal, phone, number);
    expect(update.text).toContain(`${portal.baseUrl}/my/${number}`);

    // A quoted reply carries the quoted message's id, as WhatsApp's context.
    const quoted = await send(portal, { number: phone, text: 'Thank you', context: update.id });
    expect(quoted.status).toBe(201);
    expect(quoted.body.message).toMatchObject({ context: { id: update.id } });
    await expect.poll(async () => (await inboundFrom(portal, phone)).find((e) => (e.text as { body?: string } | undefined)?.body === 'Thank you')).toMatchObject({
      type: 'text',
      context: { id: update.id },
    });
    expect((await send(portal, { number: phone, text: 'Hm', context: 'wamid.not-in-this-chat' })).status).toBe(404);
  });

  it('shows reply buttons and lists, and a tap sends Meta’s button_reply or list_reply with the message as context', async ({ portal }) => {
    const phone = aPhone();
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: phone, type: 'interactive' };
    const buttons = await graphPost(portal, {
      ...base,
      interactive: { type: 'button', body: { text: 'Is it fixed?' }, action: { buttons: [{ type: 'reply', reply: { id: 'fixed:yes', title: 'Yes' } }, { type: 'reply', reply: { id: 'fixed:no', title: 'No' } }] } },
    });
    const buttonsId = ((await buttons.json()) as { messages: Array<{ id: string }> }).messages[0]?.id ?? '';
    const list = await graphPost(portal, {
      ...base,
      interactive: {
        type: 'list',
        body: { text: 'Which category?' },
        action: { button: 'Categories', sections: [{ title: 'Categories', rows: [{ id: 'cat:wifi', title: 'Wifi', description: 'Internet in rooms' }, { id: 'cat:mess', title: 'Mess' }] }] },
      },
    });
    const listId = ((await list.json()) as { messages: Array<{ id: string }> }).messages[0]?.id ?? '';
    expect(await chatOf(portal, phone)).toMatchObject([
      { id: buttonsId, kind: 'buttons', text: 'Is it fixed?', buttons: [{ id: 'fixed:yes', title: 'Yes' }, { id: 'fixed:no', title: 'No' }] },
      { id: listId, kind: 'list', list: { button: 'Categories', rows: [{ id: 'cat:wifi', title: 'Wifi', description: 'Internet in rooms' }, { id: 'cat:mess', title: 'Mess' }] } },
    ]);

    expect((await send(portal, { number: phone, choose: { message: buttonsId, option: 'fixed:no' } })).status).toBe(201);
    expect((await send(portal, { number: phone, choose: { message: listId, option: 'cat:wifi' } })).status).toBe(201);
    await expect.poll(async () => (await inboundFrom(portal, phone)).filter((e) => e.kind === 'message').length).toBe(2);
    const messages = (await inboundFrom(portal, phone)).filter((e) => e.kind === 'message');
    const replyOf = (type: string) => messages.find((e) => (e.interactive as { type?: string } | undefined)?.type === type);
    const [tapped, chosen] = [replyOf('button_reply'), replyOf('list_reply')];
    expect(tapped).toMatchObject({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'fixed:no', title: 'No' } }, context: { id: buttonsId } });
    expect(chosen).toMatchObject({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'cat:wifi', title: 'Wifi' } }, context: { id: listId } });
    // A choice that is not in the chat is not invented.
    expect((await send(portal, { number: phone, choose: { message: buttonsId, option: 'fixed:maybe' } })).status).toBe(404);
  });

  it('refuses a post from another site, and one that is neither text nor a choice', async ({ portal }) => {
    const phone = aPhone();
    expect((await send(portal, { number: phone, text: 'hello' }, { origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await send(portal, { number: phone })).status).toBe(400);
    expect((await send(portal, { number: 'not-a-number', text: 'hello' })).status).toBe(400);
    expect(await inboundFrom(portal, phone)).toEqual([]);
  });

  it('serves its page under the portal’s Content-Security-Policy, with the link’s words typed in and everything escaped', async ({ portal }) => {
    const response = await fetch(`${portal.baseUrl}/dev-whatsapp?number=&text=${encodeURIComponent('LINK <b>"x"</b>')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<h1>Development WhatsApp</h1>');
    expect(html).toContain('LINK &lt;b&gt;&quot;x&quot;&lt;/b&gt;</textarea>');
    expect(html).not.toContain('<b>');
    // No script or style in the page itself: both are files the policy allows.
    expect(html).not.toMatch(/<script>|<style|style="/);
    expect(html).toContain('value="919812345678"');
    const script = await fetch(`${portal.baseUrl}/dev-whatsapp/assets/chat.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).not.toContain('innerHTML');
  });
});

describe('where the simulator is not', () => {
  async function simulatorRoutes(portal: TestApp) {
    const routes = ['/dev-whatsapp', '/dev-whatsapp/chat', '/dev-whatsapp/assets/chat.js'].filter((url) => portal.app.hasRoute({ method: 'GET', url }));
    const sent = await fetch(`${portal.baseUrl}/dev-whatsapp/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: aPhone(), text: 'hello' }) });
    const graph = await fetch(`${portal.baseUrl}/dev-whatsapp/graph/v23.0/100000000000001/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return { routes, send: sent.status, graph: graph.status };
  }

  it('does not exist when WhatsApp is set up for a real number, nor when it is off', async () => {
    for (const env of [whatsappEnv('http://127.0.0.1:9/v23.0'), {}]) {
      const portal = await startTestApp({ ...RELAXED_LIMITS, ...env });
      try {
        expect(portal.config.whatsapp?.simulated ?? false).toBe(false);
        expect(await simulatorRoutes(portal)).toEqual({ routes: [], send: 404, graph: 404 });
        if (portal.config.whatsapp) {
          const student = await ApiClient.withSession(portal, aStudent());
          const code = await student.send('POST', '/api/me/whatsapp/code');
          expect((code.body as { link: string }).link).toMatch(/^https:\/\/wa\.me\//);
        }
      } finally {
        await portal.close();
      }
    }
  });
});
