import { gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/support/browser.js';
import { BUDGET_PHONE, measureFirstLoad, type FirstLoad } from '../tests/support/first-load.js';
import { freePort } from '../tests/support/net.js';
import { repoRoot } from '../tests/support/paths.js';
import { startServerProcess, waitHealthy } from '../tests/support/process.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const RUNS = 3;
/** The goal for `/` (the Performance issue): at most this much JavaScript, and this Largest Contentful Paint at 4× slowdown. */
const GOAL = { scriptBytes: 76 * 1024, lcpMs: 400 };

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
 * What a first visit costs a phone (390×844, Chromium, 4× CPU slowdown): the JavaScript of the
 * first load (as tests/e2e/entry-size.test.ts counts it for its budget), everything until the
 * network is idle, and the Largest Contentful Paint.
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
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
