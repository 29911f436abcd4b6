import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { PHONE, STEP_TIMEOUT_MS, openPage, sharedBrowser, type DESKTOP } from './browser.js';
import type { SignInAs } from './http-client.js';
import { createDirectSession } from './sessions.js';
import { ApiClient } from './student.js';
import { portalTest, type PortalSetup } from './fixtures.js';
import type { SmtpSink } from './smtp-sink.js';
import type { TestApp } from './test-app.js';

export type Device = typeof PHONE | typeof DESKTOP;

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and 5xx answers seen so far. */
  problems: string[];
}

export interface Browse {
  /** A new browser context signed in as `who` (a session made directly in the database). */
  as(who: SignInAs, device?: Device): Promise<Session>;
  /** A new browser context nobody is signed in to. */
  signedOut(device?: Device): Promise<Session>;
  /**
   * Problems this test provokes on purpose (an aborted request, a 404 it asks for): console
   * errors and failed requests matching one of the patterns do not fail it.
   */
  allow(...patterns: RegExp[]): void;
}

/**
 * Every request that did not get an answer is a problem, except one the page itself dropped
 * (ERR_ABORTED: it navigated away or a query was cancelled), which no user ever notices.
 */
function watchRequests(page: Page, problems: string[]) {
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`server error: ${response.request().method()} ${response.url()} ${response.status()}`);
  });
}

/**
 * One portal (its own database, from the fixtures: its `people` added before the first test, a mail
 * sink with `mail: true`) for the browser tests of a file, the worker's Chromium, and the `browse`
 * fixture each test opens its browser contexts with. Each test starts from nothing in the browser:
 * no cookies, no storage, signed in directly rather than through the provider's page. When the test
 * ends, every page it opened must have logged no console error, thrown nothing, lost no request and
 * met no 5xx, apart from what it allowed; then its contexts are closed.
 */
export function browserSuite<Team extends string = never>(env: Record<string, string>, people: Omit<PortalSetup<Team>, 'env'> = {}) {
  const state: { portal?: TestApp; browser?: Browser; sink?: SmtpSink } = {};

  // The worker's Chromium starts while the fixtures start the portal (the hook after this one).
  let browserStarting: Promise<Browser> | undefined;
  beforeAll(() => {
    browserStarting = sharedBrowser();
  });
  const portalSuite = portalTest({ ...people, env });
  // The portal closes after the file (a file fixture); the browser is the worker's.
  portalSuite.beforeAll(async ({ portal }) => {
    state.portal = portal;
    state.browser = await browserStarting;
  });
  if (people.team) {
    // Added before the first test, by the fixtures' admin, as the files' own hooks did.
    portalSuite.beforeAll(({ team }) => {
      void team;
    });
  }
  if (people.mail) {
    portalSuite.beforeAll(({ sink }) => {
      state.sink = sink;
    });
  }

  const suite = {
    get portal(): TestApp {
      if (!state.portal) throw new Error('the portal starts in beforeAll');
      return state.portal;
    },
    /** The mail the portal sent (browserSuite(env, { mail: true })). */
    get sink(): SmtpSink {
      if (!state.sink) throw new Error('the sink starts with browserSuite(env, { mail: true })');
      return state.sink;
    },
    get browser(): Browser {
      if (!state.browser) throw new Error('the browser starts in beforeAll');
      return state.browser;
    },
    /** An API client for `who`, signed in the same direct way (for arranging what a test needs). */
    api: (who: SignInAs) => ApiClient.withSession(suite.portal, who),
    it: portalSuite.extend<{ browse: Browse }>({
      // eslint-disable-next-line no-empty-pattern
      browse: async ({}, use) => {
        const sessions: Session[] = [];
        const allowed: RegExp[] = [];
        const open = async (device: Device): Promise<Session> => {
          // The app registers a service worker once the page is idle; page.route cannot see the
          // requests a worker makes, so these contexts go without (installable-app.test.ts has its own).
          const context = await suite.browser.newContext({ ...device, serviceWorkers: 'block' });
          // A step that cannot happen fails on its own line, inside the test's time limit.
          context.setDefaultTimeout(STEP_TIMEOUT_MS);
          const { page, consoleErrors } = await openPage(context);
          watchRequests(page, consoleErrors);
          const session = { context, page, problems: consoleErrors };
          sessions.push(session);
          return session;
        };
        await use({
          async as(who, device = PHONE) {
            const { cookie } = await createDirectSession(suite.portal, who);
            const session = await open(device);
            await session.context.addCookies([
              { name: cookie.name, value: cookie.value, url: suite.portal.baseUrl, httpOnly: true, sameSite: 'Lax' },
            ]);
            return session;
          },
          signedOut: (device = PHONE) => open(device),
          allow(...patterns) {
            allowed.push(...patterns);
          },
        });
        const unexpected = sessions.flatMap((s) => s.problems).filter((p) => !allowed.some((pattern) => pattern.test(p)));
        await Promise.all(sessions.map((s) => s.context.close()));
        expect(unexpected, 'console errors, page errors, failed requests and 5xx answers').toEqual([]);
      },
    }),
  };
  return suite;
}
