import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { aComplaint } from '../factories/complaints.js';
import { seedInsights } from '../factories/insights.js';
import { browserSuite, type Session } from '../support/e2e.js';
import type { SignInAs } from '../support/http-client.js';
import { addStaff, type NewStaff } from '../support/staff.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Every page every role can open, at a phone's width (390 px) and a desk's (1366 px), filled with
 * data: no page is wider than the window, nothing sticks out of the page's column (a table too wide
 * for a phone scrolls inside its own region), and no word of the portal's own text (a button, a
 * table header, a badge, a step) is broken across lines. Only what people wrote themselves (a
 * complaint, a message, an address) may break inside a word, so that a long link fits: the element
 * showing it asks for that itself (`wrap-anywhere`).
 */

const ADMIN = { email: 'scan.admin@vitbhopal.ac.in', name: 'Scan Admin' };
const STUDENT = { email: 'ishaan.verma@vitbhopal.ac.in', name: 'Ishaan Verma 22BCE10777' };
const STAFF = { email: 'scan.wifi@vitbhopal.ac.in', name: 'Scan Wifi Technician' };
const WARDEN = { email: 'scan.warden@vitbhopal.ac.in', name: 'Scan Block Warden' };
const DUTY = { email: 'scan.duty@vitbhopal.ac.in', name: 'Scan Anti-Ragging Duty' };

const PHONE_SIZE = { width: 390, height: 844 };
const DESK_SIZE = { width: 1366, height: 768 };

// A link as students paste them: one word of 60-odd characters, which breaks inside the complaint's text.
const LONG_LINK = 'https://portal.example.edu/outages/wifi/block-2/floor-3/ap-27';

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email });
const { it } = suite;

/** Routes filled in once the data exists. */
const at = { acknowledged: '', confidential: '', mail: '', grievance: '' };

beforeAll(async () => {
  const admin = await suite.api(ADMIN);
  const people: Array<[typeof STAFF, Omit<NewStaff, 'email' | 'name'>]> = [
    [STAFF, { role: 'staff', antiRagging: false, scopes: [{ category: 'wifi', hostel: '' }] }],
    [WARDEN, { role: 'warden', antiRagging: false, scopes: [{ category: '', hostel: 'Block-2' }, { category: '', hostel: 'Block-3' }] }],
    [DUTY, { role: 'staff', antiRagging: true, scopes: [{ category: 'other', hostel: '' }] }],
  ];
  for (const [who, as] of people) {
    await addStaff(admin, { ...who, ...as });
  }

  const student = await suite.api(STUDENT);
  const file = async (over: Record<string, unknown>) => {
    const filed = await student.post('/api/complaints', aComplaint(over));
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    return String(filed.body.number);
  };
  at.acknowledged = await file({ complaint: `The access point on our floor keeps restarting, see ${LONG_LINK} for the outage page.` });
  for (const subCategory of ['Slow', 'Connection Issue', 'Others']) {
    await file({ subCategory, hostel: 'Block-3', roomNo: '318', complaint: `Wifi ${subCategory.toLowerCase()} in the evenings, every day this week.` });
  }
  at.confidential = await file({ category: 'ragging', subCategory: 'Physical', placeKind: 'hostel', placeText: 'Second-floor corridor', complaint: 'Seniors keep waking us at night and demand errands.' });

  const staff = await suite.api(STAFF);
  const moved = await staff.send('POST', `/api/staff/complaints/${at.acknowledged}/transitions`, { to: 'acknowledged', note: '' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const replied = await staff.send('POST', `/api/staff/complaints/${at.acknowledged}/replies`, { text: `Noted. The vendor's status page is ${LONG_LINK}.` });
  expect(replied.status, JSON.stringify(replied.body)).toBe(204);

  // The grievance ladder with one grievance on appeal: the warden chairs the committee, the duty is the Ombudsperson.
  const rejectedOne = await file({ hostel: 'Block-3', roomNo: '318', complaint: 'The wifi in the common room has not worked since Monday.' });
  const turnedDown = await staff.send('POST', `/api/staff/complaints/${rejectedOne}/transitions`, { to: 'rejected', note: 'The access point works.' });
  expect(turnedDown.status, JSON.stringify(turnedDown.body)).toBe(200);
  const named = await admin.send('PUT', '/api/admin/grievance-committee', {
    members: [{ ...WARDEN, position: 'chair', woman: false, reservedCategory: false }],
    ombudsperson: DUTY,
  });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  const raised = await student.post('/api/grievances', { complaintNumber: rejectedOne, reason: `Nobody checked the room; the outage page ${LONG_LINK} says it is down.` });
  expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  at.grievance = String(raised.body.number);
  const chair = await suite.api(WARDEN);
  const heard = await chair.post(`/api/committee/grievances/${at.grievance}/hearings`, { at: new Date(Date.now() + 2 * 86_400_000).toISOString(), place: 'Committee room, Admin Block, first floor' });
  expect(heard.status, JSON.stringify(heard.body)).toBe(201);
  const decided = await chair.post(`/api/committee/grievances/${at.grievance}/decision`, { outcome: 'partly_upheld', findings: 'The room was not visited before the complaint was turned down.', decision: 'The wifi team visits room 318 within three days.' });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  const appealed = await student.post(`/api/grievances/${at.grievance}/appeal`, { reason: 'Three days is too long for a whole floor without wifi.' });
  expect(appealed.status, JSON.stringify(appealed.body)).toBe(200);

  await seedInsights(suite.portal.app.db);
  const [mail] = await suite.portal.app.db.select({ id: outbox.id }).from(outbox).limit(1);
  at.mail = String(mail?.id ?? '');
});

const PUBLIC = ['/', '/complaints', '/complaints/wifiComplaint', '/complaints/otherComplaint', '/services', '/aboutus', '/no-such-page'];
// Room 318 of Block-3 has three wifi complaints: its place page shows the repeat flag.
const CONSOLE = () => ['/staff', '/staff?view=all', '/staff/settings', '/settings/notifications', `/staff/complaints/${at.acknowledged}`, '/staff/places/BLOCK3/318'];

const ROLES: Array<{ role: string; who: SignInAs | null; routes: () => string[] }> = [
  { role: 'visitor', who: null, routes: () => PUBLIC },
  {
    role: 'student',
    who: STUDENT,
    routes: () => [...PUBLIC, '/my', `/my/${at.acknowledged}`, `/my/${at.confidential}`, '/userInfo', '/settings/notifications', '/staff', '/insights', '/cleaning', '/grievances', '/grievances/new', `/grievances/${at.grievance}`],
  },
  { role: 'staff', who: STAFF, routes: () => [...PUBLIC, ...CONSOLE(), '/userInfo', '/staff/cleaning'] },
  { role: 'anti-ragging duty, the Ombudsperson', who: DUTY, routes: () => ['/', ...CONSOLE(), `/staff/complaints/${at.confidential}`, '/ombudsperson', `/ombudsperson/appeals/${at.grievance}`] },
  { role: 'warden, the committee’s chair', who: WARDEN, routes: () => ['/', ...CONSOLE(), '/insights', '/userInfo', '/committee', `/committee/grievances/${at.grievance}`] },
  {
    role: 'admin',
    who: ADMIN,
    routes: () => [
      '/',
      ...CONSOLE(),
      `/staff/complaints/${at.confidential}`,
      '/insights',
      ...['university', 'hostels', 'categories', 'services', 'calendar', 'people', 'mail', `mail/${at.mail}`, 'audit', 'cleaning', 'grievance-committee', 'grievance-report'].map((s) => `/admin/${s}`),
    ],
  },
];

/**
 * What is wrong with the page's layout as it is drawn now, one line per offence. Runs in the page.
 * Words are what lies between spaces, and between a hyphen or slash and a letter: "Anti-ragging"
 * may wrap after its hyphen like any text; "Acknowle|dged" may not, nor "Block-|2" or "HC-2026-|000123".
 */
function layoutOffences(): string[] {
  const offences: string[] = [];
  const width = window.innerWidth;
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > width) offences.push(`the page is ${root.scrollWidth} px wide`);

  const name = (el: Element) => {
    const testId = el.getAttribute('data-testid');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}>${text ? ` "${text}"` : ''}`;
  };
  // Inside a box that scrolls or clips sideways, nothing can widen the page.
  const clippedCache = new Map<Element, boolean>();
  const insideClip = (el: Element): boolean => {
    const parent = el.parentElement;
    if (!parent || parent === document.body) return false;
    const known = clippedCache.get(parent);
    if (known !== undefined) return known;
    const clipped = getComputedStyle(parent).overflowX !== 'visible' || insideClip(parent);
    clippedCache.set(parent, clipped);
    return clipped;
  };

  const main = document.getElementById('main');
  const column = main
    ? main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight)
    : width;
  // Each element that sticks out, by how far; only the outermost of a nest is reported.
  const sticking = new Map<Element, string>();
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || insideClip(el)) continue;
    if (box.right > width + 0.5) {
      sticking.set(el, `${Math.round(box.right - width)} px past the window`);
      continue;
    }
    // Inside the page, an element's content keeps to the column; its padding may reach into the
    // page's margin (a band drawn edge to edge, a row of chips that scrolls to the window's edge).
    if (el === main || !main?.contains(el)) continue;
    const style = getComputedStyle(el);
    const contentRight = box.right - Number.parseFloat(style.paddingRight) - Number.parseFloat(style.borderRightWidth);
    if (contentRight > column + 0.5) sticking.set(el, `${Math.round(contentRight - column)} px past the page column`);
  }
  for (const [el, how] of sticking) {
    if (!el.parentElement || !sticking.has(el.parentElement)) offences.push(`${name(el)} sticks out ${how}`);
  }
  // A page wider than the window with nothing above sticking out: name what reaches that far
  // anyway (an empty or clipped box, something moving), so the report says where to look.
  if (root.scrollWidth > width && !sticking.size) {
    const far = [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3);
    for (const { el, right } of far) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      offences.push(`${name(el)} reaches ${Math.round(right)} px (${Math.round(box.width)}×${Math.round(box.height)}, ${style.position}, transform ${style.transform}, animations ${el.getAnimations().length})`);
    }
  }

  // Breaking inside words is asked for where people's own text is shown, on that element
  // (`wrap-anywhere`, `break-all`), never by the whole page: an element that sets it itself.
  const breakingCache = new Map<Element, boolean>();
  const breaksOnPurpose = (el: Element): boolean => {
    const parent = el.parentElement;
    if (!parent || el === document.body) return false;
    const known = breakingCache.get(el);
    if (known !== undefined) return known;
    const own = getComputedStyle(el);
    const up = getComputedStyle(parent);
    const sets =
      (own.overflowWrap !== 'normal' && own.overflowWrap !== up.overflowWrap) || (own.wordBreak !== 'normal' && own.wordBreak !== up.wordBreak);
    const result = sets || breaksOnPurpose(parent);
    breakingCache.set(el, result);
    return result;
  };

  const HOLDERS = 'li, td, th, button, label, legend, dt, dd, h1, h2, h3, h4, h5, h6, p';
  // The box a text is laid out in: its nearest ancestor that is not inline.
  const boxOf = (el: Element): Element | null => {
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const display = getComputedStyle(e).display;
      if (display !== 'inline' && display !== 'contents') return e;
    }
    return null;
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !text.trim() || parent.closest('script, style, noscript, option, textarea, title')) continue;
    // Words that cannot break may instead run out of their box, over their neighbours: out of the
    // label, cell or item they belong to (a flex item grows with its text, its item does not).
    // Text in a box that clips it (visually hidden text, a truncated line) shows nothing outside.
    const own = boxOf(parent);
    const clipped = !own || insideClip(own) || getComputedStyle(own).overflowX !== 'visible';
    const block = parent.closest(HOLDERS) ?? own;
    if (!clipped && block && getComputedStyle(block).overflowX === 'visible') {
      range.selectNodeContents(node);
      const edges = block.getBoundingClientRect();
      const out = [...range.getClientRects()].some((r) => r.width > 0 && (r.right > edges.right + 0.5 || r.left < edges.left - 0.5));
      if (out) offences.push(`text '${text.trim().slice(0, 40)}' runs out of ${name(block)}`);
    }
    if (breaksOnPurpose(parent)) continue;
    for (const word of text.matchAll(/[^\s/\-–—]+(?:[/\-–—]+(?!\p{L})[^\s/\-–—]*)*[/\-–—]*/gu)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const first = rects[0];
      if (!first) continue;
      // A piece of the word on a lower line than its start: the word was broken across lines.
      if (rects.some((r) => r.top >= first.top + first.height / 2)) {
        const label = parent.closest('button, a, th, td, h1, h2, h3, h4, label, legend, li, dt, dd, p, span') ?? parent;
        offences.push(`word '${word[0]}' split in ${name(label)}`);
      }
    }
  }
  return offences;
}

/** The page has drawn what it loads: its heading is there and no loading indicator spins. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return Boolean(main?.querySelector('h1')) && !document.querySelector('.animate-spin, [aria-busy="true"]');
  });
  // Two frames: a layout that reacts to the new size (charts observe their box) has drawn.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * What stays wrong once the page has stopped moving: a page that drew its heading can still be
 * placing a box as the last data arrives, so offences are read again, frame pair after frame pair,
 * for up to FRAMES_TO_SETTLE pairs. A real fault stays the whole time and is reported as last seen.
 */
const FRAMES_TO_SETTLE = 30;
async function lastingOffences(page: Page): Promise<string[]> {
  let offences = await page.evaluate(layoutOffences);
  for (let pair = 0; offences.length && pair < FRAMES_TO_SETTLE; pair++) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    offences = await page.evaluate(layoutOffences);
  }
  return offences;
}

// Set to a folder to keep a full-page screenshot of every page scanned (for looking, not for asserting).
const SCREENSHOTS = process.env.LAYOUT_SCAN_SCREENSHOTS;

async function scanRoutes(session: Session, role: string, routes: string[]): Promise<string[]> {
  const { page } = session;
  const found: string[] = [];
  for (const route of routes) {
    await page.setViewportSize(PHONE_SIZE);
    await page.goto(`${suite.portal.baseUrl}${route}`);
    for (const size of [PHONE_SIZE, DESK_SIZE]) {
      await page.setViewportSize(size);
      await settled(page).catch((error: unknown) => {
        throw new Error(`${route} @ ${size.width}: the page never settled (no h1, or a loading indicator stayed)`, { cause: error });
      });
      found.push(...(await lastingOffences(page)).map((offence) => `${route} @ ${size.width}: ${offence}`));
      if (SCREENSHOTS) {
        const file = `${role}${route}`.replace(/[^\w-]+/g, '_');
        await page.screenshot({ path: `${SCREENSHOTS}/${file}@${size.width}.png`, fullPage: true });
      }
    }
  }
  return found;
}

describe('every page at 390 and 1366 px, for every role', () => {
  for (const { role, who, routes } of ROLES) {
    it(`${role}: nothing wider than the window, no word split in a label`, async ({ browse }) => {
      // The 404 page and a student asking for staff pages meet their expected refusals.
      browse.allow(/status of 40[34]/);
      const session = who ? await browse.as(who, { viewport: PHONE_SIZE }) : await browse.signedOut({ viewport: PHONE_SIZE });
      expect(await scanRoutes(session, role, routes())).toEqual([]);
    });
  }
});
