import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complaints, raggingInspections } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { pdfText } from '../../../../tests/support/pdf-text.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { printable } from './pdf.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/*
 * The committees' report over HTTP with the real app and database: who may have it, which periods
 * it takes, that its counts are right for a known set of ragging reports (June 2026 on the
 * Asia/Kolkata clock, with reports a minute either side of it), and that neither file holds
 * anything that identifies the people who filed them. And the inspection log's rules.
 */

let portal: TestApp;
let admin: ApiClient;
/** Asks for the many wrong periods: reports are limited to ten a minute per person. */
let periodAdmin: ApiClient;
let duty: ApiClient;
let wifiTech: ApiClient;
let warden: ApiClient;
let student: ApiClient;

const JUNE = 'from=2026-06-01&to=2026-06-30';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Who filed each report, what they wrote and where: none of it may reach a file. */
interface Filed {
  number: string;
  email: string;
  name: string;
  regId: string;
  roomNo: string;
  words: string[];
}
const filed: Filed[] = [];

async function fileReport(key: string, over: Record<string, unknown>): Promise<Filed> {
  const person = {
    name: `${key} Quarrington${key.length}`,
    regId: `2${filed.length + 1}BCE1${7000 + filed.length}`,
    email: `${key.toLowerCase()}.quarrington@vitbhopal.ac.in`,
  };
  const client = await ApiClient.withSession(portal, { email: person.email, name: `${person.name} ${person.regId}` });
  const roomNo = String(341 + filed.length * 61);
  const words = [`${key}moth`, `${key}ledger`];
  const { status, body } = await client.post(
    '/api/complaints',
    aComplaint({
      category: 'ragging',
      subCategory: 'Physical',
      placeKind: 'hostel',
      placeText: `${words[0]} stairwell`,
      floor: Number(roomNo[0]),
      roomNo,
      complaint: `Seniors made me stand in the ${words[1]} corridor all night`,
      ...over,
    }),
  );
  expect(status).toBe(201);
  const report = { number: String(body.number), ...person, roomNo, words: [...words, 'stairwell'] };
  filed.push(report);
  return report;
}

/** Sets a report's times and statutory record as if it had happened at `createdAt`. */
async function shape(number: string, createdAt: string, set: Partial<typeof complaints.$inferInsert> = {}) {
  const at = new Date(createdAt);
  await portal.database.db
    .update(complaints)
    .set({ createdAt: at, firDueAt: new Date(at.getTime() + DAY), enquiryDueAt: new Date(at.getTime() + 7 * DAY), ...set })
    .where(eq(complaints.number, number));
}

const test = portalTest({
  env: { ...RELAXED_LIMITS, ADMIN_EMAILS: 'report.admin@vitbhopal.ac.in,period.admin@vitbhopal.ac.in', TIME_ZONE: 'Asia/Kolkata' },
  admin: { email: 'report.admin@vitbhopal.ac.in', name: 'Report Admin' },
  team: {
    duty: { email: 'ragging.duty@vitbhopal.ac.in', name: 'Duty Officer', role: 'staff', antiRagging: true, scopes: [{ category: 'ragging', hostel: '' }] },
    wifiTech: { email: 'wifi.fixer@vitbhopal.ac.in', name: 'Wifi Fixer', role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
    warden: { email: 'girls.warden@vitbhopal.ac.in', name: 'Girls Warden', role: 'warden', scopes: [{ category: '', hostel: 'Girls' }] },
  },
  student: { email: 'curious.student@vitbhopal.ac.in', name: 'Curious Student 22BCE10999' },
});
test.beforeAll(async ({ portal: app, admin: a, signIn, team, student: curious }) => {
  [portal, admin, student] = [app, a, curious];
  periodAdmin = await signIn({ email: 'period.admin@vitbhopal.ac.in', name: 'Period Admin' });
  ({ duty, wifiTech, warden } = team);
});

/** The CSV as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

/** The rows of the CSV table under `title` (up to the blank line), without its header. */
function csvTable(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((r) => r.length === 1 && r[0] === title);
  expect(start, `table ${title}`).toBeGreaterThanOrEqual(0);
  const end = rows.findIndex((r, i) => i > start && r.length === 1 && r[0] === '');
  const table = rows.slice(start + 1, end === -1 ? undefined : end);
  // A note line, when there is one, then the header.
  return table.slice(table[0]?.length === 1 ? 2 : 1);
}

const figures = (rows: string[][], title: string): Record<string, string | undefined> =>
  Object.fromEntries(csvTable(rows, title).map((r): [string, string | undefined] => [r[0] ?? '', r[1]]));

async function download(client: ApiClient, query: string) {
  const response = await client.http.request(`${client.baseUrl}/api/ragging/report?${query}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('who may have the report and the log', () => {
  it('refuses students, staff and wardens without the duty, and anyone signed out', async () => {
    for (const client of [student, wifiTech, warden]) {
      expect((await download(client, `${JUNE}&format=csv`)).status).toBe(403);
      expect((await client.get('/api/ragging/inspections')).status).toBe(403);
      const { status } = await client.send('POST', '/api/ragging/inspections', {
        hostel: 'Block-2',
        inspectedAt: '2026-06-02T22:00:00+05:30',
        findings: 'Nothing found',
        squad: 'Warden',
      });
      expect(status).toBe(403);
    }
    const { body } = await wifiTech.get('/api/ragging/inspections');
    expect(body.error?.message).toMatch(/anti-ragging duty and administrators/);
    expect((await download(new ApiClient(portal.baseUrl), `${JUNE}&format=csv`)).status).toBe(401);
  });

  it('gives it to the duty and to administrators', async () => {
    expect((await download(duty, `${JUNE}&format=csv`)).status).toBe(200);
    expect((await download(admin, `${JUNE}&format=pdf`)).status).toBe(200);
  });
});

describe('the period', () => {
  const fieldOf = async (query: string) => {
    const response = await periodAdmin.get(`/api/ragging/report?${query}`);
    expect(response.status).toBe(400);
    return response.body.error?.fields ?? {};
  };

  it('takes real days, the first not after the last, at most a year, and pdf or csv', async () => {
    expect(await fieldOf('from=2026-06-30&to=2026-06-01')).toMatchObject({ to: 'The last day must not be before the first day' });
    expect(await fieldOf('from=2025-07-01&to=2026-07-01')).toMatchObject({ to: 'Choose a period of at most one year' });
    expect(await fieldOf('from=2026-02-30&to=2026-03-01')).toHaveProperty('from');
    expect(await fieldOf('from=01/06/2026&to=2026-06-30')).toHaveProperty('from');
    expect(await fieldOf('to=2026-06-30')).toHaveProperty('from');
    expect(await fieldOf(`${JUNE}&format=xls`)).toHaveProperty('format');
    // A whole year is one period: an academic year, and a calendar year with 29 February.
    expect((await download(periodAdmin, 'from=2025-07-01&to=2026-06-30&format=csv')).status).toBe(200);
    expect((await download(periodAdmin, 'from=2024-01-01&to=2024-12-31&format=csv')).status).toBe(200);
  });
});

describe('the inspection log', () => {
  const anInspection = (over: Record<string, unknown> = {}) => ({
    hostel: 'Block-2',
    inspectedAt: '2026-06-12T23:30:00+05:30',
    findings: 'Walked every corridor after lights-out; juniors spoken to, nothing reported.',
    squad: 'Warden Block-2, two faculty members',
    ...over,
  });

  it('refuses a hostel not in the catalogue, a time ahead, and findings or a squad too long or missing', async () => {
    const problem = async (body: Record<string, unknown>) => {
      const response = await duty.send('POST', '/api/ragging/inspections', body);
      expect(response.status).toBe(400);
      return response.body.error?.fields ?? {};
    };
    expect(await problem(anInspection({ hostel: 'Block-99' }))).toMatchObject({ hostel: 'Choose a hostel of the list' });
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    expect(await problem(anInspection({ inspectedAt: ahead }))).toMatchObject({ inspectedAt: 'The inspection cannot be in the future' });
    expect(await problem(anInspection({ inspectedAt: 'last night' }))).toHaveProperty('inspectedAt');
    expect(await problem(anInspection({ findings: 'x'.repeat(2001) }))).toHaveProperty('findings');
    expect(await problem(anInspection({ findings: '   ' }))).toHaveProperty('findings');
    expect(await problem(anInspection({ squad: 's'.repeat(201) }))).toHaveProperty('squad');
    expect(await problem(anInspection({ squad: undefined }))).toHaveProperty('squad');
    expect(await portal.database.db.select().from(raggingInspections)).toEqual([]);
  });

  it('records an inspection with its audit row, and lists the log the latest first, page by page', async () => {
    const { status, body } = await duty.send('POST', '/api/ragging/inspections', anInspection({ findings: 'x'.repeat(2000), squad: 's'.repeat(200) }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ hostel: 'Block-2', inspectedAt: '2026-06-12T18:00:00.000Z', recordedBy: 'Duty Officer' });
    const [row] = await portal.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'ragging.inspection'), eq(auditLog.targetId, String(body.id))));
    expect(row?.details).toMatchObject({ hostel: 'Block-2', inspectedAt: '2026-06-12T18:00:00.000Z' });
    await portal.database.db.delete(raggingInspections).where(eq(raggingInspections.id, String(body.id)));

    // June on the university's clock: the last is half an hour before midnight of 30 June there
    // (18:00 UTC), the next already 1 July there (it stays out of June's report).
    const made = [
      anInspection({ hostel: 'Girls', inspectedAt: '2026-06-03T21:15:00+05:30', findings: 'Common room checked; posters of the helpline put up again.', squad: 'Girls hostel warden, proctor' }),
      anInspection(),
      anInspection({ hostel: 'Block-2', inspectedAt: '2026-06-30T23:30:00+05:30', findings: '=HYPERLINK("x") was scrawled on a notice board; removed.', squad: 'Chief warden' }),
      anInspection({ hostel: 'Block-3', inspectedAt: '2026-07-01T00:10:00+05:30', findings: 'Mess queue watched; nothing found.', squad: 'Proctor' }),
    ];
    for (const [i, inspection] of made.entries()) {
      const response = await (i % 2 ? admin : duty).send('POST', '/api/ragging/inspections', inspection);
      expect(response.status).toBe(201);
    }
    const first = await duty.get('/api/ragging/inspections?limit=3');
    expect(first.body.timeZone).toBe('Asia/Kolkata');
    const items = first.body.items as Array<{ hostel: string; inspectedAt: string; recordedBy: string }>;
    expect(items.map((i) => i.inspectedAt)).toEqual(['2026-06-30T18:40:00.000Z', '2026-06-30T18:00:00.000Z', '2026-06-12T18:00:00.000Z']);
    expect(items.map((i) => i.recordedBy)).toEqual(['Report Admin', 'Duty Officer', 'Report Admin']);
    const next = await duty.get(`/api/ragging/inspections?limit=3&cursor=${String(first.body.nextCursor)}`);
    expect((next.body.items as Array<{ hostel: string }>).map((i) => i.hostel)).toEqual(['Girls']);
    expect(next.body.nextCursor).toBeNull();
    const girls = await admin.get('/api/ragging/inspections?hostel=Girls');
    expect((girls.body.items as unknown[]).length).toBe(1);
    expect((await duty.get('/api/ragging/inspections?cursor=forged')).status).toBe(400);
  });
});

describe('the report of a known month', () => {
  let csvRows: string[][];
  let pdf: Buffer;

  beforeAll(async () => {
    const now = Date.now();
    // In June on the Asia/Kolkata clock, from its first instant (18:30 UTC on 31 May) to its last minute.
    const a = await fileReport('Aarush', {});
    await shape(a.number, '2026-05-31T18:30:00Z', {
      firDecision: 'needed',
      firDecidedAt: new Date(Date.parse('2026-05-31T18:30:00Z') + 6 * HOUR),
      enquiryClosedAt: new Date(Date.parse('2026-05-31T18:30:00Z') + 5 * DAY),
      enquiryOutcome: 'action_taken',
    });
    const b = await fileReport('Bhavik', { subCategory: 'Verbal / abuse', hostel: 'Block-3', placeKind: 'campus' });
    await shape(b.number, '2026-06-10T10:00:00Z', {
      firDecision: 'not_needed',
      firDecidedAt: new Date(Date.parse('2026-06-10T10:00:00Z') + 30 * HOUR),
      enquiryClosedAt: new Date(Date.parse('2026-06-10T10:00:00Z') + 9 * DAY),
      enquiryOutcome: 'not_established',
      firEscalationLevel: 1,
      enquiryEscalationLevel: 2,
    });
    const c = await fileReport('Chirag', { subCategory: 'Online', placeKind: 'other' });
    await shape(c.number, '2026-06-15T10:00:00Z', {
      anonymous: true,
      trackingCode: 'RQ7KZW4M',
      firDueAt: new Date(now + HOUR),
      enquiryDueAt: new Date(now + 6 * DAY),
    });
    const d = await fileReport('Devansh', { hostel: 'Girls' });
    await shape(d.number, '2026-06-30T18:29:00Z', { firEscalationLevel: 2, enquiryEscalationLevel: 1 });
    const e = await fileReport('Eshaan', { subCategory: 'Other' });
    const client = await ApiClient.withSession(portal, { email: e.email, name: `${e.name} ${e.regId}` });
    expect((await client.post(`/api/complaints/${e.number}/withdraw`, {})).status).toBe(200);
    await shape(e.number, '2026-06-20T10:00:00Z');
    // A second either side of June there, and a wifi complaint in it: none of them counts.
    const f = await fileReport('Farhan', {});
    await shape(f.number, '2026-05-31T18:29:59Z', { firDecision: 'needed', firDecidedAt: new Date('2026-06-01T00:00:00Z') });
    const g = await fileReport('Gaurav', {});
    await shape(g.number, '2026-06-30T18:30:00Z', { anonymous: true });
    const wifi = await student.post('/api/complaints', aComplaint({ complaint: 'Router dead' }));
    await portal.database.db.update(complaints).set({ createdAt: new Date('2026-06-15T10:00:00Z') }).where(eq(complaints.number, String(wifi.body.number)));

    const csv = await download(duty, `${JUNE}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="anti-ragging-report-2026-06-01-to-2026-06-30.csv"');
    csvRows = parseCsv(csv.bytes.toString('utf8'));
    const response = await download(duty, `${JUNE}&format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="anti-ragging-report-2026-06-01-to-2026-06-30.pdf"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    pdf = response.bytes;
  });

  it('counts the reports received in the period on the university clock', () => {
    expect(Object.fromEntries(csvRows.slice(0, 4).map((r): [string, string | undefined] => [r[0] ?? '', r[1]]))).toMatchObject({
      University: 'VIT Bhopal University',
      Period: '1 Jun 2026 to 30 Jun 2026 (days on the Asia/Kolkata clock)',
    });
    expect(figures(csvRows, 'Reports received')).toEqual({
      Received: '5',
      'Filed anonymously': '1',
      'Filed with a name': '4',
      'Withdrawn by the reporter': '1',
      'Merged into another report (duplicates)': '0',
      Rejected: '0',
    });
    expect(figures(csvRows, 'Received by kind')).toEqual({ Physical: '2', 'Verbal / abuse': '1', Online: '1', Other: '1' });
    expect(figures(csvRows, 'Received by hostel')).toEqual({ 'Block-2': '3', 'Block-3': '1', Girls: '1' });
    expect(figures(csvRows, 'Received by where it happened')).toEqual({
      'In a hostel': '3',
      'Elsewhere on campus': '1',
      'Somewhere else (off campus, online)': '1',
    });
  });

  it('counts the decisions, their times, the enquiries, the outcomes and the escalations', () => {
    expect(figures(csvRows, 'Decisions on a police report (FIR)')).toEqual({
      'FIR to be filed': '1',
      'No FIR needed': '1',
      'Decided within 24 hours': '1',
      'Median time to decide (hours)': '18',
      'Awaiting a decision, still in time': '1',
      'Awaiting a decision, overdue': '1',
      'No decision: withdrawn, merged or rejected first, or filed before the deadlines existed': '1',
    });
    expect(figures(csvRows, 'Enquiries')).toEqual({
      Closed: '2',
      'Closed within 7 days': '1',
      'Median time to close (days)': '7',
      'Still open, in time': '1',
      'Still open, overdue': '1',
      'No enquiry: withdrawn, merged or rejected first, or filed before the deadlines existed': '1',
    });
    expect(figures(csvRows, 'Outcomes of the closed enquiries')).toEqual({
      'Ragging established: action taken': '1',
      'Ragging not established': '1',
      'Referred to the police or another authority': '0',
    });
    expect(figures(csvRows, 'Missed deadlines escalated')).toEqual({
      'FIR decision late: nodal officer told': '2',
      'FIR decision late: head of the institution told': '1',
      'Enquiry late: nodal officer told': '2',
      'Enquiry late: head of the institution told': '1',
    });
  });

  it("counts and lists the month's inspections, formulas disarmed", () => {
    expect(figures(csvRows, 'Inspections by the anti-ragging squad')).toEqual({ 'Block-2': '2', Girls: '1', 'All hostels': '3' });
    expect(csvTable(csvRows, 'Inspection log')).toEqual([
      ['3 Jun 2026, 21:15', 'Girls', 'Common room checked; posters of the helpline put up again.', 'Girls hostel warden, proctor'],
      ['12 Jun 2026, 23:30', 'Block-2', 'Walked every corridor after lights-out; juniors spoken to, nothing reported.', 'Warden Block-2, two faculty members'],
      ['30 Jun 2026, 23:30', 'Block-2', `'=HYPERLINK("x") was scrawled on a notice board; removed.`, 'Chief warden'],
    ]);
  });

  it('is an A4 PDF with the university, the period, the figures and its page numbers', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('VIT Bhopal University');
    expect(text).toContain('1 Jun 2026 to 30 Jun 2026');
    expect(text).toContain('Decided within 24 hours');
    expect(text).toContain('Common room checked; posters of the helpline put up again.');
    expect(text).toMatch(/Page 1 of \d/);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('holds no name, registration number, e-mail, room, number, tracking code or word of any report, in either file', async () => {
    // What the pages show, and the file's own bytes (its title and author are there, uncompressed).
    const [pdfWords, pdfBytes, csvWords] = [pdfText(pdf).toLowerCase(), pdf.toString('latin1').toLowerCase(), csvRows.flat().join('\n').toLowerCase()];
    const rows = await portal.database.db.select().from(complaints).where(eq(complaints.category, 'ragging'));
    expect(rows.length).toBe(filed.length);
    for (const report of filed) {
      const row = rows.find((r) => r.number === report.number);
      const identities = [
        ...report.name.split(' '),
        report.regId,
        report.email,
        report.email.split('@')[0] ?? '',
        report.number,
        ...report.words,
        row?.fname ?? '',
        row?.regId ?? '',
        row?.userEmail ?? '',
        row?.trackingCode ?? '',
      ].filter((w) => w.length > 0);
      for (const word of identities) {
        expect(pdfWords, `${word} in the PDF`).not.toContain(word.toLowerCase());
        expect(pdfBytes, `${word} in the PDF's bytes`).not.toContain(word.toLowerCase());
        expect(csvWords, `${word} in the CSV`).not.toContain(word.toLowerCase());
      }
      const room = new RegExp(`\\b${report.roomNo}\\b`);
      expect(pdfWords, `room ${report.roomNo} in the PDF`).not.toMatch(room);
      expect(csvWords, `room ${report.roomNo} in the CSV`).not.toMatch(room);
    }
    // The scan can see: the same words are there to be found in what the duty reads of a report.
    const seen = await duty.get(`/api/staff/complaints/${filed[0]?.number ?? ''}`);
    expect(JSON.stringify(seen.body)).toContain(filed[0]?.words[1]);
  });
});

describe('a long log', () => {
  it('runs over pages, each numbered, with every inspection listed', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => ({
      hostel: i % 2 ? 'Block-1 (Old)' : 'Block-3',
      inspectedAt: new Date(Date.parse('2026-03-01T16:00:00Z') + i * 7 * HOUR),
      findings: `Round ${i + 1}: every floor walked, nothing found. ${'Juniors and seniors spoken to separately. '.repeat(i % 5)}`,
      squad: 'Night squad',
    }));
    await portal.database.db.insert(raggingInspections).values(rows);
    const response = await download(admin, 'from=2026-03-01&to=2026-03-31&format=pdf');
    const text = pdfText(response.bytes);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect((response.bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(pages);
    for (let i = 1; i <= 90; i += 1) expect(text).toContain(`Round ${i}:`);
    // The log's header is repeated on each page it runs over.
    expect((text.match(/Findings/g) ?? []).length).toBeGreaterThan(2);
  });

  it('prints what the standard fonts cannot show as "?" and keeps line breaks', () => {
    expect(printable('Block-2 छात्रावास\r\nAll clear\t✓ “quoted” – €5')).toBe('Block-2 ?????????\nAll clear ? “quoted” – €5');
  });
});
