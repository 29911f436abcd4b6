import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sharedBrowser } from '../support/browser.js';
import { BUDGET_PHONE, measureFirstLoad } from '../support/first-load.js';
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
  const context = await browser.newContext(BUDGET_PHONE);
  try {
    const load = await measureFirstLoad(context, `${portal.baseUrl}/`);
    const firstLoad = load.scriptBytesBeforeLoad;
    console.log(
      `/ first load: ${(firstLoad / 1024).toFixed(1)} KB (${firstLoad} bytes) of JavaScript before load over ${load.scriptFilesBeforeLoad} files ` +
        `(${(load.scriptBytes / 1024).toFixed(1)} KB until the network is idle); baseline ${(budget.baselineBytes / 1024).toFixed(1)} KB, ` +
        `budget ${(budget.budgetBytes / 1024).toFixed(1)} KB`,
    );
    expect(firstLoad, 'JavaScript bytes of the first load of / (tests/e2e/entry-budget.json)').toBeGreaterThan(0);
    expect(firstLoad, 'JavaScript bytes of the first load of / (tests/e2e/entry-budget.json)').toBeLessThanOrEqual(budget.budgetBytes);
  } finally {
    await context.close();
  }
});
