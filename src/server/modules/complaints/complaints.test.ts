import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { complaintEvents, complaints, outbox } from '../../db/schema.js';
import { aCleaningRequest, aComplaint, aStudent } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

let portal: TestApp;
let aarav: ApiClient;
let meera: ApiClient;

const it = portalTest({ env: RELAXED_LIMITS, student: { email: 'aarav.sharma@vitbhopal.ac.in', name: 'Aarav Sharma 21BCE10001' } });
it.beforeAll(async ({ portal: app, student, signIn }) => {
  [portal, aarav, meera] = [app, student, await signIn(aStudent())];
});

describe('filing a complaint', () => {
  it('stores every field of the original payload, with identity and recipient from the server', async () => {
    const { status, body } = await aarav.post('/api/complaints', aComplaint());
    expect(status).toBe(201);
    expect(body).toMatchObject({
      kind: 'complaint',
      category: 'wifi',
      complaintHead: 'Wifi Complaint',
      subCategory: 'Slow',
      hostel: 'Block-2',
      floor: 3,
      roomNo: '312',
      complaint: 'The wifi drops every evening after 9 pm.',
      fname: 'Aarav',
      id: '21BCE10001',
      userEmail: 'aarav.sharma@vitbhopal.ac.in',
      toEmail: 'wifi.support@vitbhopal.ac.in',
      status: 'submitted',
    });
    expect(body.number).toMatch(/^HC-\d{4}-\d{6}$/);
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, String(body.number)));
    expect(row?.toEmails).toEqual(['wifi.support@vitbhopal.ac.in']);
  });

  it('ignores identity and recipient fields smuggled into the body', async () => {
    const { status, body } = await aarav.post(
      '/api/complaints',
      aComplaint({ toEmail: 'attacker@evil.example', userEmail: 'someone@vitbhopal.ac.in', fname: 'Mallory', id: '99XXX99999' }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ toEmail: 'wifi.support@vitbhopal.ac.in', userEmail: 'aarav.sharma@vitbhopal.ac.in', fname: 'Aarav' });
  });

  it.each([
    ['electricity', 'Fan', 'Electricity Complaint', 'electrical.maintenance@vitbhopal.ac.in'],
    ['carpenter', 'Almirah', 'Carpenter Complaint', 'carpentry.maintenance@vitbhopal.ac.in'],
    ['water', 'Shower', 'Water Complaint', 'plumbing.maintenance@vitbhopal.ac.in'],
    ['mess', 'Food', 'Mess Complaint', 'mess.committee@vitbhopal.ac.in'],
    ['other', 'Theft', 'Other Complaint', 'hostel.office@vitbhopal.ac.in'],
  ])('routes a %s complaint to its team', async (category, subCategory, head, to) => {
    const { status, body } = await aarav.post('/api/complaints', aComplaint({ category, subCategory }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ complaintHead: head, toEmail: to, subCategory });
  });

  it('writes the first timeline entry and the mail in the same transaction', async () => {
    const { body } = await aarav.post('/api/complaints', aComplaint({ category: 'mess', subCategory: 'Staff' }));
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, String(body.number)));
    if (!row) throw new Error('not stored');
    const events = await portal.database.db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, row.id));
    expect(events).toMatchObject([{ toStatus: 'submitted', fromStatus: null }]);
    const mails = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, row.id));
    expect(mails.map((m) => m.purpose).sort()).toEqual(['acknowledgement', 'facility']);
    // No SMTP_URL here: the mail is kept for admins, not sent.
    expect(mails.every((m) => m.status === 'held')).toBe(true);

    // One transaction: when the mail cannot be written (a trigger refuses it, as a full disk would),
    // neither the complaint nor its timeline entry is left behind.
    const { db } = portal.database;
    await db.execute(sql`
      create function refuse_marked_mail() returns trigger language plpgsql as $$
      begin
        if row_to_json(new)::text like '%BREAK-FILING%' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_marked_mail before insert on outbox for each row execute function refuse_marked_mail()`);
    try {
      portal.allowErrorLogs(/refused for the test/);
      const countOf = async (table: typeof complaints | typeof complaintEvents) => (await db.select().from(table)).length;
      const before = { complaints: await countOf(complaints), events: await countOf(complaintEvents) };
      const refused = await aarav.post('/api/complaints', aComplaint({ complaint: 'BREAK-FILING: the mess fridge is warm.' }));
      expect(refused.status).toBe(500);
      expect({ complaints: await countOf(complaints), events: await countOf(complaintEvents) }).toEqual(before);
      expect(await db.select().from(complaints).where(like(complaints.message, '%BREAK-FILING%'))).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_marked_mail on outbox`);
      await db.execute(sql`drop function refuse_marked_mail()`);
    }
  });

  it.each([
    ['floor above 7', { floor: 8 }, 'floor', 'Floor must be a number from 0 to 7'],
    ['negative floor', { floor: -1 }, 'floor', 'Floor must be a number from 0 to 7'],
    ['floor as text', { floor: 'two' }, 'floor', 'Floor must be a whole number'],
    ['room outside the hostel', { roomNo: '801' }, 'roomNo', 'Room 801 is not in Block-2 (rooms 0–800)'],
    ['room that is not a number', { roomNo: 'A-12' }, 'roomNo', 'Enter the room number as a number (Block-2: rooms 0–800)'],
    ['empty room', { roomNo: '   ' }, 'roomNo', 'Enter your room number'],
    ['empty message', { complaint: '' }, 'complaint', 'Write what is wrong'],
    ['unknown hostel', { hostel: 'Block-9' }, 'hostel', 'Choose your hostel'],
    ['sub-category of another category', { subCategory: 'Fan' }, 'subCategory', 'Choose what kind of problem it is'],
    ['unknown category', { category: 'gym' }, 'category', 'Choose a category'],
  ])('refuses a %s with a field message and stores nothing', async (_label, change, field, message) => {
    const before = (await portal.database.db.select({ id: complaints.id }).from(complaints)).length;
    const { status, body } = await aarav.post('/api/complaints', aComplaint(change));
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
    expect(body.error?.fields?.[field]).toBe(message);
    expect((await portal.database.db.select({ id: complaints.id }).from(complaints)).length).toBe(before);
  });

  it('answers a signed-out submission with the seed text', async () => {
    const response = await fetch(`${portal.baseUrl}/api/complaints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.baseUrl },
      body: JSON.stringify(aComplaint()),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please Sign In first' } });
  });

  it('refuses a signed-in submission without the CSRF token', async () => {
    const response = await aarav.http.request(`${portal.baseUrl}/api/complaints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aComplaint()),
    });
    expect(response.status).toBe(403);
  });
});

describe('complaint numbers', () => {
  it('grow past six digits instead of being cut', async () => {
    await portal.database.db.execute(sql`select setval('complaint_number_seq', 999999)`);
    const first = await aarav.post('/api/complaints', aComplaint());
    const second = await aarav.post('/api/complaints', aComplaint());
    expect(first.body.number).toMatch(/^HC-\d{4}-1000000$/);
    expect(second.body.number).toMatch(/^HC-\d{4}-1000001$/);
  });
});

describe('idempotent submission', () => {
  it('creates exactly one complaint for a retried request and returns the same number', async () => {
    const key = randomUUID();
    const first = await aarav.post('/api/complaints', aComplaint({ roomNo: '101' }), key);
    const retry = await aarav.post('/api/complaints', aComplaint({ roomNo: '101' }), key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.number).toBe(first.body.number);
    const rows = await portal.database.db.select().from(complaints).where(eq(complaints.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('creates exactly one complaint when the same submission arrives twice at once', async () => {
    const key = randomUUID();
    const results = await Promise.all([
      aarav.post('/api/complaints', aComplaint({ roomNo: '102' }), key),
      aarav.post('/api/complaints', aComplaint({ roomNo: '102' }), key),
      aarav.post('/api/complaints', aComplaint({ roomNo: '102' }), key),
    ]);
    expect(new Set(results.map((r) => r.body.number)).size).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const rows = await portal.database.db.select().from(complaints).where(eq(complaints.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const mails = await portal.database.db.select().from(outbox).where(eq(outbox.complaintId, rows[0]?.id ?? ''));
    expect(mails).toHaveLength(2);
  });

  it('refuses to reuse a key for a different complaint', async () => {
    const key = randomUUID();
    await aarav.post('/api/complaints', aComplaint({ roomNo: '103' }), key);
    const other = await aarav.post('/api/complaints', aComplaint({ roomNo: '104' }), key);
    expect(other.status).toBe(422);
    expect(other.body.error?.code).toBe('idempotency_key_reused');
  });

  it('keeps keys per student', async () => {
    const key = randomUUID();
    const mine = await aarav.post('/api/complaints', aComplaint(), key);
    const theirs = await meera.post('/api/complaints', aComplaint(), key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.number).not.toBe(mine.body.number);
  });
});

describe('room cleaning', () => {
  it('files a request as the original app did: heading, floor from the first digit, generated text', async () => {
    const { status, body } = await aarav.post('/api/cleaning-requests', aCleaningRequest({ roomNo: 512 }));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      kind: 'cleaning',
      complaintHead: 'Room Cleaning',
      hostel: 'Block-1 (Old)',
      floor: 5,
      roomNo: '512',
      toEmail: 'housekeeping@vitbhopal.ac.in',
    });
    expect(String(body.complaint)).toMatch(/not been cleaned properly/);
  });

  it('sends the Girls hostel to its own housekeeping', async () => {
    const { body } = await meera.post('/api/cleaning-requests', aCleaningRequest({ hostel: 'Girls', roomNo: 7 }));
    expect(body).toMatchObject({ toEmail: 'girls.housekeeping@vitbhopal.ac.in', floor: 7 });
  });

  it.each([-1, 801, 12.5])('refuses room %s with the seed text', async (roomNo) => {
    const { status, body } = await aarav.post('/api/cleaning-requests', aCleaningRequest({ roomNo }));
    expect(status).toBe(400);
    expect(body.error?.fields?.roomNo).toBe('Please enter valid room number');
  });

  it('refuses laundry while it is coming soon', async () => {
    const { status, body } = await aarav.post('/api/cleaning-requests', aCleaningRequest({ service: 'laundry' }));
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: 'service_unavailable', message: 'Laundry is coming soon: it cannot be requested yet.' });
    expect(body.error?.fields?.service).toBe('Laundry is coming soon: it cannot be requested yet.');
  });
});

describe('my complaints', () => {
  it('lists only my own, newest first, page by page', async ({ newStudent: student }) => {
    const numbers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      numbers.push(String((await student.post('/api/complaints', aComplaint({ roomNo: `${200 + i}` }))).body.number));
    }
    const first = await student.get('/api/complaints/mine?limit=3');
    const firstItems = first.body.items as Array<{ number: string; userEmail: string }>;
    expect(firstItems.map((c) => c.number)).toEqual(numbers.slice(2).reverse());
    const second = await student.get(`/api/complaints/mine?limit=3&cursor=${String(first.body.nextCursor)}`);
    const secondItems = second.body.items as Array<{ number: string }>;
    expect(secondItems.map((c) => c.number)).toEqual(numbers.slice(0, 2).reverse());
    expect(second.body.nextCursor).toBeNull();
  });

  it('pages past complaints filed within the same millisecond', async ({ newStudent: student }) => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      numbers.push(String((await student.post('/api/complaints', aComplaint({ roomNo: `${300 + i}` }))).body.number));
    }
    // Microseconds apart, as two requests on a busy server can be; a millisecond cursor would skip one.
    await portal.database.db.execute(sql`
      update complaints set created_at = timestamptz '2026-03-01 10:00:00.123' + (interval '1 microsecond' * (
        case number when ${numbers[0]} then 100 when ${numbers[1]} then 200 else 300 end))
      where number in (${numbers[0]}, ${numbers[1]}, ${numbers[2]})`);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 4; page += 1) {
      const { body } = await student.get(`/api/complaints/mine?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(body.items as Array<{ number: string }>).map((c) => c.number));
      if (typeof body.nextCursor !== 'string') break;
      cursor = body.nextCursor;
    }
    expect(seen).toEqual([...numbers].reverse());
  });

  it('shows my complaint with its timeline', async () => {
    const { body: filed } = await aarav.post('/api/complaints', aComplaint());
    const { status, body } = await aarav.get(`/api/complaints/${String(filed.number)}`);
    expect(status).toBe(200);
    expect(body.timeline).toMatchObject([{ status: 'submitted', fromStatus: null, by: 'You' }]);
  });

  it("never shows another student's complaint, and does not say it exists", async () => {
    const { body: filed } = await aarav.post('/api/complaints', aComplaint());
    const theirs = await meera.get(`/api/complaints/${String(filed.number)}`);
    expect(theirs.status).toBe(404);
    const unknown = await meera.get('/api/complaints/HC-2026-999999');
    expect(unknown.body).toEqual(theirs.body);
    const list = await meera.get('/api/complaints/mine?limit=100');
    expect((list.body.items as Array<{ number: string }>).map((c) => c.number)).not.toContain(filed.number);
  });

  it('refuses a forged cursor', async () => {
    const { status, body } = await aarav.get('/api/complaints/mine?cursor=bm90LWEtY3Vyc29y');
    expect(status).toBe(400);
    expect(body.error?.code).toBe('invalid_cursor');
  });
});
