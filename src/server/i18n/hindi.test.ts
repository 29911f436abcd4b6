import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, commonAreas, complaints, hostels, university } from '../db/schema.js';
import { aComplaint } from '../../../tests/factories/complaints.js';
import { RELAXED_LIMITS } from '../../../tests/support/limits.js';
import type { SmtpSink } from '../../../tests/support/smtp-sink.js';
import type { ApiClient } from '../../../tests/support/student.js';
import type { TestApp } from '../../../tests/support/test-app.js';
import { portalTest } from '../../../tests/support/fixtures.js';

/*
 * Issue 28 on the server: what it writes reaches each person in their language — mail and bells
 * in the recipient's (their account's, else the university's), answers and files in the
 * requester's — with the catalogue's Hindi names, and Devanagari that a printed label can show.
 */

const DEVANAGARI = /[\u0900-\u097F]/;

let sink: SmtpSink;
let portal: TestApp;
let student: ApiClient;
let admin: ApiClient;
let staff: ApiClient;

const test = portalTest({
  env: { ...RELAXED_LIMITS, MAIL_POLL_INTERVAL_MS: '200', MAIL_RETRY_BASE_MS: '100' },
  mail: true,
  admin: { email: 'hindi.admin@vitbhopal.ac.in', name: 'Hindi Admin' },
  staff: { email: 'hindi.staff@vitbhopal.ac.in', name: 'Desk Staff', role: 'staff', scopes: [{ category: '', hostel: '' }] },
  student: { email: 'meera.hindi@vitbhopal.ac.in', name: 'Meera Joshi 21BCE20001' },
});
test.beforeAll(async ({ portal: app, sink: mail, admin: a, staff: desk, student: meera }) => {
  [portal, sink, admin, staff, student] = [app, mail, a, desk, meera];
  for (const who of [student, admin, staff]) expect((await who.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);
  // The Hindi names an administrator would give (H4's admin console writes these columns).
  const db = portal.database.db;
  await db.update(categories).set({ translations: { hi: { complaintHead: 'वाई-फ़ाई शिकायत' } } }).where(eq(categories.key, 'wifi'));
  await db.update(hostels).set({ translations: { hi: { name: 'ब्लॉक-2' } } }).where(eq(hostels.name, 'Block-2'));
});
async function file(body: Record<string, unknown> = aComplaint()) {
  const before = sink.received.length;
  const filed = await student.post('/api/complaints', body);
  expect(filed.status).toBe(201);
  await sink.waitFor(before + 2);
  const number = String(filed.body.number);
  const mine = sink.received.filter((m) => m.parsed.subject?.includes(number));
  return {
    number,
    ack: mine.find((m) => m.envelopeTo.includes('meera.hindi@vitbhopal.ac.in')),
    facility: mine.find((m) => !m.envelopeTo.includes('meera.hindi@vitbhopal.ac.in')),
  };
}

describe('mail in the recipient’s language', () => {
  it('acknowledges a Hindi reader in Hindi, with the Hindi category and hostel names; the facility team reads the university’s language', async () => {
    const { number, ack, facility } = await file();
    expect(ack?.parsed.subject).toBe(`आपकी शिकायत हमें मिल गई — ${number}`);
    const text = ack?.parsed.text ?? '';
    expect(text).toContain('नमस्ते Meera,');
    expect(text).toContain(`आपकी शिकायत ${number} (वाई-फ़ाई शिकायत: धीमा, ब्लॉक-2, कमरा 312) दर्ज हो गई है`);
    expect(text).toContain('हॉस्टल शिकायत पोर्टल');
    expect(text).not.toContain('is registered');
    expect(ack?.parsed.html).toContain('<html lang="hi">');
    // The team's address is nobody's account: the university's default language (English), as before.
    expect(facility?.envelopeTo).toEqual(['wifi.support@vitbhopal.ac.in']);
    expect(facility?.parsed.subject).toBe(`Wifi Complaint — ${number}`);
    expect(facility?.parsed.text).toContain('A complaint was filed on the Hostel Complaint Portal.');
    expect(facility?.parsed.text ?? '').not.toMatch(DEVANAGARI);
  });

  it('writes a status change in Hindi to the Hindi student, and its bell too', async () => {
    const { number } = await file();
    const before = sink.received.length;
    expect((await staff.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'acknowledged', note: '' })).status).toBeLessThan(300);
    await sink.waitFor(before + 1);
    const mail = sink.received.slice(before).find((m) => m.envelopeTo.includes('meera.hindi@vitbhopal.ac.in'));
    expect(mail?.parsed.subject).toBe(`${number} की स्थिति अब: स्वीकार की गई`);
    expect(mail?.parsed.text).toContain(`आपकी वाई-फ़ाई शिकायत ${number} की स्थिति अब: स्वीकार की गई।`);
    const bells = await student.get('/api/notifications');
    const texts = (bells.body.items as Array<{ text: string }>).map((n) => n.text);
    expect(texts).toContain(`${number} की स्थिति अब: स्वीकार की गई`);
  });

  it('writes when a complaint was filed in the reader’s words, on the university’s clock', async () => {
    const db = portal.database.db;
    const on = (locale: string, at: Date) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' }).format(at);
    const filedAt = async (number: string) => (await db.select({ at: complaints.createdAt }).from(complaints).where(eq(complaints.number, number)))[0]?.at ?? new Date(Number.NaN);
    // The facility team reads the university's language: English, on the profile's clock (Asia/Kolkata, the column's default).
    const english = await file();
    const englishAt = on('en-IN', await filedAt(english.number));
    expect(englishAt).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST$/);
    expect(english.facility?.parsed.text).toMatch(new RegExp(`Filed at\\s*: ${englishAt}\n`));
    expect(english.facility?.parsed.text).not.toContain('UTC');
    // A university whose language is Hindi: the same line in Hindi, with the Hindi month.
    await db.update(university).set({ defaultLocale: 'hi' });
    try {
      const hindi = await file();
      const hindiAt = on('hi-IN', await filedAt(hindi.number));
      expect(hindiAt).toMatch(DEVANAGARI);
      expect(hindiAt).toMatch(/IST$/);
      expect(hindi.facility?.parsed.text).toMatch(new RegExp(`दर्ज होने का समय\\s*: ${hindiAt}\n`));
    } finally {
      await db.update(university).set({ defaultLocale: 'en' });
    }
  });

  it('follows a change of language: the same reader in English gets English again', async () => {
    expect((await student.send('PUT', '/api/me/locale', { locale: 'en' })).status).toBe(204);
    try {
      const { number, ack } = await file();
      expect(ack?.parsed.subject).toBe(`We received your complaint — ${number}`);
      expect(ack?.parsed.text).toContain(`your complaint ${number} (Wifi Complaint: Slow, Block-2, room 312) is registered`);
    } finally {
      expect((await student.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);
    }
  });
});

describe('answers in the requester’s language', () => {
  it('says what is wrong with a form in Hindi to a Hindi user, field by field', async () => {
    const { status, body } = await student.post('/api/complaints', aComplaint({ roomNo: '' }));
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
    expect(body.error?.message).toBe('भेजी गई कुछ जानकारी सही नहीं है।');
    expect(Object.values(body.error?.fields ?? {}).join(' ')).toMatch(DEVANAGARI);
  });

  it('says why an action is refused in Hindi, with the complaint’s number and its status in Hindi', async () => {
    const { number } = await file();
    const refused = await student.send('POST', `/api/complaints/${number}/reopen`, { reason: 'Still slow' });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(`${number} की स्थिति: दर्ज; केवल हल हुई शिकायत ही फिर से खोली जा सकती है।`);
  });

  it('answers an error in Hindi to a browser that asks for Hindi, and in English to one that does not', async () => {
    const ask = (language: string) => fetch(`${portal.baseUrl}/api/notifications`, { headers: { 'accept-language': language } });
    const [hindi, english] = await Promise.all([ask('hi-IN,hi;q=0.9,en;q=0.8'), ask('en-GB,en;q=0.9')]);
    expect(hindi.status).toBe(401);
    expect(((await hindi.json()) as { error: { message: string } }).error.message).toBe('कृपया पहले साइन इन करें');
    expect(((await english.json()) as { error: { message: string } }).error.message).toBe('Please Sign In first');
  });

  it('writes the queue export’s header row in Hindi and leaves the data as it is', async () => {
    await file();
    const response = await staff.http.request(`${staff.baseUrl}/api/staff/complaints.csv`);
    expect(response.status).toBe(200);
    const [header = '', first = ''] = (await response.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(header.split(',').slice(0, 5)).toEqual(['नंबर', 'दर्ज होने का समय (UTC)', 'श्रेणी', 'उप-श्रेणी', 'हॉस्टल']);
    expect(first).toContain('Block-2');
  });
});

/** The glyphs each embedded font shows in a PDF: every content stream inflated, text runs counted per font resource. */
function glyphsByFont(pdf: Buffer): Map<string, number> {
  const raw = pdf.toString('latin1');
  const baseFontOf = new Map<string, string>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*<<(?:(?!endobj)[^])*?\/BaseFont \/([\w+-]+)/g)) baseFontOf.set(match[1] ?? '', match[2] ?? '');
  const fontOfName = new Map<string, string>();
  for (const match of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontOfName.set(match[1] ?? '', baseFontOf.get(match[2] ?? '') ?? '');
  const counts = new Map<string, number>();
  for (const match of raw.matchAll(/<<((?:(?!>>)[^])*?)\/Length (\d+)((?:(?!>>)[^])*?)>>\s*stream\r?\n/g)) {
    const dict = `${match[1]}${match[3]}`;
    if (!dict.includes('/FlateDecode') || dict.includes('/Length1') || dict.includes('/Subtype')) continue;
    const start = (match.index ?? 0) + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(match[2]))).toString('latin1');
    } catch {
      continue;
    }
    let font = '';
    for (const op of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (op[1]) font = fontOfName.get(op[1]) ?? op[1];
      else if (op[2] !== undefined) {
        const hex = [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '').join('');
        counts.set(font, (counts.get(font) ?? 0) + hex.length / 4);
      }
    }
  }
  return counts;
}

describe('QR labels in Hindi', () => {
  it('prints a Hindi admin’s labels in Hindi, in an embedded Devanagari font', async () => {
    const [hostel] = await portal.database.db.select({ id: hostels.id }).from(hostels).where(eq(hostels.name, 'Block-2'));
    await portal.database.db.insert(commonAreas).values({ hostelId: hostel?.id ?? '', floor: 1, name: 'Washroom', translations: { hi: { name: 'शौचालय' } }, code: 'F1WASH', position: 1 });
    const response = await admin.http.request(`${admin.baseUrl}/api/admin/hostels/${hostel?.id ?? ''}/qr-sheet.pdf?floor=1`);
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    const raw = pdf.toString('latin1');
    // Embedded as a subset (a six-letter tag before the name), regular and bold.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    const glyphs = glyphsByFont(pdf);
    const devanagari = [...glyphs].filter(([font]) => font.includes('NotoSansDevanagari')).reduce((sum, [, n]) => sum + n, 0);
    // Every label says "कमरा" (or the area's Hindi name), the hostel's Hindi name and the scan line in Devanagari.
    const labels = Number(response.headers.get('x-labels'));
    expect(labels).toBeGreaterThan(1);
    expect(devanagari).toBeGreaterThan(labels * 10);
    // The address stays Latin, in Helvetica as before.
    expect([...glyphs.keys()].some((font) => font.includes('Helvetica'))).toBe(true);
  });

  it('prints an English reader’s labels as before, with no embedded font', async () => {
    const [hostel] = await portal.database.db.select({ id: hostels.id }).from(hostels).where(eq(hostels.name, 'Block-2'));
    expect((await admin.send('PUT', '/api/me/locale', { locale: 'en' })).status).toBe(204);
    try {
      const response = await admin.http.request(`${admin.baseUrl}/api/admin/hostels/${hostel?.id ?? ''}/qr-sheet.pdf?floor=1`);
      const raw = Buffer.from(await response.arrayBuffer()).toString('latin1');
      expect(raw).not.toContain('NotoSansDevanagari');
    } finally {
      expect((await admin.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);
    }
  });
});

/** A text of the PDF's document information (an object of its own): the literal string unescaped, UTF-16 when it starts with its byte-order mark. */
function pdfInfo(pdf: Buffer, key: string): string | undefined {
  const raw = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  const start = ref === undefined ? -1 : raw.indexOf(`\n${ref} 0 obj\n(`);
  if (start < 0) return undefined;
  let bytes = '';
  for (let i = raw.indexOf('(', start) + 1; i < raw.length && raw[i] !== ')'; i += 1) {
    if (raw[i] !== '\\') bytes += raw[i];
    else {
      i += 1;
      const escaped = raw[i] ?? '';
      bytes += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escaped] ?? escaped;
    }
  }
  const buffer = Buffer.from(bytes, 'latin1');
  return buffer[0] === 0xfe && buffer[1] === 0xff ? Buffer.from(buffer.subarray(2)).swap16().toString('utf16le') : bytes;
}

describe('the anti-ragging report in Hindi', () => {
  const report = (format: 'csv' | 'pdf') => admin.http.request(`${admin.baseUrl}/api/ragging/report?from=2026-01-01&to=2026-06-30&format=${format}`);

  it('heads a Hindi administrator’s CSV in Hindi, with the hostels’ Hindi names', async () => {
    const inspected = await admin.post('/api/ragging/inspections', { hostel: 'Block-2', inspectedAt: '2026-03-10T16:00:00+05:30', findings: 'Nothing found', squad: 'Dr Rao' });
    expect(inspected.status).toBe(201);
    const response = await report('csv');
    expect(response.status).toBe(200);
    const lines = (await response.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toMatch(/^विश्वविद्यालय,/);
    expect(lines[1]).toBe('रिपोर्ट,संस्थान और ज़िले की एंटी-रैगिंग समितियों के लिए एंटी-रैगिंग रिपोर्ट');
    expect(lines[2]).toMatch(/^अवधि,1 जन॰ 2026 से 30 जून 2026 तक \(Asia\/Kolkata घड़ी के दिन\)$/);
    expect(lines).toContain('मिली शिकायतें');
    expect(lines).toContain('आँकड़ा,संख्या');
    expect(lines).toContain('मिलीं,0');
    expect(lines).toContain('ब्लॉक-2,1');
    // The log's time in Hindi on the university's clock; the findings and the squad as written.
    expect(lines).toContain('"10 मार्च 2026, 16:00",ब्लॉक-2,Nothing found,Dr Rao');
    expect(lines.join('\n')).not.toContain('Reports received');
  });

  it('prints a Hindi administrator’s PDF in Hindi, in an embedded Devanagari font, with a Hindi title', async () => {
    const response = await report('pdf');
    expect(response.status).toBe(200);
    const pdf = Buffer.from(await response.arrayBuffer());
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    const glyphs = glyphsByFont(pdf);
    const devanagari = [...glyphs].filter(([font]) => font.includes('NotoSansDevanagari')).reduce((sum, [, n]) => sum + n, 0);
    // Every title, label and note of the report: well over a thousand Devanagari glyphs.
    expect(devanagari).toBeGreaterThan(1000);
    expect([...glyphs.keys()].some((font) => font.includes('Helvetica'))).toBe(true);
    expect(pdfInfo(pdf, 'Title')).toBe('एंटी-रैगिंग रिपोर्ट, 2026-01-01 से 2026-06-30 तक');
  });

  it('prints an English reader’s report as before, with no embedded font', async () => {
    expect((await admin.send('PUT', '/api/me/locale', { locale: 'en' })).status).toBe(204);
    try {
      const pdf = Buffer.from(await (await report('pdf')).arrayBuffer());
      expect(pdf.toString('latin1')).not.toContain('NotoSansDevanagari');
      expect(pdfInfo(pdf, 'Title')).toBe('Anti-ragging report, 2026-01-01 to 2026-06-30');
      expect((await (await report('csv')).text()).split('\r\n')[1]).toBe(`Report,Anti-ragging report for the institution's and the district's anti-ragging committees`);
    } finally {
      expect((await admin.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);
    }
  });
});
