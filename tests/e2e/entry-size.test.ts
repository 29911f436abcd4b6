import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sharedBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The first download of `/` must not grow (issue 24): the JavaScript a phone fetches before the
 * page's `load` event, as sent (compressed), stays within the committed budget. What loads after it
 * (the service worker's registration, the offline queue, the install prompt) is not counted: those
 * wait for `load` and an idle moment on purpose (src/web/main.tsx).
 */
const budget = JSON.parse(readFileSync(new URL('./entry-budget.json', import.meta.url), 'utf8')) as {
  baselineBytes: number;
  budgetBytes: number;
};

let portal: TestApp | undefined;
beforeAll(async () => {
  portal = await startTestApp({});
});
afterAll(async () => {
  await portal?.close();
});

test('the JavaScript of the first load of / stays within the committed budget', async () => {
  if (!portal) throw new Error('the portal starts in beforeAll');
  const browser = await sharedBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Page.enable');
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
    await page.goto(`${portal.baseUrl}/`, { waitUntil: 'networkidle' });
    const scripts = finished.filter((f) => types.get(f.id) === 'Script');
    const beforeLoad = scripts.filter((f) => (sentAt.get(f.id) ?? Number.POSITIVE_INFINITY) <= loadedAt);
    const sum = (list: typeof finished) => list.reduce((total, f) => total + f.bytes, 0);
    const firstLoad = sum(beforeLoad);
    console.log(
      `/ first load: ${(firstLoad / 1024).toFixed(1)} KB of JavaScript before load over ${beforeLoad.length} files ` +
        `(${(sum(scripts) / 1024).toFixed(1)} KB until the network is idle); baseline ${(budget.baselineBytes / 1024).toFixed(1)} KB, ` +
        `budget ${(budget.budgetBytes / 1024).toFixed(1)} KB`,
    );
    expect(firstLoad, 'JavaScript bytes of the first load of / (tests/e2e/entry-budget.json)').toBeGreaterThan(0);
    expect(firstLoad, 'JavaScript bytes of the first load of / (tests/e2e/entry-budget.json)').toBeLessThanOrEqual(budget.budgetBytes);
  } finally {
    await context.close();
  }
});
