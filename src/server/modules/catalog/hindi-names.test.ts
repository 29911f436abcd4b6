import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicCatalog } from '../../../shared/catalog.js';
import { categories, services, university } from '../../db/schema.js';
import { aStudent } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/** Issue 28: the Hindi beside every name an administrator defines, the time zone and the default language. */

const ADMIN = { email: 'hindi.admin@vitbhopal.ac.in', name: 'Hindi Admin' };
const routing = { default: { to: ['desk@vitbhopal.ac.in'], cc: [] }, overrides: [] };

let portal: TestApp;
let admin: ApiClient;

async function catalog(): Promise<PublicCatalog> {
  return (await (await fetch(`${portal.baseUrl}/api/catalog`)).json()) as PublicCatalog;
}

/** Migration 0025 again, as on a database whose rows an administrator has already translated. */
async function runDefaultHindiMigration(): Promise<void> {
  const text = readFileSync(new URL('../../db/migrations/0025_default_hindi_names.sql', import.meta.url), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await portal.database.db.execute(sql.raw(statement));
  }
}

const test = portalTest({ env: RELAXED_LIMITS, admin: ADMIN });
test.beforeAll(({ portal: app, admin: a }) => {
  [portal, admin] = [app, a];
});

describe('the seed in Hindi', () => {
  it('serves the default categories, sub-categories and services with their Hindi names', async () => {
    const served = await catalog();
    const wifi = served.categories.find((c) => c.key === 'wifi');
    expect(wifi).toMatchObject({ cardTitle: 'Wifi', cardTitleHi: 'वाई-फ़ाई', complaintHeadHi: 'वाई-फ़ाई की शिकायत' });
    expect(wifi?.subCategories.map((s) => [s.name, s.nameHi])).toEqual([
      ['Not Working', 'नहीं चल रहा'],
      ['Slow', 'धीमा'],
      ['Connection Issue', 'कनेक्शन की समस्या'],
      ['Others', 'अन्य'],
    ]);
    expect(served.services.map((s) => s.labelHi)).toEqual(['कमरे की सफ़ाई', 'लॉन्ड्री']);
    // Not translated: left out, so the app shows the English.
    expect(served.university).not.toHaveProperty('nameHi');
    expect(served.hostels[0]).not.toHaveProperty('nameHi');
    expect(served.university.timeZone).toBe('Asia/Kolkata');
  });

  it("never writes over an administrator's Hindi, and fills what was left empty", async () => {
    const { body } = await admin.get('/api/admin/categories');
    const mess = (body.items as Array<Record<string, unknown> & { key: string; subCategories: Array<Record<string, unknown>> }>).find((c) => c.key === 'mess');
    if (!mess) throw new Error('the seed has a mess category');
    const { key: _key, route: _route, routingKey: _routingKey, updatedAt: _at, ...edit } = mess;
    const saved = await admin.send('PUT', '/api/admin/categories/mess', {
      ...edit,
      cardTitleHi: 'भोजनालय',
      subCategories: mess.subCategories.map((s) => (s.name === 'Food' ? { ...s, nameHi: 'भोजन' } : s)),
    });
    expect(saved.status).toBe(200);
    // What an administrator emptied is empty again on this database: the migration fills it.
    await portal.database.db.update(categories).set({ descriptionHi: '' }).where(eq(categories.key, 'mess'));
    await portal.database.db.update(services).set({ labelHi: 'सफ़ाई सेवा' }).where(eq(services.key, 'room_cleaning'));

    await runDefaultHindiMigration();

    const [row] = await portal.database.db.select().from(categories).where(eq(categories.key, 'mess'));
    expect(row?.cardTitleHi).toBe('भोजनालय');
    expect(row?.descriptionHi).toBe('खाने की क्वालिटी, मेस के कर्मचारी और मेस की दूसरी समस्याएँ।');
    expect(row?.subCategories.map((s) => [s.name, s.nameHi])).toEqual([
      ['Food', 'भोजन'],
      ['Staff', 'कर्मचारी'],
      ['Other', 'अन्य'],
    ]);
    const [cleaning] = await portal.database.db.select().from(services).where(eq(services.key, 'room_cleaning'));
    expect(cleaning?.labelHi).toBe('सफ़ाई सेवा');
  });
});

describe('categories', () => {
  const pool = {
    key: 'pool',
    cardTitle: 'Swimming pool',
    complaintHead: 'Pool Complaint',
    description: 'Water, changing rooms and the lifeguard.',
    cardTitleHi: '  स्विमिंग पूल  ',
    complaintHeadHi: 'पूल की शिकायत',
    descriptionHi: 'पानी, कपड़े बदलने के कमरे और लाइफ़गार्ड।',
    subCategories: [
      { name: 'Water', nameHi: 'पानी', confidential: false },
      { name: 'Lifeguard', confidential: false },
    ],
    targetHours: 48,
    routing,
  };

  it('saves, returns and serves the Hindi beside the English, trimmed', async () => {
    const created = await admin.post('/api/admin/categories', pool);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cardTitleHi: 'स्विमिंग पूल', complaintHeadHi: 'पूल की शिकायत', descriptionHi: pool.descriptionHi });
    const served = (await catalog()).categories.find((c) => c.key === 'pool');
    expect(served).toMatchObject({ cardTitleHi: 'स्विमिंग पूल', complaintHeadHi: 'पूल की शिकायत' });
    expect(served?.subCategories).toEqual([
      { name: 'Water', nameHi: 'पानी', confidential: false },
      { name: 'Lifeguard', confidential: false },
    ]);
    const { body } = await admin.get('/api/admin/audit?action=category.create&limit=5');
    expect(JSON.stringify(body.items)).toContain('स्विमिंग पूल');
  });

  it('keeps the Hindi when an update leaves it out, and drops it when emptied; sub-categories are as given', async () => {
    const { key: _key, ...update } = pool;
    const { cardTitleHi: _title, ...withoutTitle } = update;
    const kept = await admin.send('PUT', '/api/admin/categories/pool', {
      ...withoutTitle,
      retired: false,
      subCategories: [
        { name: 'Water', confidential: false },
        { name: 'Lifeguard', nameHi: 'लाइफ़गार्ड', confidential: false },
      ],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.cardTitleHi).toBe('स्विमिंग पूल');
    // The list is replaced as given: Water, sent without its Hindi, has none now.
    expect(kept.body.subCategories).toEqual([
      { name: 'Water', confidential: false },
      { name: 'Lifeguard', nameHi: 'लाइफ़गार्ड', confidential: false },
    ]);
    const emptied = await admin.send('PUT', '/api/admin/categories/pool', { ...update, retired: false, complaintHeadHi: '', subCategories: pool.subCategories.map((s) => ({ ...s, nameHi: '' })) });
    expect(emptied.status).toBe(200);
    const served = (await catalog()).categories.find((c) => c.key === 'pool');
    expect(served).not.toHaveProperty('complaintHeadHi');
    expect(served?.subCategories.every((s) => !('nameHi' in s))).toBe(true);
  });

  it.each([
    ['a card title in Hindi over 60 characters', { cardTitleHi: 'क'.repeat(61) }, 'cardTitleHi', 'Card title in Hindi is at most 60 characters'],
    ['a heading in Hindi on two lines', { complaintHeadHi: 'पूल\nशिकायत' }, 'complaintHeadHi', 'Complaint heading in Hindi must be on one line'],
    ['a description in Hindi over 200 characters', { descriptionHi: 'क'.repeat(201) }, 'descriptionHi', 'Keep the description in Hindi under 200 characters'],
    ['a sub-category in Hindi that is not text', { subCategories: [{ name: 'Water', nameHi: 5, confidential: false }] }, 'subCategories.0.nameHi', 'A sub-category in Hindi must be text'],
  ])('refuses %s with a clear message', async (_label, change, field, message) => {
    const answer = await admin.post('/api/admin/categories', { ...pool, key: 'pool2', cardTitle: 'Pool two', ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields?.[field]).toBe(message);
  });
});

describe('hostels and common areas', () => {
  it('saves, returns and serves their Hindi names', async () => {
    const created = await admin.post('/api/admin/hostels', { name: 'Block-7', nameHi: 'ब्लॉक-7', floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 399 }] });
    expect(created.status).toBe(201);
    expect(created.body.nameHi).toBe('ब्लॉक-7');
    const id = String(created.body.id);
    const area = await admin.post(`/api/admin/hostels/${id}/common-areas`, { name: 'Washroom', nameHi: 'बाथरूम', floor: 2 });
    expect(area.status).toBe(201);
    expect(area.body.nameHi).toBe('बाथरूम');

    let hostel = (await catalog()).hostels.find((h) => h.name === 'Block-7');
    expect(hostel?.nameHi).toBe('ब्लॉक-7');
    expect(hostel?.commonAreas?.[0]).toMatchObject({ name: 'Washroom', nameHi: 'बाथरूम' });

    const moved = await admin.send('PUT', `/api/admin/hostels/${id}/common-areas/${String(area.body.id)}`, {
      name: 'Washroom',
      nameHi: 'शौचालय',
      floor: 2,
      code: String(area.body.code),
      position: 0,
      retired: false,
    });
    expect(moved.status).toBe(200);
    // Left out of the hostel's update: unchanged.
    const updated = await admin.send('PUT', `/api/admin/hostels/${id}`, { floorMin: 0, floorMax: 4, roomRanges: [{ from: 1, to: 499 }], retired: false });
    expect(updated.status).toBe(200);
    expect(updated.body.nameHi).toBe('ब्लॉक-7');
    hostel = (await catalog()).hostels.find((h) => h.name === 'Block-7');
    expect(hostel?.commonAreas?.[0]?.nameHi).toBe('शौचालय');

    const renamed = await admin.send('PUT', `/api/admin/hostels/${id}`, { nameHi: '', floorMin: 0, floorMax: 4, roomRanges: [{ from: 1, to: 499 }], retired: false });
    expect(renamed.body.nameHi).toBe('');
    expect((await catalog()).hostels.find((h) => h.name === 'Block-7')).not.toHaveProperty('nameHi');
    const { body } = await admin.get('/api/admin/audit?action=common_area.update&limit=5');
    expect(JSON.stringify(body.items)).toContain('शौचालय');
  });

  it('refuses Hindi names that are too long', async () => {
    const hostel = await admin.post('/api/admin/hostels', { name: 'Block-8', nameHi: 'ब'.repeat(61), floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 399 }] });
    expect(hostel.status).toBe(400);
    expect(hostel.body.error?.fields?.nameHi).toBe('Name in Hindi is at most 60 characters');
    const { body } = await admin.get('/api/admin/hostels');
    const id = String((body.items as Array<{ id: string }>)[0]?.id);
    const area = await admin.post(`/api/admin/hostels/${id}/common-areas`, { name: 'Corridor', nameHi: 'ग'.repeat(61), floor: 1 });
    expect(area.status).toBe(400);
    expect(area.body.error?.fields?.nameHi).toBe('Name in Hindi is at most 60 characters');
  });
});

describe('services', () => {
  it('saves and serves the label in Hindi, and refuses one on two lines', async () => {
    const saved = await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', labelHi: 'कपड़े धुलाई', enabled: false, routing });
    expect(saved.status).toBe(200);
    expect(saved.body.labelHi).toBe('कपड़े धुलाई');
    expect((await catalog()).services.find((s) => s.key === 'laundry')?.labelHi).toBe('कपड़े धुलाई');
    const bad = await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', labelHi: 'कपड़े\nधुलाई', enabled: false, routing });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.labelHi).toBe('Label in Hindi must be on one line');
  });
});

describe('the university profile', () => {
  async function saved(): Promise<Record<string, unknown>> {
    return (await admin.get('/api/admin/university')).body.saved as Record<string, unknown>;
  }

  it('saves its Hindi names, time zone and default language, and the catalogue carries them', async () => {
    const { body: before } = await admin.get('/api/admin/university');
    expect(before).toMatchObject({ nameHi: '', timeZone: 'Asia/Kolkata', defaultLocale: 'en', committeeNameHi: '' });
    const answer = await admin.send('PUT', '/api/admin/university', {
      ...(await saved()),
      nameHi: 'वीआईटी भोपाल विश्वविद्यालय',
      shortNameHi: 'वीआईटी भोपाल',
      aboutTextHi: 'हॉस्टल की शिकायतें यहाँ दर्ज करें।',
      timeZone: 'Asia/Dubai',
      defaultLocale: 'hi',
      contacts: { ...(before.contacts as Record<string, unknown>), committeeNameHi: 'एंटी-रैगिंग कमेटी' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ nameHi: 'वीआईटी भोपाल विश्वविद्यालय', timeZone: 'Asia/Dubai', defaultLocale: 'hi', committeeNameHi: 'एंटी-रैगिंग कमेटी' });
    // The contacts read as before (their Hindi is beside them).
    expect(answer.body.contacts).not.toHaveProperty('committeeNameHi');
    const served = (await catalog()).university;
    expect(served).toMatchObject({ nameHi: 'वीआईटी भोपाल विश्वविद्यालय', shortNameHi: 'वीआईटी भोपाल', aboutTextHi: 'हॉस्टल की शिकायतें यहाँ दर्ज करें।', timeZone: 'Asia/Dubai' });
    expect(served.raggingContacts?.committeeNameHi).toBe('एंटी-रैगिंग कमेटी');
    const [row] = await portal.database.db.select().from(university);
    expect(row?.defaultLocale).toBe('hi');
    // The server's own copy has it, for mail to people who never chose a language.
    expect((await portal.app.catalog.get()).defaultLocale).toBe('hi');

    // A client that knows nothing of them leaves them as they are.
    expect((await admin.send('PUT', '/api/admin/university', await saved())).status).toBe(200);
    expect((await admin.get('/api/admin/university')).body).toMatchObject({ nameHi: 'वीआईटी भोपाल विश्वविद्यालय', timeZone: 'Asia/Dubai', defaultLocale: 'hi' });
    const { body } = await admin.get('/api/admin/audit?action=university.update&limit=5');
    expect(JSON.stringify(body.items)).toContain('Asia/Dubai');
  });

  it.each([
    ['a time zone that does not exist', { timeZone: 'Asia/Atlantis' }, 'timeZone', 'Time zone: give an IANA time zone name such as Asia/Kolkata'],
    ['an offset instead of a zone', { timeZone: '+05:30' }, 'timeZone', 'Time zone: give an IANA time zone name such as Asia/Kolkata'],
    ['an empty time zone', { timeZone: '  ' }, 'timeZone', 'Give a time zone'],
    ['a language the portal has not', { defaultLocale: 'fr' }, 'defaultLocale', 'Default language: en or hi'],
    ['a Hindi name over 120 characters', { nameHi: 'व'.repeat(121) }, 'nameHi', 'Name in Hindi is at most 120 characters'],
  ])('refuses %s with a clear message and changes nothing', async (_label, change, field, message) => {
    const { body: current } = await admin.get('/api/admin/university');
    const answer = await admin.send('PUT', '/api/admin/university', { ...(await saved()), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('validation_failed');
    expect(answer.body.error?.fields?.[field]).toBe(message);
    expect((await admin.get('/api/admin/university')).body).toEqual(current);
  });

  it('is not for students to change', async () => {
    const student = await ApiClient.signedIn(portal.baseUrl, aStudent());
    expect((await student.send('PUT', '/api/admin/university', { ...(await saved()), timeZone: 'UTC' })).status).toBe(403);
  });
});
