import { gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.js';
import { BUDGET_PHONE, measureFirstLoad, type FirstLoad } from '../tests/support/first-load.js';
import { freePort } from '../tests/support/net.js';
import { repoRoot } from '../tests/support/paths.js';
import { startServerProcess, waitHealthy } from '../tests/support/process.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const RUNS = 3;
/** The goal for `/` (the Performance issue): at most this much JavaScript, and this Largest Contentful Paint at 4× slowdown. */
const GOAL = { scriptBytes: 76 * 1024, lcpMs: 400, inpMs: 200 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * First visits of `url` with the CPU slowed 4×, each in a fresh context with the cache off: one
 * uncounted visit first (the server's and Chromium's first request pay for warming up), then the
 * median of RUNS for each figure.
 */
async function measure(url: string): Promise<FirstLoad> {
  const browser = await launchBrowser();
  try {
    const runs: FirstLoad[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const context = await browser.newContext(BUDGET_PHONE);
      try {
        const load = await measureFirstLoad(context, url, { cpuSlowdown: 4 });
        if (run > 0) runs.push(load);
      } finally {
        await context.close();
      }
    }
    const of = (key: keyof FirstLoad) => median(runs.map((r) => r[key]));
    return {
      scriptBytesBeforeLoad: of('scriptBytesBeforeLoad'),
      scriptFilesBeforeLoad: of('scriptFilesBeforeLoad'),
      scriptBytes: of('scriptBytes'),
      totalBytes: of('totalBytes'),
      requests: of('requests'),
      lcpMs: of('lcpMs'),
    };
  } finally {
    await browser.close();
  }
}

/**
 * Interaction to Next Paint of one thing a person does on a page, at 4× CPU slowdown once the page is
 * live (its network idle): the longest event-timing entry of the interactions `act` makes (what
 * Chromium reports as INP for a page with few interactions). Median of RUNS, each in a fresh context.
 */
async function measureInteraction(url: string, act: (page: Page) => Promise<void>): Promise<number> {
  const browser = await launchBrowser();
  try {
    const runs: number[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const context = await browser.newContext(BUDGET_PHONE);
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          const w = window as unknown as { __events: Array<{ id: number; duration: number }> };
          w.__events = [];
          new PerformanceObserver((list) => {
            // Event timing entries (their interactionId is not in every lib's types).
            for (const entry of list.getEntries() as unknown as Array<{ interactionId?: number; duration: number }>) {
              if (entry.interactionId) w.__events.push({ id: entry.interactionId, duration: entry.duration });
            }
          }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit & { durationThreshold: number });
        });
        await page.goto(url, { waitUntil: 'networkidle' });
        await act(page);
        // Event timing entries arrive after the next paint.
        await page.waitForTimeout(500);
        const events = await page.evaluate(() => (window as unknown as { __events: Array<{ id: number; duration: number }> }).__events);
        if (run > 0) runs.push(Math.max(0, ...events.map((e) => e.duration)));
      } finally {
        await context.close();
      }
    }
    return median(runs);
  } finally {
    await browser.close();
  }
}

/**
 * What a first visit costs a phone (390×844, Chromium, 4× CPU slowdown): the JavaScript of the
 * first load (as tests/e2e/entry-size.test.ts counts it for its budget), everything until the
 * network is idle, the Largest Contentful Paint, and the Interaction to Next Paint of opening the
 * menu and of typing in a complaint form.
 */
export async function webBench() {
  const assets = path.join(repoRoot, 'dist', 'web', 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const sizes = files
    .map((f) => ({ file: f, gzip: gzipSync(readFileSync(path.join(assets, f))).length }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log(`JavaScript in dist/web: ${files.length} files, ${kb(sizes.reduce((s, f) => s + f.gzip, 0))} gzipped in all; largest:`);
  for (const f of sizes.slice(0, 6)) console.log(`  ${f.file.padEnd(40)} ${kb(f.gzip)}`);

  // The built server in its own process, on a new embedded database, as `npm start` runs it: the
  // bench's own work (Chromium's events) does not share its event loop.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hcp-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServerProcess({ PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' });
  try {
    await waitHealthy(server, baseUrl, 120_000);
    for (const [label, route] of [
      ['/', '/'],
      ['a complaint form', '/complaints/wifiComplaint'],
    ] as const) {
      const m = await measure(`${baseUrl}${route}`);
      const goal = route === '/' ? ` (goal ≤ ${kb(GOAL.scriptBytes)} and ≤ ${GOAL.lcpMs} ms)` : '';
      console.log(
        `${label.padEnd(18)}: first load ${kb(m.scriptBytesBeforeLoad)} of JavaScript over ${m.scriptFilesBeforeLoad} files, ` +
          `LCP ${m.lcpMs.toFixed(0)} ms${goal}; until the network is idle ${kb(m.scriptBytes)} of JavaScript, ` +
          `${kb(m.totalBytes)} in all over ${m.requests} requests (as sent; median of ${RUNS}, 4× CPU slowdown, 390×844 phone)`,
      );
    }
    // What a person does first: open the menu on `/`, type into a complaint form's message.
    const menu = await measureInteraction(`${baseUrl}/`, async (page) => {
      await page.getByRole('button', { name: 'Menu' }).tap();
      await page.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
    });
    const typing = await measureInteraction(`${baseUrl}/complaints/wifiComplaint`, async (page) => {
      const message = page.getByLabel('Message', { exact: true });
      await message.click();
      await message.pressSequentially('No signal since morning', { delay: 30 });
    });
    console.log(
      `interaction to next paint (4× CPU slowdown, median of ${RUNS}): opening the menu on / ${menu.toFixed(0)} ms, ` +
        `typing in a complaint form ${typing.toFixed(0)} ms (goal ≤ ${GOAL.inpMs} ms each)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
