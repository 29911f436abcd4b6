import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient, signIn } from '../../../tests/support/http-client.js';
import { freePort } from '../../../tests/support/net.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

/**
 * The portal listens on 127.0.0.1 and is opened at PUBLIC_URL (http://localhost:3000 by default).
 * Sign-in keeps its flow in a cookie of the host it started on and comes back to PUBLIC_URL's, so a
 * sign-in started at the other address could never finish: such requests go to PUBLIC_URL first.
 */
let portal: TestApp;
let publicUrl: string;
let otherAddress: string;
beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://localhost:${port}`;
  otherAddress = `http://127.0.0.1:${port}`;
  portal = await startTestApp({ PUBLIC_URL: publicUrl }, { port });
});
afterAll(async () => {
  await portal?.close();
});

describe('requests for another host than PUBLIC_URL', () => {
  it('send sign-in to PUBLIC_URL first, where it then succeeds', async () => {
    const client = new CookieClient();
    const login = await client.request(`${otherAddress}/api/auth/login?returnTo=%2Fcomplaints`);
    expect(login.status).toBe(307);
    expect(login.headers.get('location')).toBe(`${publicUrl}/api/auth/login?returnTo=%2Fcomplaints`);
    const result = await signIn(client, publicUrl, { email: 'other.host@vitbhopal.ac.in', name: 'Other Host 21BCE10003' }, '/complaints');
    expect(result.location).toBe('/complaints');
    expect((await client.request(`${publicUrl}/api/me`)).status).toBe(200);
  });

  it('send page navigations (GET and HEAD) to the same path on PUBLIC_URL', async () => {
    for (const method of ['GET', 'HEAD']) {
      const page = await fetch(`${otherAddress}/staff/complaints?status=open`, { method, redirect: 'manual' });
      expect(page.status).toBe(307);
      expect(page.headers.get('location')).toBe(`${publicUrl}/staff/complaints?status=open`);
    }
  });

  it('answer health probes directly: balancers call them by address', async () => {
    for (const probe of ['/livez', '/readyz', '/healthz']) {
      const answer = await fetch(`${otherAddress}${probe}`, { redirect: 'manual' });
      expect(answer.status, probe).toBe(200);
    }
    // No METRICS_TOKEN: /metrics does not exist, and says so without a redirect.
    expect((await fetch(`${otherAddress}/metrics`, { redirect: 'manual' })).status).toBe(404);
  });

  it('answer the JSON API and non-GET requests where they were sent', async () => {
    expect((await fetch(`${otherAddress}/api/catalog`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${otherAddress}/api/me`, { redirect: 'manual' })).status).toBe(401);
    const post = await fetch(`${otherAddress}/api/auth/logout`, { method: 'POST', redirect: 'manual' });
    expect(post.status).not.toBe(307);
  });

  it('believe a proxy that rewrote Host but says, in X-Forwarded-Host, that the request was for PUBLIC_URL', async () => {
    const page = await fetch(`${otherAddress}/complaints`, { redirect: 'manual', headers: { 'x-forwarded-host': new URL(publicUrl).host } });
    expect(page.status).not.toBe(307);
  });

  it('leave requests to PUBLIC_URL itself alone', async () => {
    expect((await fetch(`${publicUrl}/api/auth/login`, { redirect: 'manual' })).status).toBe(302);
  });
});

describe('in production, behind a proxy', () => {
  it('never redirects (a proxy rewriting Host would loop) and says once in the log which host was asked for', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: publicHost } = await import('./public-host.js');
    const warnings: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
    // Only the two settings the plugin reads: a whole production configuration needs OIDC and secrets.
    const config = { publicUrl: 'https://portal.example.edu', isProduction: true } as Parameters<typeof publicHost>[1]['config'];
    await app.register(publicHost, { config });
    app.get('/complaints', async () => 'page');
    try {
      for (let i = 0; i < 2; i++) {
        const page = await app.inject({ method: 'GET', url: '/complaints', headers: { host: '10.0.0.7:3000' } });
        expect(page.statusCode).toBe(200);
      }
      expect(warnings.filter((w) => w.includes('10.0.0.7:3000'))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
