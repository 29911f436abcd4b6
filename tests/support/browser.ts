import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type AxeCore from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium: its headless shell when installed (package chromium-headless-shell, the same
 * engine without the browser's UI layers: a third less CPU over the browser suite), else the browser.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium, headless, with nothing that phones home (the machine has no network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Chromium with a profile of its own in a fresh folder, as a person's browser is: a context of a
 * launched browser is off the record (incognito) in the full browser, where an app cannot be
 * installed, though the headless shell does not say so (issue 40, item 11). `close` removes the folder.
 */
export async function launchProfile(options: Parameters<typeof chromium.launchPersistentContext>[1] = {}): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'hcp-chromium-profile-'));
  const context = await chromium.launchPersistentContext(folder, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...options });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched by the first browser file it runs and used by the next
 * ones (a worker runs its files one after another, sharing loaded modules: isolate is off). A launch
 * costs about a CPU-second; what a test sees stays its own, since each test opens new contexts and
 * closes them. Playwright kills the browser when the worker exits; one that died is launched again.
 */
export async function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  const browser = await shared;
  if (browser.isConnected()) return browser;
  shared = undefined;
  return sharedBrowser();
}

/**
 * How long one step in a page (a click, a wait for an element) may take before it fails. A step
 * returns as soon as its condition holds, so a generous limit costs nothing when things work and
 * keeps a machine busy with other work (load 10 and more on two cores) from failing a journey that
 * was only slow (issue 40); a step that cannot happen still fails on its own line.
 */
export const STEP_TIMEOUT_MS = 30_000;

export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * A page that records console errors and uncaught exceptions; tests end with `expectNoConsoleErrors`.
 * The one error the app cannot prevent is Chromium's own "Failed to load resource … 401" line for
 * the signed-out GET /api/me, which is how the portal learns nobody is signed in.
 */
export async function openPage(context: BrowserContext): Promise<{ page: Page; consoleErrors: string[] }> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (/status of 401/.test(message.text()) && where.endsWith('/api/me')) return;
    consoleErrors.push(`${message.text()} (${where})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  return { page, consoleErrors };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical accessibility violations on the current page (axe-core), leaving out what
 * `exclude` selects (a frame axe cannot enter, say).
 *
 * axe runs in the page with `axe.run` and only its violations come back. The portal has no
 * cross-origin frames, so the partial runs that the Playwright wrapper makes for them (every rule's
 * result for every node, serialised to Node and replayed in a blank page) bought nothing and cost
 * most of each scan's CPU (decision 31).
 */
export async function seriousAxeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<string[]> {
  // A colour caught half-way through a transition (a button fading to its hover colour) is not what
  // anyone reads: measure the page once its finite animations have run.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (excluded) => {
    const { axe } = window as unknown as { axe: typeof AxeCore };
    const results = await axe.run(
      { exclude: excluded.map((selector) => [selector]) },
      // Only violations are read. The portal's one frame, a mail's HTML, is sandboxed without
      // scripts: axe could not run inside it and would wait for it until it gave up.
      { resultTypes: ['violations'], iframes: false },
    );
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, exclude);
}

/** True when the page is wider than the viewport (horizontal scroll on a phone). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Signs in through the development provider's page, as a person would. */
export async function signInThroughDevProvider(page: Page, who: { email: string; name: string }) {
  await page.getByRole('button', { name: 'Sign In' }).first().click();
  await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Display name').fill(who.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
