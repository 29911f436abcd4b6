import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, routingRules } from '../../db/schema.js';
import { aCleaningRequest, aComplaint, aStudent } from '../../../../tests/factories/complaints.js';
import { SmtpSink } from '../../../../tests/support/smtp-sink.js';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

const FAST_MAIL = {
  ...RELAXED_LIMITS,
  MAIL_POLL_INTERVAL_MS: '200',
  MAIL_RETRY_BASE_MS: '100',
  ADMIN_EMAILS: 'portal.admin@vitbhopal.ac.in',
};

let sink: SmtpSink;
let portal: TestApp;
let student: ApiClient;
let admin: ApiClient;

const test = portalTest({
  env: { ...FAST_MAIL, MAIL_FROM: 'Hostel Complaint Portal <complaints@vitbhopal.ac.in>' },
  mail: true,
  admin: { email: 'portal.admin@vitbhopal.ac.in', name: 'Portal Admin' },
  student: { email: 'aarav.sharma@vitbhopal.ac.in', name: 'Aarav Sharma 21BCE10001' },
});
test.beforeAll(({ portal: app, sink: mail, student: aarav, admin: a }) => {
  [portal, sink, student, admin] = [app, mail, aarav, a];
});

/** The outbox rows of one complaint (facility mail and acknowledgement), in a stable order. */
async function rowsOf(number: string, app: TestApp = portal) {
  const rows = (await app.database.db.select().from(outbox)).filter((r) => r.subject.includes(number));
  return rows.sort((x, y) => x.purpose.localeCompare(y.purpose));
}

async function fileAndWait(body: Record<string, unknown>, path = '/api/complaints') {
  const before = sink.received.length;
  const { status, body: filed } = await student.post(path, body);
  expect(status).toBe(201);
  await sink.waitFor(before + 2);
  const mine = sink.received.filter((m) => m.parsed.subject?.includes(String(filed.number)));
  const facility = mine.find((m) => !m.envelopeTo.includes('aarav.sharma@vitbhopal.ac.in'));
  const ack = mine.find((m) => m.envelopeTo.includes('aarav.sharma@vitbhopal.ac.in'));
  if (!facility || !ack) throw new Error('mail missing');
  return { filed, facility, ack };
}

describe('mail to the facility team', () => {
  it('goes to the category address with the subject, every field, and Reply-To the student', async () => {
    const { filed, facility } = await fileAndWait(aComplaint());
    expect(facility.envelopeTo).toEqual(['wifi.support@vitbhopal.ac.in']);
    expect(facility.parsed.subject).toBe(`Wifi Complaint — ${String(filed.number)}`);
    expect(facility.parsed.replyTo?.text).toBe('aarav.sharma@vitbhopal.ac.in');
    expect(facility.parsed.from?.text).toContain('complaints@vitbhopal.ac.in');
    for (const value of ['Wifi Complaint', 'Slow', 'Aarav', '21BCE10001', 'aarav.sharma@vitbhopal.ac.in', 'wifi.support@vitbhopal.ac.in', 'Block-2', '312', 'The wifi drops every evening after 9 pm.']) {
      expect(facility.parsed.text).toContain(value);
      expect(facility.parsed.html || '').toContain(value);
    }
    expect(facility.parsed.html || '').toContain('<table');
  });

  it('sends room cleaning to the cleaners, and the Girls hostel to its own', async () => {
    const block = await fileAndWait(aCleaningRequest(), '/api/cleaning-requests');
    expect(block.facility.envelopeTo).toEqual(['housekeeping@vitbhopal.ac.in']);
    expect(block.facility.parsed.subject).toBe(`Room Cleaning — ${String(block.filed.number)}`);
    const girls = await fileAndWait(aCleaningRequest({ hostel: 'Girls' }), '/api/cleaning-requests');
    expect(girls.facility.envelopeTo).toEqual(['girls.housekeeping@vitbhopal.ac.in']);
  });

  it('acknowledges to the student with the complaint number and a link', async () => {
    const { filed, ack } = await fileAndWait(aComplaint({ category: 'mess', subCategory: 'Food' }));
    expect(ack.envelopeTo).toEqual(['aarav.sharma@vitbhopal.ac.in']);
    expect(ack.parsed.subject).toBe(`We received your complaint — ${String(filed.number)}`);
    expect(ack.parsed.text).toContain(`${portal.baseUrl}/my/${String(filed.number)}`);
  });

  it('escapes markup a student types', async () => {
    const { facility } = await fileAndWait(
      aComplaint({ complaint: '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b> <i>12</i>' }),
    );
    const html = facility.parsed.html || '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;i&gt;12&lt;/i&gt;');
  });

  it('cannot be given another recipient or header by anything a student types', async () => {
    const { facility, ack } = await fileAndWait(
      aComplaint({ complaint: 'broken\r\nBcc: attacker@evil.example\r\nSubject: hijacked\r\n\r\nbody' }),
    );
    for (const mail of [facility, ack]) {
      expect(mail.envelopeTo.some((a) => a.includes('evil'))).toBe(false);
      expect(mail.parsed.headers.get('bcc')).toBeUndefined();
      expect(String(mail.parsed.subject)).not.toContain('hijacked');
      const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
      expect(headerBlock).not.toMatch(/^(Bcc|Cc): .*evil/im);
    }
  });

  it('refuses a line break in a one-line field', async () => {
    const { status, body } = await student.post('/api/complaints', aComplaint({ roomNo: '1\r\nCc: x@evil.io' }));
    expect(status).toBe(400);
    expect(body.error?.fields?.roomNo).toBe('Room number must be on one line');
  });

  it('carries a stable Message-ID recorded with the row', async () => {
    const { filed, facility } = await fileAndWait(aComplaint({ category: 'water', subCategory: 'Shower' }));
    const findRow = async () =>
      (await portal.database.db.select().from(outbox).where(eq(outbox.purpose, 'facility'))).find((r) =>
        r.subject.includes(String(filed.number)),
      );
    // The sink has the mail a moment before the dispatcher records the answer.
    await expect.poll(async () => (await findRow())?.status).toBe('sent');
    const row = await findRow();
    expect(facility.parsed.messageId).toBe(row?.messageId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row?.smtpResponse).toMatch(/^250/);
  });
});

describe('routing administration', () => {
  it('sends to new recipients, with Cc and per-hostel overrides, once an admin changes them', async () => {
    const put = await admin.send('PUT', '/api/admin/routing/electricityComplaint/default', {
      to: ['Electrical.Desk@vitbhopal.ac.in'],
      cc: ['chief.warden@vitbhopal.ac.in'],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ to: ['electrical.desk@vitbhopal.ac.in'], cc: ['chief.warden@vitbhopal.ac.in'] });
    const override = await admin.send('PUT', '/api/admin/routing/electricityComplaint/Block-3', { to: ['block3.electrician@vitbhopal.ac.in'] });
    expect(override.status).toBe(200);

    const anyHostel = await fileAndWait(aComplaint({ category: 'electricity', subCategory: 'Fan', hostel: 'Block-2' }));
    expect(anyHostel.facility.envelopeTo).toEqual(['electrical.desk@vitbhopal.ac.in', 'chief.warden@vitbhopal.ac.in']);
    expect(anyHostel.facility.parsed.cc).toBeDefined();
    const block3 = await fileAndWait(aComplaint({ category: 'electricity', subCategory: 'Fan', hostel: 'Block-3' }));
    expect(block3.facility.envelopeTo).toEqual(['block3.electrician@vitbhopal.ac.in']);
    expect(block3.filed.toEmail).toBe('block3.electrician@vitbhopal.ac.in');

    const removed = await admin.send('DELETE', '/api/admin/routing/electricityComplaint/Block-3');
    expect(removed.status).toBe(204);
    const list = await admin.get('/api/admin/routing');
    expect((list.body.items as Array<{ routingKey: string; hostel: string }>).some((r) => r.hostel === 'Block-3')).toBe(false);
    // Filing reads the rules from the catalogue in memory (decision 55): the removal applies at once.
    const afterRemoval = await fileAndWait(aComplaint({ category: 'electricity', subCategory: 'Fan', hostel: 'Block-3' }));
    expect(afterRemoval.facility.envelopeTo).toEqual(['electrical.desk@vitbhopal.ac.in', 'chief.warden@vitbhopal.ac.in']);
  });

  it('refuses to file, losing nothing, when no rule routes the complaint (a 503: the portal is misconfigured)', async () => {
    const { db } = portal.database;
    const [kept] = await db.select().from(routingRules).where(and(eq(routingRules.routingKey, 'carpenterComplaint'), eq(routingRules.hostel, '')));
    if (!kept) throw new Error('the seed routes carpenter complaints');
    await db.delete(routingRules).where(eq(routingRules.routingKey, 'carpenterComplaint'));
    portal.app.catalog.invalidate();
    try {
      const refused = await student.post('/api/complaints', aComplaint({ category: 'carpenter', subCategory: 'Chair' }));
      expect(refused.status).toBe(503);
      expect(refused.body.error?.code).toBe('routing_missing');
    } finally {
      await db.insert(routingRules).values(kept);
      portal.app.catalog.invalidate();
    }
    expect((await student.post('/api/complaints', aComplaint({ category: 'carpenter', subCategory: 'Chair' }))).status).toBe(201);
  });

  it('refuses an empty or invalid recipient list and a removal of a default, changing nothing', async () => {
    const empty = await admin.send('PUT', '/api/admin/routing/messComplaint/default', { to: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields?.to).toBe('Give at least one recipient');
    const invalid = await admin.send('PUT', '/api/admin/routing/messComplaint/default', { to: ['not an address'] });
    expect(invalid.status).toBe(400);
    const removeDefault = await admin.send('DELETE', '/api/admin/routing/messComplaint/default');
    expect(removeDefault.status).toBe(409);
    const list = await admin.get('/api/admin/routing');
    const mess = (list.body.items as Array<{ routingKey: string; hostel: string; to: string[] }>).find(
      (r) => r.routingKey === 'messComplaint' && r.hostel === '',
    );
    expect(mess?.to).toEqual(['mess.committee@vitbhopal.ac.in']);
  });

  it('is for admins only', async () => {
    expect((await student.get('/api/admin/routing')).status).toBe(403);
    expect((await student.send('PUT', '/api/admin/routing/messComplaint/default', { to: ['me@vitbhopal.ac.in'] })).status).toBe(403);
    expect((await fetch(`${portal.baseUrl}/api/admin/routing`)).status).toBe(401);
    expect((await student.get('/api/admin/outbox')).status).toBe(403);
  });
});

describe('delivery through failures', () => {
  it('retries while the SMTP server is down and delivers exactly once when it is back', async () => {
    await sink.stop();
    const { body: filed } = await student.post('/api/complaints', aComplaint({ category: 'carpenter', subCategory: 'Chair' }));
    const number = String(filed.number);
    // Let several attempts fail.
    await expect.poll(async () => (await rowsOf(number)).map((r) => r.attempts >= 3), { timeout: 15_000 }).toEqual([true, true]);
    const rows = await rowsOf(number);
    expect(rows.every((r) => r.status === 'queued' && r.attempts >= 3 && r.lastError)).toBe(true);

    await sink.listen();
    // Once both rows are recorded as sent, no attempt for them is left: what the sink holds is all there will be.
    await expect.poll(async () => (await rowsOf(number)).map((r) => r.status)).toEqual(['sent', 'sent']);
    const delivered = sink.received.filter((m) => m.parsed.subject?.includes(number));
    expect(delivered).toHaveLength(2);
    const sent = await rowsOf(number);
    expect(sent.every((r) => r.status === 'sent' && r.lastError === null)).toBe(true);
  });

  it('retries an SMTP 4xx answer and gives up at once on a 5xx; an admin can retry it', async () => {
    sink.rejectWith = 451;
    const { body: tempFiled } = await student.post('/api/complaints', aComplaint({ roomNo: '451' }));
    const number = String(tempFiled.number);
    // Refused and retried, still queued.
    await expect.poll(async () => (await rowsOf(number)).map((r) => r.attempts >= 2)).toEqual([true, true]);
    expect((await rowsOf(number)).every((r) => r.status === 'queued' && r.attempts >= 2)).toBe(true);

    sink.rejectWith = 550;
    await expect.poll(async () => (await rowsOf(number)).map((r) => r.status)).toEqual(['failed', 'failed']);

    const failed = await admin.get('/api/admin/outbox?status=failed');
    const item = (failed.body.items as Array<{ id: string; complaintNumber: string; lastError: string }>).find(
      (m) => m.complaintNumber === tempFiled.number,
    );
    expect(item?.lastError).toMatch(/refused/);

    sink.rejectWith = undefined;
    const before = sink.received.length;
    expect((await admin.send('POST', `/api/admin/outbox/${item?.id ?? ''}/retry`)).status).toBe(204);
    await sink.waitFor(before + 1);
    expect((await admin.send('POST', `/api/admin/outbox/${item?.id ?? ''}/retry`)).status).toBe(409);
  });
});

describe('without SMTP_URL', () => {
  it('holds mail for admins to read, and sends it when the portal starts with SMTP_URL', async () => {
    const heldSink = await SmtpSink.start();
    const first = await startTestApp({ ...FAST_MAIL });
    try {
      const someone = await ApiClient.withSession(first, aStudent());
      const boss = await ApiClient.withSession(first, { email: 'portal.admin@vitbhopal.ac.in', name: 'Portal Admin' });
      const { body: filed } = await someone.post('/api/complaints', aComplaint());
      const held = await boss.get('/api/admin/outbox?status=held');
      const items = held.body.items as Array<{ id: string; subject: string; to: string[] }>;
      expect(items.map((m) => m.subject)).toContain(`Wifi Complaint — ${String(filed.number)}`);
      const facilityItem = items.find((m) => m.subject.startsWith('Wifi Complaint'));
      const detail = await boss.get(`/api/admin/outbox/${facilityItem?.id ?? ''}`);
      expect(String(detail.body.text)).toContain(String(filed.number));
      expect(String(detail.body.html)).toContain('<table');
      // Nothing sends it: no dispatcher runs without SMTP_URL, and the rows stay held.
      expect(first.app.mailer).toBeUndefined();
      expect((await rowsOf(String(filed.number), first)).map((r) => r.status)).toEqual(['held', 'held']);
      expect(heldSink.received).toHaveLength(0);

      // The same database, now with a mail server: the held mail goes out, once.
      const second = await startTestApp({ ...FAST_MAIL, SMTP_URL: heldSink.url }, { database: first.database });
      try {
        await heldSink.waitFor(2);
      } finally {
        // Closing waits for sends in flight: after it, nothing more can arrive.
        await second.close();
      }
      expect(heldSink.received.map((m) => m.parsed.subject).sort()).toEqual(
        [`Wifi Complaint — ${String(filed.number)}`, `We received your complaint — ${String(filed.number)}`].sort(),
      );
    } finally {
      await first.close();
      await heldSink.stop();
    }
  });
});

describe('two instances on one database', () => {
  it('deliver every message exactly once', async () => {
    const shared = await SmtpSink.start();
    const one = await startTestApp({ ...FAST_MAIL, SMTP_URL: shared.url, MAIL_POLL_INTERVAL_MS: '100' });
    const two = await startTestApp({ ...FAST_MAIL, SMTP_URL: shared.url, MAIL_POLL_INTERVAL_MS: '100' }, { database: one.database });
    const count = 15;
    try {
      const a = await ApiClient.signedIn(one.baseUrl, aStudent());
      const b = await ApiClient.withSession(two, aStudent());
      await Promise.all(
        Array.from({ length: count }, (_, i) => (i % 2 ? a : b).post('/api/complaints', aComplaint({ roomNo: String(i % 800) }))),
      );
      await shared.waitFor(count * 2, 30_000);
    } finally {
      // Closing waits for sends in flight: after both are closed, nothing more can arrive.
      await two.close();
      await one.close();
      await shared.stop();
    }
    const ids = shared.received.map((m) => m.parsed.messageId);
    expect(ids).toHaveLength(count * 2);
    expect(new Set(ids).size).toBe(count * 2);
  });
});
