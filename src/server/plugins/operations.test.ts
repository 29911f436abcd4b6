import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { aComplaint, aStudent } from '../../../tests/factories/complaints.js';
import { RELAXED_LIMITS } from '../../../tests/support/limits.js';

/** GET with node:http, which shows the Connection header fetch hides. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const METRICS_TOKEN = 'metrics-token-for-the-test-0123';

describe('health probes and draining', () => {
  let portal: TestApp;
  beforeAll(async () => {
    portal = await startTestApp();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers /livez without the database, /readyz and /healthz with it, and keeps connections while serving', async () => {
    expect(await (await fetch(`${portal.baseUrl}/livez`)).json()).toEqual({ status: 'ok' });
    for (const path of ['/readyz', '/healthz']) {
      const response = await rawGet(`${portal.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ status: 'ok', database: portal.database.kind });
      expect(response.headers.connection).toBe('keep-alive');
    }
  });

  it('fails readiness at once when draining starts, stays alive, and closes each connection after its response', async () => {
    portal.app.draining.begin();
    const ready = await rawGet(`${portal.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ error: { code: 'draining', message: 'This instance is stopping.' } });
    expect((await rawGet(`${portal.baseUrl}/healthz`)).status).toBe(503);
    const alive = await rawGet(`${portal.baseUrl}/livez`);
    expect(alive.status).toBe(200);
    // Still served, but the balancer's connection is not kept for a next request.
    expect(alive.headers.connection).toBe('close');
    const config = await rawGet(`${portal.baseUrl}/api/config`);
    expect(config.status).toBe(200);
    expect(config.headers.connection).toBe('close');
  });
});

describe('metrics', () => {
  it('are not there without METRICS_TOKEN', async () => {
    const portal = await startTestApp();
    try {
      const response = await fetch(`${portal.baseUrl}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 'not_found', message: 'Metrics are off: set METRICS_TOKEN to turn them on.' },
      });
    } finally {
      await portal.close();
    }
  });

  it('need the bearer token, and count requests by route, the outbox by status and the oldest queued mail', async () => {
    const portal = await startTestApp({ ...RELAXED_LIMITS, METRICS_TOKEN });
    try {
      expect((await fetch(`${portal.baseUrl}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${portal.baseUrl}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all-000' } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer');

      // No SMTP_URL: the complaint's two mails are held.
      const student = await ApiClient.withSession(portal, aStudent());
      expect((await student.post('/api/complaints', aComplaint())).status).toBe(201);
      const response = await fetch(`${portal.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toMatch(/hcp_http_request_duration_seconds_count\{method="POST",route="\/api\/complaints",status_code="201"\} 1/);
      expect(text).toContain('hcp_outbox_messages{status="held"} 2');
      expect(text).toContain('hcp_outbox_messages{status="queued"} 0');
      expect(text).toContain('hcp_outbox_oldest_queued_age_seconds 0');
      expect(text).toContain('hcp_mail_sent_total 0');
      // Push has its counters and outbox figures like mail (issue 40, item 12).
      expect(text).toContain('hcp_push_sent_total 0');
      expect(text).toMatch(/hcp_push_outbox_messages\{status="queued"\} 0/);
      expect(text).toContain('hcp_push_outbox_oldest_queued_age_seconds 0');
      expect(text).toContain('hcp_database_up 1');
      expect(text).toMatch(/hcp_process_cpu_seconds_total/);
      if (portal.database.kind === 'postgres') expect(text).toMatch(/hcp_db_pool_connections\{state="total"\} [1-9]/);
      // The token never reaches the log or the page.
      expect(text).not.toContain(METRICS_TOKEN);
    } finally {
      await portal.close();
    }
  });
});

describe('client addresses behind a proxy', () => {
  it('with a hop count, takes the address the proxy saw: a forged X-Forwarded-For does not dodge the sign-in limit', async () => {
    const portal = await startTestApp({ TRUST_PROXY: '1', RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    try {
      const login = (forwardedFor: string) =>
        fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual', headers: { 'x-forwarded-for': forwardedFor } }).then((r) => r.status);
      // The client forges a different first entry each time; the proxy appends the real address.
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push(await login(`198.51.100.${i}, 203.0.113.7`));
      expect(statuses).toEqual([302, 302, 429, 429]);
      // Another client behind the same proxy has its own allowance.
      expect(await login('203.0.113.8')).toBe(302);
    } finally {
      await portal.close();
    }
  });

  it('with a list of proxy addresses, ignores X-Forwarded-For from anyone else', async () => {
    // The test connects from 127.0.0.1, which is not the listed proxy: the header is not believed.
    const portal = await startTestApp({ TRUST_PROXY: '10.0.0.5,10.1.0.0/16', RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await fetch(`${portal.baseUrl}/api/auth/login`, { redirect: 'manual', headers: { 'x-forwarded-for': `198.51.100.${i}` } })).status);
      }
      expect(statuses).toEqual([302, 302, 429]);
    } finally {
      await portal.close();
    }
  });
});
