import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, PHONE } from '../tests/support/browser.js';
import { repoRoot } from '../tests/support/paths.js';
import { startTestApp } from '../tests/support/test-app.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** What a first visit costs: bytes over the wire by type, and Largest Contentful Paint at 4× CPU throttling. */
async function measure(url: string, runs = 3) {
  const browser = await launchBrowser();
  const results: Array<{ lcp: number; js: number; total: number; requests: number }> = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const types = new Map<string, string>();
      let total = 0;
      let js = 0;
      let requests = 0;
      cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
      cdp.on('Network.loadingFinished', (e) => {
        requests += 1;
        total += e.encodedDataLength;
        if (types.get(e.requestId) === 'Script') js += e.encodedDataLength;
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      results.push({ lcp, js, total, requests });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = <T>(values: T[], key: (v: T) => number) => values.map(key).sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    lcp: median(results, (r) => r.lcp),
    js: median(results, (r) => r.js),
    total: median(results, (r) => r.total),
    requests: median(results, (r) => r.requests),
  };
}

export async function webBench() {
  const assets = path.join(repoRoot, 'dist', 'web', 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const sizes = files
    .map((f) => ({ file: f, gzip: gzipSync(readFileSync(path.join(assets, f))).length }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log(`JavaScript in dist/web: ${files.length} files, ${kb(sizes.reduce((s, f) => s + f.gzip, 0))} gzipped in all; largest:`);
  for (const f of sizes.slice(0, 6)) console.log(`  ${f.file.padEnd(40)} ${kb(f.gzip)}`);

  const portal = await startTestApp({ LOG_LEVEL: 'silent' });
  try {
    for (const [label, route] of [
      ['/', '/'],
      ['a complaint form', '/complaints/wifiComplaint'],
    ] as const) {
      const m = await measure(`${portal.baseUrl}${route}`);
      console.log(
        `${label.padEnd(18)}: ${kb(m.js)} JavaScript, ${kb(m.total)} in all over ${m.requests} requests (as sent, compressed when the server compresses), LCP ${m.lcp.toFixed(0)} ms at 4× CPU throttling (median of 3, phone viewport)`,
      );
    }
  } finally {
    await portal.close();
  }
}
