import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openPage, sharedBrowser, signInThroughDevProvider } from '../support/browser.js';
import { freePort } from '../support/net.js';
import { repoRoot } from '../support/paths.js';
import { SHORT_LIVED, seededDataDir, startServerProcess, waitHealthy, type RunningServer } from '../support/process.js';

/**
 * The first hour of an operator, through the built server as `npm start` runs it and Chromium as a
 * person uses it: becoming an admin after the fact with ADMIN_EMAILS, and trying every role the
 * demo prints.
 */

let browser: Browser;
const dataDirs: string[] = [];
const servers: RunningServer[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(async () => {
  // The browser is the worker's (sharedBrowser): what this file opened in it is closed here, even after a failure.
  await Promise.all(contexts.map((context) => context.close()));
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** An empty DATA_DIR, as on a fresh clone; or `seeded`, holding the created and migrated database (no initdb). */
function newDataDir({ seeded = false } = {}) {
  const dir = seeded ? seededDataDir('hcp-first-hour-') : mkdtempSync(path.join(tmpdir(), 'hcp-first-hour-'));
  dataDirs.push(dir);
  return dir;
}

async function start(dataDir: string, extra: Record<string, string> = {}, port?: number) {
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServerProcess({ PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, NODE_ENV: 'development', ...extra }, SHORT_LIVED);
  servers.push(server);
  await waitHealthy(server, baseUrl);
  return { server, baseUrl };
}

/** The demo's filling step, as `npm run demo` runs it; fails with what it printed if it fails or hangs. */
function runDemo(env: Record<string, string>): Promise<string> {
  const limitMs = 150_000;
  return new Promise((resolve, reject) => {
    let out = '';
    // Killed if it has not finished in time, so a hang fails here with the demo's output instead of
    // as the test's bare time-out.
    const demo = spawn(process.execPath, [...SHORT_LIVED, '--import', 'tsx', 'scripts/demo.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: limitMs, killSignal: 'SIGKILL' });
    demo.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    demo.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    demo.on('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`the demo ${signal === 'SIGKILL' ? `had not finished after ${limitMs / 1000} s` : `exited with ${code ?? signal}`}; it printed:\n${out}`));
    });
  });
}

/** Signs in from the home page and returns the path the portal landed on. */
async function signInFromHome(baseUrl: string, who: { email: string; name: string }) {
  const context = await browser.newContext(DESKTOP);
  contexts.push(context);
  const { page, consoleErrors } = await openPage(context);
  await page.goto(`${baseUrl}/`);
  await signInThroughDevProvider(page, who);
  await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/api/'));
  return { page, context, consoleErrors, landed: () => new URL(page.url()).pathname };
}

/** The demo's printed table: role, e-mail, display name. */
function rolesPrinted(printed: string) {
  return printed
    .split('\n')
    .map((line) => /^(.+?)\s{2,}(\S+@\S+)\s{2,}(.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ role: (m[1] ?? '').trim(), email: m[2] ?? '', name: (m[3] ?? '').trim() }));
}

describe('the first hour', () => {
  // One database for the file, filled by the demo (each start of the built server costs seconds of
  // CPU): the demo's portal serves the first test, and the second one restarts it.
  const demo = { dataDir: '', printed: '', portal: { server: undefined as RunningServer | undefined, baseUrl: '' } };
  beforeAll(async () => {
    // On a created and migrated database: the demo's part is the filling (an empty DATA_DIR's first
    // start, which `npm run demo` also begins with, is the process tests').
    demo.dataDir = newDataDir({ seeded: true });
    const port = await freePort();
    const env = { PATH: process.env.PATH ?? '', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: demo.dataDir, DEMO_COMPLAINTS: '40', LOG_LEVEL: 'warn' };
    demo.printed = await runDemo(env);
    // The portal as `npm run demo` then starts it, on the demo's database.
    demo.portal = await start(demo.dataDir, {}, port);
  }, 180_000);

  it('the demo prints who to sign in as, and each role lands where it works, with data there', async () => {
    const { printed } = demo;
    expect(printed).toContain('Demo ready: 40 complaints');
    const rows = rolesPrinted(printed);
    const pick = (prefix: string) => {
      const row = rows.find((r) => r.role.startsWith(prefix));
      if (!row) throw new Error(`the demo printed no ${prefix}:\n${printed}`);
      return row;
    };
    const portalUrl = demo.portal.baseUrl;

    const asAdmin = await signInFromHome(portalUrl, pick('admin'));
    expect(asAdmin.landed()).toMatch(/^\/admin/);
    await asAdmin.page.getByRole('link', { name: 'People' }).first().waitFor();
    await asAdmin.context.close();

    const staff = await signInFromHome(portalUrl, pick('staff, Wifi'));
    expect(staff.landed()).toBe('/staff');
    await staff.page.getByRole('link', { name: /HC-\d{4}-\d+/ }).first().waitFor();
    expect(staff.consoleErrors).toEqual([]);
    await staff.context.close();

    const warden = await signInFromHome(portalUrl, pick('warden, Block-2'));
    expect(warden.landed()).toBe('/staff');
    await warden.context.close();

    const student = await signInFromHome(portalUrl, pick('student'));
    expect(student.landed()).toBe('/');
    await student.page.goto(`${portalUrl}/my`);
    await student.page.getByRole('link', { name: /HC-\d{4}-\d+/ }).first().waitFor();
    expect(student.consoleErrors).toEqual([]);
    await student.context.close();
  }, 120_000);

  // Ends the file's portal: it restarts it.
  it('someone who signed in as a student, then put their address in ADMIN_EMAILS and restarted, reaches /admin', async () => {
    const operator = { email: 'late.operator@vitbhopal.ac.in', name: 'Late Operator 21BCE10099' };
    const asStudent = await signInFromHome(demo.portal.baseUrl, operator);
    expect(asStudent.landed()).toBe('/');
    await asStudent.context.close();
    await demo.portal.server?.stop();

    const restarted = await start(demo.dataDir, { ADMIN_EMAILS: operator.email });
    const asAdmin = await signInFromHome(restarted.baseUrl, operator);
    expect(asAdmin.landed()).toMatch(/^\/admin/);
    // The console's own section navigation: only an admin gets this far.
    await asAdmin.page.getByRole('link', { name: 'People' }).first().waitFor();
    expect(asAdmin.consoleErrors).toEqual([]);
    await asAdmin.context.close();
  }, 120_000);
});
