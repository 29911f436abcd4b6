import type { BrowserContext } from 'playwright-core';

/** The phone the design starts from (390×844): the budget of `/` is measured on it. */
export const BUDGET_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** What one first visit of a page cost, in bytes as sent (compressed when the server compresses). */
export interface FirstLoad {
  /** JavaScript asked for before the page's `load` event: what the first download is (entry-budget.json). */
  scriptBytesBeforeLoad: number;
  scriptFilesBeforeLoad: number;
  /** JavaScript until the network was idle: also what loads once the page has loaded (src/web/main.tsx). */
  scriptBytes: number;
  totalBytes: number;
  requests: number;
  /** Largest Contentful Paint, in milliseconds from the start of the navigation. */
  lcpMs: number;
}

/**
 * Opens `url` in a new page of `context` with the cache off and waits until the network is idle.
 * `cpuSlowdown` throttles the page's CPU as DevTools does (4 is how Lighthouse stands in for a
 * mid-range phone). Shared by the budget test (tests/e2e/entry-size.test.ts) and `npm run bench -- web`,
 * so the two count the same bytes.
 */
export async function measureFirstLoad(context: BrowserContext, url: string, { cpuSlowdown = 1 } = {}): Promise<FirstLoad> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Page.enable');
    if (cpuSlowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const sentAt = new Map<string, number>();
    const types = new Map<string, string>();
    const finished: Array<{ id: string; bytes: number }> = [];
    let loadedAt = Number.POSITIVE_INFINITY;
    cdp.on('Network.requestWillBeSent', (e) => sentAt.set(e.requestId, e.timestamp));
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => finished.push({ id: e.requestId, bytes: e.encodedDataLength }));
    cdp.on('Page.loadEventFired', (e) => {
      loadedAt = Math.min(loadedAt, e.timestamp);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcpMs: number };
      w.__lcpMs = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcpMs = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcpMs: number }).__lcpMs);

    const sum = (list: typeof finished) => list.reduce((total, f) => total + f.bytes, 0);
    const scripts = finished.filter((f) => types.get(f.id) === 'Script');
    const beforeLoad = scripts.filter((f) => (sentAt.get(f.id) ?? Number.POSITIVE_INFINITY) <= loadedAt);
    return {
      scriptBytesBeforeLoad: sum(beforeLoad),
      scriptFilesBeforeLoad: beforeLoad.length,
      scriptBytes: sum(scripts),
      totalBytes: sum(finished),
      requests: finished.length,
      lcpMs,
    };
  } finally {
    await page.close();
  }
}
