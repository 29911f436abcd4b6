import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicCatalog } from '../../../shared/catalog.js';
import { categories, services, university } from '../../db/schema.js';
import { aStudent } from '../../../../tests/factories/complaints.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Issue 28: the Hindi beside every name an administrator defines, the time zone and the default
 * language. Names in other languages are `translations`, by language then field (decision 67).
 */

const ADMIN = { email: 'hindi.admin@vitbhopal.ac.in', name: 'Hindi Admin' };
const routing = { default: { to: ['desk@vitbhopal.ac.in'], cc: [] }, overrides: [] };

let portal: TestApp;
let admin: ApiClient;

async function catalog(): Promise<PublicCatalog> {
  return (await (await fetch(`${portal.baseUrl}/api/catalog`)).json()) as PublicCatalog;
}

const test = portalTest({ env: RELAXED_LIMITS, admin: ADMIN });
test.beforeAll(({ portal: app, admin: a }) => {
  [portal, admin] = [app, a];
});

describe('the seed in Hindi', () => {
  it('serves the default categories, sub-categories and services with their Hindi names', async () => {
    const served = await catalog();
    const wifi = served.categories.find((c) => c.key === 'wifi');
    expect(wifi).toMatchObject({ cardTitle: 'Wifi', translations: { hi: { cardTitle: 'वाई-फ़ाई', complaintHead: 'वाई-फ़ाई की शिकायत' } } });
    expect(wifi?.subCategories.map((s) => [s.name, s.translations?.hi?.name])).toEqual([
      ['Not Working', 'नहीं चल रहा'],
      ['Slow', 'धीमा'],
      ['Connection Issue', 'कनेक्शन की समस्या'],
      ['Others', 'अन्य'],
    ]);
    expect(served.services.map((s) => s.translations?.hi?.label)).toEqual(['कमरे की सफ़ाई', 'लॉन्ड्री']);
    // Not translated: left out, so the app shows the English.
    expect(served.university).not.toHaveProperty('translations');
    expect(served.hostels[0]).not.toHaveProperty('translations');
    expect(served.university.timeZone).toBe('Asia/Kolkata');
  });

  it('keeps them in the translations column, the Hindi of migration 0025 moved there by migration 0031', async () => {
    const [row] = await portal.database.db.select().from(categories).where(eq(categories.key, 'mess'));
    expect(row?.translations).toEqual({ hi: { cardTitle: 'मेस', complaintHead: 'मेस की शिकायत', description: 'खाने की क्वालिटी, मेस के कर्मचारी और मेस की दूसरी समस्याएँ।' } });
    expect(row?.subCategories.map((s) => [s.name, s.translations?.hi?.name])).toEqual([
      ['Food', 'खाना'],
      ['Staff', 'कर्मचारी'],
      ['Other', 'अन्य'],
    ]);
    expect(row?.subCategories.every((s) => !('nameHi' in s))).toBe(true);
    const [cleaning] = await portal.database.db.select().from(services).where(eq(services.key, 'room_cleaning'));
    expect(cleaning?.translations).toEqual({ hi: { label: 'कमरे की सफ़ाई' } });
  });
});

describe('categories', () => {
  const pool = {
    key: 'pool',
    cardTitle: 'Swimming pool',
    complaintHead: 'Pool Complaint',
    description: 'Water, changing rooms and the lifeguard.',
    translations: { hi: { cardTitle: '  स्विमिंग पूल  ', complaintHead: 'पूल की शिकायत', description: 'पानी, कपड़े बदलने के कमरे और लाइफ़गार्ड।' } },
    subCategories: [
      { name: 'Water', translations: { hi: { name: 'पानी' } }, confidential: false },
      { name: 'Lifeguard', confidential: false },
    ],
    targetHours: 48,
    routing,
  };

  it('saves, returns and serves the Hindi beside the English, trimmed', async () => {
    const created = await admin.post('/api/admin/categories', pool);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ translations: { hi: { cardTitle: 'स्विमिंग पूल', complaintHead: 'पूल की शिकायत', description: pool.translations.hi.description } } });
    const served = (await catalog()).categories.find((c) => c.key === 'pool');
    expect(served).toMatchObject({ translations: { hi: { cardTitle: 'स्विमिंग पूल', complaintHead: 'पूल की शिकायत' } } });
    expect(served?.subCategories).toEqual([
      { name: 'Water', translations: { hi: { name: 'पानी' } }, confidential: false },
      { name: 'Lifeguard', confidential: false },
    ]);
    const { body } = await admin.get('/api/admin/audit?action=category.create&limit=5');
    expect(JSON.stringify(body.items)).toContain('स्विमिंग पूल');
  });

  it('keeps the Hindi when an update leaves it out, and drops it when emptied; sub-categories are as given', async () => {
    const { key: _key, ...update } = pool;
    const { cardTitle: _title, ...withoutTitle } = pool.translations.hi;
    const kept = await admin.send('PUT', '/api/admin/categories/pool', {
      ...update,
      translations: { hi: withoutTitle },
      retired: false,
      subCategories: [
        { name: 'Water', confidential: false },
        { name: 'Lifeguard', translations: { hi: { name: 'लाइफ़गार्ड' } }, confidential: false },
      ],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.translations).toMatchObject({ hi: { cardTitle: 'स्विमिंग पूल' } });
    // The list is replaced as given: Water, sent without its Hindi, has none now.
    expect(kept.body.subCategories).toEqual([
      { name: 'Water', confidential: false },
      { name: 'Lifeguard', translations: { hi: { name: 'लाइफ़गार्ड' } }, confidential: false },
    ]);
    const emptied = await admin.send('PUT', '/api/admin/categories/pool', {
      ...update,
      retired: false,
      translations: { hi: { complaintHead: '' } },
      subCategories: pool.subCategories.map((s) => ({ ...s, translations: { hi: { name: '' } } })),
    });
    expect(emptied.status).toBe(200);
    const served = (await catalog()).categories.find((c) => c.key === 'pool');
    expect(served?.translations?.hi).not.toHaveProperty('complaintHead');
    expect(served?.translations?.hi?.cardTitle).toBe('स्विमिंग पूल');
    expect(served?.subCategories.every((s) => !('translations' in s))).toBe(true);
  });

  it.each([
    ['a card title in Hindi over 60 characters', { translations: { hi: { cardTitle: 'क'.repeat(61) } } }, 'translations.hi.cardTitle', 'Card title in Hindi is at most 60 characters'],
    ['a heading in Hindi on two lines', { translations: { hi: { complaintHead: 'पूल\nशिकायत' } } }, 'translations.hi.complaintHead', 'Complaint heading in Hindi must be on one line'],
    ['a description in Hindi over 200 characters', { translations: { hi: { description: 'क'.repeat(201) } } }, 'translations.hi.description', 'Keep the description in Hindi under 200 characters'],
    [
      'a sub-category in Hindi that is not text',
      { subCategories: [{ name: 'Water', translations: { hi: { name: 5 } }, confidential: false }] },
      'subCategories.0.translations.hi.name',
      'A sub-category in Hindi must be text',
    ],
  ])('refuses %s with a clear message', async (_label, change, field, message) => {
    const answer = await admin.post('/api/admin/categories', { ...pool, key: 'pool2', cardTitle: 'Pool two', ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields?.[field]).toBe(message);
  });
});

describe('hostels and common areas', () => {
  it('saves, returns and serves their Hindi names', async () => {
    const created = await admin.post('/api/admin/hostels', { name: 'Block-7', translations: { hi: { name: 'ब्लॉक-7' } }, floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 399 }] });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({ hi: { name: 'ब्लॉक-7' } });
    const id = String(created.body.id);
    const area = await admin.post(`/api/admin/hostels/${id}/common-areas`, { name: 'Washroom', translations: { hi: { name: 'बाथरूम' } }, floor: 2 });
    expect(area.status).toBe(201);
    expect(area.body.translations).toEqual({ hi: { name: 'बाथरूम' } });

    let hostel = (await catalog()).hostels.find((h) => h.name === 'Block-7');
    expect(hostel?.translations?.hi?.name).toBe('ब्लॉक-7');
    expect(hostel?.commonAreas?.[0]).toMatchObject({ name: 'Washroom', translations: { hi: { name: 'बाथरूम' } } });

    const moved = await admin.send('PUT', `/api/admin/hostels/${id}/common-areas/${String(area.body.id)}`, {
      name: 'Washroom',
      translations: { hi: { name: 'शौचालय' } },
      floor: 2,
      code: String(area.body.code),
      position: 0,
      retired: false,
    });
    expect(moved.status).toBe(200);
    // Left out of the hostel's update: unchanged.
    const updated = await admin.send('PUT', `/api/admin/hostels/${id}`, { floorMin: 0, floorMax: 4, roomRanges: [{ from: 1, to: 499 }], retired: false });
    expect(updated.status).toBe(200);
    expect(updated.body.translations).toEqual({ hi: { name: 'ब्लॉक-7' } });
    hostel = (await catalog()).hostels.find((h) => h.name === 'Block-7');
    expect(hostel?.commonAreas?.[0]?.translations?.hi?.name).toBe('शौचालय');

    const renamed = await admin.send('PUT', `/api/admin/hostels/${id}`, { translations: { hi: { name: '' } }, floorMin: 0, floorMax: 4, roomRanges: [{ from: 1, to: 499 }], retired: false });
    expect(renamed.body.translations).toEqual({});
    expect((await catalog()).hostels.find((h) => h.name === 'Block-7')).not.toHaveProperty('translations');
    const { body } = await admin.get('/api/admin/audit?action=common_area.update&limit=5');
    expect(JSON.stringify(body.items)).toContain('शौचालय');
  });

  it('refuses Hindi names that are too long', async () => {
    const hostel = await admin.post('/api/admin/hostels', { name: 'Block-8', translations: { hi: { name: 'ब'.repeat(61) } }, floorMin: 0, floorMax: 3, roomRanges: [{ from: 1, to: 399 }] });
    expect(hostel.status).toBe(400);
    expect(hostel.body.error?.fields?.['translations.hi.name']).toBe('Name in Hindi is at most 60 characters');
    const { body } = await admin.get('/api/admin/hostels');
    const id = String((body.items as Array<{ id: string }>)[0]?.id);
    const area = await admin.post(`/api/admin/hostels/${id}/common-areas`, { name: 'Corridor', translations: { hi: { name: 'ग'.repeat(61) } }, floor: 1 });
    expect(area.status).toBe(400);
    expect(area.body.error?.fields?.['translations.hi.name']).toBe('Name in Hindi is at most 60 characters');
  });
});

describe('services', () => {
  it('saves and serves the label in Hindi, and refuses one on two lines', async () => {
    const saved = await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', translations: { hi: { label: 'कपड़े धुलाई' } }, enabled: false, routing });
    expect(saved.status).toBe(200);
    expect(saved.body.translations).toEqual({ hi: { label: 'कपड़े धुलाई' } });
    expect((await catalog()).services.find((s) => s.key === 'laundry')?.translations?.hi?.label).toBe('कपड़े धुलाई');
    const bad = await admin.send('PUT', '/api/admin/services/laundry', { label: 'Laundry', translations: { hi: { label: 'कपड़े\nधुलाई' } }, enabled: false, routing });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.['translations.hi.label']).toBe('Label in Hindi must be on one line');
  });
});

describe('the university profile', () => {
  async function saved(): Promise<Record<string, unknown>> {
    return (await admin.get('/api/admin/university')).body.saved as Record<string, unknown>;
  }

  it('saves its Hindi names, time zone and default language, and the catalogue carries them', async () => {
    const { body: before } = await admin.get('/api/admin/university');
    expect(before).toMatchObject({ translations: {}, timeZone: 'Asia/Kolkata', defaultLocale: 'en', contacts: { translations: {} } });
    const answer = await admin.send('PUT', '/api/admin/university', {
      ...(await saved()),
      translations: { hi: { name: 'वीआईटी भोपाल विश्वविद्यालय', shortName: 'वीआईटी भोपाल', aboutText: 'हॉस्टल की शिकायतें यहाँ दर्ज करें।' } },
      timeZone: 'Asia/Dubai',
      defaultLocale: 'hi',
      contacts: { ...(before.contacts as Record<string, unknown>), translations: { hi: { committeeName: 'एंटी-रैगिंग कमेटी' } } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      translations: { hi: { name: 'वीआईटी भोपाल विश्वविद्यालय' } },
      timeZone: 'Asia/Dubai',
      defaultLocale: 'hi',
      contacts: { translations: { hi: { committeeName: 'एंटी-रैगिंग कमेटी' } } },
    });
    // The profile's translations and the committee's are kept apart.
    expect(answer.body.translations).toEqual({ hi: { name: 'वीआईटी भोपाल विश्वविद्यालय', shortName: 'वीआईटी भोपाल', aboutText: 'हॉस्टल की शिकायतें यहाँ दर्ज करें।' } });
    const served = (await catalog()).university;
    expect(served).toMatchObject({
      translations: { hi: { name: 'वीआईटी भोपाल विश्वविद्यालय', shortName: 'वीआईटी भोपाल', aboutText: 'हॉस्टल की शिकायतें यहाँ दर्ज करें।' } },
      timeZone: 'Asia/Dubai',
    });
    expect(served.raggingContacts?.translations?.hi?.committeeName).toBe('एंटी-रैगिंग कमेटी');
    const [row] = await portal.database.db.select().from(university);
    expect(row?.defaultLocale).toBe('hi');
    // The server's own copy has it, for mail to people who never chose a language.
    expect((await portal.app.catalog.get()).defaultLocale).toBe('hi');

    // A client that knows nothing of them leaves them as they are.
    expect((await admin.send('PUT', '/api/admin/university', await saved())).status).toBe(200);
    expect((await admin.get('/api/admin/university')).body).toMatchObject({ translations: { hi: { name: 'वीआईटी भोपाल विश्वविद्यालय' } }, timeZone: 'Asia/Dubai', defaultLocale: 'hi' });
    const { body } = await admin.get('/api/admin/audit?action=university.update&limit=5');
    expect(JSON.stringify(body.items)).toContain('Asia/Dubai');
  });

  it.each([
    ['a time zone that does not exist', { timeZone: 'Asia/Atlantis' }, 'timeZone', 'Time zone: give an IANA time zone name such as Asia/Kolkata'],
    ['an offset instead of a zone', { timeZone: '+05:30' }, 'timeZone', 'Time zone: give an IANA time zone name such as Asia/Kolkata'],
    ['an empty time zone', { timeZone: '  ' }, 'timeZone', 'Give a time zone'],
    ['a language the portal has not', { defaultLocale: 'fr' }, 'defaultLocale', 'Default language: en or hi'],
    ['a Hindi name over 120 characters', { translations: { hi: { name: 'व'.repeat(121) } } }, 'translations.hi.name', 'Name in Hindi is at most 120 characters'],
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
