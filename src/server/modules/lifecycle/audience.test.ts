import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, notifications, outbox } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { aPhoneJpeg, uploadPhoto } from '../../../../tests/factories/photos.js';
import { freePort } from '../../../../tests/support/net.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { addStaff } from '../../../../tests/support/staff.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Who hears of what the student does (issue 23, items 7 and 8): every worker whose scope covers a
 * complaint, however many there are, hears of a new complaint and of what the student adds to an
 * unassigned one: words or photos alike, by the same rule.
 */

/** More than any limit a query might once have had: everyone must be told, not the first few. */
const WORKERS = 60;

let portal: TestApp;
let admin: ApiClient;
let student: ApiClient;
let workerIds: string[] = [];
let outsiderId: string;

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: { email: 'audience.admin@vitbhopal.ac.in', name: 'Audience Admin' },
  student: { email: 'audience.student@vitbhopal.ac.in', name: 'Audience Student 21BCE10091' },
});
test.beforeAll(async ({ portal: app, admin: a, student: filer }) => {
  [portal, admin, student] = [app, a, filer];
  const add = async (email: string, scopes: Array<{ category: string; hostel: string }>, role = 'staff') => {
    return await addStaff(admin, { email, name: email.split('@')[0], role, scopes });
  };
  // Every way a scope can cover a wifi complaint in Block-2: the category anywhere, the hostel for
  // every category, the exact pair, and a warden of the hostel.
  const ids: string[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const scope = [{ category: 'wifi', hostel: '' }, { category: '', hostel: 'Block-2' }, { category: 'wifi', hostel: 'Block-2' }][i % 3] ?? { category: 'wifi', hostel: '' };
    ids.push(await add(`crew${String(i).padStart(2, '0')}@vitbhopal.ac.in`, [scope], i % 10 === 9 ? 'warden' : 'staff'));
  }
  workerIds = ids;
  outsiderId = await add('water.only@vitbhopal.ac.in', [{ category: 'water', hostel: '' }]);
});

const db = () => portal.database.db;

async function file() {
  const filed = await student.post('/api/complaints', aComplaint());
  expect(filed.status).toBe(201);
  const number = String(filed.body.number);
  const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
  if (!row) throw new Error(`no complaint ${number}`);
  return row;
}

/** The workers (of all `workerIds`) holding a bell about `complaintId` whose text starts with `prefix`. */
async function ringed(complaintId: string, prefix: string) {
  const rows = await db()
    .select({ userId: notifications.userId, text: notifications.text })
    .from(notifications)
    .where(and(eq(notifications.complaintId, complaintId), inArray(notifications.userId, [...workerIds, outsiderId])));
  return new Set(rows.filter((r) => r.text.startsWith(prefix)).map((r) => r.userId));
}

describe('everyone whose scope covers a complaint is told', () => {
  it(`rings the bell of all ${WORKERS} workers in scope for a new complaint, and nobody outside it`, async () => {
    const row = await file();
    const told = await ringed(row.id, 'New: ');
    expect(told.size).toBe(WORKERS);
    expect(told.has(outsiderId)).toBe(false);
  });

  it(`rings all ${WORKERS} for the student's reply on an unassigned complaint`, async () => {
    const row = await file();
    expect((await student.post(`/api/complaints/${row.number}/replies`, { text: 'It drops at 9 pm sharp.' })).status).toBe(204);
    const told = await ringed(row.id, `The student replied about ${row.number}`);
    expect(told.size).toBe(WORKERS);
    expect(told.has(outsiderId)).toBe(false);
  });

  it("tells the team of the student's photos on an unassigned complaint as it tells them of a reply", async () => {
    const row = await file();
    const upload = await uploadPhoto(student, await aPhoneJpeg({ width: 400, height: 300 }));
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const added = await student.send('POST', `/api/complaints/${row.number}/photos`, { photoIds: [upload.body.id] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    const told = await ringed(row.id, `${row.number}: the student added a photo`);
    expect(told.size).toBe(WORKERS);
    expect(told.has(outsiderId)).toBe(false);
    // The same rule as a reply: the address it was routed to gets a mail, with the student as Reply-To.
    const mails = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_photos')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.toEmails).toEqual(row.toEmails);
    expect(mails[0]?.subject).toBe(`Student added a photo: ${row.complaintHead} — ${row.number}`);
    expect(mails[0]?.replyTo).toBe('audience.student@vitbhopal.ac.in');
  });

  it("tells only the assignee of the student's photos once someone has the complaint", async () => {
    const row = await file();
    const crew = await ApiClient.withSession(portal, { email: 'crew00@vitbhopal.ac.in', name: 'crew00' });
    const assigneeId = workerIds[0] ?? '';
    expect((await crew.send('POST', `/api/staff/complaints/${row.number}/assign`, { assigneeId })).status).toBeLessThan(300);
    const photos = await Promise.all([0, 1].map(async () => (await uploadPhoto(student, await aPhoneJpeg({ width: 300, height: 300 }))).body.id));
    expect((await student.send('POST', `/api/complaints/${row.number}/photos`, { photoIds: photos })).status).toBe(200);

    expect([...(await ringed(row.id, `${row.number}: the student added 2 photos`))]).toEqual([assigneeId]);
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.complaintId, row.id), eq(outbox.purpose, 'student_photos')));
    expect(mail?.toEmails).toEqual(['crew00@vitbhopal.ac.in']);
  });
});

describe("the student's photos with replies by mail", () => {
  let mailing: TestApp;

  beforeAll(async () => {
    mailing = await startTestApp({
      ...RELAXED_LIMITS,
      INBOUND_REPLY_ADDRESS: 'reply@portal.test',
      INBOUND_SMTP_PORT: String(await freePort()),
    });
  });
  afterAll(async () => {
    await mailing?.close();
  });

  it('invite the team to answer through the portal, as a reply does, not at the student\'s own address', async () => {
    const owner = await ApiClient.withSession(mailing, { email: 'photo.mailer@vitbhopal.ac.in', name: 'Photo Mailer 21BCE10092' });
    const filed = await owner.post('/api/complaints', aComplaint());
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);
    const upload = await uploadPhoto(owner, await aPhoneJpeg({ width: 300, height: 300 }));
    expect((await owner.send('POST', `/api/complaints/${number}/photos`, { photoIds: [upload.body.id] })).status).toBe(200);

    const [row] = await mailing.database.db.select().from(complaints).where(eq(complaints.number, number));
    const mails = await mailing.database.db.select().from(outbox).where(and(eq(outbox.complaintId, row?.id ?? ''), eq(outbox.purpose, 'student_photos')));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.replyTo).toMatch(new RegExp(`^reply\\+${number.toLowerCase()}\\.[0-9a-f]{24}@portal\\.test$`));
      expect(mail.textBody).toContain('Reply to this e-mail to answer the student');
    }
  });
});
