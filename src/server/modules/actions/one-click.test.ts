import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionTokens, complaintEvents, complaints, notifications, outbox } from '../../db/schema.js';
import { sha256 } from '../../lib/tokens.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

let portal: TestApp;
let student: ApiClient;
let admin: ApiClient;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' },
  student: { email: 'aarav.sharma@vitbhopal.ac.in', name: 'Aarav Sharma 21BCE10001' },
});
test.beforeAll(({ portal: app, student: aarav, admin: a }) => {
  [portal, student, admin] = [app, aarav, a];
});

async function fileWithLinks() {
  const { body } = await student.post('/api/complaints', aComplaint());
  const number = String(body.number);
  const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, number));
  const mails = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row?.id ?? ''));
  const facility = mails.find((m) => m.purpose === 'facility');
  const acknowledge = /Acknowledge: (\S+)/.exec(facility?.textBody ?? '')?.[1] ?? '';
  const resolve = /Resolved: (\S+)/.exec(facility?.textBody ?? '')?.[1] ?? '';
  return { number, id: row?.id ?? '', acknowledge, resolve, facility };
}

/** What a use of a link could have written: timeline rows, mail, bell entries, and whether the link is spent. */
async function footprint(complaintId: string, link: string) {
  const db = portal.database.db;
  const token = link.slice(link.lastIndexOf('/') + 1);
  const [events] = await db.select({ n: count() }).from(complaintEvents).where(eq(complaintEvents.complaintId, complaintId));
  const [mails] = await db.select({ n: count() }).from(outbox).where(eq(outbox.complaintId, complaintId));
  const [notes] = await db.select({ n: count() }).from(notifications).where(eq(notifications.complaintId, complaintId));
  const [spent] = await db.select({ spentAt: actionTokens.spentAt }).from(actionTokens).where(eq(actionTokens.id, sha256(token)));
  return { events: Number(events?.n), mails: Number(mails?.n), notifications: Number(notes?.n), spentAt: spent?.spentAt ?? null };
}

const form = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: '' });

describe('one-click links in the facility mail', () => {
  it('are in both parts of the mail, and GET only asks for confirmation', async () => {
    const { number, acknowledge, facility } = await fileWithLinks();
    expect(acknowledge).toMatch(new RegExp(`^${portal.baseUrl}/act/[A-Za-z0-9_-]{40,}$`));
    expect(facility?.htmlBody).toContain(acknowledge);
    const page = await fetch(acknowledge);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Acknowledge ${number}?`);
    expect(html).toContain('<form method="post"');
    // A mail scanner fetching the link changed nothing.
    expect((await student.get(`/api/complaints/${number}`)).body.status).toBe('submitted');
  });

  it('act once, without signing in, and tell the student; a second use does nothing', async () => {
    const { number, acknowledge, resolve } = await fileWithLinks();
    const done = await form(acknowledge);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('is now acknowledged');
    const detail = await student.get(`/api/complaints/${number}`);
    expect(detail.body.status).toBe('acknowledged');
    const again = await form(acknowledge);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('already been used');
    expect((await fetch(acknowledge)).status).toBe(410);

    expect((await form(resolve)).status).toBe(200);
    expect((await student.get(`/api/complaints/${number}`)).body.status).toBe('resolved');
    const notes = await student.get('/api/notifications');
    expect(JSON.stringify(notes.body.items)).toContain(`${number} is now Resolved`);
  });

  it('refuse an expired, unknown or cross-site use', async () => {
    const { acknowledge } = await fileWithLinks();
    await portal.database.db.execute(sql`update action_tokens set expires_at = now() - interval '1 minute'`);
    expect((await form(acknowledge)).status).toBe(410);
    expect((await fetch(`${portal.baseUrl}/act/${'x'.repeat(43)}`)).status).toBe(404);
    const fresh = await fileWithLinks();
    expect((await form(fresh.acknowledge, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('one-click links whose action the lifecycle no longer allows', () => {
  it('say so on GET, without a button, once the complaint was acknowledged in the console', async () => {
    const { number, acknowledge } = await fileWithLinks();
    expect((await admin.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged' })).status).toBe(200);
    const page = await fetch(acknowledge);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('Nothing to do');
    expect(html).toContain('Now: acknowledged.');
    expect(html).toContain('no longer possible');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('This will set it to');
  });

  it('refuse a POST without acting, mailing, notifying or spending the link', async () => {
    const { number, id, acknowledge } = await fileWithLinks();
    await admin.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged' });
    const before = await footprint(id, acknowledge);
    expect(before.spentAt).toBeNull();
    const response = await form(acknowledge);
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain('Nothing to do');
    expect(html).toContain('no longer possible');
    expect(html).not.toContain('Done');
    expect(html).not.toContain('has been told');
    expect(await footprint(id, acknowledge)).toEqual(before);
    expect((await student.get(`/api/complaints/${number}`)).body.status).toBe('acknowledged');
  });

  it('made stale by the other link (resolved) or by the student closing it, still do nothing', async () => {
    const { id, acknowledge, resolve } = await fileWithLinks();
    expect((await form(resolve)).status).toBe(200);
    const ackBefore = await footprint(id, acknowledge);
    const stale = await form(acknowledge);
    expect(stale.status).toBe(409);
    const staleHtml = await stale.text();
    expect(staleHtml).toContain('Now: resolved.');
    expect(staleHtml).not.toContain('has been told');
    expect(await footprint(id, acknowledge)).toEqual(ackBefore);

    // A second complaint: resolved in the console, then confirmed (closed) by the student.
    const other = await fileWithLinks();
    await admin.send('POST', `/api/staff/complaints/${other.number}/transitions`, { to: 'resolved' });
    expect((await student.send('POST', `/api/complaints/${other.number}/confirm`, {})).status).toBe(200);
    const before = await footprint(other.id, other.resolve);
    const get = await fetch(other.resolve);
    expect(get.status).toBe(409);
    const getHtml = await get.text();
    expect(getHtml).toContain('Now: closed.');
    expect(getHtml).not.toContain('<form');
    const post = await form(other.resolve);
    expect(post.status).toBe(409);
    const postHtml = await post.text();
    expect(postHtml).not.toContain('is now closed');
    expect(postHtml).not.toContain('has been told');
    expect(await footprint(other.id, other.resolve)).toEqual(before);
    expect((await student.get(`/api/complaints/${other.number}`)).body.status).toBe('closed');
  });

  it('a link that acts still spends itself and writes the event, mail and notification', async () => {
    const { id, acknowledge } = await fileWithLinks();
    const before = await footprint(id, acknowledge);
    expect((await form(acknowledge)).status).toBe(200);
    const after = await footprint(id, acknowledge);
    expect(after.spentAt).toBeInstanceOf(Date);
    expect(after.events).toBe(before.events + 1);
    expect(after.mails).toBe(before.mails + 1);
    expect(after.notifications).toBe(before.notifications + 1);
  });
});

describe('notifications and automatic closing', () => {
  it('fill the bell and can be marked read', async () => {
    const { number } = await fileWithLinks();
    await admin.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'in_progress', note: 'Technician on the way' });
    await admin.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'Please keep the room open' });
    await admin.send('POST', `/api/staff/complaints/${number}/replies`, { text: 'internal only', internal: true });
    const { body } = await student.get('/api/notifications');
    const items = body.items as Array<{ id: string; text: string; complaintNumber: string; read: boolean }>;
    const mine = items.filter((n) => n.complaintNumber === number);
    expect(mine.map((n) => n.text)).toEqual([`The hostel team replied about ${number}: Please keep the room open`, `${number} is now In progress: Technician on the way`]);
    expect(Number(body.unread)).toBeGreaterThanOrEqual(2);
    expect((await student.send('POST', '/api/notifications/read', { ids: [mine[0]?.id] })).status).toBe(204);
    const after = await student.get('/api/notifications');
    expect(Number(after.body.unread)).toBe(Number(body.unread) - 1);
    expect((await student.send('POST', '/api/notifications/read', { all: true })).status).toBe(204);
    expect((await student.get('/api/notifications')).body.unread).toBe(0);
    // Someone else's notifications are not reachable.
    expect((await admin.get('/api/notifications')).body.items).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: mine[0]?.id })]));
  });

  it('closes a resolved complaint nobody reopened after the configured period', async () => {
    const { number } = await fileWithLinks();
    await admin.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved' });
    expect(await portal.app.jobs.autoClose()).not.toContain(number);
    await portal.database.db.execute(sql`update complaints set resolved_at = now() - interval '8 days' where number = ${number}`);
    expect(await portal.app.jobs.autoClose()).toContain(number);
    const detail = await student.get(`/api/complaints/${number}`);
    expect(detail.body.status).toBe('closed');
    expect(JSON.stringify(detail.body.timeline)).toContain('Closed automatically');
  });
});
