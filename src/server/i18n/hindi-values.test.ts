import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../shared/catalog.js';
import { aComplaint } from '../../../tests/factories/complaints.js';
import { RELAXED_LIMITS } from '../../../tests/support/limits.js';
import type { ApiClient } from '../../../tests/support/student.js';
import { portalTest } from '../../../tests/support/fixtures.js';

/*
 * Issue 28: refusals that name things (a complaint's number, a hostel, a limit) reach a Hindi
 * reader in Hindi with the same values, and everyone else in the English they always read.
 */

let student: ApiClient;
let admin: ApiClient;
let staff: ApiClient;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'values.admin@vitbhopal.ac.in', name: 'Values Admin' },
  staff: { email: 'values.staff@vitbhopal.ac.in', name: 'Desk Staff', role: 'staff', scopes: [{ category: '', hostel: '' }] },
  student: { email: 'ravi.values@vitbhopal.ac.in', name: 'Ravi Kumar 21BCE20002' },
});
test.beforeAll(({ admin: a, staff: desk, student: ravi }) => {
  [admin, staff, student] = [a, desk, ravi];
});

/** Runs `ask` as each of the given people reads: first in English, then in Hindi (and back). */
async function inBoth<T>(people: ApiClient[], ask: () => Promise<T>): Promise<{ en: T; hi: T }> {
  const en = await ask();
  const choose = async (locale: string) => {
    for (const who of people) expect((await who.send('PUT', '/api/me/locale', { locale })).status).toBe(204);
  };
  await choose('hi');
  try {
    return { en, hi: await ask() };
  } finally {
    await choose('en');
  }
}

describe('refusals with values, in the requester’s language', () => {
  it('refuses a staff merge into itself with the complaint’s number, in Hindi to a Hindi reader', async () => {
    const filed = await student.post('/api/complaints', aComplaint());
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);
    const { en, hi } = await inBoth([staff], () => staff.post(`/api/staff/complaints/${number}/merge`, { into: number }));
    expect(en.status).toBe(409);
    expect(en.body.error?.code).toBe('merge_into_itself');
    expect(en.body.error?.message).toBe(`${number} cannot be merged into itself.`);
    expect(hi.status).toBe(409);
    expect(hi.body.error?.code).toBe('merge_into_itself');
    expect(hi.body.error?.message).toBe(`${number} को खुद में नहीं जोड़ा जा सकता।`);
  });

  it('refuses a category routed to an unknown hostel, naming it, message and field, in Hindi to a Hindi admin', async () => {
    const body = {
      key: 'pool',
      cardTitle: 'Pool',
      complaintHead: 'Pool Complaint',
      description: 'The swimming pool.',
      subCategories: [{ name: 'Water', confidential: false }],
      confidential: false,
      targetHours: 48,
      routing: { default: { to: ['pool@vitbhopal.ac.in'], cc: [] }, overrides: [{ hostel: 'Block-9', to: ['x@vitbhopal.ac.in'], cc: [] }] },
    };
    const { en, hi } = await inBoth([admin], () => admin.post('/api/admin/categories', body));
    expect(en.status).toBe(400);
    expect(en.body.error?.message).toBe('Unknown hostel in routing: Block-9.');
    expect(en.body.error?.fields?.['routing.overrides']).toBe('unknown hostel Block-9');
    expect(hi.status).toBe(400);
    expect(hi.body.error?.message).toBe('रूटिंग में ऐसा हॉस्टल है जो मौजूद नहीं: Block-9।');
    expect(hi.body.error?.fields?.['routing.overrides']).toBe('हॉस्टल मौजूद नहीं: Block-9');
  });

  it('says which field a hostel lacks and where its room ranges overlap, in Hindi to a Hindi admin', async () => {
    const hostel = { name: ' ', floorMin: 0, floorMax: 1, roomRanges: [{ from: 1, to: 50 }, { from: 40, to: 90 }] };
    const { en, hi } = await inBoth([admin], () => admin.post('/api/admin/hostels', hostel));
    expect(en.status).toBe(400);
    expect(en.body.error?.fields).toMatchObject({ name: 'Name is required', roomRanges: 'Room ranges 1–50 and 40–90 overlap' });
    expect(hi.status).toBe(400);
    expect(hi.body.error?.fields).toMatchObject({ name: 'नाम ज़रूरी है', roomRanges: 'कमरों की सीमाएँ 1–50 और 40–90 एक-दूसरे पर चढ़ती हैं' });
  });

  it('refuses an unknown category in a staff scope with the quoted key, in Hindi to a Hindi admin', async () => {
    const scoped = { email: 'values.other@vitbhopal.ac.in', name: 'Other Staff', role: 'staff', scopes: [{ category: 'nope', hostel: '' }] };
    const { en, hi } = await inBoth([admin], () => admin.post('/api/admin/users', scoped));
    expect(en.status).toBe(400);
    expect(en.body.error?.message).toBe("Unknown category 'nope'.");
    expect(hi.status).toBe(400);
    expect(hi.body.error?.message).toBe("श्रेणी 'nope' मौजूद नहीं है।");
    expect(hi.body.error?.fields?.scopes).toBe('में ऐसी श्रेणी है जो मौजूद नहीं है');
  });

  it('refuses a cleaning time a hostel already offers, saying the time in the reader’s language', async () => {
    const hostels = (await admin.get('/api/admin/hostels')).body.items as Array<{ id: string; name: string }>;
    const slot = { hostelId: hostels.find((h) => h.name === 'Block-3')?.id, weekday: 3, startTime: '14:00', endTime: '15:30', capacity: 20 };
    expect((await admin.send('POST', '/api/admin/cleaning-slots', slot)).status).toBe(201);
    const { en, hi } = await inBoth([admin], () => admin.send('POST', '/api/admin/cleaning-slots', slot));
    expect(en.status).toBe(409);
    expect(en.body.error?.message).toBe('This hostel already offers Every Wednesday 14:00–15:30.');
    expect(hi.status).toBe(409);
    expect(hi.body.error?.message).toBe('यह हॉस्टल पहले से हर बुधवार 14:00–15:30 देता है।');
    expect(hi.body.error?.fields?.startTime).toBe('पहले से उपलब्ध है');
  });

  it('says a field’s limit with its number, in Hindi to a Hindi student', async () => {
    const tooLong = aComplaint({ complaint: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
    const { en, hi } = await inBoth([student], () => student.post('/api/complaints', tooLong));
    expect(en.status).toBe(400);
    expect(en.body.error?.fields?.complaint).toBe(`Keep it under ${MESSAGE_MAX_LENGTH} characters`);
    expect(hi.status).toBe(400);
    expect(hi.body.error?.fields?.complaint).toBe(`इसे ${MESSAGE_MAX_LENGTH} अक्षरों से कम रखें`);
  });
});
