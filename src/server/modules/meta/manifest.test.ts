import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../../tests/support/student.js';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.js';

const ADMIN = { email: 'chief.admin@vitbhopal.ac.in', name: 'Chief Admin' };

let portal: TestApp;

beforeAll(async () => {
  portal = await startTestApp({ ADMIN_EMAILS: ADMIN.email });
});
afterAll(async () => {
  await portal.close();
});

const manifest = async () => {
  const response = await fetch(`${portal.baseUrl}/manifest.webmanifest`);
  return { response, body: (await response.json()) as Record<string, unknown> };
};

describe('the web app manifest', () => {
  it("carries the university's name from the profile, standalone, with 192 and 512 px icons and a maskable one", async () => {
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

    const admin = await ApiClient.withSession(portal, ADMIN);
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
});
