import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../../shared/time.js';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants.js';
import { INSIGHT_DURATION_BOUNDS_MINUTES, type Insights } from '../../../shared/insights.js';
import { complaints, insightDaily, outbox, users } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import { countedInSql, seedInsights } from '../../../../tests/factories/insights.js';
import { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { CONFIDENTIAL_MESSAGE, EXPORT_BATCH_ROWS, QUEUE_CSV_HEADER, csvCell } from './export.js';
import { addStaff } from '../../../../tests/support/staff.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * Insights on the server: the rollup the triggers keep equals a rebuild from scratch, the figures
 * equal counts made directly in SQL and stop at the reader's scope, the CSV exports stream every
 * row with identities only where the confidentiality rules allow, and the digest goes once, with
 * the dashboard's numbers, to those who have not opted out.
 */

let portal: TestApp;
let admin: ApiClient;
let warden: ApiClient;
let staff: ApiClient;
let student: ApiClient;

const ADMIN = { email: 'ins.admin@vitbhopal.ac.in', name: 'Insights Admin' };
const WARDEN = { email: 'ins.warden3@vitbhopal.ac.in', name: 'Block Three Warden' };
const STAFF = { email: 'ins.wifi@vitbhopal.ac.in', name: 'Wifi Worker' };

const test = portalTest({
  env: RELAXED_LIMITS,
  admin: ADMIN,
  warden: { ...WARDEN, role: 'warden', scopes: [{ category: '', hostel: 'Block-3' }] },
  staff: { ...STAFF, role: 'staff', scopes: [{ category: 'wifi', hostel: '' }] },
  student: { email: 'ins.student@vitbhopal.ac.in', name: 'Ishaan Verma 22BCE10555' },
});
test.beforeAll(async ({ portal: app, admin: a, warden: w, staff: s, student: ishaan }) => {
  [portal, admin, warden, staff, student] = [app, a, w, s, ishaan];
  await seedInsights(portal.database.db);
});

const db = () => portal.database.db;
// Days on the university's clock (the profile's default zone), as the rollup counts them.
const today = () => dayIn(new Date(), DEFAULT_TIME_ZONE);
const daysAgo = (n: number) => addDays(today(), -n);

async function figures(client: ApiClient, query = '') {
  const { status, body } = await client.get(`/api/insights${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as Insights;
}

async function csvOf(client: ApiClient, path: string) {
  const response = await client.http.request(`${portal.baseUrl}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** Rows of a CSV without its byte-order mark (values here contain no quotes or commas unless a test puts them there). */
const parseCsv = (text: string) =>
  text
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('the rollup', () => {
  it('buckets durations at the same bounds as the shared list', async () => {
    const probes = INSIGHT_DURATION_BOUNDS_MINUTES.flatMap((m, i) => [
      { seconds: m * 60 - 1, bucket: i + 1 },
      { seconds: m * 60, bucket: i + 2 },
    ]);
    for (const p of probes) {
      const [row] = await db().select({ b: sql<number>`insight_bucket(${p.seconds})` }).from(sql`(select 1) as one`);
      expect(Number(row?.b), `${p.seconds} s`).toBe(p.bucket);
    }
  });

  it('kept by the triggers through a real lifecycle equals a rebuild from scratch', async () => {
    const filed = await student.post('/api/complaints', aComplaint({ hostel: 'Girls', roomNo: '305', floor: 3 }));
    expect(filed.status).toBe(201);
    const number = String(filed.body.number);
    const move = async (to: string, note = '') => {
      const moved = await admin.send('POST', `/api/staff/complaints/${number}/transitions`, { to, note });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    await move('acknowledged');
    await move('resolved');
    const reopened = await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'Still slow at night' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    await move('resolved');
    const confirmed = await student.send('POST', `/api/complaints/${number}/confirm`, { rating: 4 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect(row?.acknowledgedAt).not.toBeNull();
    const [todays] = await db().select().from(insightDaily).where(sql`day = ${today()} AND hostel = 'Girls' AND category = 'wifi'`);
    expect(todays).toMatchObject({ filed: 1, acknowledged: 1, resolved: 2, reopened: 1 });
    expect(todays?.ratings).toEqual([0, 0, 0, 1, 0]);

    const kept = await db().select().from(insightDaily).orderBy(insightDaily.day, insightDaily.hostel, insightDaily.category);
    await db().execute(sql`select insight_daily_rebuild()`);
    const rebuilt = await db().select().from(insightDaily).orderBy(insightDaily.day, insightDaily.hostel, insightDaily.category);
    // A rebuild knows only the last resolution of a complaint; the triggers saw both. Everything else agrees.
    const withoutResolutions = (rows: typeof kept) => rows.map(({ resolved: _r, resolvedOnTime: _o, resolveHist: _h, ...rest }) => rest);
    expect(withoutResolutions(rebuilt)).toEqual(withoutResolutions(kept));
    const resolvedToday = (rows: typeof kept) => rows.find((r) => r.day === today() && r.hostel === 'Girls' && r.category === 'wifi')?.resolved;
    expect([resolvedToday(kept), resolvedToday(rebuilt)]).toEqual([2, 1]);
    // Put the triggers' version back for the tests below.
    await db().delete(insightDaily);
    await db().insert(insightDaily).values(kept);
  });

  it("does not count a student's withdrawal as the team's acknowledgement", async () => {
    const filed = await student.post('/api/complaints', aComplaint({ category: 'mess', subCategory: 'Food', hostel: 'Girls', roomNo: '306', floor: 3 }));
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const number = String(filed.body.number);
    const before = await db().select().from(insightDaily).where(sql`day = ${today()} AND hostel = 'Girls' AND category = 'mess'`);
    const withdrawn = await student.send('POST', `/api/complaints/${number}/withdraw`, {});
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const [row] = await db().select().from(complaints).where(eq(complaints.number, number));
    expect([row?.status, row?.acknowledgedAt]).toEqual(['withdrawn', null]);
    const after = await db().select().from(insightDaily).where(sql`day = ${today()} AND hostel = 'Girls' AND category = 'mess'`);
    expect(after.map((r) => [r.filed, r.acknowledged])).toEqual(before.map((r) => [r.filed, r.acknowledged]));
  });
});

describe('the dashboard figures', () => {
  it("are a warden's own hostel only, and equal counts made directly in SQL", async () => {
    const mine = await figures(warden);
    expect(mine.hostels).toEqual(['Block-3']);
    expect(new Set(mine.openCells.map((c) => c.hostel))).toEqual(new Set(['Block-3']));
    expect(new Set(mine.times.map((t) => t.hostel))).toEqual(new Set(['Block-3']));
    const counted = await countedInSql(db(), 'Block-3', mine.from, mine.to);
    expect(mine.total).toMatchObject({
      filed: counted.filed,
      open: counted.open,
      overdue: counted.overdue,
      acknowledged: counted.acknowledged,
      resolved: counted.resolved,
      resolvedOnTime: counted.onTime,
      ratings: counted.ratings,
    });
    expect(mine.total.ratingAverage).toBeCloseTo(counted.ratingAverage ?? NaN, 6);
    expect(mine.total.filed).toBeGreaterThan(10);
    expect(mine.total.overdue).toBeGreaterThan(0);

    // Asking for another hostel gives nothing, not that hostel's figures.
    const other = await figures(warden, '?hostel=Block-2');
    expect(other.total.filed).toBe(0);
    expect(other.openCells).toEqual([]);
  });

  it('give admins every hostel, filters by hostel and category, and list the rooms that keep reporting', async () => {
    const all = await figures(admin);
    expect(new Set(all.times.map((t) => t.hostel))).toEqual(new Set(['Block-2', 'Block-3', 'Girls']));
    const block2 = await figures(admin, '?hostel=Block-2');
    expect(block2.total.filed).toBe((await countedInSql(db(), 'Block-2', block2.from, block2.to)).filed);
    expect(block2.recurringRooms).toEqual([{ hostel: 'Block-2', hostelCode: 'BLOCK2', roomNo: '214', area: null, category: 'wifi', count: 5 }]);
    const water = await figures(admin, '?category=water');
    expect(new Set(water.times.map((t) => t.category))).toEqual(new Set(['water']));
    expect(water.weekly.every((w) => w.category === 'water')).toBe(true);
    expect(water.weekly.reduce((a, w) => a + w.filed, 0)).toBe(water.total.filed);
    // Percentiles come from the histograms: a median is never above the 90th percentile.
    const t = all.total;
    expect(t.resolveMedianHours).not.toBeNull();
    expect(t.resolveMedianHours ?? 0).toBeLessThanOrEqual(t.resolveP90Hours ?? 0);
    expect(all.ratingDistribution.reduce((a, b) => a + b, 0)).toBe(t.ratings);
  });

  it('a short range counts only what happened in it', async () => {
    const week = await figures(admin, `?from=${daysAgo(6)}&to=${today()}`);
    let counted = 0;
    for (const hostel of ['Block-2', 'Block-3', 'Girls']) counted += (await countedInSql(db(), hostel, daysAgo(6), today())).filed;
    expect(week.total.filed).toBe(counted);
  });

  it('refuse students and staff, and bad ranges with a clear message', async () => {
    expect((await student.get('/api/insights')).status).toBe(403);
    expect((await staff.get('/api/insights')).status).toBe(403);
    const backwards = await admin.get(`/api/insights?from=${today()}&to=${daysAgo(3)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.message).toBe('The first day must not be after the last day.');
    const notADate = await admin.get('/api/insights?from=2026-02-31');
    expect(notADate.status).toBe(400);
    expect(notADate.body.error?.code).toBe('validation_failed');
    expect((await admin.get('/api/insights?from=0000-01-01&to=0000-01-01')).status).toBe(400);
    const tooLong = await admin.get('/api/insights?from=2020-01-01&to=2026-01-01');
    expect(tooLong.status).toBe(400);
  });
});

describe('CSV exports', () => {
  const tricky = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '=1+1', '+91 98', '-x', '@SUM(A1)', '\tlead', '=A1,"b"', '', 'ünïcødé'];

  it('quote what needs quoting and defuse what a spreadsheet would run', () => {
    expect(tricky.map(csvCell)).toEqual([
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '"cr\rhere"',
      "'=1+1",
      "'+91 98",
      "'-x",
      "'@SUM(A1)",
      "'\tlead",
      '"\'=A1,""b"""',
      '',
      'ünïcødé',
    ]);
    expect([12, null, undefined].map(csvCell)).toEqual(['12', '', '']);
  });

  it('PostgreSQL writes a cell exactly as the server does', async () => {
    for (const value of [...tricky, null]) {
      const [row] = await db().select({ cell: sql<string>`csv_cell(${value}::text)` }).from(sql`(select 1) as one`);
      expect(row?.cell, JSON.stringify(value)).toBe(csvCell(value));
    }
  });

  it("stream the whole queue across keyset batches, with the console's filters", async () => {
    // More than one batch of Block-1 wifi complaints, written in one statement.
    const [someone] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'ins.student@vitbhopal.ac.in'));
    const total = EXPORT_BATCH_ROWS + 7;
    await db().execute(sql`
      INSERT INTO complaints (number, kind, category, complaint_head, hostel, floor, room_no, message, student_id, fname, reg_id, user_email, to_emails, due_at, created_at)
      SELECT 'HC-BULK-' || lpad(g::text, 5, '0'), 'complaint', 'wifi', 'Wifi Complaint', 'Block-1 (Old)', 1, '101',
             'Bulk complaint ' || g, ${someone?.id}::uuid, 'Ishaan', '22BCE10555', 'ins.student@vitbhopal.ac.in',
             ARRAY['wifi@vitbhopal.ac.in'], now() + interval '1 day', now() - make_interval(secs => g)
      FROM generate_series(1, ${total}) g`);
    const file = await csvOf(staff, '/api/staff/complaints.csv?hostel=Block-1%20(Old)&sort=oldest');
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(file.text);
    expect(rows[0]).toEqual(QUEUE_CSV_HEADER);
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toHaveLength(total);
    expect(new Set(numbers).size).toBe(total);
    expect(numbers[0]).toBe(`HC-BULK-${String(total).padStart(5, '0')}`);
    expect(numbers.at(-1)).toBe('HC-BULK-00001');
    // The staff member's scope (wifi) holds: the warden of Block-3 gets none of them.
    const theirs = parseCsv((await csvOf(warden, '/api/staff/complaints.csv?hostel=Block-1%20(Old)')).text);
    expect(theirs).toHaveLength(1);
    await db().delete(complaints).where(sql`${complaints.number} LIKE 'HC-BULK-%'`);
  });

  it('withhold the student of a confidential complaint and defuse spreadsheet formulas', async () => {
    const ragging = await student.post(
      '/api/complaints',
      aComplaint({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', hostel: 'Block-3', roomNo: '310', floor: 3, complaint: 'Seniors came at night. Ishaan Verma, 22BCE10555.' }),
    );
    expect(ragging.status, JSON.stringify(ragging.body)).toBe(201);
    const formula = await student.post('/api/complaints', aComplaint({ hostel: 'Block-3', roomNo: '311', floor: 3, complaint: '=HYPERLINK("http://evil.example","x")' }));
    expect(formula.status, JSON.stringify(formula.body)).toBe(201);
    const text = (await csvOf(admin, '/api/staff/complaints.csv?hostel=Block-3')).text;
    const ragLine = text.split('\r\n').find((l) => l.startsWith(String(ragging.body.number))) ?? '';
    expect(ragLine).toContain('Confidential student');
    expect(ragLine).toContain(CONFIDENTIAL_MESSAGE);
    expect(ragLine).not.toMatch(/ins\.student|22BCE10555|Ishaan/);
    const formulaLine = text.split('\r\n').find((l) => l.startsWith(String(formula.body.number))) ?? '';
    expect(formulaLine).toContain('ins.student@vitbhopal.ac.in');
    expect(formulaLine).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('of the dashboard tables carry the same figures as the page', async () => {
    const page = await figures(warden);
    const open = await csvOf(warden, '/api/insights/export/open');
    expect(open.status).toBe(200);
    const rows = parseCsv(open.text);
    expect(rows[0]).toEqual(['Hostel', 'Category', 'Open', 'Overdue']);
    expect(rows.slice(1).map((r) => [r[0], Number(r[2]), Number(r[3])])).toEqual(page.openCells.map((c) => [c.hostel, c.open, c.overdue]));
    const times = parseCsv((await csvOf(warden, '/api/insights/export/times')).text);
    expect(times.at(-1)?.slice(0, 4)).toEqual(['All', 'All', String(page.total.filed), String(page.total.acknowledged)]);
    expect((await csvOf(warden, '/api/insights/export/nonsense')).status).toBe(400);
    expect((await csvOf(staff, '/api/insights/export/open')).status).toBe(403);
  });
});

describe('the insights digest', () => {
  it('goes once per period to wardens (their hostels) and admins who have not opted out, with the figures of the dashboard', async () => {
    const optedOut = { email: 'ins.warden2@vitbhopal.ac.in', name: 'Block Two Warden' };
    await addStaff(admin, { ...optedOut, role: 'warden', scopes: [{ category: '', hostel: 'Block-2' }] });
    const quiet = await ApiClient.withSession(portal, optedOut);
    const off = await quiet.send('PUT', '/api/insights/preferences', { digest: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await quiet.get('/api/insights/preferences')).body).toEqual({ digest: false, everyDays: 7 });

    const sent = await portal.app.jobs.insightsDigests();
    expect(sent).toBe(2);
    const mails = await db().select().from(outbox).where(eq(outbox.purpose, 'insights_digest'));
    expect(mails.map((m) => m.toEmails[0]).sort()).toEqual([ADMIN.email, WARDEN.email]);
    const wardenMail = mails.find((m) => m.toEmails[0] === WARDEN.email);
    expect(wardenMail?.subject).toMatch(/^Insights for Block-3: /);
    const range = /(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(wardenMail?.subject ?? '');
    const same = await figures(warden, `?from=${range?.[1]}&to=${range?.[2]}`);
    expect(wardenMail?.textBody).toContain(`Filed: ${same.total.filed}\n`);
    expect(wardenMail?.textBody).toContain(`Open now: ${same.total.open} (overdue: ${same.total.overdue})`);
    expect(wardenMail?.textBody).toContain(`${portal.config.publicUrl}/insights?from=${range?.[1]}&to=${range?.[2]}`);
    expect(wardenMail?.textBody).not.toContain('Block-2');
    expect(wardenMail?.htmlBody).toContain('Open the dashboard');

    // Not again until the period has passed.
    expect(await portal.app.jobs.insightsDigests()).toBe(0);
  });

  it('refuses a preference that is not a yes or no', async () => {
    const bad = await warden.send('PUT', '/api/insights/preferences', { digest: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choose whether to get the insights digest');
  });
});
