import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CookieClient, reachCallback, signIn } from '../support/http-client.js';
import { freePort } from '../support/net.js';
import { SHORT_LIVED, seededDataDir, startServerProcess, waitHealthy } from '../support/process.js';
import { createTestDatabase } from '../support/postgres.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { ApiClient } from '../support/student.js';
import { aComplaint } from '../factories/complaints.js';

const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'hcp-proc-'));

async function instanceEnv(extra: Record<string, string> = {}, dataDir = newDataDir()) {
  const port = await freePort();
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, ...extra },
  };
}

describe('the server process', () => {
  it('exits at start-up listing every configuration problem', async () => {
    const server = startServerProcess({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', DATA_DIR: newDataDir() }, SHORT_LIVED);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('The portal cannot start.');
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/DATABASE_URL must be a postgres/);
  });

  it('refuses to start in production without sign-in settings, a session secret and a public URL', async () => {
    const server = startServerProcess({ NODE_ENV: 'production', DATA_DIR: newDataDir() }, SHORT_LIVED);
    expect(await server.exited).toBe(1);
    for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET', 'PUBLIC_URL']) {
      expect(server.output()).toContain(`${key} is required in production`);
    }
  });

  // The one cold start of this file (initdb on an empty DATA_DIR) and a restart: slow on a busy machine.
  it('keeps sessions across a restart, refuses a second process on the same DATA_DIR, and stops cleanly', async () => {
    const { baseUrl, env } = await instanceEnv();
    const first = startServerProcess(env, SHORT_LIVED);
    // initdb on a machine also running the operations test (three instances and PostgreSQL) can be slow.
    await waitHealthy(first, baseUrl, 90_000);
    const client = new CookieClient();
    await signIn(client, baseUrl, { email: 'restart@vitbhopal.ac.in', name: 'Re Start 21BCE10004' });
    expect((await client.request(`${baseUrl}/api/me`)).status).toBe(200);

    const second = startServerProcess({ ...env, PORT: String(await freePort()) }, SHORT_LIVED);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by another portal process/);

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(env.DATA_DIR, 'portal.lock'))).toBe(false);

    const again = startServerProcess(env, SHORT_LIVED);
    await waitHealthy(again, baseUrl);
    expect((await client.request(`${baseUrl}/api/me`)).status).toBe(200);
    expect(await again.stop('SIGINT')).toBe(0);
  }, 150_000);

  it('starts in production without loading the development provider (no oidc-provider warning)', async () => {
    const { baseUrl, env } = await instanceEnv(
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://complaints.example.edu',
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'portal-client-id',
        OIDC_CLIENT_SECRET: 'portal-client-secret',
        SESSION_SECRET: 'a-production-session-secret-of-enough-length-0123',
      },
      seededDataDir(),
    );
    const server = startServerProcess(env, SHORT_LIVED);
    await waitHealthy(server, baseUrl);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('Hostel Complaint Portal ready');
    // oidc-provider prints this when imported on Node 20; production must not import it at all.
    expect(server.output()).not.toContain('oidc-provider WARNING');
  });

  it('prints only the address people should open, PUBLIC_URL, and sends the listening address there', async () => {
    // No PUBLIC_URL: http://localhost:$PORT, while it listens on 127.0.0.1.
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATA_DIR: seededDataDir() }, SHORT_LIVED);
    const listening = `http://127.0.0.1:${port}`;
    await waitHealthy(server, listening);
    const login = await fetch(`${listening}/api/auth/login`, { redirect: 'manual' });
    expect(await server.stop()).toBe(0);
    const log = server.output();
    expect(log).toContain(`Hostel Complaint Portal ready at http://localhost:${port}`);
    expect(log).not.toMatch(/https?:\/\/(127\.0\.0\.1|\[::1?\]|0\.0\.0\.0)/);
    expect(login.status).toBe(307);
    expect(login.headers.get('location')).toBe(`http://localhost:${port}/api/auth/login`);
  });

  it('never logs the session cookie, the CSRF token or the authorization code', async () => {
    const { baseUrl, env } = await instanceEnv({ LOG_LEVEL: 'debug' }, seededDataDir());
    const server = startServerProcess(env, SHORT_LIVED);
    await waitHealthy(server, baseUrl);
    const client = new CookieClient();
    const { callbackUrl } = await reachCallback(client, baseUrl, { email: 'logs@vitbhopal.ac.in' });
    const code = new URL(callbackUrl).searchParams.get('code') ?? '';
    await client.request(callbackUrl);
    const me = (await (await client.request(`${baseUrl}/api/me`)).json()) as { csrfToken: string };
    const token = client.cookie(baseUrl, 'hcp_session') ?? '';
    await server.stop();
    const log = server.output();
    expect(token.length).toBeGreaterThan(20);
    expect(log).not.toContain(token);
    expect(log).not.toContain(me.csrfToken);
    expect(code.length).toBeGreaterThan(10);
    expect(log).not.toContain(code);
    // The callback is logged by its route, its query values redacted.
    expect(log).toContain('"url":"/api/auth/callback?');
  });

  it('delivers the mail of a confirmed complaint after the process is killed right after confirming it', async () => {
    const smtpPort = await freePort();
    const { baseUrl, env } = await instanceEnv(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
        MAIL_RETRY_BASE_MS: '100',
        MAIL_POLL_INTERVAL_MS: '200',
        MAIL_LEASE_SECONDS: '2',
      },
      seededDataDir(),
    );
    const first = startServerProcess(env, SHORT_LIVED);
    await waitHealthy(first, baseUrl);
    const student = await ApiClient.signedIn(baseUrl, { email: 'crash@vitbhopal.ac.in', name: 'Crash Test 21BCE10005' });
    const { status, body } = await student.post('/api/complaints', aComplaint());
    expect(status).toBe(201);
    // No goodbye: the process dies the instant the student has the confirmation.
    first.child.kill('SIGKILL');
    await first.exited;

    const sink = await SmtpSink.start(smtpPort);
    try {
      const again = startServerProcess(env, SHORT_LIVED);
      await waitHealthy(again, baseUrl);
      await sink.waitFor(2);
      // A clean stop waits for sends in flight: after it, nothing more can arrive, and each mail came once.
      expect(await again.stop()).toBe(0);
      const subjects = sink.received.map((m) => m.parsed.subject).sort();
      expect(subjects).toEqual([`We received your complaint — ${String(body.number)}`, `Wifi Complaint — ${String(body.number)}`]);
    } finally {
      await sink.stop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'brings up two instances started together on one empty PostgreSQL database',
    async () => {
      const { url, drop } = await createTestDatabase({ fromTemplate: false });
      try {
        const a = await instanceEnv({ DATABASE_URL: url });
        const b = await instanceEnv({ DATABASE_URL: url });
        const one = startServerProcess(a.env, SHORT_LIVED);
        const two = startServerProcess(b.env, SHORT_LIVED);
        await Promise.all([waitHealthy(one, a.baseUrl), waitHealthy(two, b.baseUrl)]);
        // Development sign-in keeps its state in each process: the log says it cannot be balanced.
        expect(one.output()).toContain('development sign-in is on (no OIDC_ISSUER): it works with ONE instance only');
        // Sessions are shared: signed in on one, known on the other.
        const client = new CookieClient();
        await signIn(client, a.baseUrl, { email: 'shared@vitbhopal.ac.in' });
        const token = client.cookie(a.baseUrl, 'hcp_session') ?? '';
        const other = new CookieClient();
        other.setCookie(b.baseUrl, 'hcp_session', token);
        expect((await other.request(`${b.baseUrl}/api/me`)).status).toBe(200);
        expect(await one.stop()).toBe(0);
        expect(await two.stop()).toBe(0);
      } finally {
        await drop();
      }
    },
  );
});
