import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hcp-config-'));

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    // The university's profile comes from the database unless the environment sets a field.
    expect(config.universityEnv).toEqual({});
    expect(config.sessionIdleMs).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('generates a development session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('keeps photos in the database unless an S3 bucket is set, and checks the S3 settings as a whole', () => {
    const plain = loadConfig({ DATA_DIR: dataDir() });
    expect(plain.photos).toEqual({ maxUploadBytes: 10 * 1024 * 1024, pendingMs: 24 * 60 * 60_000, s3: undefined });
    const s3 = loadConfig({
      DATA_DIR: dataDir(),
      PHOTO_MAX_MB: '5',
      S3_BUCKET: 'hostel-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(s3.photos.maxUploadBytes).toBe(5 * 1024 * 1024);
    expect(s3.photos.s3).toEqual({
      bucket: 'hostel-photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(problems({ DATA_DIR: dataDir(), S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_SECRET_ACCESS_KEY is required when the other S3 key setting is given',
    ]);
    expect(problems({ DATA_DIR: dataDir(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_BUCKET is required when any other S3_* setting is given',
    ]);
    expect(problems({ DATA_DIR: dataDir(), PHOTO_MAX_MB: '500' })).toEqual(['PHOTO_MAX_MB must be at most 50']);
  });

  it('lists every problem at once', () => {
    const found = problems({ PORT: 'abc', DATABASE_URL: 'mysql://x', ALLOWED_EMAIL_DOMAINS: 'not a domain', REG_NUMBER_PATTERN: '(' });
    expect(found).toHaveLength(4);
    expect(found.join('\n')).toMatch(/PORT/);
    expect(found.join('\n')).toMatch(/DATABASE_URL must be a postgres/);
    expect(found.join('\n')).toMatch(/ALLOWED_EMAIL_DOMAINS/);
    expect(found.join('\n')).toMatch(/REG_NUMBER_PATTERN must be a valid regular expression/);
  });

  it("sizes the embedded database's cache from EMBEDDED_DB_CACHE_MB, 32 MB unless set, and says what a bad value should be", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).embeddedDbCacheMb).toBe(32);
    expect(loadConfig({ DATA_DIR: dataDir(), EMBEDDED_DB_CACHE_MB: '128' }).embeddedDbCacheMb).toBe(128);
    expect(problems({ DATA_DIR: dataDir(), EMBEDDED_DB_CACHE_MB: '4' })).toEqual(['EMBEDDED_DB_CACHE_MB must be at least 8']);
    expect(problems({ DATA_DIR: dataDir(), EMBEDDED_DB_CACHE_MB: '2048' })).toEqual(['EMBEDDED_DB_CACHE_MB must be at most 1024']);
    expect(problems({ DATA_DIR: dataDir(), EMBEDDED_DB_CACHE_MB: '12.5' })).toEqual(['EMBEDDED_DB_CACHE_MB must be a whole number of megabytes']);
  });

  it('sends the insights digest weekly unless told otherwise, and says what a bad value should be', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).insightsDigestDays).toBe(7);
    expect(loadConfig({ DATA_DIR: dataDir(), INSIGHTS_DIGEST_DAYS: '0' }).insightsDigestDays).toBe(0);
    expect(problems({ DATA_DIR: dataDir(), INSIGHTS_DIGEST_DAYS: 'weekly' })).toEqual([
      'INSIGHTS_DIGEST_DAYS must be a whole number of days (0 turns the insights digest off)',
    ]);
    expect(problems({ DATA_DIR: dataDir(), INSIGHTS_DIGEST_DAYS: '1.5' })).toEqual([
      'INSIGHTS_DIGEST_DAYS must be a whole number of days (0 turns the insights digest off)',
    ]);
    expect(problems({ DATA_DIR: dataDir(), INSIGHTS_DIGEST_DAYS: '-1' })).toEqual(['INSIGHTS_DIGEST_DAYS must be 0 (off) or more days']);
    expect(problems({ DATA_DIR: dataDir(), INSIGHTS_DIGEST_DAYS: '365' })).toEqual(['INSIGHTS_DIGEST_DAYS must be at most 92 days']);
  });

  it('keeps a retired TIME_ZONE only to warn about it, and never refuses to start over it (decision 53)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).retiredTimeZone).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), TIME_ZONE: 'Africa/Nairobi' }).retiredTimeZone).toBe('Africa/Nairobi');
    expect(problems({ DATA_DIR: dataDir(), TIME_ZONE: 'Mars/Olympus' })).toEqual([]);
  });

  it('reads LOG_FORMAT as pretty or json, unset when not given, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).logFormat).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(problems({ DATA_DIR: dataDir(), LOG_FORMAT: 'xml' })).toEqual([expect.stringMatching(/^LOG_FORMAT /)]);
  });

  it('refuses a registration-number pattern with catastrophic backtracking', () => {
    const found = problems({ DATA_DIR: dataDir(), REG_NUMBER_PATTERN: '^(a+)+$' });
    expect(found).toEqual([expect.stringMatching(/^REG_NUMBER_PATTERN .*too slow/i)]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REG_NUMBER_PATTERN: '^(a+)+$' })).toThrow(/REG_NUMBER_PATTERN/);
    expect(loadConfig({ DATA_DIR: dataDir(), REG_NUMBER_PATTERN: '^[0-9]{2}[A-Za-z]{3}[0-9]{5}$' }).universityEnv.regPattern).toBe(
      '^[0-9]{2}[A-Za-z]{3}[0-9]{5}$',
    );
  });

  it('refuses to start in production without OIDC, SESSION_SECRET and a public URL', () => {
    const found = problems({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    expect(found).toEqual(
      expect.arrayContaining([
        'OIDC_ISSUER is required in production',
        'OIDC_CLIENT_ID is required in production',
        'OIDC_CLIENT_SECRET is required in production',
        'SESSION_SECRET is required in production',
        'PUBLIC_URL is required in production',
      ]),
    );
    expect(problems({ NODE_ENV: 'production', PUBLIC_URL: 'https://localhost:3000' }).join()).toMatch(/not localhost/);
    expect(problems({ NODE_ENV: 'production', PUBLIC_URL: 'http://complaints.example.edu' }).join()).toMatch(/https/);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://complaints.example.edu',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      SESSION_SECRET: 'x'.repeat(40),
      ALLOWED_EMAIL_DOMAINS: 'VITBhopal.ac.in, example.edu',
    });
    expect(config.isProduction).toBe(true);
    expect(config.universityEnv).toEqual({ allowedDomains: ['vitbhopal.ac.in', 'example.edu'] });
  });

  it('takes replies by mail only with both a reply address and a listener, each checked', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).inbound).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), INBOUND_REPLY_ADDRESS: 'Reply@Portal.Example', INBOUND_SMTP_PORT: '2525' }).inbound).toEqual({
      replyAddress: 'reply@portal.example',
      smtp: { port: 2525, host: '127.0.0.1' },
      imap: undefined,
      trustedAuthservId: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), INBOUND_REPLY_ADDRESS: 'reply@portal.example', INBOUND_IMAP_URL: 'imaps://portal:pw@imap.example:993/INBOX' }).inbound,
    ).toMatchObject({ smtp: undefined, imap: { url: 'imaps://portal:pw@imap.example:993/INBOX', pollMs: 30_000 } });
    expect(problems({ DATA_DIR: dataDir(), INBOUND_REPLY_ADDRESS: 'reply@portal.example' })).toEqual([
      'INBOUND_SMTP_PORT or INBOUND_IMAP_URL is required with INBOUND_REPLY_ADDRESS: without one, replies sent to that address would be lost',
    ]);
    expect(problems({ DATA_DIR: dataDir(), INBOUND_SMTP_PORT: '2525' })).toEqual([
      'INBOUND_REPLY_ADDRESS is required with INBOUND_SMTP_PORT: it is the address replies are sent to',
    ]);
    expect(
      problems({
        DATA_DIR: dataDir(),
        INBOUND_REPLY_ADDRESS: 'reply+x@portal.example',
        INBOUND_SMTP_PORT: '70000',
        INBOUND_IMAP_URL: 'http://mail.example',
        INBOUND_TRUSTED_AUTHSERV_ID: 'mx portal',
      }),
    ).toEqual([
      'INBOUND_REPLY_ADDRESS must be a plain address such as reply@portal.example (no + in it)',
      expect.stringMatching(/^INBOUND_SMTP_PORT /),
      'INBOUND_IMAP_URL must be imap://user:password@host:143/INBOX or imaps://user:password@host:993/INBOX',
      'INBOUND_TRUSTED_AUTHSERV_ID must be the host name your mail server writes in Authentication-Results, e.g. mx.portal.example',
    ]);
  });

  it('wants all three OIDC settings or none', () => {
    expect(problems({ OIDC_ISSUER: 'https://accounts.google.com', DATA_DIR: dataDir() })).toEqual([
      'OIDC_CLIENT_ID is required when any OIDC_* setting is given',
      'OIDC_CLIENT_SECRET is required when any OIDC_* setting is given',
    ]);
  });

  it('takes TRUST_PROXY as true, false, a hop count or a list of proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.5, 10.1.0.0/16,fd00::/8, loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'balancer.example.edu', '10.0.0.1/8/1']) {
      expect(problems({ DATA_DIR: dataDir(), TRUST_PROXY: bad })[0]).toMatch(
        /^TRUST_PROXY must be true, false, a number of proxy hops \(1-20\) or a comma list of proxy addresses or CIDR ranges .*not understood: /,
      );
    }
  });

  it('bounds the whole stop by SHUTDOWN_GRACE_SECONDS, the drain included', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '20', SHUTDOWN_DRAIN_SECONDS: '5' });
    expect(config.shutdownGraceMs).toBe(20_000);
    expect(config.shutdownDrainMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ shutdownGraceMs: 10_000, shutdownDrainMs: 0 });
    expect(problems({ DATA_DIR: dataDir(), SHUTDOWN_DRAIN_SECONDS: '10' })).toEqual([
      'SHUTDOWN_DRAIN_SECONDS must be shorter than SHUTDOWN_GRACE_SECONDS (10), which bounds the whole stop',
    ]);
    expect(problems({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: 'soon' })[0]).toMatch(/^SHUTDOWN_GRACE_SECONDS /);
  });

  it('turns /metrics on only with a METRICS_TOKEN long enough to be a secret', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'a-scrape-token-of-some-length' }).metricsToken).toBe('a-scrape-token-of-some-length');
    expect(problems({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN must be at least 16 characters']);
  });
});

describe('WhatsApp in development (decision 70)', () => {
  const secret = 'a-development-session-secret-long-enough-0123';
  const five = {
    WHATSAPP_PHONE_NUMBER_ID: '123456789',
    WHATSAPP_ACCESS_TOKEN: 'token',
    WHATSAPP_APP_SECRET: 'secret',
    WHATSAPP_VERIFY_TOKEN: 'verify-token',
    WHATSAPP_PHONE_NUMBER: '+91 98765 43210',
  };

  it('runs against the simulator on npm start, with secrets made from the session secret', () => {
    const whatsapp = loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: secret }).whatsapp;
    expect(whatsapp).toMatchObject({ simulated: true, phoneNumberId: '100000000000001', phoneNumber: '910000000000', graphUrl: 'http://localhost:3000/dev-whatsapp/graph/v23.0' });
    expect(whatsapp?.appSecret).not.toBe(secret);
    expect(whatsapp?.verifyToken).not.toBe(whatsapp?.appSecret);
    // Another machine's session secret, another app secret: a webhook post from one is no good on another.
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: `${secret}-other` }).whatsapp?.appSecret).not.toBe(whatsapp?.appSecret);
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: secret, PUBLIC_URL: 'http://192.168.1.5:3000' }).whatsapp?.graphUrl).toBe('http://192.168.1.5:3000/dev-whatsapp/graph/v23.0');
  });

  it('is off in development with WHATSAPP_SIMULATOR=off, and in tests unless WHATSAPP_SIMULATOR=on asks', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), WHATSAPP_SIMULATOR: 'off' }).whatsapp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir() }).whatsapp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir(), WHATSAPP_SIMULATOR: 'on' }).whatsapp?.simulated).toBe(true);
    expect(problems({ DATA_DIR: dataDir(), WHATSAPP_SIMULATOR: 'yes' })).toEqual(['WHATSAPP_SIMULATOR must be on or off']);
  });

  it('gives way to a real number, and never runs in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...five }).whatsapp).toMatchObject({ simulated: false, phoneNumber: '919876543210', graphUrl: 'https://graph.facebook.com/v23.0' });
    expect(problems({ DATA_DIR: dataDir(), ...five, WHATSAPP_SIMULATOR: 'on' }).join()).toMatch(/WHATSAPP_SIMULATOR cannot be on with the WHATSAPP_\* settings/);
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir(), PUBLIC_URL: 'https://complaints.example.edu', SESSION_SECRET: secret, OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig(production).whatsapp).toBeUndefined();
    expect(loadConfig({ ...production, ...five }).whatsapp?.simulated).toBe(false);
    expect(problems({ ...production, WHATSAPP_SIMULATOR: 'on' })).toEqual(['WHATSAPP_SIMULATOR cannot be on in production: the simulator lets anyone write as any number']);
  });
});
