import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, complaintEvents, complaintFollowers, complaints, incidents, notifications, outbox, users } from '../../db/schema.js';
import { aComplaint, aStudent } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

let portal: TestApp;
let admin: ApiClient;
let wifiTech: ApiClient;
let block3Tech: ApiClient;
let warden: ApiClient;

type Notice = { id: string; status: string; counts: { linked: number; open: number; followers: number; toTell: number }; endsAtText: string };

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const aNotice = (over: Record<string, unknown> = {}) => ({
  hostel: 'Block-2',
  floors: [2],
  category: 'wifi',
  title: 'Wi-Fi outage on floor 2',
  details: 'The switch on floor 2 failed; a new one is on its way.',
  endsAt: hoursFromNow(3),
  ...over,
});


async function post(client: ApiClient, over: Record<string, unknown> = {}): Promise<Notice> {
  const { status, body } = await client.send('POST', '/api/staff/incidents', aNotice(over));
  expect(status, JSON.stringify(body)).toBe(201);
  return body as unknown as Notice;
}

async function file(student: ApiClient, over: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await student.post('/api/complaints', aComplaint({ floor: 2, roomNo: '210', ...over }));
  expect(status, JSON.stringify(body)).toBe(201);
  return String(body.number);
}

const student = () => ApiClient.withSession(portal, aStudent());
const rowOf = async (number: string) => (await portal.app.db.select().from(complaints).where(eq(complaints.number, number)))[0];
const userIdOf = async (client: ApiClient) => String(((await client.get('/api/me')).body.user as { id: string }).id);

const test = portalTest({
  env: { ...RELAXED_LIMITS, TIME_ZONE: 'Asia/Kolkata' },
  admin: { email: 'notice.admin@vitbhopal.ac.in', name: 'Notice Admin' },
  team: {
    wifiTech: { email: 'net.tech@vitbhopal.ac.in', name: 'Net Tech', role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-2' }] },
    block3Tech: { email: 'net.tech3@vitbhopal.ac.in', name: 'Net Tech Three', role: 'staff', scopes: [{ category: 'wifi', hostel: 'Block-3' }] },
    warden: { email: 'b2.warden@vitbhopal.ac.in', name: 'Block Two Warden', role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] },
  },
});
test.beforeAll(({ portal: app, admin: a, team }) => {
  [portal, admin] = [app, a];
  ({ wifiTech, block3Tech, warden } = team);
});

describe('who may post and see notices', () => {
  it('lets workers post in their scope only: staff of the category and hostel, the hostel warden, admins', async () => {
    const someone = await student();
    expect((await someone.send('POST', '/api/staff/incidents', aNotice())).status).toBe(403);
    expect((await someone.get('/api/staff/incidents')).status).toBe(403);
    const elsewhere = await wifiTech.send('POST', '/api/staff/incidents', aNotice({ hostel: 'Block-3' }));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error?.message).toBe('You may post notices only for the categories and hostels you work.');
    expect((await wifiTech.send('POST', '/api/staff/incidents', aNotice({ category: 'mess' }))).status).toBe(403);

    const byWarden = await post(warden, { category: 'electricity', title: 'Power cut in Block-2', floors: [] });
    const byAdmin = await post(admin, { hostel: 'Block-3', title: 'Block-3 Wi-Fi down' });
    const listed = (await wifiTech.get('/api/staff/incidents?status=active')).body.items as Notice[];
    expect(listed.map((n) => n.id)).not.toContain(byWarden.id); // electricity is not the tech's
    expect(listed.map((n) => n.id)).not.toContain(byAdmin.id); // nor Block-3

    // Out of scope is not found, for reading and every change alike.
    expect((await wifiTech.get(`/api/staff/incidents/${byAdmin.id}`)).status).toBe(404);
    expect((await wifiTech.send('PATCH', `/api/staff/incidents/${byAdmin.id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${byAdmin.id}/resolve`, { note: 'Fixed' })).status).toBe(404);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${byAdmin.id}/withdraw`)).status).toBe(404);
    expect((await block3Tech.get(`/api/staff/incidents/${byAdmin.id}`)).status).toBe(200);
    expect((await warden.send('POST', `/api/staff/incidents/${byWarden.id}/withdraw`)).status).toBe(200);
    expect((await admin.send('POST', `/api/staff/incidents/${byAdmin.id}/withdraw`)).status).toBe(200);
  });

  it('refuses what cannot be a notice, with the field that is wrong', async () => {
    const refused = async (over: Record<string, unknown>, field: string, message?: RegExp) => {
      const { status, body } = await wifiTech.send('POST', '/api/staff/incidents', aNotice(over));
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.error?.fields?.[field], JSON.stringify(body)).toBeDefined();
      if (message) expect(body.error?.fields?.[field]).toMatch(message);
    };
    await refused({ endsAt: hoursFromNow(-1) }, 'endsAt', /in the future/);
    await refused({ endsAt: hoursFromNow(31 * 24) }, 'endsAt', /within 30 days/);
    await refused({ endsAt: 'tomorrow at six' }, 'endsAt');
    await refused({ hostel: 'Block-9' }, 'hostel', /hostel of the list/);
    await refused({ category: 'teleporter' }, 'category', /category of the list/);
    await refused({ floors: [2, 9] }, 'floors', /Block-2 has floors 0 to 7/);
    await refused({ title: 'x'.repeat(121) }, 'title', /120/);
    await refused({ title: '   ' }, 'title', /title/);
    await refused({ details: 'x'.repeat(1001) }, 'details');

    const notice = await post(wifiTech);
    const bad = await wifiTech.send('PATCH', `/api/staff/incidents/${notice.id}`, {});
    expect(bad.status).toBe(400);
    expect((await wifiTech.send('PATCH', `/api/staff/incidents/${notice.id}`, { floors: [12] })).status).toBe(400);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/resolve`, { note: ' ' })).body.error?.fields?.note).toBe('Say what was done');
    expect((await wifiTech.get('/api/staff/incidents/not-a-uuid')).status).toBe(400);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`)).status).toBe(200);
  });

  it('changes an active notice with before and after in the audit log, and never a notice that is over', async () => {
    const notice = await post(wifiTech);
    const ends = hoursFromNow(30);
    const { status, body } = await wifiTech.send('PATCH', `/api/staff/incidents/${notice.id}`, { title: 'Wi-Fi outage on floors 2 and 3', floors: [3, 2, 3], endsAt: ends });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ title: 'Wi-Fi outage on floors 2 and 3', floors: [2, 3], endsAt: new Date(ends).toISOString() });
    expect(String(body.endsAtText)).toMatch(/^(tomorrow |\w{3} \d{1,2} \w{3}, )\d{2}:\d{2}$/);
    const [entry] = await portal.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'incident.update'), eq(auditLog.targetId, notice.id)));
    expect(entry?.details).toMatchObject({ before: { title: 'Wi-Fi outage on floor 2', floors: [2] }, after: { title: 'Wi-Fi outage on floors 2 and 3', floors: [2, 3] } });

    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`)).status).toBe(200);
    const late = await wifiTech.send('PATCH', `/api/staff/incidents/${notice.id}`, { title: 'Too late' });
    expect(late.status).toBe(409);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`)).status).toBe(409);
    const actions = await portal.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, notice.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['incident.create', 'incident.update', 'incident.withdraw']);
  });
});

describe('linking', () => {
  it('links a complaint at filing to the newest active notice of its hostel, category and floor (none: every floor)', async () => {
    const older = await post(wifiTech, { floors: [], title: 'Wi-Fi slow in all of Block-2' });
    const newer = await post(wifiTech, { floors: [4], title: 'Wi-Fi down on floor 4' });
    const filer = await student();
    const onFour = await file(filer, { floor: 4, roomNo: '410' });
    const onFive = await file(filer, { floor: 5, roomNo: '510' });
    const mess = await file(filer, { category: 'mess', subCategory: 'Food', floor: 4, roomNo: '410' });
    const otherHostel = await file(filer, { hostel: 'Block-3', floor: 4, roomNo: '410' });
    expect((await rowOf(onFour))?.incidentId).toBe(newer.id);
    expect((await rowOf(onFive))?.incidentId).toBe(older.id);
    expect((await rowOf(mess))?.incidentId).toBeNull();
    expect((await rowOf(otherHostel))?.incidentId).toBeNull();

    // The student reads it on the timeline; the console lists it under the notice.
    const mine = await filer.get(`/api/complaints/${onFour}`);
    expect(JSON.stringify(mine.body.timeline)).toContain('Filed while the notice “Wi-Fi down on floor 4” is up');
    const detail = await wifiTech.get(`/api/staff/incidents/${newer.id}`);
    expect((detail.body.complaints as Array<{ number: string }>).map((c) => c.number)).toEqual([onFour]);
    expect(detail.body.counts).toMatchObject({ linked: 1, open: 1 });
    expect((await wifiTech.get(`/api/staff/complaints/${onFour}`)).body.incidentId).toBe(newer.id);

    // A notice taken down links nothing more.
    await wifiTech.send('POST', `/api/staff/incidents/${newer.id}/withdraw`);
    expect((await rowOf(await file(filer, { floor: 4, roomNo: '411' })))?.incidentId).toBe(older.id);
    await wifiTech.send('POST', `/api/staff/incidents/${older.id}/withdraw`);
    expect((await rowOf(await file(filer, { floor: 4, roomNo: '412' })))?.incidentId).toBeNull();
  });

  it('never links a confidential complaint, at filing or by hand, and announces nothing confidential', async () => {
    // Whichever category holds the confidential kind of complaint in this catalogue (ragging).
    const catalog = (await admin.get('/api/catalog')).body as { categories: Array<{ key: string; confidential: boolean; subCategories: Array<{ name: string; confidential: boolean }> }> };
    const category = catalog.categories.find((c) => c.confidential || c.subCategories.some((s) => s.confidential));
    const sub = category?.subCategories.find((s) => category.confidential || s.confidential);
    if (!category || !sub) throw new Error('the catalogue has no confidential kind of complaint');
    const posted = await admin.send('POST', '/api/staff/incidents', aNotice({ category: category.key, title: 'Trouble in Block-2', floors: [] }));
    expect(posted.status, JSON.stringify(posted.body)).toBe(category.confidential ? 400 : 201);
    if (category.confidential) expect(posted.body.error?.fields?.category).toMatch(/is confidential: it takes no notices/);
    // A notice of that category all the same (as one posted before the category became confidential).
    const [notice] = await portal.app.db
      .insert(incidents)
      .values({ hostel: 'Block-2', floors: [], category: category.key, title: 'Trouble in Block-2', endsAt: new Date(Date.now() + 3_600_000) })
      .returning();
    const filer = await student();
    // A ragging report says where it happened (decision 40).
    const place = category.key === 'ragging' ? { placeKind: 'hostel', placeText: 'Second-floor corridor' } : {};
    const confidential = await file(filer, { category: category.key, subCategory: sub.name, ...place, complaint: 'Seniors keep coming to room 210' });
    expect((await rowOf(confidential))?.confidential).toBe(true);
    expect((await rowOf(confidential))?.incidentId).toBeNull();
    const byHand = await admin.send('POST', `/api/staff/incidents/${notice?.id}/complaints`, { number: confidential });
    expect(byHand.status).toBe(409);
    expect(byHand.body.error?.code).toBe('confidential_complaint');
    await admin.send('POST', `/api/staff/incidents/${notice?.id}/withdraw`);
    if (!category.confidential) await admin.send('POST', `/api/staff/incidents/${String(posted.body.id)}/withdraw`);
  });

  it('links an open complaint filed before the notice by hand, and unlinks it', async () => {
    const filer = await student();
    const before = await file(filer, { floor: 6, roomNo: '610' });
    const messOne = await file(filer, { category: 'mess', subCategory: 'Food' });
    const notice = await post(wifiTech, { floors: [7], title: 'Wi-Fi down on floor 7' });
    const linked = await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/complaints`, { number: before });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.counts).toMatchObject({ linked: 1, open: 1 });
    expect((await rowOf(before))?.incidentId).toBe(notice.id);
    // Again is the same; another category is refused; a complaint out of scope does not exist.
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/complaints`, { number: before })).status).toBe(200);
    expect((await admin.send('POST', `/api/staff/incidents/${notice.id}/complaints`, { number: messOne })).status).toBe(400);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/complaints`, { number: messOne })).status).toBe(404);
    // Linked to another active notice: unlink it there first.
    const second = await post(wifiTech, { floors: [6], title: 'Another' });
    expect((await wifiTech.send('POST', `/api/staff/incidents/${second.id}/complaints`, { number: before })).body.error?.code).toBe('already_linked');

    const unlinked = await wifiTech.send('DELETE', `/api/staff/incidents/${notice.id}/complaints/${before}`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.counts).toMatchObject({ linked: 0 });
    expect((await rowOf(before))?.incidentId).toBeNull();
    expect((await wifiTech.send('DELETE', `/api/staff/incidents/${notice.id}/complaints/${before}`)).status).toBe(404);
    const notes = await portal.app.db
      .select({ note: complaintEvents.note })
      .from(complaintEvents)
      .where(and(eq(complaintEvents.complaintId, (await rowOf(before))?.id ?? ''), eq(complaintEvents.kind, 'incident')));
    expect(notes.map((n) => n.note)).toEqual([
      'Linked to the notice “Wi-Fi down on floor 7”: resolving the notice resolves this complaint.',
      'No longer linked to the notice “Wi-Fi down on floor 7”: it is worked on its own.',
    ]);
    await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`);
    await wifiTech.send('POST', `/api/staff/incidents/${second.id}/withdraw`);
  });
});

describe('students and their notices', () => {
  it('shows the notices of the remembered place, counts those affected, and follows and unfollows', async () => {
    const notice = await post(wifiTech, { floors: [1], title: 'Wi-Fi outage on floor 1', endsAt: hoursFromNow(2) });
    const filer = await student();
    const number = await file(filer, { floor: 1, roomNo: '110' }); // remembers Block-2, floor 1
    const neighbour = await student();
    await file(neighbour, { category: 'mess', subCategory: 'Food', floor: 1, roomNo: '120' });

    const seen = await neighbour.get('/api/incidents/active');
    expect(seen.status).toBe(200);
    expect(seen.body.place).toEqual({ hostel: 'Block-2', floor: 1 });
    const items = seen.body.items as Array<{ id: string; affected: number; following: boolean; myComplaint: string | null; endsAtText: string }>;
    expect(items.map((i) => i.id)).toContain(notice.id);
    expect(items.find((i) => i.id === notice.id)).toMatchObject({ affected: 1, following: false, myComplaint: null });
    expect(items.find((i) => i.id === notice.id)?.endsAtText).toMatch(/^(tomorrow )?\d{2}:\d{2}$/);
    const filers = (await filer.get('/api/incidents/active')).body.items as Array<{ id: string; myComplaint: string | null }>;
    expect(filers.find((i) => i.id === notice.id)?.myComplaint).toBe(number);

    // Another floor or hostel, when asked for; nothing for a student with no place.
    expect(((await neighbour.get('/api/incidents/active?hostel=Block-2&floor=3')).body.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(notice.id);
    expect((await (await student()).get('/api/incidents/active')).body).toEqual({ place: null, items: [] });

    const followed = await neighbour.send('POST', `/api/incidents/${notice.id}/follow`);
    expect(followed.body).toEqual({ following: true, affected: 2 });
    expect((await neighbour.send('POST', `/api/incidents/${notice.id}/follow`)).body).toEqual({ following: true, affected: 2 });
    expect(((await neighbour.get('/api/incidents/active')).body.items as Array<{ id: string; following: boolean }>).find((i) => i.id === notice.id)?.following).toBe(true);
    expect((await wifiTech.get(`/api/staff/incidents/${notice.id}`)).body.counts).toMatchObject({ followers: 1, toTell: 2 });
    expect((await neighbour.send('DELETE', `/api/incidents/${notice.id}/follow`)).body).toEqual({ following: false, affected: 1 });

    expect((await wifiTech.send('POST', `/api/incidents/${notice.id}/follow`)).status).toBe(403);
    expect((await neighbour.send('POST', '/api/incidents/00000000-0000-4000-8000-000000000000/follow')).status).toBe(404);
    await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`);
    expect((await neighbour.send('POST', `/api/incidents/${notice.id}/follow`)).status).toBe(409);
    expect(((await neighbour.get('/api/incidents/active')).body.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(notice.id);
  });
});

describe('resolving and withdrawing', () => {
  it('resolves every open linked complaint at once and tells each person once, however many ways they are concerned', async () => {
    const notice = await post(wifiTech, { floors: [3], title: 'Wi-Fi outage on floor 3' });
    const [all, both, other, onlyFollower, onlyIncident, quiet] = await Promise.all([student(), student(), student(), student(), student(), student()]);
    const allNumber = await file(all, { floor: 3, roomNo: '301' });
    const bothFirst = await file(both, { floor: 3, roomNo: '302' });
    const bothSecond = await file(both, { floor: 3, roomNo: '302', complaint: 'And the LAN port too.' });
    const otherNumber = await file(other, { floor: 3, roomNo: '303' });
    const quietNumber = await file(quiet, { floor: 3, roomNo: '304' });
    const done = await file(other, { floor: 3, roomNo: '303', complaint: 'Fixed already' });
    expect((await wifiTech.send('POST', `/api/staff/complaints/${otherNumber}/transitions`, { to: 'acknowledged' })).status).toBe(200);
    expect((await wifiTech.send('POST', `/api/staff/complaints/${done}/transitions`, { to: 'resolved', note: 'Reset' })).status).toBe(200);

    const { db } = portal.app;
    const ids = {
      all: await userIdOf(all),
      both: await userIdOf(both),
      other: await userIdOf(other),
      onlyFollower: await userIdOf(onlyFollower),
      onlyIncident: await userIdOf(onlyIncident),
      quiet: await userIdOf(quiet),
    };
    // Followers of linked complaints ("Me too"), as the followers' feature stores them.
    const otherRow = await rowOf(otherNumber);
    await db.insert(complaintFollowers).values([
      { complaintId: otherRow?.id ?? '', userId: ids.all, source: 'me_too' },
      { complaintId: otherRow?.id ?? '', userId: ids.onlyFollower, source: 'me_too' },
      { complaintId: (await rowOf(bothFirst))?.id ?? '', userId: ids.other, source: 'me_too' },
    ]);
    expect((await all.send('POST', `/api/incidents/${notice.id}/follow`)).status).toBe(200);
    expect((await onlyIncident.send('POST', `/api/incidents/${notice.id}/follow`)).status).toBe(200);
    await db.update(users).set({ notifyMail: false }).where(eq(users.id, ids.quiet));

    const people = Object.values(ids);
    const before = await wifiTech.get(`/api/staff/incidents/${notice.id}`);
    expect(before.body.counts).toEqual({ linked: 6, open: 5, followers: 2, toTell: people.length });

    const resolved = await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/resolve`, { note: 'The new switch is in; Wi-Fi is back on floor 3.' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ resolved: 5, told: people.length, incident: { status: 'resolved', counts: { open: 0 } } });

    const rows = await db.select().from(complaints).where(eq(complaints.incidentId, notice.id));
    expect(rows.every((r) => r.status === 'resolved' && r.resolvedAt !== null)).toBe(true);
    const events = await db
      .select({ from: complaintEvents.fromStatus, to: complaintEvents.toStatus, note: complaintEvents.note })
      .from(complaintEvents)
      .where(and(inArray(complaintEvents.complaintId, rows.map((r) => r.id)), eq(complaintEvents.toStatus, 'resolved'), eq(complaintEvents.kind, 'status')));
    // Five resolved now (one of them from 'acknowledged'), and the one resolved earlier by hand.
    expect(events.filter((e) => e.note.startsWith('The notice “Wi-Fi outage on floor 3” is resolved')).map((e) => e.from).sort()).toEqual(
      ['acknowledged', 'submitted', 'submitted', 'submitted', 'submitted'],
    );
    const audits = await db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.status'), sql`${auditLog.details}->>'incident' = ${notice.id}`));
    expect(audits.map((a) => a.targetId).sort()).toEqual([allNumber, bothFirst, bothSecond, otherNumber, quietNumber].sort());
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'incident.resolve'), eq(auditLog.targetId, notice.id)))).toHaveLength(1);

    // One mail each (none for the one whose mail is off), one bell each.
    const mails = await db.select().from(outbox).where(eq(outbox.purpose, 'incident_resolved'));
    const emails = await db.select({ id: users.id, email: users.email, fname: users.fname }).from(users).where(inArray(users.id, people));
    const mailsTo = (id: string) => mails.filter((m) => m.toEmails.includes(emails.find((e) => e.id === id)?.email ?? '-'));
    for (const id of people) expect(mailsTo(id), id).toHaveLength(id === ids.quiet ? 0 : 1);
    expect(mails.every((m) => m.toEmails.length === 1)).toBe(true);
    const bells = await db
      .select({ userId: notifications.userId, complaintId: notifications.complaintId, text: notifications.text })
      .from(notifications)
      .where(and(inArray(notifications.userId, people), sql`${notifications.text} like 'Resolved: “Wi-Fi outage on floor 3”%'`));
    for (const id of people) expect(bells.filter((b) => b.userId === id), id).toHaveLength(1);

    // What each is told: their own complaints with links, the ones they follow, or the notice alone.
    const bothMail = mailsTo(ids.both)[0];
    expect(bothMail?.subject).toBe('Resolved: Wi-Fi outage on floor 3');
    expect(bothMail?.textBody).toContain('The new switch is in; Wi-Fi is back on floor 3.');
    expect(bothMail?.textBody).toContain(`Your complaints ${bothFirst} and ${bothSecond} are now resolved with it`);
    expect(bothMail?.textBody).toContain(`${portal.baseUrl}/my/${bothSecond}`);
    const followerMail = mailsTo(ids.onlyFollower)[0];
    expect(followerMail?.textBody).toContain(`The complaint you follow, ${otherNumber}, is resolved with it too.`);
    const otherFiler = emails.find((e) => e.id === ids.other);
    expect(followerMail?.textBody).not.toContain(otherFiler?.email ?? '-');
    expect(mailsTo(ids.onlyIncident)[0]?.textBody).toContain('You said it affected you too');
    expect(bells.every((b) => b.complaintId === null && b.text === 'Resolved: “Wi-Fi outage on floor 3”: The new switch is in; Wi-Fi is back on floor 3.')).toBe(true);

    // The normal rules still hold: the student may reopen their own; a resolved notice is over.
    expect((await all.send('POST', `/api/complaints/${allNumber}/reopen`, { reason: 'Still no signal in 301' })).status).toBe(200);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/resolve`, { note: 'Again' })).status).toBe(409);
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`)).status).toBe(409);
    expect((await wifiTech.get('/api/staff/incidents?status=resolved')).body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: notice.id, resolutionNote: 'The new switch is in; Wi-Fi is back on floor 3.' })]),
    );
  });

  it('withdrawing resolves nothing and tells nobody; the complaints keep the link for their history', async () => {
    const notice = await post(wifiTech, { floors: [5], title: 'Wi-Fi outage on floor 5' });
    const filer = await student();
    const follower = await student();
    const number = await file(filer, { floor: 5, roomNo: '501' });
    await follower.send('POST', `/api/incidents/${notice.id}/follow`);
    const { db } = portal.app;
    const mailsBefore = (await db.select({ id: outbox.id }).from(outbox)).length;
    const bellsBefore = (await db.select({ id: notifications.id }).from(notifications)).length;

    const withdrawn = await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', counts: { linked: 1, open: 1 } });
    const row = await rowOf(number);
    expect(row).toMatchObject({ status: 'submitted', incidentId: notice.id, resolvedAt: null });
    expect((await db.select({ id: outbox.id }).from(outbox)).length).toBe(mailsBefore);
    expect((await db.select({ id: notifications.id }).from(notifications)).length).toBe(bellsBefore);
    const timeline = (await filer.get(`/api/complaints/${number}`)).body.timeline;
    expect(JSON.stringify(timeline)).toContain('The notice “Wi-Fi outage on floor 5” was taken down: this complaint stays open');
    expect((await db.select({ status: incidents.status }).from(incidents).where(eq(incidents.id, notice.id)))[0]?.status).toBe('withdrawn');
    expect((await wifiTech.send('POST', `/api/staff/incidents/${notice.id}/resolve`, { note: 'Fixed' })).status).toBe(409);
  });
});
