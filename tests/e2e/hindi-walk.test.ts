import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import type { PublicCatalog, Translated } from '../../src/shared/catalog.js';
import { aComplaint } from '../factories/complaints.js';
import { browserSuite, type Session } from '../support/e2e.js';
import type { SignInAs } from '../support/http-client.js';
import { RELAXED_LIMITS } from '../support/limits.js';
import { addStaff } from '../support/staff.js';

/*
 * Issue 40, item 4: every page a Hindi reader can open reads in Hindi, the admin console's
 * included. Three people whose accounts read Hindi (a student, a warden on anti-ragging duty, an
 * administrator) open every page their role has, filled with data, at a phone's 390 × 844; on each
 * the words in Latin letters are counted once what is not the portal's own is taken out: names an
 * administrator or a person gave (with no Hindi given), what people wrote, numbers, codes and
 * addresses, and the words Hindi speakers say in English anyway.
 */

const ADMIN = { email: 'walk.admin@vitbhopal.ac.in', name: 'Walk Admin' };
const STUDENT = { email: 'tara.joshi@vitbhopal.ac.in', name: 'Tara Joshi 23BCE10555' };
const WARDEN = { email: 'walk.warden@vitbhopal.ac.in', name: 'Walk Warden' };
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** What people wrote: a complaint, a ragging report, a question, a notice. */
const WRITTEN = {
  fan: 'पंखा दो दिन से बंद है।',
  tap: 'नल से पानी टपकता रहता है।',
  ragging: 'सीनियर रात में कमरे में आकर परेशान करते हैं।',
  question: 'कल सुबह दस बजे आ सकते हैं?',
  notice: 'दूसरी मंज़िल पर पानी बंद',
  grievance: 'टीम ने कमरा देखे बिना शिकायत अस्वीकार कर दी।',
  findings: 'कमरे का निरीक्षण नहीं हुआ था।',
  decision: 'टीम तीन दिन में कमरा देखे।',
  hearing: 'समिति कक्ष, प्रशासनिक भवन',
  appeal: 'तीन दिन बहुत लंबा समय है।',
};

/** Words Hindi speakers say as they are, and each language's own name on the switch. */
const LATIN_WORDS = new Set(['Wi-Fi', 'WhatsApp', 'FIR', 'OTP', 'QR', 'CSV', 'PDF', 'SMTP', 'URL', 'IST', 'HTML', 'UGC', 'PNG', 'JPEG', 'WebP', 'KB', 'English', 'SC', 'ST', 'OBC']);

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email, MAIL_POLL_INTERVAL_MS: '200' });
const { it } = suite;

/** Filled in once the data exists. */
const at = { fan: '', ragging: '', area: '', mail: '', grievance: '' };
/** Texts that are data on the pages: names and what people wrote. */
let dataTexts: string[] = [];
/** What an administrator typed in English and edits as it is: every name of the catalogue, its keys, the contacts. */
let adminTexts: string[] = [];

beforeAll(async () => {
  const admin = await suite.api(ADMIN);
  await addStaff(admin, { ...WARDEN, role: 'warden', antiRagging: true, scopes: [{ category: '', hostel: '' }] });
  for (const who of [ADMIN, WARDEN, STUDENT]) {
    const client = await suite.api(who);
    expect((await client.send('PUT', '/api/me/locale', { locale: 'hi' })).status).toBe(204);
  }

  // A common area with its Hindi name, changed once (the audit log then has its fields).
  const hostels = (await admin.get('/api/admin/hostels')).body.items as Array<{ id: string; name: string; code: string }>;
  const block2 = hostels.find((h) => h.name === 'Block-2');
  const area = await admin.post(`/api/admin/hostels/${block2?.id ?? ''}/common-areas`, { name: 'Washroom', translations: { hi: { name: 'शौचालय' } }, floor: 3 });
  expect(area.status, JSON.stringify(area.body)).toBe(201);
  at.area = String(area.body.code).toUpperCase();
  const moved = await admin.send('PUT', `/api/admin/hostels/${block2?.id ?? ''}/common-areas/${String(area.body.id)}`, {
    name: 'Washroom',
    translations: { hi: { name: 'शौचालय' } },
    floor: 2,
    code: String(area.body.code),
    position: Number(area.body.position ?? 0),
    retired: false,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const slot = await admin.post('/api/admin/cleaning-slots', { hostelId: block2?.id ?? '', weekday: 3, startTime: '10:00', endTime: '12:00', capacity: 5 });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);

  const student = await suite.api(STUDENT);
  const file = async (over: Record<string, unknown>) => {
    const filed = await student.post('/api/complaints', aComplaint(over));
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    return String(filed.body.number);
  };
  at.fan = await file({ category: 'electricity', subCategory: 'Fan', hostel: 'Block-2', floor: 2, roomNo: '205', complaint: WRITTEN.fan });
  await file({ category: 'water', subCategory: 'Shower', roomNo: '', commonAreaId: String(area.body.id), complaint: WRITTEN.tap });
  at.ragging = await file({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'दूसरी मंज़िल', complaint: WRITTEN.ragging });

  const warden = await suite.api(WARDEN);
  const asked = await warden.send('POST', `/api/staff/complaints/${at.fan}/replies`, { text: WRITTEN.question, internal: false });
  expect(asked.status, JSON.stringify(asked.body)).toBe(204);
  const notice = await warden.send('POST', '/api/staff/incidents', {
    hostel: 'Block-2',
    floors: [2],
    category: 'water',
    title: WRITTEN.notice,
    details: '',
    endsAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
  });
  expect(notice.status, JSON.stringify(notice.body)).toBe(201);

  // The grievance ladder, on appeal: the warden chairs the committee, the administrator is the Ombudsperson.
  const light = await file({ category: 'electricity', subCategory: 'Switch', hostel: 'Block-2', floor: 2, roomNo: '205', complaint: WRITTEN.fan });
  expect((await warden.send('POST', `/api/staff/complaints/${light}/transitions`, { to: 'rejected', note: WRITTEN.findings })).status).toBe(200);
  const named = await admin.send('PUT', '/api/admin/grievance-committee', { members: [{ ...WARDEN, position: 'chair', woman: false, reservedCategory: false }], ombudsperson: ADMIN });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  const raised = await student.post('/api/grievances', { complaintNumber: light, reason: WRITTEN.grievance });
  expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  at.grievance = String(raised.body.number);
  const heard = await warden.post(`/api/committee/grievances/${at.grievance}/hearings`, { at: new Date(Date.now() + 2 * 86_400_000).toISOString(), place: WRITTEN.hearing });
  expect(heard.status, JSON.stringify(heard.body)).toBe(201);
  const decided = await warden.post(`/api/committee/grievances/${at.grievance}/decision`, { outcome: 'partly_upheld', findings: WRITTEN.findings, decision: WRITTEN.decision });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  expect((await student.post(`/api/grievances/${at.grievance}/appeal`, { reason: WRITTEN.appeal })).status).toBe(200);

  const [mail] = await suite.portal.app.db.select({ id: outbox.id }).from(outbox).limit(1);
  at.mail = String(mail?.id ?? '');

  const catalog = (await student.get('/api/catalog')).body as unknown as PublicCatalog;
  dataTexts = [
    ...untranslatedNames(catalog),
    ...[ADMIN, WARDEN, STUDENT].flatMap((p) => [p.name, ...p.name.split(' ')]),
    ...Object.values(WRITTEN),
    'दूसरी मंज़िल',
    ...contactNames(catalog),
  ];
  adminTexts = [
    ...catalog.hostels.flatMap((h) => [h.name, ...(h.commonAreas ?? []).map((a) => a.name)]),
    ...catalog.categories.flatMap((c) => [c.key, c.routingKey, c.cardTitle, c.complaintHead, c.description, ...c.subCategories.flatMap((s) => [s.name, s.routingKey ?? ''])]),
    ...catalog.services.flatMap((s) => [s.key, s.routingKey, s.label]),
    ...hostels.map((h) => h.code),
    // The working calendar's CSV columns, which a file must name as they are.
    'date,name', 'name_hi',
  ].filter((text) => text !== '');
});

/** The anti-ragging contacts every page shows: names an administrator gave. */
function contactNames(catalog: PublicCatalog): string[] {
  const contacts = catalog.university.raggingContacts;
  if (!contacts) return [];
  return [contacts.nodalOfficerName, contacts.translations?.hi?.committeeName ? '' : contacts.committeeName].filter((name) => name !== '');
}

/** The names the catalogue gives no Hindi for: shown as they are on a Hindi page, as they should be. */
function untranslatedNames(catalog: PublicCatalog): string[] {
  const untranslated = <Field extends string>(thing: Translated<Field>, field: Field) => (thing.translations?.hi?.[field] ? [] : [thing[field]]);
  return [
    ...untranslated(catalog.university, 'name'),
    ...untranslated(catalog.university, 'shortName'),
    ...catalog.hostels.flatMap((h) => [...untranslated(h, 'name'), ...(h.commonAreas ?? []).flatMap((a) => untranslated(a, 'name'))]),
    ...catalog.categories.flatMap((c) => [
      ...untranslated(c, 'cardTitle'),
      ...untranslated(c, 'complaintHead'),
      ...untranslated(c, 'description'),
      ...c.subCategories.flatMap((s) => untranslated(s, 'name')),
    ]),
    ...catalog.services.flatMap((s) => untranslated(s, 'label')),
  ].filter((name) => name !== '');
}

/**
 * The words in Latin letters on the page once `data` is taken out, and addresses, complaint
 * numbers, label codes, times and file names: a run in the page.
 */
function latinWords(data: string[]): string[] {
  // What a mail said as it was sent (the admin's mail page) is that mail's, in its reader's language.
  const verbatim = [...document.querySelectorAll<HTMLElement>('[data-testid="mail-text"]')].map((el) => el.innerText);
  let text = document.body.innerText;
  for (const phrase of verbatim.filter((t) => t !== '')) text = text.split(phrase).join(' ');
  // Addresses first: a name (the university's short name) may be part of one.
  text = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/\b[A-Z][a-z]+\/[A-Za-z_]+\b/g, ' ') // a time zone: Asia/Kolkata
    .replace(/\/[\w-]+(\/[\w-]+)*/g, ' '); // a path: /complaints/wifiComplaint, /p/BLOCK2/205
  for (const phrase of data.filter((t) => t !== '').sort((a, b) => b.length - a.length)) text = text.split(phrase).join(' ');
  text = text
    .replace(/\S*\d\S*/g, ' '); // anything with a digit: HC-2026-000001, 23BCE10555, F3WASH, BLOCK2
  return text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]|\b[A-Za-z]\b/g) ?? [];
}

/** The page has drawn its heading and nothing is loading. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return Boolean(main?.querySelector('h1')) && !document.querySelector('.animate-spin, [aria-busy="true"]');
  });
}

/** The English left once the page stops changing (the last data may still arrive after the heading). */
async function englishOn(page: Page, data: string[]): Promise<string[]> {
  const read = async () => (await page.evaluate(latinWords, data)).filter((word) => !LATIN_WORDS.has(word));
  let words = await read();
  for (let pair = 0; words.length && pair < 30; pair++) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    words = await read();
  }
  return words;
}

/** One line per page with English left: "/route: Word Word". */
async function walk(session: Session, routes: string[], data: string[]): Promise<string[]> {
  const left: string[] = [];
  for (const route of routes) {
    await session.page.goto(`${suite.portal.baseUrl}${route}`);
    await settled(session.page).catch((error: unknown) => {
      throw new Error(`${route}: the page never settled (no h1, or a loading indicator stayed)`, { cause: error });
    });
    await expect.poll(() => session.page.evaluate(() => document.documentElement.lang)).toBe('hi');
    const words = await englishOn(session.page, data);
    if (words.length) left.push(`${route}: ${words.join(' ')}`);
  }
  return left;
}

const STUDENT_ROUTES = () => [
  '/',
  '/complaints',
  ...['wifiComplaint', 'carpenterComplaint', 'waterComplaint', 'messComplaint', 'electricityComplaint', 'otherComplaint', 'raggingComplaint'].map((r) => `/complaints/${r}`),
  `/complaints/electricityComplaint?hostel=Block-2&area=${at.area}`,
  '/services',
  '/cleaning',
  '/aboutus',
  '/ragging/anonymous',
  '/ragging/follow',
  '/my',
  `/my/${at.fan}`,
  `/my/${at.ragging}`,
  '/p/BLOCK2/205',
  `/p/BLOCK2/${at.area}`,
  '/p/BLOCK2/9999',
  '/settings/notifications',
  '/userInfo',
  '/grievances',
  '/grievances/new',
  `/grievances/${at.grievance}`,
  '/no-such-page',
];

const WARDEN_ROUTES = () => [
  '/staff',
  '/staff/settings',
  '/staff/notices',
  '/staff/anti-ragging',
  `/staff/complaints/${at.fan}`,
  `/staff/complaints/${at.ragging}`,
  '/staff/places/BLOCK2/205',
  `/staff/places/BLOCK2/${at.area}`,
  '/staff/cleaning',
  '/insights',
  '/committee',
  `/committee/grievances/${at.grievance}`,
];

const ADMIN_ROUTES = () => [
  ...['university', 'hostels', 'categories', 'services', 'calendar', 'cleaning', 'routing', 'people', 'mail', `mail/${at.mail}`, 'audit', 'grievance-committee', 'grievance-report'].map((s) => `/admin/${s}`),
  '/ombudsperson',
  `/ombudsperson/appeals/${at.grievance}`,
];

const READERS: Array<{ role: string; who: SignInAs; routes: () => string[]; data: () => string[] }> = [
  { role: 'a student', who: STUDENT, routes: STUDENT_ROUTES, data: () => dataTexts },
  { role: 'a warden on anti-ragging duty', who: WARDEN, routes: WARDEN_ROUTES, data: () => dataTexts },
  { role: 'an administrator', who: ADMIN, routes: ADMIN_ROUTES, data: () => [...dataTexts, ...adminTexts] },
];

describe('every page in Hindi', () => {
  for (const { role, who, routes, data } of READERS) {
    it(`${role} reads every page of theirs in Hindi: no English word of the portal's own is left`, async ({ browse }) => {
      const session = await browse.as(who, PHONE_390);
      // The unknown label and the unknown page answer 404 on purpose.
      browse.allow(/\/api\/places\/BLOCK2\/9999 404/, /status of 404/);
      expect(await walk(session, routes(), data())).toEqual([]);
    });
  }
});
