import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { generateVapidKeys } from '../../lib/web-push.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hcp-push-config-'));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://hostel.example.ac.in',
  OIDC_ISSUER: 'https://login.example.ac.in',
  OIDC_CLIENT_ID: 'portal',
  OIDC_CLIENT_SECRET: 'secret',
  SESSION_SECRET: 'a-session-secret-that-is-long-enough-0123456789',
};

describe('push settings (VAPID_*)', () => {
  it('makes a key pair once in DATA_DIR outside production, and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push.vapid;
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first?.subject).toMatch(/^mailto:/);
    expect(loadConfig({ DATA_DIR: dir }).push.vapid).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8'))).toMatchObject({ publicKey: first?.publicKey });
  });

  it('leaves push off in production without the keys, and uses them when given', () => {
    expect(loadConfig({ ...PRODUCTION, DATA_DIR: dataDir() }).push.vapid).toBeUndefined();
    const keys = generateVapidKeys();
    const config = loadConfig({ ...PRODUCTION, DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:estates@example.ac.in' });
    expect(config.push.vapid).toEqual({ ...keys, subject: 'mailto:estates@example.ac.in' });
    expect(config.push.ttlMs).toBe(24 * 60 * 60_000);
  });

  it('wants all three together, a pair that belongs together, and a contact', () => {
    const keys = generateVapidKeys();
    const other = generateVapidKeys();
    expect(problems({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey })).toEqual([
      'VAPID_PRIVATE_KEY is required when any VAPID_* setting is given (push needs all three)',
      'VAPID_SUBJECT is required when any VAPID_* setting is given (push needs all three)',
    ]);
    expect(problems({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey, VAPID_SUBJECT: 'mailto:a@b.in' })).toEqual([
      'VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY',
    ]);
    expect(problems({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'c2hvcnQ', VAPID_SUBJECT: 'mailto:a@b.in' })).toEqual([
      'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes, base64url)',
    ]);
    expect(problems({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'estates@example.ac.in' })).toEqual([
      'VAPID_SUBJECT must be a mailto: address or an https:// URL the push services may use to reach you',
    ]);
  });
});
