import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { complaints, outbox, pushOutbox, whatsappOutbox } from '../../src/server/db/schema.js';
import { aPhoneJpeg, uploadPhoto } from '../factories/photos.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import { pdfText } from '../support/pdf-text.js';
import { decryptPush, PushEndpoint, type FakeBrowser } from '../support/push-endpoint.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import type { ApiClient } from '../support/student.js';
import type { TestApp } from '../support/test-app.js';
import { portalTest } from '../support/fixtures.js';
import { GraphFake, sendWhatsApp, whatsappEnv } from '../support/whatsapp.js';

/**
 * Informant protection by construction (issue 39): one confidential report, with a reporter whose
 * name, former name, registration number, room, floor, e-mail and phone are each distinctive, goes
 * through a whole life (a question, the reporter's answer naming themselves, photos, the fix
 * confirmed). Then, as each reader without the anti-ragging duty (a worker, a warden, an admin),
 * the test calls every GET route the OpenAPI document lists, with every path parameter it has
 * seen in earlier answers and every value of each enumerated parameter, and searches with each
 * identity word wherever a route takes `q`. It reads every mail the SMTP sink received, every push
 * (decrypted as the device would), every WhatsApp message, every CSV and every PDF. Nothing that speaks of the report may
 * carry the reporter's identity, and no search by identity may find it. A route added later is
 * covered here without a change to this file.
 */

const ADMIN = { email: 'leak.admin@vitbhopal.ac.in', name: 'Leak Check Admin' };
const DUTY = { email: 'leak.duty@vitbhopal.ac.in', name: 'Duty Officer' };
const WORKER = { email: 'leak.worker@vitbhopal.ac.in', name: 'Block Worker' };
const WARDEN = { email: 'leak.warden@vitbhopal.ac.in', name: 'Block Warden' };
/** The name the account had when it first signed in; it is renamed before filing. */
const FORMER = { email: 'kabir.21bce10077@vitbhopal.ac.in', name: 'KABIR RATHORE 21BCE10077' };
const REPORTER = { email: FORMER.email, name: 'KABIR MEHTA 21BCE10077' };
const ROOM = '647';
const FLOOR = 6;
const PHONE = '98765 43210';

/** Every word that would tell a reader who filed, or narrow it to a room's occupants. */
const IDENTITY = ['kabir.21bce10077@vitbhopal.ac.in', 'kabir.21bce10077', 'Kabir', 'Mehta', 'Rathore', '21BCE10077', PHONE, '9876543210'];
/** Searches a reader might try (the room and phone too: a search that finds the report by them ties the room to it). */
const SEARCHES = ['Kabir', 'Mehta', 'Rathore', '21BCE10077', 'kabir.21bce10077@vitbhopal.ac.in', 'kabir.21bce10077', ROOM, '98765'];

/** Where it happened, as the report says: what staff may know and act on. */
const PLACE_TEXT = 'Outside the Block-3 TV lounge';
const MARKER = 'Zephyrine';
const MESSAGE = `${MARKER} seniors stop me every night. I am Kabir Mehta (Kabir Rathore before), 21BCE10077, room ${ROOM}, floor ${FLOOR}. Call ${PHONE}.`;
const REPLY = `${MARKER} again: it was the same two. Kabir Mehta, 21BCE10077, mail kabir.21bce10077@vitbhopal.ac.in or call 9876543210.`;

let portal: TestApp;
let sink: SmtpSink;
let pushService: PushEndpoint;
let admin: ApiClient;
let duty: ApiClient;
let worker: ApiClient;
let warden: ApiClient;
let reporter: ApiClient;
let number = '';
let complaintId = '';
const devices: Record<string, FakeBrowser> = {};

const db = () => portal.database.db;

async function ok(what: string, answer: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await answer;
  expect(status, `${what}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as Record<string, unknown>;
}

async function subscribe(who: ApiClient, path: string): Promise<FakeBrowser> {
  const browser = pushService.browser(path);
  await ok(`subscribing ${path}`, who.send('PUT', '/api/push/subscription', { endpoint: browser.endpoint, keys: browser.keys }));
  return browser;
}

/** Nothing is left to send: every mail and push the story made has reached the sink and the push service. */
async function everythingDelivered() {
  await expect
    .poll(async () => {
      const mail = await db().select({ id: outbox.id }).from(outbox).where(inArray(outbox.status, ['queued', 'held']));
      const pushes = await db().select({ id: pushOutbox.id }).from(pushOutbox).where(eq(pushOutbox.status, 'queued'));
      const whatsapp = await db().select({ id: whatsappOutbox.id }).from(whatsappOutbox).where(eq(whatsappOutbox.status, 'queued'));
      return mail.length + pushes.length + whatsapp.length;
    })
    .toBe(0);
}

/** Each reader's WhatsApp number, linked as a person links one. */
const PHONES = { worker: '919900000001', warden: '919900000002', admin: '919900000003', reporter: '919900000004' } as const;
const graph = await GraphFake.start();

async function linkWhatsApp(who: ApiClient, phone: string) {
  const code = await ok('a WhatsApp code', who.send('POST', '/api/me/whatsapp/code'));
  await ok('LINK from the phone', sendWhatsApp(portal, { from: phone, text: `LINK ${String(code.code)}` }));
  // In the set-up, where expect.poll cannot be: the same wait, by vi.waitFor.
  await vi.waitFor(
    async () => {
      if (!(await who.get('/api/me/whatsapp')).body.linked) throw new Error(`${phone} is not linked yet`);
    },
    { timeout: 10_000, interval: 50 },
  );
}

const test = portalTest({
  env: {
    ...RELAXED_LIMITS,
    ...whatsappEnv(graph.url),
    MAIL_FROM: 'portal@vitbhopal.ac.in',
    MAIL_POLL_INTERVAL_MS: '100',
    PUSH_POLL_INTERVAL_MS: '100',
  },
  mail: true,
  admin: ADMIN,
  team: {
    duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [] },
    worker: { ...WORKER, role: 'staff', scopes: [{ category: '', hostel: 'Block-3' }] },
    warden: { ...WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Block-3' }] },
  },
  afterClose: async () => {
    await pushService?.close();
    await graph.close();
  },
});
test.beforeAll(async ({ portal: app, sink: mail, admin: a, team, signIn }) => {
  [portal, sink, admin] = [app, mail, a];
  ({ duty, worker, warden } = team);
  pushService = await PushEndpoint.start();
  for (const [who, client] of [['worker', worker], ['warden', warden], ['admin', admin]] as const) {
    // Mail of each new complaint: the mail that once gave the reporter's room.
    if (who !== 'admin') await ok(`${who} preferences`, client.send('PUT', '/api/staff/preferences', { newWorkMail: 'each', digestHours: 24 }));
    devices[who] = await subscribe(client, `/device/${who}`);
  }

  // The account signed in once under its former name, then under the new one.
  await signIn(FORMER);
  reporter = await signIn(REPORTER);
  devices.reporter = await subscribe(reporter, '/device/reporter');
  await ok('remembering the place', reporter.send('PUT', '/api/me/place', { hostel: 'Block-3', floor: FLOOR, roomNo: ROOM }));
  for (const [who, client] of [['worker', worker], ['warden', warden], ['admin', admin], ['reporter', reporter]] as const) await linkWhatsApp(client, PHONES[who]);

  const filed = await ok(
    'filing',
    reporter.post('/api/complaints', {
      category: 'ragging',
      subCategory: 'Verbal / abuse',
      hostel: 'Block-3',
      floor: FLOOR,
      roomNo: ROOM,
      placeKind: 'hostel',
      placeText: PLACE_TEXT,
      complaint: MESSAGE,
    }),
  );
  number = String(filed.number);
  const [row] = await db().select({ id: complaints.id }).from(complaints).where(eq(complaints.number, number));
  complaintId = row?.id ?? '';

  // The duty asks, the reporter answers naming themselves, adds photos; the duty resolves and the reporter confirms.
  await ok('the duty asks', duty.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Which evening was it, and who was there?' }));
  await ok('a worker notes', worker.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Lounge lights checked.', internal: true }));
  await ok('the reporter answers', reporter.send('POST', `/api/complaints/${number}/replies`, { text: REPLY }));
  const photos = [];
  for (const colour of ['#aa3355', '#33aa55']) {
    const { status, body } = await uploadPhoto(reporter, await aPhoneJpeg({ width: 400, height: 300, colour }));
    expect(status, JSON.stringify(body)).toBe(201);
    photos.push(String(body.id));
  }
  await ok('adding photos', reporter.send('POST', `/api/complaints/${number}/photos`, { photoIds: photos }));
  await ok('the duty resolves', duty.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'The seniors were spoken to.' }));
  await ok('the reporter confirms', reporter.send('POST', `/api/complaints/${number}/confirm`, { rating: 4, comment: `Thanks, from Kabir Mehta of room ${ROOM}` }));
}, 120_000);


// ------------------------------------------------------------------------------------------------
// What counts as speaking of the report, and what counts as naming its reporter.

/** ISO times, ids and complaint numbers are digits that only look like a room or a phone. */
const withoutIncidentalDigits = (text: string) =>
  text
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z?/g, ' ')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ')
    .replace(/HC-\d{4}-\d{6}/g, ' ');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ROOM_WORD = new RegExp(`(?<![\\p{L}\\p{N}])${ROOM}(?![\\p{L}\\p{N}])`, 'u');
/** "floor 6", "6th floor", a mail's table ("Floor : 6", "<th>Floor</th><td>6</td>") and a JSON field. */
const FLOOR_WORDS = [
  new RegExp(`\\bfloor\\b[^\\p{L}\\p{N}]{0,40}${FLOOR}(?![\\p{N}])`, 'iu'),
  new RegExp(`\\b${FLOOR}(st|nd|rd|th)? floor\\b`, 'i'),
  new RegExp(`"floor":\\s*${FLOOR}\\b`),
];

/** The identity words `text` contains, each named. */
function identityIn(text: string): string[] {
  const plain = withoutIncidentalDigits(text);
  const found = IDENTITY.filter((word) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu').test(plain));
  if (ROOM_WORD.test(plain)) found.push(`room ${ROOM}`);
  const untagged = plain.replace(/<[^>]*>/g, ' ');
  if (FLOOR_WORDS.some((pattern) => pattern.test(untagged))) found.push(`floor ${FLOOR}`);
  return found;
}

const mentionsReport = (text: string) => text.includes(number) || (complaintId !== '' && text.includes(complaintId)) || text.includes(MARKER);

/**
 * A JSON answer with every list entry that does not speak of the report left out: what is left
 * ties whatever it says to the report (a list of people beside a list of complaints ties nothing).
 */
function aboutTheReport(value: unknown): unknown {
  // Lists of records are pruned; a list of plain values (a mail's recipients) belongs to its record.
  if (Array.isArray(value)) return value.filter((entry) => !entry || typeof entry !== 'object' || mentionsReport(JSON.stringify(entry))).map(aboutTheReport);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, aboutTheReport(entry)]));
  return value;
}

const leaks: string[] = [];
function check(where: string, text: string) {
  if (!mentionsReport(text)) return;
  const words = identityIn(text);
  if (words.length) leaks.push(`${where} names ${words.join(', ')}: ${text.slice(0, 400)}`);
}

// ------------------------------------------------------------------------------------------------
// Every GET route, with what earlier answers gave for its parameters.

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema?: { enum?: string[]; anyOf?: Array<{ enum?: string[] }> };
}
interface Route {
  path: string;
  parameters: Parameter[];
}

/** Values seen in answers, by the key they came under: a path parameter takes those of its own name. */
const seen = new Map<string, Set<string>>();
function remember(value: unknown, key = '') {
  if (Array.isArray(value)) for (const entry of value) remember(entry, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) remember(v, k);
  else if (typeof value === 'string' && value && value.length <= 80 && !value.includes('/')) {
    const values = seen.get(key) ?? new Set<string>();
    values.add(value);
    seen.set(key, values);
  }
}

/** What a path parameter may be: what answers gave under its name (or, for `…Id`/`id`, any id), and the report's own. */
function candidates(parameter: Parameter): string[] {
  const enumerated = parameter.schema?.enum ?? parameter.schema?.anyOf?.flatMap((s) => s.enum ?? []);
  if (enumerated?.length) return enumerated;
  const name = parameter.name;
  const own: Record<string, string[]> = { number: [number], place: [ROOM], hostelCode: ['BLOCK3'], code: ['UNKNOWN'] };
  const keys = name === 'id' || name.endsWith('Id') ? ['id', name] : name === 'hostelCode' ? ['code', name] : [name];
  return [...new Set([...(own[name] ?? []), ...keys.flatMap((k) => [...(seen.get(k) ?? [])])])];
}

const QUERY_VALUES: Record<string, string[]> = {
  from: ['2020-01-01'],
  to: ['2999-12-31'],
  hostel: ['Block-3'],
  category: ['ragging'],
};

/** The calls to make of a route: every combination of its path parameters, then each query value one at a time. */
function callsOf(route: Route): string[] {
  let paths = [route.path];
  for (const parameter of route.parameters.filter((p) => p.in === 'path')) {
    const values = candidates(parameter);
    paths = paths.flatMap((path) => values.map((value) => path.replace(`{${parameter.name}}`, encodeURIComponent(value))));
  }
  const query = route.parameters.filter((p) => p.in === 'query');
  const required = query.filter((p) => p.required).map((p) => `${p.name}=${encodeURIComponent(QUERY_VALUES[p.name]?.[0] ?? 'x')}`);
  const base = (path: string) => (required.length ? `${path}?${required.join('&')}` : path);
  const variants = query.flatMap((p) => {
    const values = p.name === 'q' ? SEARCHES : (p.schema?.enum ?? p.schema?.anyOf?.flatMap((s) => s.enum ?? []) ?? QUERY_VALUES[p.name] ?? []);
    return p.required ? [] : values.map((v) => `${p.name}=${encodeURIComponent(v)}`);
  });
  return paths.flatMap((path) => [base(path), ...variants.map((v) => `${base(path)}${required.length ? '&' : '?'}${v}`)]);
}

const search = (call: string) => SEARCHES.some((word) => call.includes(`q=${encodeURIComponent(word)}`));

async function crawl(as: string, client: ApiClient, routes: Route[]) {
  const done = new Set<string>();
  // Answers give the ids later routes take: go round until a pass finds no new call.
  for (let pass = 0; pass < 4; pass++) {
    const calls = routes.flatMap(callsOf).filter((call) => !done.has(call));
    if (!calls.length) break;
    for (const call of calls) {
      done.add(call);
      const response = await client.http.request(`${portal.baseUrl}${call}`);
      const type = response.headers.get('content-type') ?? '';
      const bytes = Buffer.from(await response.arrayBuffer());
      const where = `${as} GET ${call} (${response.status})`;
      let text: string;
      if (type.includes('application/pdf')) text = pdfText(bytes);
      else if (type.startsWith('image/')) text = bytes.toString('latin1');
      else text = bytes.toString('utf8');
      if (type.includes('json')) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        remember(body);
        check(where, JSON.stringify(aboutTheReport(body)));
      } else {
        check(where, text);
      }
      if (search(call) && response.status === 200 && mentionsReport(text)) leaks.push(`${where} finds the report by the reporter's identity`);
    }
  }
  return done.size;
}

describe('a confidential report, read by everyone without the anti-ragging duty', () => {
  it('tells nobody who filed it through any route, mail, push, bell, file or search', async () => {
    await everythingDelivered();
    const openapi = (await (await fetch(`${portal.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
    const routes: Route[] = Object.entries(openapi.paths)
      .filter(([path, ops]) => ops.get && !path.startsWith('/api/auth/'))
      .map(([path, ops]) => ({ path, parameters: ops.get?.parameters ?? [] }));
    expect(routes.length).toBeGreaterThan(40);

    const called: Record<string, number> = {};
    for (const [as, client] of [['worker', worker], ['warden', warden], ['admin', admin]] as const) called[as] = await crawl(as, client, routes);
    // The crawl reached the report: a crawl that saw nothing could pass by seeing nothing.
    for (const as of ['worker', 'warden', 'admin']) expect(called[as], as).toBeGreaterThan(routes.length);
    const reached = await worker.get(`/api/staff/complaints/${number}`);
    expect(reached.status).toBe(200);

    // Every mail to anyone but the reporter.
    const mails = sink.received.filter((m) => !m.envelopeTo.every((to) => to === REPORTER.email));
    expect(mails.length, 'mail reached the team').toBeGreaterThan(0);
    for (const mail of mails) check(`mail "${mail.parsed.subject}" to ${mail.envelopeTo.join(', ')}`, `${mail.raw}\n${mail.parsed.text ?? ''}\n${String(mail.parsed.html || '')}`);

    // Every push to a device of anyone but the reporter, as the device decrypts it.
    const others = ['worker', 'warden', 'admin'].map((who) => devices[who]).filter((d): d is FakeBrowser => Boolean(d));
    let pushes = 0;
    for (const device of others) {
      for (const received of pushService.for(new URL(device.endpoint).pathname)) {
        pushes++;
        check(`push to ${device.endpoint}`, decryptPush(device, received.body));
      }
    }
    expect(pushes, 'pushes reached staff devices').toBeGreaterThan(0);

    // Every WhatsApp message to anyone but the reporter, as their phone shows it.
    let chats = 0;
    for (const who of ['worker', 'warden', 'admin'] as const) {
      for (const message of graph.to(PHONES[who])) {
        chats++;
        check(`WhatsApp to the ${who}`, `${message.text}\n${JSON.stringify(message.body)}`);
      }
    }
    expect(chats, 'WhatsApp reached staff').toBeGreaterThan(3);

    expect(leaks).toEqual([]);
  }, 240_000);

  it('still lets the duty act: the reporter answered, and a reveal with a reason names them', async () => {
    const detail = await duty.get(`/api/staff/complaints/${number}`);
    expect(detail.status).toBe(200);
    const revealed = await duty.send('POST', `/api/staff/complaints/${number}/reveal`, { reason: 'The enquiry must hear the reporter' });
    expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
    expect(revealed.body).toMatchObject({ userEmail: REPORTER.email, id: '21BCE10077' });
    // Staff still learn what it is, where it happened, and what was said with the identity withheld.
    const asWorker = await worker.get(`/api/staff/complaints/${number}`);
    expect(asWorker.body.subCategory).toBe('Verbal / abuse');
    expect(String(asWorker.body.complaint)).toContain(`${MARKER} seniors stop me every night. I am [withheld]`);
    const record = await worker.get(`/api/staff/complaints/${number}/ragging`);
    expect(record.body).toMatchObject({ placeText: PLACE_TEXT });
    // Searching for where it happened finds it.
    const byPlace = await warden.get(`/api/staff/complaints?q=${encodeURIComponent('TV lounge')}`);
    expect(JSON.stringify(byPlace.body)).toContain(number);
    // Mail to the reporter went out to the reporter.
    expect(sink.received.some((m) => m.envelopeTo.includes(REPORTER.email))).toBe(true);
  });
});
