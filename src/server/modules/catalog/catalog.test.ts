import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG, catalogFingerprint, type PublicCatalog } from '../../../shared/catalog.js';
import { withDefaultHindi } from '../../../shared/default-catalog-hindi.js';
import { complaints, outbox, university } from '../../db/schema.js';
import { aComplaint, aStudent } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };
const routing = (to: string, overrides: Array<{ hostel: string; to: string[]; cc?: string[] }> = []) => ({
  default: { to: [to], cc: [] },
  overrides: overrides.map((o) => ({ cc: [], ...o })),
});
const gym = {
  key: 'gym',
  cardTitle: 'Gym',
  complaintHead: 'Gym Complaint',
  description: 'Treadmills, weights and the gym hall.',
  subCategories: [
    { name: 'Equipment', confidential: false },
    { name: 'Harassment', confidential: true },
  ],
  confidential: false,
  targetHours: 48,
  routing: routing('gym.desk@vitbhopal.ac.in'),
};

let portal: TestApp;
let admin: ApiClient;
let student: ApiClient;

async function catalog(): Promise<PublicCatalog> {
  return (await (await fetch(`${portal.baseUrl}/api/catalog`)).json()) as PublicCatalog;
}

async function auditActions(query = ''): Promise<string[]> {
  const { body } = await admin.get(`/api/admin/audit?limit=200${query}`);
  return (body.items as Array<{ action: string }>).map((i) => i.action);
}

const test = portalTest({ env: RELAXED_LIMITS, admin: ADMIN });
test.beforeAll(async ({ portal: app, admin: a, signIn }) => {
  [portal, admin, student] = [app, a, await signIn(aStudent())];
});

describe('the public catalogue', () => {
  it('starts as the seed defined it, so the prerendered pages match it', async () => {
    const served = await catalog();
    // The anti-ragging contacts come with the served catalogue only: no prerendered page shows them.
    const { raggingContacts, ...profile } = served.university;
    // So do the hostels' codes and common areas (decision 45): the scan page and the forms read them after load.
    const hostels = served.hostels.map(({ code: _code, commonAreas: _areas, ...shown }) => shown);
    // With the seed's Hindi beside the default names (migration 0025), which the prerendered pages leave out.
    expect({ ...served, university: profile, hostels }).toEqual(withDefaultHindi(DEFAULT_CATALOG));
    expect(served.hostels.map((h) => [h.code, h.commonAreas])).toEqual([['BLOCK1OLD', []], ['BLOCK2', []], ['BLOCK3', []], ['GIRLS', []]]);
    expect(raggingContacts?.raggingHelpline).toBe('1800-180-5522');
    expect(catalogFingerprint(served)).toBe(catalogFingerprint(DEFAULT_CATALOG));
  });

  it('is not for students to change', async () => {
    const { status } = await student.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', enabled: true, routing: routing('x@vitbhopal.ac.in') });
    expect(status).toBe(403);
  });
});

describe('hostels', () => {
  let towerId = '';

  it('adds a hostel that the forms offer and the server enforces at once', async () => {
    const { status, body } = await admin.post('/api/admin/hostels', { name: 'Tower A', floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 40 }] });
    expect(status).toBe(201);
    towerId = String(body.id);
    expect((await catalog()).hostels.map((h) => h.name)).toContain('Tower A');
    // The pages prerendered from the default catalogue would offer the old hostels: the shell instead.
    const form = await (await fetch(`${portal.baseUrl}/complaints/wifiComplaint`)).text();
    expect(form).toContain('<div id="root"></div>');

    const inside = await student.post('/api/complaints', aComplaint({ hostel: 'Tower A', floor: 2, roomNo: '12' }));
    expect(inside.status).toBe(201);
    const outside = await student.post('/api/complaints', aComplaint({ hostel: 'Tower A', floor: 2, roomNo: '41' }));
    expect(outside.status).toBe(400);
    expect(outside.body.error?.fields?.roomNo).toBe('Room 41 is not in Tower A (rooms 1–40)');
    const floor = await student.post('/api/complaints', aComplaint({ hostel: 'Tower A', floor: 5, roomNo: '12' }));
    expect(floor.body.error?.fields?.floor).toBe('Floor must be a number from 0 to 3');
  });

  it.each([
    ['a duplicate name', { name: 'tower a', floorMin: 0, floorMax: 1, roomRanges: [{ from: 1, to: 9 }] }, 409, 'name'],
    ['overlapping room ranges', { name: 'Tower B', floorMin: 0, floorMax: 1, roomRanges: [{ from: 1, to: 50 }, { from: 40, to: 90 }] }, 400, 'roomRanges'],
    ['a range ending below its start', { name: 'Tower B', floorMin: 0, floorMax: 1, roomRanges: [{ from: 9, to: 1 }] }, 400, 'roomRanges.0.to'],
    ['floors upside down', { name: 'Tower B', floorMin: 4, floorMax: 1, roomRanges: [{ from: 1, to: 9 }] }, 400, 'floorMax'],
    ['an empty name', { name: ' ', floorMin: 0, floorMax: 1, roomRanges: [{ from: 1, to: 9 }] }, 400, 'name'],
  ])('refuses %s with a clear message and changes nothing', async (_label, body, status, field) => {
    const before = await admin.get('/api/admin/hostels');
    const answer = await admin.post('/api/admin/hostels', body);
    expect(answer.status).toBe(status);
    expect(answer.body.error?.fields?.[field]).toBeTruthy();
    expect((await admin.get('/api/admin/hostels')).body).toEqual(before.body);
  });

  it('retires a hostel without losing its complaints, and refuses to retire the last one', async () => {
    const { status, body } = await admin.send('PUT', `/api/admin/hostels/${towerId}`, { floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 40 }], retired: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ retired: true, complaints: 1 });
    expect((await catalog()).hostels.map((h) => h.name)).not.toContain('Tower A');
    const refused = await student.post('/api/complaints', aComplaint({ hostel: 'Tower A', floor: 1, roomNo: '3' }));
    expect(refused.body.error?.fields?.hostel).toBe('Choose your hostel');
    const mine = await student.get('/api/complaints/mine');
    expect((mine.body.items as Array<{ hostel: string }>).some((c) => c.hostel === 'Tower A')).toBe(true);

    const { body: list } = await admin.get('/api/admin/hostels');
    const active = (list.items as Array<{ id: string; retired: boolean }>).filter((h) => !h.retired);
    for (const h of active.slice(1)) {
      await admin.send('PUT', `/api/admin/hostels/${h.id}`, { floorMin: 0, floorMax: 7, roomRanges: [{ from: 0, to: 800 }], retired: true });
    }
    const last = active[0];
    if (!last) throw new Error('no hostel');
    const lastOne = await admin.send('PUT', `/api/admin/hostels/${last.id}`, { floorMin: 0, floorMax: 7, roomRanges: [{ from: 0, to: 800 }], retired: true });
    expect(lastOne.status).toBe(409);
    // Bring them back for the tests below.
    for (const h of active.slice(1)) {
      await admin.send('PUT', `/api/admin/hostels/${h.id}`, { floorMin: 0, floorMax: 7, roomRanges: [{ from: 0, to: 800 }], retired: false });
    }
    expect((await catalog()).hostels.map((h) => h.name)).toEqual(DEFAULT_CATALOG.hostels.map((h) => h.name));
  });
});

describe('categories and routing', () => {
  it('adds a category with its own form route, routing and a confidential sub-category', async () => {
    const { status, body } = await admin.post('/api/admin/categories', gym);
    expect(status).toBe(201);
    expect(body).toMatchObject({ route: 'gymComplaint', routingKey: 'gymComplaint', routing: gym.routing });
    expect((await catalog()).categories.find((c) => c.key === 'gym')).toMatchObject({ route: 'gymComplaint', cardTitle: 'Gym' });

    const filed = await student.post('/api/complaints', aComplaint({ category: 'gym', subCategory: 'Equipment' }));
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ complaintHead: 'Gym Complaint', toEmail: 'gym.desk@vitbhopal.ac.in' });
    const [mail] = await portal.database.db
      .select()
      .from(outbox)
      .innerJoin(complaints, eq(complaints.id, outbox.complaintId))
      .where(sql`${complaints.number} = ${String(filed.body.number)} and ${outbox.purpose} = 'facility'`);
    expect(mail?.outbox.toEmails).toEqual(['gym.desk@vitbhopal.ac.in']);
    expect(mail?.outbox.subject).toBe(`Gym Complaint — ${String(filed.body.number)}`);

    const secret = await student.post('/api/complaints', aComplaint({ category: 'gym', subCategory: 'Harassment' }));
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, String(secret.body.number)));
    expect(row?.confidential).toBe(true);
  });

  it('routes a hostel to its own team, falling back to the default elsewhere', async () => {
    const update = { ...gym, retired: false, routing: routing('gym.desk@vitbhopal.ac.in', [{ hostel: 'Girls', to: ['girls.gym@vitbhopal.ac.in'], cc: ['warden.girls@vitbhopal.ac.in'] }]) };
    const { key: _key, ...body } = update;
    expect((await admin.send('PUT', '/api/admin/categories/gym', body)).status).toBe(200);
    const girls = await student.post('/api/complaints', aComplaint({ category: 'gym', subCategory: 'Equipment', hostel: 'Girls' }));
    expect(girls.body.toEmail).toBe('girls.gym@vitbhopal.ac.in');
    const block2 = await student.post('/api/complaints', aComplaint({ category: 'gym', subCategory: 'Equipment', hostel: 'Block-2' }));
    expect(block2.body.toEmail).toBe('gym.desk@vitbhopal.ac.in');
  });

  it.each([
    ['an empty routing entry', { ...gym, key: 'pool', cardTitle: 'Pool', routing: { default: { to: [], cc: [] }, overrides: [] } }, 400, 'routing.default.to'],
    ['an invalid address', { ...gym, key: 'pool', cardTitle: 'Pool', routing: routing('not-an-address') }, 400, 'routing.default.to.0'],
    ['a duplicate key', { ...gym, cardTitle: 'Gym again' }, 409, 'key'],
    ['a duplicate title', { ...gym, key: 'gymnasium', cardTitle: 'GYM' }, 409, 'cardTitle'],
    ['an override for an unknown hostel', { ...gym, key: 'pool', cardTitle: 'Pool', routing: routing('pool@vitbhopal.ac.in', [{ hostel: 'Block-9', to: ['x@vitbhopal.ac.in'] }]) }, 400, 'routing.overrides'],
    ['no sub-category', { ...gym, key: 'pool', cardTitle: 'Pool', subCategories: [] }, 400, 'subCategories'],
  ])('refuses %s and changes nothing', async (_label, body, status, field) => {
    const before = await admin.get('/api/admin/categories');
    const answer = await admin.post('/api/admin/categories', body);
    expect(answer.status).toBe(status);
    expect(answer.body.error?.fields?.[field]).toBeTruthy();
    expect((await admin.get('/api/admin/categories')).body).toEqual(before.body);
  });

  it('retires a category: its form goes, the seed routes of the others stay', async () => {
    const { key: _key, ...body } = gym;
    expect((await admin.send('PUT', '/api/admin/categories/gym', { ...body, retired: true })).status).toBe(200);
    const served = await catalog();
    expect(served.categories.map((c) => c.route)).toEqual(DEFAULT_CATALOG.categories.map((c) => c.route));
    const refused = await student.post('/api/complaints', aComplaint({ category: 'gym', subCategory: 'Equipment' }));
    expect(refused.body.error?.fields?.category).toBe('Choose a category');
  });
});

describe('services', () => {
  const pickup = { hostel: 'Block-3', roomNo: 305, items: 6, slot: 'Evening (5–8)', note: 'Two bedsheets' };

  it('keeps Laundry coming soon until an admin enables it, then takes pickups', async () => {
    const closed = await student.post('/api/laundry-requests', pickup);
    expect(closed.status).toBe(409);
    expect(closed.body.error?.message).toBe('Laundry is coming soon: it cannot be requested yet.');
    expect(closed.body.error?.fields?.service).toBe('Laundry is coming soon: it cannot be requested yet.');

    const enable = await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', enabled: true, routing: routing('laundry.desk@vitbhopal.ac.in') });
    expect(enable.status).toBe(200);
    expect((await catalog()).services.find((s) => s.key === 'laundry')?.enabled).toBe(true);

    const filed = await student.post('/api/laundry-requests', pickup);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ kind: 'laundry', complaintHead: 'Laundry Pickup', floor: 3, roomNo: '305', toEmail: 'laundry.desk@vitbhopal.ac.in' });
    expect(filed.body.complaint).toBe('Laundry pickup from room 305 of Block-3: 6 items, preferred slot Evening (5–8). Note: Two bedsheets');
    const outside = await student.post('/api/laundry-requests', { ...pickup, roomNo: 900 });
    expect(outside.body.error?.fields?.roomNo).toBe('Please enter valid room number');
  });
});

describe('the university profile', () => {
  it('sets up another university: its domain admits, the old one is refused with its short name', async () => {
    const before = await admin.get('/api/admin/university');
    const saved = before.body.saved as Record<string, unknown>;
    const { status, body } = await admin.send('PUT', '/api/admin/university', {
      ...saved,
      name: 'Example Institute of Technology',
      shortName: 'example',
      // The admins keep a domain they can sign in with.
      allowedDomains: ['example.edu', 'vitbhopal.ac.in'],
    });
    expect(status).toBe(200);
    expect(body.effective).toMatchObject({ name: 'Example Institute of Technology', shortName: 'example' });
    expect(body.fromEnvironment).toEqual([]);

    const newcomer = await ApiClient.signedIn(portal.baseUrl, { email: 'asha.k@example.edu', name: 'Asha K 22EXA10001' });
    const me = await newcomer.get('/api/me');
    expect(me.body.user).toMatchObject({ email: 'asha.k@example.edu', regId: '22EXA10001', name: 'Asha K' });
    const config: unknown = await (await fetch(`${portal.baseUrl}/api/config`)).json();
    expect(config).toMatchObject({ university: { name: 'Example Institute of Technology', shortName: 'example' } });

    await admin.send('PUT', '/api/admin/university', { ...saved, allowedDomains: ['vitbhopal.ac.in'] });
    await expect(ApiClient.signedIn(portal.baseUrl, { email: 'asha.k@example.edu', name: 'Asha K' })).rejects.toThrow(/signInError=domain/);
  });

  it('refuses a pattern that is not a regular expression and an empty domain list', async () => {
    const { body: current } = await admin.get('/api/admin/university');
    const saved = current.saved as Record<string, unknown>;
    const bad = await admin.send('PUT', '/api/admin/university', { ...saved, regPattern: '([', allowedDomains: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ regPattern: 'Not a valid regular expression', allowedDomains: 'Give at least one e-mail domain' });
    expect((await admin.get('/api/admin/university')).body).toEqual(current);
  });

  it('refuses a pattern with catastrophic backtracking and keeps the default one acceptable', async () => {
    const { body: current } = await admin.get('/api/admin/university');
    const saved = current.saved as Record<string, unknown>;
    for (const regPattern of ['^(a+)+$', '^([0-9]*)*$', '^(a|a)*$']) {
      const bad = await admin.send('PUT', '/api/admin/university', { ...saved, regPattern });
      expect(bad.status).toBe(400);
      expect(bad.body.error?.code).toBe('validation_failed');
      expect(bad.body.error?.fields?.regPattern).toMatch(/too slow/i);
    }
    expect((await admin.get('/api/admin/university')).body).toEqual(current);

    const ok = await admin.send('PUT', '/api/admin/university', { ...saved, regPattern: '^[0-9]{2}[A-Za-z]{3}[0-9]{5}$' });
    expect(ok.status).toBe(200);
    expect(ok.body.saved).toMatchObject({ regPattern: '^[0-9]{2}[A-Za-z]{3}[0-9]{5}$' });
  });

  it('never runs an unsafe pattern saved before the check, and still lets an admin open and replace it', async () => {
    const { body: current } = await admin.get('/api/admin/university');
    const saved = current.saved as Record<string, unknown>;
    await portal.database.db.update(university).set({ regPattern: '^(a+)+$', catalogVersion: sql`${university.catalogVersion} + 1` });
    try {
      const opened = await admin.get('/api/admin/university');
      expect(opened.status).toBe(200);
      expect(opened.body.saved).toMatchObject({ regPattern: '^(a+)+$' });
      // 40 characters is under the length bound: only refusing to run the pattern keeps this sign-in quick.
      const started = Date.now();
      const crafted = await ApiClient.signedIn(portal.baseUrl, { email: 'crafted.name@vitbhopal.ac.in', name: `Crafted ${'a'.repeat(40)}!` });
      expect((await crafted.get('/api/me')).body.user).toMatchObject({ regId: '' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      const restored = await admin.send('PUT', '/api/admin/university', saved);
      expect(restored.status).toBe(200);
    }
  });

  it('takes a PNG logo, serves it, and refuses bytes that are not an image', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const { status, body } = await admin.send('PUT', '/api/admin/university/logo', { dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(status).toBe(200);
    const logoUrl = String(body.logoUrl);
    const image = await fetch(`${portal.baseUrl}${logoUrl}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await catalog()).university.logoUrl).toBe(logoUrl);

    const fake = await admin.send('PUT', '/api/admin/university/logo', { dataUrl: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` });
    expect(fake.status).toBe(400);
    expect((await admin.send('DELETE', '/api/admin/university/logo')).body.logoUrl).toBeNull();
  });

  it('reaches another instance on the same database within a second or two', async () => {
    const other = await startTestApp({}, { database: portal.database });
    try {
      const otherCatalog = async () => (await (await fetch(`${other.baseUrl}/api/catalog`)).json()) as PublicCatalog;
      expect((await otherCatalog()).hostels.map((h) => h.name)).not.toContain('Annexe');
      await admin.post('/api/admin/hostels', { name: 'Annexe', floorMin: 0, floorMax: 2, roomRanges: [{ from: 100, to: 150 }] });
      // The instance that made the change shows it at once.
      expect((await catalog()).hostels.map((h) => h.name)).toContain('Annexe');
      await expect
        .poll(async () => (await otherCatalog()).hostels.map((h) => h.name), { timeout: 5000, message: 'the other instance never saw the new hostel' })
        .toContain('Annexe');
    } finally {
      await other.close();
    }
  });

  it('lets environment settings win, and says which', async () => {
    const other = await startTestApp({ ADMIN_EMAILS: ADMIN.email, UNIVERSITY_SHORT_NAME: 'envshort', ABOUT_CREDITS: 'Built by the hostel office' }, { database: portal.database });
    try {
      const otherAdmin = await ApiClient.signedIn(other.baseUrl, ADMIN);
      const { body } = await otherAdmin.get('/api/admin/university');
      expect(body.fromEnvironment).toEqual([
        { field: 'shortName', variable: 'UNIVERSITY_SHORT_NAME' },
        { field: 'credits', variable: 'ABOUT_CREDITS' },
      ]);
      expect(body.effective).toMatchObject({ shortName: 'envshort', credits: ['Built by the hostel office'] });
      expect((body.saved as { shortName: string }).shortName).toBe('vitbhopal');
    } finally {
      await other.close();
    }
  });
});

describe('people', () => {
  it('disables an account: its sessions end at once and it cannot sign in again', async () => {
    const who = aStudent();
    const victim = await ApiClient.signedIn(portal.baseUrl, who);
    const me = (await victim.get('/api/me')).body.user as { id: string };
    const answer = await admin.send('PUT', `/api/admin/users/${me.id}`, { role: 'student', antiRagging: false, scopes: [], disabled: true });
    expect(answer.status).toBe(200);
    expect(answer.body.disabled).toBe(true);
    expect((await victim.get('/api/me')).status).toBe(401);
    await expect(ApiClient.signedIn(portal.baseUrl, who)).rejects.toThrow(/signInError/);
  });

  it('never removes or disables the last administrator', async () => {
    const me = (await admin.get('/api/me')).body.user as { id: string };
    const demote = await admin.send('PUT', `/api/admin/users/${me.id}`, { role: 'staff', antiRagging: false, scopes: [] });
    expect(demote.status).toBe(409);
    expect(demote.body.error?.code).toBe('last_admin');
    const disable = await admin.send('PUT', `/api/admin/users/${me.id}`, { role: 'admin', antiRagging: false, scopes: [], disabled: true });
    expect(disable.status).toBe(409);
    expect((await admin.get('/api/me')).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('holds every administrative step with before and after, searchable and filterable', async () => {
    const actions = await auditActions();
    for (const action of ['hostel.create', 'hostel.retire', 'hostel.restore', 'category.create', 'category.update', 'category.retire', 'service.enable', 'university.update', 'university.logo_set', 'university.logo_remove', 'user.disable']) {
      expect(actions).toContain(action);
    }
    const { body } = await admin.get('/api/admin/audit?action=hostel.create&q=Tower');
    const [entry] = body.items as Array<{ actor: { email: string }; targetLabel: string; details: { after: unknown } }>;
    expect(entry).toMatchObject({ actor: { email: ADMIN.email }, targetLabel: 'Tower A', details: { after: { floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 40 }] } } });
    expect(await auditActions('&targetType=service')).toEqual(['service.enable']);
    expect(await auditActions('&q=laundry.desk')).toEqual(['service.enable']);
    expect(await auditActions('&actor=nobody@')).toEqual([]);
    expect(await auditActions('&from=2000-01-01&to=2000-01-02')).toEqual([]);
  });

  it('pages through entries without skipping any', async () => {
    const all = await auditActions();
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const { body } = await admin.get(`/api/admin/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(body.items as Array<{ action: string }>).map((i) => i.action));
      if (typeof body.nextCursor !== 'string') break;
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(all);
  });

  it('cannot be changed by anyone, not even through the database', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(portal.database.db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/append-only/);
    expect(await refusal(portal.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect((await student.get('/api/admin/audit')).status).toBe(403);
  });
});

describe('the mail outbox', () => {
  it('shows a mail as a sandboxed page that runs nothing', async () => {
    const { body } = await admin.get('/api/admin/outbox?limit=20');
    const mail = (body.items as Array<{ id: string; purpose: string }>).find((m) => m.purpose === 'facility');
    const response = await admin.http.request(`${portal.baseUrl}/api/admin/outbox/${mail?.id ?? ''}/html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(await response.text()).toContain('<table');
  });
});
