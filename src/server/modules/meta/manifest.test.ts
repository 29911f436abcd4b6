import { describe, expect } from 'vitest';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };

let portal: TestApp;

const it = portalTest({ admin: ADMIN });
it.beforeAll(({ portal: app }) => {
  portal = app;
});

const manifest = async () => {
  const response = await fetch(`${portal.baseUrl}/manifest.webmanifest`);
  return { response, body: (await response.json()) as Record<string, unknown> };
};

describe('the web app manifest', () => {
  it("carries the university's name from the profile, standalone, with 192 and 512 px icons and a maskable one", async ({ admin }) => {
    const { response, body } = await manifest();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(body).toMatchObject({
      name: 'VIT Bhopal University Hostel Complaints',
      short_name: 'vitbhopal Hostel',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1e3a8a',
      share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
    });
    expect((body.icons as Array<{ sizes: string; purpose: string }>).map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const saved = (await admin.get('/api/admin/university')).body.saved as Record<string, unknown>;
    expect((await admin.send('PUT', '/api/admin/university', { ...saved, name: 'Example Institute', shortName: 'example' })).status).toBe(200);
    try {
      expect((await manifest()).body).toMatchObject({ name: 'Example Institute Hostel Complaints', short_name: 'example Hostel' });
    } finally {
      await admin.send('PUT', '/api/admin/university', saved);
    }
  });

  it('sends a share that reached the server (no service worker yet) to the complaint categories', async () => {
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'tap.jpg');
    const response = await fetch(`${portal.baseUrl}/share-target`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/complaints?shared=lost');
  });

  // Issue 40, item 12: the server read a share's whole body, however large, before answering.
  it('refuses a share larger than a set of photos by its length, before reading it, and one that grows past it as it comes', async () => {
    const limit = portal.config.photos.maxUploadBytes * 4 + 64 * 1024;
    const { request } = await import('node:http');
    const url = new URL(`${portal.baseUrl}/share-target`);
    // Only the headers go: the body would be larger than the limit, and is never sent.
    const declared = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(limit + 1) } }, (res) => {
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        res.resume();
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(declared).toEqual({ status: 303, location: '/complaints?shared=too-large' });
    // Sent without a length, chunk by chunk: refused once it passes the limit.
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' } }, (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let sent = 0;
      const more = () => {
        while (sent <= limit + chunk.length) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect(streamed).toBe(413);
  });
});
