import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { pushSubscriptions } from '../../src/server/db/schema.js';
import { PHONE, STEP_TIMEOUT_MS, launchProfile, openPage, sharedBrowser } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import type { SignInAs } from '../support/http-client.js';
import { createDirectSession } from '../support/sessions.js';
import { aComplaint } from '../factories/complaints.js';
import { aPhoneJpeg } from '../factories/photos.js';
import { RELAXED_LIMITS } from '../support/limits.js';

const RIYA = { email: 'riya.sen@vitbhopal.ac.in', name: 'RIYA SEN 21BCE10041' };
const ASHA = { email: 'asha.pillai@vitbhopal.ac.in', name: 'ASHA PILLAI 21BCE10043' };
const MEERA = { email: 'meera.joshi@vitbhopal.ac.in', name: 'MEERA JOSHI 21BCE10044' };
const NIKHIL = { email: 'nikhil.rao@vitbhopal.ac.in', name: 'NIKHIL RAO 21BCE10042' };
const KAVYA = { email: 'kavya.nair@vitbhopal.ac.in', name: 'KAVYA NAIR 21BCE10045' };
const ROHAN = { email: 'rohan.das@vitbhopal.ac.in', name: 'ROHAN DAS 21BCE10046' };
const ADMIN = { email: 'app.admin@vitbhopal.ac.in', name: 'App Admin' };

/** Chromium's own line for the signed-out GET /api/me (how the app learns nobody is signed in). */
const SIGNED_OUT = /status of 401/;

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email });

/**
 * Debian's headless shell refuses notifications whatever the permission: the push tests need the
 * browser. One launch serves them all (a launch of the full browser costs more CPU than a test's
 * pages); each test still opens its own context.
 */
let notifyingBrowser: Promise<Browser> | undefined;
const browserWithNotifications = () =>
  (notifyingBrowser ??= chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] }));
afterAll(async () => {
  await (await notifyingBrowser)?.close();
});

/** Waits until the service worker controls the page (it claims it on activation, no reload). */
async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/**
 * A phone context that, unlike the `browse` fixture's, lets the app register its service worker;
 * signed in as `who` when given. Closed by `close`, which returns the console errors and uncaught
 * exceptions seen, less those matching `allowed`.
 */
async function onPhone(browser: Browser, who?: SignInAs) {
  const context = await browser.newContext(PHONE);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  if (who) {
    const { cookie } = await createDirectSession(suite.portal, who);
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: suite.portal.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  }
  const { page, consoleErrors } = await openPage(context);
  return {
    context,
    page,
    close: async (...allowed: RegExp[]) => {
      await context.close();
      return consoleErrors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
    },
  };
}

/** A move inside the app, keeping what it has loaded (the router follows popstate), as a tap on a link makes. */
async function clientSideTo(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Fills the Wi-Fi complaint form (on the page already). */
async function fillComplaint(page: Page, message: string) {
  await page.getByLabel('Message', { exact: true }).waitFor();
  await page.getByLabel('Hostel', { exact: true }).selectOption('Block-2');
  await page.getByLabel('Floor', { exact: true }).fill('3');
  await page.getByLabel('Room number', { exact: true }).fill('312');
  // "What's wrong?" is a row of chips in the redesigned form, a select before it.
  const chip = page.getByRole('radio', { name: 'Slow', exact: true });
  if ((await chip.count()) > 0) await chip.check();
  else await page.getByLabel('Category', { exact: true }).selectOption('Slow');
  await page.getByLabel('Message', { exact: true }).fill(message);
  // In-room work asks whether staff may enter when the student is out (decision 47).
  await page.getByRole('radio', { name: 'Yes', exact: true }).check();
}

async function filed(who: typeof RIYA, body: Record<string, unknown>): Promise<string> {
  const answer = await (await suite.api(who)).post('/api/complaints', body);
  expect(answer.status).toBe(201);
  return String(answer.body.number);
}

async function complaintsWith(who: typeof RIYA, text: string): Promise<number> {
  const mine = await (await suite.api(who)).get('/api/complaints/mine');
  return (mine.body.items as Array<{ complaint: string }>).filter((c) => c.complaint === text).length;
}

describe('the installable app', () => {
  it('has a manifest and a service worker that meet the install criteria', async () => {
    const { page, close } = await onPhone(await sharedBrowser());
    const manifest = await page.request.get(`${suite.portal.baseUrl}/manifest.webmanifest`);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      name: 'VIT Bhopal University Hostel Complaints',
      start_url: '/',
      display: 'standalone',
      icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512', purpose: 'maskable' })]) as unknown,
    });
    const worker = await page.request.get(`${suite.portal.baseUrl}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.goto(`${suite.portal.baseUrl}/`);
    await controlled(page);
    // Installability is asked of a browser with a profile of its own, as a phone's is: a launched
    // browser's other contexts are off the record, where the full Chromium installs nothing.
    const profile = await launchProfile(PHONE);
    try {
      const own = profile.context.pages()[0] ?? (await profile.context.newPage());
      await own.goto(`${suite.portal.baseUrl}/`);
      await controlled(own);
      const cdp = await profile.context.newCDPSession(own);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await profile.close();
    }
    // Only the student shell is precached: the admin, insights and staff pages stay online-only.
    const cached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('hcp-shell-'));
      const keys = names[0] ? await (await caches.open(names[0])).keys() : [];
      return keys.map((request) => new URL(request.url).pathname);
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', expect.stringMatching(/MyComplaintsPage-.*\.js$/)]));
    expect(cached.filter((file) => /AdminConsole|InsightsPage|StaffQueuePage|StaffComplaintPage/.test(file))).toEqual([]);
    expect(await close(SIGNED_OUT)).toEqual([]);
  });

  it('opens offline with My complaints as last seen, and sends a complaint made offline once when back', async () => {
    const earlier = await filed(RIYA, aComplaint({ complaint: 'The geyser in the washroom is cold.' }));
    const { page, context, close } = await onPhone(await sharedBrowser(), RIYA);
    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByText(earlier).first().waitFor();
    await controlled(page);
    // The service worker keeps the answers it passed through once it controls the page.
    await page.reload();
    await page.getByText(earlier).first().waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByText(earlier).first().waitFor();
    // Opened offline, the bar says when the list was saved (the worker answered before the page listened).
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).filter({ hasText: /as last seen \(saved at \d/ }).waitFor();

    const text = 'The fan in my room stopped, filed while offline.';
    await clientSideTo(page, '/complaints/wifiComplaint');
    await page.getByLabel('Message', { exact: true }).waitFor();
    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-2');
    await page.getByLabel('Floor', { exact: true }).fill('3');
    await page.getByLabel('Room number', { exact: true }).fill('312');
    await page.getByRole('radio', { name: 'Slow', exact: true }).check();
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const outbox = page.getByTestId('outbox');
    await outbox.filter({ hasText: 'Waiting to send (1)' }).waitFor();
    // Tapping again offline queues nothing more: the same payload keeps its Idempotency-Key.
    await page.getByRole('button', { name: 'Submit' }).click();
    await outbox.filter({ hasText: 'Waiting to send (1)' }).waitFor();
    expect(await complaintsWith(RIYA, text)).toBe(0);

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Sent:' }).waitFor();
    await expect.poll(() => complaintsWith(RIYA, text)).toBe(1);
    await outbox.waitFor({ state: 'detached' });
    // The pages already open learn of it: My complaints, last fetched offline, lists it without a reload.
    const mine = (await (await suite.api(RIYA)).get('/api/complaints/mine')).body.items as Array<{ number: string; complaint: string }>;
    const sent = mine.find((c) => c.complaint === text)?.number ?? 'not filed';
    await clientSideTo(page, '/my');
    await page.getByText(sent).first().waitFor();
    // Another visit online does not send it again.
    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByText(earlier).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('hcp.outbox'))).toBe('[]');
    expect(await complaintsWith(RIYA, text)).toBe(1);
    // Requests cut by going offline (no saved copy to answer them) are the point of this test.
    expect(await close(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/)).toEqual([]);
  });

  it('keeps a photo picked offline with its complaint and sends both once when back (issue 40)', async () => {
    const earlier = await filed(ASHA, aComplaint({ complaint: 'The tap in the washroom drips.' }));
    const { page, context, close } = await onPhone(await sharedBrowser(), ASHA);
    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByText(earlier).first().waitFor();
    await controlled(page);
    await page.reload();
    await page.getByText(earlier).first().waitFor();

    await context.setOffline(true);
    const text = 'The window latch is broken, photographed while offline.';
    await clientSideTo(page, '/complaints/wifiComplaint');
    await fillComplaint(page, text);
    await page.getByLabel('Choose photos').setInputFiles({ name: 'latch.jpg', mimeType: 'image/jpeg', buffer: await aPhoneJpeg({ width: 1200, height: 900 }) });
    const picked = page.getByTestId('picked-photo');
    await expect.poll(() => picked.getAttribute('data-state')).toBe('waiting');
    await picked.getByText('Waiting for a connection').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    const outbox = page.getByTestId('outbox');
    await outbox.filter({ hasText: 'Waiting to send (1)' }).filter({ hasText: 'with 1 photo' }).waitFor();
    // The photo waits on the phone, not in the page.
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('hcp.outbox') ?? '[]') as Array<{ photos?: number }>)[0]?.photos)).toBe(1);
    expect(await complaintsWith(ASHA, text)).toBe(0);

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'Sent:' }).waitFor();
    await expect.poll(() => complaintsWith(ASHA, text)).toBe(1);
    const asha = await suite.api(ASHA);
    const mine = (await asha.get('/api/complaints/mine')).body.items as Array<{ number: string; complaint: string }>;
    const number = mine.find((c) => c.complaint === text)?.number ?? 'not filed';
    const photos = (await asha.get(`/api/complaints/${number}/photos`)).body as { items: unknown[] };
    expect(photos.items).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('hcp.outbox'))).toBe('[]');
    // Nothing is left in IndexedDB once it went.
    expect(await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('hcp-outbox', 1);
      open.onsuccess = () => {
        const count = open.result.transaction('photos').objectStore('photos').count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(0);
    expect(await close(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/)).toEqual([]);
  });

  it('keeps a reply written offline on the phone and sends it once when back', async () => {
    const number = await filed(RIYA, aComplaint({ complaint: 'The corridor light flickers all night.' }));
    const { page, context, close } = await onPhone(await sharedBrowser(), RIYA);
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    await controlled(page);
    await page.reload();
    await page.getByLabel('Your reply').waitFor();

    await context.setOffline(true);
    await page.reload();
    const reply = 'It flickers from 11 pm, the one near room 214.';
    await page.getByLabel('Your reply').fill(reply);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByTestId('outbox').filter({ hasText: `Reply on ${number}` }).waitFor();
    const thread = async () => JSON.stringify((await (await suite.api(RIYA)).get(`/api/complaints/${number}`)).body);
    expect(await thread()).not.toContain(reply);

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: `Sent: Reply on ${number}` }).waitFor();
    await expect.poll(async () => (await thread()).split(reply).length - 1).toBe(1);
    expect(await close(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/)).toEqual([]);
  });

  it('keeps a complaint queued offline for the student who made it: another student signed in on the phone does not send it', async () => {
    const { page, context, close } = await onPhone(await sharedBrowser(), KAVYA);
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await controlled(page);
    await context.setOffline(true);
    const text = 'The Wi-Fi drops every evening, queued before someone else signed in.';
    await fillComplaint(page, text);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('outbox').filter({ hasText: 'Waiting to send (1)' }).waitFor();
    // Waiting to send counts as taken: the form's kept draft goes, so it is not offered again.
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('hcp:complaint-draft:')))).toEqual([]);

    // The phone changes hands: Kavya's session is replaced by Nikhil's, and it is back online.
    const as = async (who: SignInAs) => {
      const { cookie } = await createDirectSession(suite.portal, who);
      await context.clearCookies();
      await context.addCookies([{ name: cookie.name, value: cookie.value, url: suite.portal.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    };
    await as(NIKHIL);
    await context.setOffline(false);
    await page.goto(`${suite.portal.baseUrl}/my`);
    await page.getByRole('heading', { name: 'My complaints' }).waitFor();
    // Coming back online again once the page knows Nikhil's session: the outbox is tried with it.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForLoadState('networkidle');
    expect(await complaintsWith(NIKHIL, text)).toBe(0);

    // Kavya signs in again: it goes, once, as hers.
    await as(KAVYA);
    await page.goto(`${suite.portal.baseUrl}/my`);
    await expect.poll(async () => (await complaintsWith(KAVYA, text)) + (await complaintsWith(NIKHIL, text))).toBe(1);
    expect(await complaintsWith(NIKHIL, text)).toBe(0);
    expect(await complaintsWith(KAVYA, text)).toBe(1);
    await page.getByTestId('outbox').waitFor({ state: 'detached' });
    expect(await close(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/)).toEqual([]);
  });

  it('forgets the offline copies and shared photos when the sign-out gets no answer, and keeps the outbox for its owner', async () => {
    const { page, context, close } = await onPhone(await sharedBrowser(), ASHA);
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await controlled(page);
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    const kept = () =>
      page.evaluate(async () => {
        // A read after the sign-out opens (so makes) an empty data cache again: what counts is what is in it.
        const holds = async (name: string) => (await caches.has(name)) && (await (await caches.open(name)).keys()).length > 0;
        // My complaints (the page after a failed sign-out asks /api/me again, which the still-live session answers).
        const mine = (await caches.has('hcp-data')) && (await (await caches.open('hcp-data')).match('/api/complaints/mine', { ignoreVary: true })) !== undefined;
        return { data: mine, share: await holds('hcp-share'), outbox: localStorage.getItem('hcp.outbox') };
      });
    await page.evaluate(async () => {
      await fetch('/api/complaints/mine');
      await (await caches.open('hcp-share')).put('/shared/0', new Response('photo', { headers: { 'content-type': 'image/jpeg' } }));
      localStorage.setItem('hcp.outbox', JSON.stringify([{ key: 'k1', kind: 'reply', path: '/api/x', body: {}, label: 'Reply', queuedAt: '', csrfToken: null, owner: 'someone' }]));
    });
    await expect.poll(kept).toMatchObject({ data: true, share: true });

    // The phone thinks it is online, but the sign-out POST gets no answer (a dead Wi-Fi).
    await context.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(kept).toMatchObject({ data: false, share: false });
    // Signed out for real: the rest of the storage goes, another student's waiting reply stays.
    await context.unroute('**/api/auth/logout');
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/`);
    expect(JSON.parse((await kept()).outbox ?? '[]')).toMatchObject([{ key: 'k1', owner: 'someone' }]);
    expect(await close(SIGNED_OUT, /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/)).toEqual([]);
  });

  it('offers installing only after a first complaint, never on the first visit, and not again after "Not now"', async () => {
    const { page, close } = await onPhone(await sharedBrowser(), ASHA);
    // Chromium offers installing on its own schedule; this stands in for its event.
    await page.addInitScript(() => {
      const offer = () => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => Promise.resolve(),
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', offer);
      else offer();
    });
    const offer = page.getByRole('region', { name: 'Install the app' });
    await page.goto(`${suite.portal.baseUrl}/`);
    await controlled(page);
    expect(await offer.count()).toBe(0);

    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await fillComplaint(page, 'The wifi router on floor 3 blinks red.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await offer.getByText('Add the portal to your home screen?').waitFor();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await fillComplaint(page, 'The wifi router on floor 3 blinks red again.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => complaintsWith(ASHA, 'The wifi router on floor 3 blinks red again.')).toBe(1);
    expect(await offer.count()).toBe(0);
    expect(await close()).toEqual([]);
  });

  it('opens a new complaint with a photo shared into the app (Web Share Target)', async () => {
    const { page, close } = await onPhone(await sharedBrowser(), MEERA);
    await page.goto(`${suite.portal.baseUrl}/`);
    await controlled(page);
    // A share sheet posts the image to the manifest's share_target as a multipart form: so does this one.
    await page.evaluate(() => {
      const form = Object.assign(document.createElement('form'), { method: 'post', action: '/share-target', enctype: 'multipart/form-data' });
      form.append(Object.assign(document.createElement('input'), { type: 'file', name: 'photos', id: 'shared-file' }));
      document.body.append(form);
    });
    await page.locator('#shared-file').setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: await aPhoneJpeg() });
    await page.evaluate(() => document.querySelector<HTMLFormElement>('form[action="/share-target"]')?.submit());
    await page.waitForURL(`${suite.portal.baseUrl}/complaints?shared=photos`);
    await page.getByRole('status').filter({ hasText: 'Your photo is here.' }).waitFor();

    await page.locator('a[href="/complaints/wifiComplaint"]').first().click();
    const text = 'The router light is red, photo shared from the gallery.';
    await fillComplaint(page, text);
    await expect.poll(() => page.getByTestId('picked-photo').getAttribute('data-state')).toBe('done');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => complaintsWith(MEERA, text)).toBe(1);
    const api = await suite.api(MEERA);
    const mine = (await api.get('/api/complaints/mine')).body.items as Array<{ number: string; complaint: string }>;
    const number = mine.find((c) => c.complaint === text)?.number ?? '';
    const photos = await api.get(`/api/complaints/${number}/photos`);
    expect(photos.status).toBe(200);
    expect(photos.body.items).toHaveLength(1);
    // Taken once: the next complaint form starts without it.
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByLabel('Message', { exact: true }).waitFor();
    expect(await page.getByTestId('picked-photo').count()).toBe(0);
    expect(await close()).toEqual([]);
  });

  it('forgets this device\'s push subscription when the student signs out, so the next person on the phone gets none of theirs', async () => {
    // A subscription as the browser would make it; the headless browser reaches no real push service, so
    // the page's PushManager hands out this one and records its unsubscribe.
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
    const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const saved = await (await suite.api(ROHAN)).send('PUT', '/api/push/subscription', { endpoint, keys });
    expect(saved.status, JSON.stringify(saved.body)).toBe(204);
    const row = async () => (await suite.portal.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
    expect(await row()).toBeDefined();

    const { page, close } = await onPhone(await sharedBrowser(), ROHAN);
    let unsubscribed = 0;
    await page.exposeFunction('recordUnsubscribe', () => void unsubscribed++);
    await page.addInitScript((given) => {
      const subscription = {
        endpoint: given.endpoint,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint: given.endpoint, keys: given.keys }),
        unsubscribe: async () => {
          await (window as unknown as { recordUnsubscribe: () => Promise<void> }).recordUnsubscribe();
          return true;
        },
      };
      PushManager.prototype.getSubscription = () => Promise.resolve(subscription as unknown as PushSubscription);
    }, { endpoint, keys });
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await controlled(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/`);
    await expect.poll(row).toBeUndefined();
    expect(unsubscribed).toBe(1);
    expect(await close(SIGNED_OUT)).toEqual([]);
  });

  it('lets a student answer a team question in three taps from the push', async () => {
    const number = await filed(KAVYA, aComplaint({ complaint: 'The wifi drops in room 118 every night.' }));
    const question = 'Does it drop on 2.4 GHz too, or only 5 GHz?';
    const asked = await (await suite.api(ADMIN)).send('POST', `/api/staff/complaints/${number}/replies`, { text: question });
    expect(asked.status, JSON.stringify(asked.body)).toBe(204);
    const { page, context, close } = await onPhone(await browserWithNotifications(), KAVYA);
    // The browser outlives the test: its context goes even when the test fails half-way.
    onTestFinished(() => context.close());
    await context.grantPermissions(['notifications'], { origin: suite.portal.baseUrl });
    // The push carries what the bell says (modules/push/message.ts): the complaint as title and tag, the bell's words as body.
    const bell = (await (await suite.api(KAVYA)).get('/api/notifications')).body.items as Array<{ text: string; complaintNumber: string | null }>;
    const words = bell.find((n) => n.complaintNumber === number)?.text ?? 'no bell entry for the question';
    let taps = 0;
    // Tap 1: the notification of the question.
    await pushOpensComplaint(page, number, { title: number, body: words, url: `/my/${number}`, tag: number });
    taps++;
    await page.getByText(question).first().waitFor();
    // The team has written, so the withdraw card does not claim nobody has picked it up.
    expect(await page.getByText('Nobody has picked this up yet').count()).toBe(0);
    // Tap 2: the reply box, at the top with the question (issue 40, item 1), ready to type.
    await page.getByTestId('team-question').getByLabel('Your reply').click();
    taps++;
    const answer = 'Both bands drop, from about 11 pm.';
    await page.keyboard.type(answer);
    // Tap 3: send.
    await page.getByRole('button', { name: 'Send reply' }).click();
    taps++;
    await page.getByTestId('student-reply-result').filter({ hasText: 'Reply sent.' }).waitFor();
    expect(taps).toBeLessThanOrEqual(3);
    const thread = async () => JSON.stringify((await (await suite.api(KAVYA)).get(`/api/complaints/${number}`)).body);
    await expect.poll(async () => (await thread()).split(answer).length - 1).toBe(1);
    expect(await close()).toEqual([]);
  });

  it('shows a pushed notification for the complaint, and tapping it opens the complaint', async () => {
    const number = await filed(NIKHIL, aComplaint({ complaint: 'The window latch is broken.' }));
    const { page, context, close } = await onPhone(await browserWithNotifications(), NIKHIL);
    // The browser outlives the test: its context goes even when the test fails half-way.
    onTestFinished(() => context.close());
    await context.grantPermissions(['notifications'], { origin: suite.portal.baseUrl });
    await pushOpensComplaint(page, number);
    // A notification whose address is '//host/...' (it starts with '/') opens My complaints, not that host.
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('the service worker runs');
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      await scope.registration.showNotification('Elsewhere', { data: { url: '//example.com/sign-in' }, tag: 'elsewhere' });
      const [notification] = await scope.registration.getNotifications({ tag: 'elsewhere' });
      const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      if (notification) scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
    });
    await page.waitForURL(`${suite.portal.baseUrl}/my`);
    expect(await close()).toEqual([]);
  });
});

/** A push delivered through DevTools shows one notification per complaint; tapping it opens the complaint. */
async function pushOpensComplaint(page: Page, number: string, pushed?: { title: string; body: string; url: string; tag: string }) {
  const context = page.context();
  {
    const cdp: CDPSession = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${suite.portal.baseUrl}/`);
    await controlled(page);
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${suite.portal.baseUrl}/`)?.registrationId ?? null).not.toBeNull();
    const registrationId = registrations.find((r) => r.scopeURL === `${suite.portal.baseUrl}/`)?.registrationId ?? '';

    const payload = pushed ?? { title: `${number}: the team asked a question`, body: 'Which window is it?', url: `/my/${number}`, tag: `complaint-${number}` };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.portal.baseUrl, registrationId, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
      );
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);
    if (!pushed) {
      // A second push for the same complaint replaces the first.
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.portal.baseUrl, registrationId, data: JSON.stringify({ ...payload, body: 'Still there?' }) });
      await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(['Still there?']);
    }

    // Tapping it: the worker gets notificationclick (no DevTools command clicks a notification).
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('the service worker runs');
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      if (notification) scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
    });
    await page.waitForURL(`${suite.portal.baseUrl}/my/${number}`);
    await page.getByText(number).first().waitFor();
  }
}
