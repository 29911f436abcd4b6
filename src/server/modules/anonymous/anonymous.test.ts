import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_REPORTER_EMAIL } from '../../../shared/constants.js';
import { auditLog, complaintEvents, complaints, notifications, outbox, pushOutbox, rateLimits, sessions, users } from '../../db/schema.js';
import { loggerOptions } from '../../lib/log-redaction.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/*
 * Anonymous ragging reports over HTTP (decision 41): filed signed out (a signed-in session is
 * ignored, not linked), opened with code and secret, answered by the duty through the lifecycle,
 * limited per address and per code, and nowhere — rows, mail, bells, logs — tied to anyone.
 */

const STUDENT = { email: 'kavya.menon@vitbhopal.ac.in', name: 'Kavya Menon 23BCE10777' };
const IDENTITY = ['kavya.menon@vitbhopal.ac.in', 'kavya', 'menon', '23BCE10777'];
const DUTY = { email: 'anti.ragging@vitbhopal.ac.in', name: 'Duty Officer' };
const REPORTS = '/api/anonymous/ragging-reports';

const logLines: string[] = [];
let portal: TestApp;
let duty: ApiClient;
let student: ApiClient;
let studentId: string;

/** Each test speaks from its own network address (TRUST_PROXY is on), so one test's counters never limit another's. */
let lastAddress = 10;
const nextAddress = () => `203.0.113.${(lastAddress += 1)}`;

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } };
}

/** A signed-out request (no session cookie) from `from`, with the cookies given. */
async function anon(method: string, path: string, opts: { body?: unknown; from?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method,
    headers: {
      origin: portal.baseUrl,
      'x-forwarded-for': opts.from ?? nextAddress(),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

const aReport = (over: Record<string, unknown> = {}) => ({
  subCategory: 'Verbal / abuse',
  placeKind: 'hostel',
  placeText: 'Common room, ground floor',
  message: 'Seniors made first-years stand for hours every night this week.',
  ...over,
});

async function file(over: Record<string, unknown> = {}, from = nextAddress()) {
  const filed = await anon('POST', REPORTS, { body: aReport(over), from, headers: { 'idempotency-key': randomUUID() } });
  expect(filed.status).toBe(201);
  return { code: String(filed.body.trackingCode), secret: String(filed.body.secret) };
}

/** Opens a report: its cookie, for the routes that read the thread. */
async function open(code: string, secret: string, from = nextAddress()) {
  const opened = await anon('POST', `${REPORTS}/${code}/session`, { body: { secret }, from });
  expect(opened.status).toBe(200);
  const cookie = opened.headers.get('set-cookie') ?? '';
  return { thread: opened.body, setCookie: cookie, cookie: cookie.split(';')[0] ?? '' };
}

const reportRow = async (code: string) => {
  const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.trackingCode, code));
  if (!row) throw new Error(`no report ${code}`);
  return row;
};

const test = portalTest({
  env: {
    ...RELAXED_LIMITS,
    TRUST_PROXY: 'true',
    RATE_LIMIT_ANONYMOUS_REPORTS_PER_HOUR: '3',
    RATE_LIMIT_TRACKING_TRIES: '3',
  },
  app: { logger: (config) => loggerOptions({ ...config, logLevel: 'info' }, { write: (line: string) => void logLines.push(line) }) },
  admin: { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' },
  team: { duty: { ...DUTY, role: 'staff', antiRagging: true, scopes: [{ category: 'ragging', hostel: '' }] } },
  student: STUDENT,
});
test.beforeAll(({ portal: app, team, student: kavya }) => {
  [portal, duty, student, studentId] = [app, team.duty, kavya, kavya.user.id];
});

describe('filing without a name', () => {
  it('answers a readable code and a secret once, and keeps only the secret’s hash', async () => {
    const filed = await anon('POST', REPORTS, { body: aReport({ hostel: 'Block-2' }) });
    expect(filed.status).toBe(201);
    expect(filed.headers.get('cache-control')).toBe('no-store');
    const { trackingCode, secret } = filed.body as { trackingCode: string; secret: string };
    expect(trackingCode).toMatch(/^RG-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(secret).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);

    const row = await reportRow(trackingCode);
    const [reporter] = await portal.database.db.select().from(users).where(eq(users.email, ANONYMOUS_REPORTER_EMAIL));
    expect(row).toMatchObject({
      category: 'ragging',
      anonymous: true,
      confidential: true,
      studentId: reporter?.id,
      fname: '',
      regId: '',
      userEmail: ANONYMOUS_REPORTER_EMAIL,
      roomNo: '',
      floor: 0,
      hostel: 'Block-2',
      placeKind: 'hostel',
      placeText: 'Common room, ground floor',
    });
    expect(row.secretHash).toBe(createHash('sha256').update(secret.replaceAll('-', '')).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.replaceAll('-', ''));
    // The statutory clocks start as for every ragging report: from the server's clock at filing,
    // which the row's created_at (the database's clock) meets within the request (decision 72).
    expect(Math.abs(row.firDueAt!.getTime() - row.createdAt.getTime() - 24 * 3_600_000)).toBeLessThan(60_000);
    expect(row.enquiryDueAt!.getTime() - row.firDueAt!.getTime()).toBe(6 * 24 * 3_600_000);

    // The committee hears of it as of any ragging report; nobody is acknowledged, nobody's bell rings for the reporter.
    const mails = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row.id));
    expect(mails.find((m) => m.purpose === 'facility')).toMatchObject({ toEmails: ['anti.ragging.committee@vitbhopal.ac.in'], replyTo: null });
    expect(mails.some((m) => m.purpose === 'acknowledgement')).toBe(false);
    expect(mails.flatMap((m) => [...m.toEmails, ...m.ccEmails])).not.toContain(ANONYMOUS_REPORTER_EMAIL);
    const bells = await portal.database.db.select().from(notifications).where(eq(notifications.complaintId, row.id));
    expect(bells.map((b) => b.userId)).not.toContain(reporter?.id);
    expect(bells.length).toBeGreaterThan(0);
  });

  it('ignores a signed-in session: the report is never linked, the session not even read', async () => {
    // The session's last use is moved back, so a read of it (which refreshes it) would show.
    const back = new Date(Date.now() - 10 * 60_000);
    await portal.database.db.update(sessions).set({ lastSeenAt: back }).where(eq(sessions.userId, studentId));
    // The student's own browser: session cookie and all, and no CSRF token (a read session would demand one).
    const filed = await student.send('POST', REPORTS, aReport({ message: 'Filed from a signed-in phone, without a name.' }), { 'x-csrf-token': '', 'x-forwarded-for': nextAddress() });
    expect(filed.status).toBe(201);
    const row = await reportRow(String(filed.body.trackingCode));
    expect(row.studentId).not.toBe(studentId);
    const [session] = await portal.database.db.select().from(sessions).where(eq(sessions.userId, studentId));
    expect(session?.lastSeenAt.getTime()).toBe(back.getTime());
    expect(((await student.get('/api/complaints/mine')).body.items as unknown[]).length).toBe(0);
    // An ordinary request of the same browser does read it: the check above would have seen it.
    await student.get('/api/me');
    const [touched] = await portal.database.db.select().from(sessions).where(eq(sessions.userId, studentId));
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(back.getTime());

    // Nothing the portal wrote names the student: the report, its timeline, audit, mail, bells, pushes, counters.
    const db = portal.database.db;
    const written = JSON.stringify([
      await db.select().from(complaints).where(eq(complaints.anonymous, true)),
      await db.select().from(complaintEvents).innerJoin(complaints, eq(complaints.id, complaintEvents.complaintId)).where(eq(complaints.anonymous, true)),
      await db.select().from(auditLog),
      await db.select().from(outbox),
      await db.select().from(notifications),
      await db.select().from(pushOutbox),
      await db.select().from(rateLimits),
    ]).toLowerCase();
    for (const word of IDENTITY) expect(written).not.toContain(word.toLowerCase());
  });

  it('refuses a write from another site, signed out as signed in', async () => {
    const evil = await anon('POST', REPORTS, { body: aReport(), headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.body.error?.code).toBe('csrf_failed');
    const crossSite = await fetch(`${portal.baseUrl}${REPORTS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(aReport()),
    });
    expect(crossSite.status).toBe(403);
  });

  it('checks the report against the catalogue, each problem beside its field', async () => {
    const wrongKind = await anon('POST', REPORTS, { body: aReport({ subCategory: 'Wifi' }) });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error?.fields).toEqual({ subCategory: 'Choose what kind of ragging it was' });
    const wrongHostel = await anon('POST', REPORTS, { body: aReport({ hostel: 'Nowhere Hall' }) });
    expect(wrongHostel.body.error?.fields).toEqual({ hostel: 'Choose a hostel from the list' });
    const noPlace = await anon('POST', REPORTS, { body: aReport({ placeKind: undefined, placeText: ' ' }) });
    expect(noPlace.status).toBe(400);
    expect(Object.keys(noPlace.body.error?.fields ?? {}).sort()).toEqual(['placeKind', 'placeText']);
  });

  it('answers a retry with the same code and secret, and refuses the key for another report', async () => {
    const from = nextAddress();
    const key = randomUUID();
    const first = await anon('POST', REPORTS, { body: aReport({ message: 'Retried after the answer was lost.' }), from, headers: { 'idempotency-key': key } });
    const again = await anon('POST', REPORTS, { body: aReport({ message: 'Retried after the answer was lost.' }), from, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await portal.database.db.select().from(complaints).where(eq(complaints.message, 'Retried after the answer was lost.'));
    expect(rows).toHaveLength(1);
    // The key is kept hashed: it derives the secret.
    expect(rows[0]?.idempotencyKey).not.toContain(key);
    const other = await anon('POST', REPORTS, { body: aReport({ message: 'Something else entirely.' }), from, headers: { 'idempotency-key': key } });
    expect(other.status).toBe(422);
    expect((await open(String(first.body.trackingCode), String(again.body.secret))).thread.number).toBe(rows[0]?.number);
  });

  it('limits reports per network address, in the words of the other limits', async () => {
    const from = nextAddress();
    for (let i = 0; i < 3; i += 1) expect((await anon('POST', REPORTS, { body: aReport(), from })).status).toBe(201);
    const limited = await anon('POST', REPORTS, { body: aReport(), from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
    expect(limited.body.error?.message).toMatch(/^Many anonymous reports were sent from your network in a short time\. You can send another after \d\d:\d\d\.$/);
    // Another network is not held back.
    expect((await anon('POST', REPORTS, { body: aReport() })).status).toBe(201);
    // The counters hold a keyed hash, never the address.
    const keys = (await portal.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).toContain('anonymous-address:');
    expect(keys).not.toContain(from);
  });
});

describe('following with the code and the secret', () => {
  it('answers a wrong secret exactly as an unknown code', async () => {
    const { code } = await file();
    const wrong = await anon('POST', `${REPORTS}/${code}/session`, { body: { secret: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG' } });
    const unknown = await anon('POST', `${REPORTS}/RG-0000-0000/session`, { body: { secret: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG' } });
    const garbled = await anon('POST', `${REPORTS}/not-a-code/session`, { body: { secret: 'not a secret' } });
    for (const answer of [wrong, unknown, garbled]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(wrong.body);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(wrong.body.error?.message).toBe('No report matches this tracking code and secret. Check both and try again.');
  });

  it('opens the report for a while on this device, as the code and secret are typed', async () => {
    const { code, secret } = await file({ message: 'Typed in lower case, without dashes.' });
    // Read aloud and typed by hand: lower case, spaces, no dashes.
    const typedCode = code.toLowerCase().replaceAll('-', ' ');
    const typedSecret = secret.toLowerCase().replaceAll('-', '');
    const { thread, setCookie, cookie } = await open(encodeURIComponent(typedCode), typedSecret);
    expect(thread).toMatchObject({ trackingCode: code, status: 'submitted', message: 'Typed in lower case, without dashes.', canReply: true });
    expect(thread.clocks).toMatchObject({ fir: { state: 'running' }, enquiry: { state: 'running' } });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toContain(`Path=${REPORTS}/${code}`);
    expect(setCookie).toMatch(/Max-Age=1800/);

    const read = await anon('GET', `${REPORTS}/${code}`, { cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body.timeline).toEqual([expect.objectContaining({ status: 'submitted', fromReporter: true })]);
    // Without it, with another report's code, or altered: the same 401, whatever the code.
    const other = await file();
    const refusals = [
      await anon('GET', `${REPORTS}/${code}`),
      await anon('GET', `${REPORTS}/${other.code}`, { cookie }),
      await anon('GET', `${REPORTS}/RG-0000-0000`),
      await anon('GET', `${REPORTS}/${code}`, { cookie: cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }),
      await anon('POST', `${REPORTS}/${code}/replies`, { body: { text: 'hello' } }),
    ];
    for (const refused of refusals) expect(refused.body.error?.code).toBe('follow_required');
    expect(new Set(refusals.map((r) => r.status))).toEqual(new Set([401]));
    // Closing it on this device takes the cookie away.
    const closed = await anon('DELETE', `${REPORTS}/${code}/session`, { cookie });
    expect(closed.status).toBe(204);
    expect(closed.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  });

  it('limits tries per address and per code, in the project’s words', async () => {
    const { code, secret } = await file();
    const wrong = { secret: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG' };
    // Per code: three tries from three networks, then the right secret from a fourth is refused too.
    for (let i = 0; i < 3; i += 1) expect((await anon('POST', `${REPORTS}/${code}/session`, { body: wrong })).status).toBe(404);
    const limited = await anon('POST', `${REPORTS}/${code}/session`, { body: { secret } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error?.message).toMatch(/^Too many tries of a tracking code and secret\. You can try again after \d\d:\d\d\.$/);
    // Per address: three codes from one network, then a fourth code is refused.
    const from = nextAddress();
    for (let i = 0; i < 3; i += 1) expect((await anon('POST', `${REPORTS}/RG-000${i}-0000/session`, { body: wrong, from })).status).toBe(404);
    const fromOne = await anon('POST', `${REPORTS}/RG-0009-0000/session`, { body: wrong, from });
    expect(fromOne.status).toBe(429);
    const keys = (await portal.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).toContain('anonymous-code:');
    expect(keys).not.toContain(code);
  });
});

describe('the thread', () => {
  it('carries the duty’s answer to the reporter and the reporter’s to the duty, through the lifecycle', async () => {
    const { code, secret } = await file({ message: 'They take our phones at night.' });
    const row = await reportRow(code);
    const { cookie } = await open(code, secret);

    // The duty answers in the console; the reporter is told nothing (there is no one to tell).
    const before = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row.id));
    expect((await duty.send('POST', `/api/staff/complaints/${row.number}/replies`, { text: 'Which block? We can visit tonight without naming anyone.' })).status).toBe(204);
    const afterDuty = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row.id));
    expect(afterDuty.length).toBe(before.length);
    const thread = await anon('GET', `${REPORTS}/${code}`, { cookie });
    expect(thread.body.timeline).toEqual([
      expect.objectContaining({ kind: 'status', fromReporter: true }),
      expect.objectContaining({ kind: 'reply', fromReporter: false, note: 'Which block? We can visit tonight without naming anyone.' }),
    ]);

    // The reporter answers; a retry of the same answer is written once.
    const key = randomUUID();
    const replied = await anon('POST', `${REPORTS}/${code}/replies`, { cookie, body: { text: 'Block-2, the common room.' }, headers: { 'idempotency-key': key } });
    expect(replied.status).toBe(200);
    expect(replied.body.timeline).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'reply', fromReporter: true, note: 'Block-2, the common room.' })]));
    expect((await anon('POST', `${REPORTS}/${code}/replies`, { cookie, body: { text: 'Block-2, the common room.' }, headers: { 'idempotency-key': key } })).status).toBe(200);
    const replies = await portal.database.db
      .select()
      .from(complaintEvents)
      .where(and(eq(complaintEvents.complaintId, row.id), eq(complaintEvents.kind, 'reply'), eq(complaintEvents.actorId, row.studentId)));
    expect(replies).toHaveLength(1);

    // The duty hears as of a student's reply: a bell and the committee's mail, an audit row of its own.
    const [dutyRow] = await portal.database.db.select().from(users).where(eq(users.email, DUTY.email));
    const bells = await portal.database.db.select().from(notifications).where(and(eq(notifications.complaintId, row.id), eq(notifications.userId, dutyRow!.id)));
    expect(bells.map((b) => b.text)).toContainEqual(expect.stringMatching(new RegExp(`^The anonymous reporter replied about ${row.number}: Block-2, the common room\\.`)));
    const mails = await portal.database.db.select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_reply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ replyTo: null });
    const audits = await portal.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, row.number), eq(auditLog.action, 'complaint.anonymous_reply')));
    expect(audits).toHaveLength(1);

    // Staff see an anonymous report, and there is nobody to reveal.
    const detail = await duty.get(`/api/staff/complaints/${row.number}`);
    expect(detail.body).toMatchObject({ fname: 'Anonymous report', userEmail: 'Anonymous report', id: '', studentName: 'Anonymous report', canRevealIdentity: false });
    const authors = (detail.body.timeline as Array<{ by: string; note: string }>).filter((e) => e.note === 'Block-2, the common room.').map((e) => e.by);
    expect(authors).toEqual(['Anonymous reporter']);
    expect((await duty.send('POST', `/api/staff/complaints/${row.number}/reveal`, { reason: 'Trying to find the reporter' })).status).toBe(409);
    const csv = await duty.http.request(`${portal.baseUrl}/api/staff/complaints.csv?category=ragging`);
    const text = await csv.text();
    expect(text).toContain(`${row.number}`);
    expect(text.split('\n').find((line) => line.includes(row.number))).toContain('Anonymous report');
  });

  it('refuses replies once the report is finished, and says so in the thread', async () => {
    const { code, secret } = await file();
    const row = await reportRow(code);
    expect((await duty.send('POST', `/api/staff/complaints/${row.number}/transitions`, { to: 'rejected', note: 'Not ragging: a dispute between roommates, referred to the warden.' })).status).toBe(200);
    const { thread, cookie } = await open(code, secret);
    expect(thread).toMatchObject({ status: 'rejected', canReply: false });
    expect(thread.timeline).toEqual(expect.arrayContaining([expect.objectContaining({ status: 'rejected', note: 'Not ragging: a dispute between roommates, referred to the warden.' })]));
    const refused = await anon('POST', `${REPORTS}/${code}/replies`, { cookie, body: { text: 'But it happened again.' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('complaint_finished');
  });

  it('is not merged into another report: it is the reporter’s only way in', async () => {
    const { code } = await file();
    const row = await reportRow(code);
    const named = await student.post('/api/complaints', aComplaint({ category: 'ragging', subCategory: 'Physical', placeKind: 'campus', placeText: 'Near the library', hostel: 'Block-2', roomNo: '' }));
    expect(named.status).toBe(201);
    const merged = await duty.send('POST', `/api/staff/complaints/${row.number}/merge`, { into: named.body.number });
    expect(merged.status).toBe(409);
    expect(merged.body.error?.code).toBe('filed_anonymously');
  });
});

describe('logs', () => {
  it('never carry the address, the code, the secret or the cookie of these requests', async () => {
    const from = '198.51.100.77';
    logLines.length = 0;
    const { code, secret } = await file({}, from);
    const { cookie } = await open(code, secret, from);
    await anon('GET', `${REPORTS}/${code}`, { cookie, from });
    await anon('POST', `${REPORTS}/${code}/replies`, { cookie, from, body: { text: 'One more detail.' } });
    // A path no route matches, with the code in it.
    await anon('GET', `${REPORTS}/${code}/nothing-here`, { cookie, from });
    const text = logLines.join('');
    expect(logLines.length).toBeGreaterThan(4);
    for (const secretPart of [from, code, code.replaceAll('-', ''), secret, secret.replaceAll('-', ''), cookie.split('=')[1] ?? cookie]) {
      expect(text).not.toContain(secretPart);
    }
    expect(text).not.toContain('remoteAddress');
    const urls = logLines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return url ? [url] : [];
    });
    expect(urls).toEqual(expect.arrayContaining([REPORTS, `${REPORTS}/:code/session`, `${REPORTS}/:code`, `${REPORTS}/:code/replies`, `${REPORTS}/[redacted]/[redacted]`]));
    // Other routes still log their address (the test would notice if nothing ever did).
    logLines.length = 0;
    await fetch(`${portal.baseUrl}/livez`, { headers: { 'x-forwarded-for': from } });
    await fetch(`${portal.baseUrl}/api/catalog`, { headers: { 'x-forwarded-for': from } });
    expect(logLines.join('')).toContain(from);
  });
});

describe('the anonymous reporter', () => {
  it('is the only student behind every anonymous report, and is never told anything', async () => {
    const db = portal.database.db;
    const [reporter] = await db.select().from(users).where(eq(users.email, ANONYMOUS_REPORTER_EMAIL));
    const behind = await db.select({ studentId: complaints.studentId }).from(complaints).where(eq(complaints.anonymous, true));
    expect(new Set(behind.map((b) => b.studentId))).toEqual(new Set([reporter?.id]));
    const told = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.userId, reporter!.id));
    expect(told[0]?.n).toBe(0);
    const mailed = await db.select({ id: outbox.id }).from(outbox).where(sql`${ANONYMOUS_REPORTER_EMAIL} = any(${outbox.toEmails}) or ${ANONYMOUS_REPORTER_EMAIL} = any(${outbox.ccEmails})`);
    expect(mailed).toEqual([]);
  });
});
