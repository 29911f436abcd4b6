import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEV_WHATSAPP_GRAPH_PATH } from './dev-whatsapp/prefix.js';
import { hmac } from './lib/tokens.js';
import { generateVapidKeys, vapidKeyProblem, type VapidKeys } from './lib/web-push.js';
import { isRegExpSource } from '../shared/catalog.js';
import { UNSAFE_REGEXP_HINT, isSafeRegExpSource } from '../shared/safe-regex.js';

/**
 * The embedded database's buffer cache, in MB. PGlite reads its files through Node from the
 * kernel's page cache, which keeps what PostgreSQL's own cache drops; a portal's hot rows fit in a
 * few MB. PostgreSQL's 128 MB default made every start set up that memory: about 110 MB more
 * resident memory and 0.6 CPU-s more per start than this (decision 33).
 */
export const EMBEDDED_DB_CACHE_MB_DEFAULT = 32;

/**
 * Configuration is read once, from the environment, and validated as a whole so that a bad
 * deployment fails at start-up with every problem listed rather than one at a time.
 */

const commaList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean),
  );

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `true` (trust every X-Forwarded-For hop: only when nothing but the proxy can reach the
 * portal), `false`, a number of proxy hops in front of the portal, or a comma list of the proxies'
 * addresses or CIDR ranges. The last two keep a client from choosing its own address by sending the
 * header itself, which would let it dodge the rate limits.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 20) return hops;
  }
  const entries = v
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `must be true, false, a number of proxy hops (1-20) or a comma list of proxy addresses or CIDR ranges ` +
        `(e.g. 10.0.0.5,10.1.0.0/16); not understood: ${bad.length ? bad.join(', ') : '(empty)'}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** What Fastify's `trustProxy` option takes: all, none, a hop count or a list of addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
        .optional(),
    ),
    EMBEDDED_DB_CACHE_MB: z.coerce
      .number()
      .int('must be a whole number of megabytes')
      .min(8, 'must be at least 8')
      .max(1024, 'must be at most 1024')
      .default(EMBEDDED_DB_CACHE_MB_DEFAULT),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    // The university's profile lives in the database (admin console); each of these, when set,
    // overrides its field there, and the console says so.
    ALLOWED_EMAIL_DOMAINS: z.preprocess(
      emptyToUndefined,
      commaList
        .pipe(
          z
            .array(z.string().regex(domainPattern, 'each entry must be a domain name such as vitbhopal.ac.in'))
            .min(1, 'needs at least one domain'),
        )
        .optional(),
    ),
    UNIVERSITY_NAME: optionalString,
    UNIVERSITY_SHORT_NAME: optionalString,
    REG_NUMBER_PATTERN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(isRegExpSource, { error: 'must be a valid regular expression', abort: true })
        .refine(isSafeRegExpSource, `is too slow to match safely: ${UNSAFE_REGEXP_HINT}`)
        .optional(),
    ),
    ABOUT_TEXT: optionalString,
    SESSION_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(7 * 24 * 60),
    ADMIN_EMAILS: commaList.default([]),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
    MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(10),
    MAIL_SMTP_MESSAGES_PER_CONNECTION: z.coerce.number().int().min(1).default(100),
    MAIL_RETRY_HORIZON_MINUTES: z.coerce.number().int().min(1).default(48 * 60),
    MAIL_KEEP_DAYS: z.coerce.number().min(1, 'must be at least 1 day').max(3650, 'must be at most 3650 days').default(90),
    // Replies by mail: the address replies go to (a `+token` is added per complaint and recipient),
    // and how mail reaches the portal (its own SMTP listener, or a mailbox polled over IMAP).
    INBOUND_REPLY_ADDRESS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9._-]{1,40}@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a plain address such as reply@portal.example (no + in it)')
        .optional(),
    ),
    INBOUND_SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    INBOUND_IMAP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^imaps?:\/\/[^/@\s]+@[^/\s]+(\/[^\s]*)?$/, 'must be imap://user:password@host:143/INBOX or imaps://user:password@host:993/INBOX')
        .optional(),
    ),
    INBOUND_IMAP_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    INBOUND_TRUSTED_AUTHSERV_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be the host name your mail server writes in Authentication-Results, e.g. mx.portal.example')
        .optional(),
    ),
    ACTION_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    AUTO_CLOSE_DAYS: z.coerce.number().min(0.0001).max(365).default(7),
    MERGE_UNDO_MINUTES: z.coerce.number().min(0.01, 'must be at least 0.01 minutes').max(1440, 'must be at most 1440 minutes (a day)').default(10),
    BULK_UNDO_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    ABOUT_CREDITS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((s) =>
          s
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean),
        )
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['pretty', 'json']).optional()),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false').transform(parseTrustProxy)),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(10),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_PHOTOS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_GRIEVANCES_PER_DAY: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_ANONYMOUS_REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_TRACKING_TRIES: z.coerce.number().int().min(1).default(10),
    ANONYMOUS_FOLLOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    // Retired (decision 53): the university's clock is the profile's time zone. Read only so that
    // start-up can say it is ignored; never refuses to start.
    TIME_ZONE: z.preprocess(emptyToUndefined, z.string().optional()),
    PHOTO_MAX_MB: z.coerce.number().min(0.1, 'must be at least 0.1').max(50, 'must be at most 50').default(10),
    PHOTO_PENDING_HOURS: z.coerce.number().min(0.01).max(24 * 30).default(24),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    // Web Push (VAPID, RFC 8292): the key pair as `web-push generate-vapid-keys` prints it, and a contact.
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL the push services may use to reach you')
        .optional(),
    ),
    PUSH_TTL_HOURS: z.coerce.number().min(0.01).max(24 * 28).default(24),
    PUSH_KEEP_DAYS: z.coerce.number().min(1, 'must be at least 1 day').max(365, 'must be at most 365 days').default(7),
    PUSH_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
    PUSH_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
    // The portal POSTs to every endpoint a browser registers: only the push services' hosts, so an
    // https address inside the university's network cannot be reached through it.
    PUSH_SERVICE_HOSTS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('fcm.googleapis.com,updates.push.services.mozilla.com,push.apple.com,notify.windows.com')
        .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
        .refine((hosts) => hosts.length > 0 && hosts.every((h) => /^[a-z0-9.-]+$/.test(h)), 'must be a comma list of host names'),
    ),
    // WhatsApp (issue 43), on Meta's WhatsApp Cloud API: the business number's id, a system user's
    // token, the app's secret (webhook signatures), the verify token typed into Meta's webhook
    // settings, and the number itself (wa.me links). All five, or none: the channel is off.
    WHATSAPP_PHONE_NUMBER_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d{5,20}$/, 'must be the phone number ID Meta shows (digits)').optional()),
    WHATSAPP_ACCESS_TOKEN: optionalString,
    WHATSAPP_APP_SECRET: optionalString,
    WHATSAPP_VERIFY_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8, 'must be at least 8 characters').optional()),
    WHATSAPP_PHONE_NUMBER: z.preprocess(
      (v) => (typeof v === 'string' ? emptyToUndefined(v.replace(/[\s+()-]/g, '')) : v),
      z.string().regex(/^\d{8,15}$/, 'must be the WhatsApp number in international form, e.g. +91 98765 43210').optional(),
    ),
    WHATSAPP_GRAPH_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .url('must be the Graph API address with its version, e.g. https://graph.facebook.com/v23.0')
        .default('https://graph.facebook.com/v23.0')
        .transform((v) => v.replace(/\/+$/, '')),
    ),
    // The approved template sent outside the 24-hour window: one body parameter, the update's words.
    WHATSAPP_UPDATE_TEMPLATE: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be a template name (lower case, digits, _)').default('complaint_update')),
    // Which of the template's languages each reader gets: portal language:template language, …
    WHATSAPP_TEMPLATE_LANGUAGES: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('en:en,hi:hi')
        .transform((v, ctx) => {
          const pairs = v.split(',').map((pair) => pair.trim().split(':').map((part) => part.trim()));
          if (pairs.some((pair) => pair.length !== 2 || !pair[0] || !pair[1] || !/^[A-Za-z_]{2,8}$/.test(pair[1]))) {
            ctx.addIssue({ code: 'custom', message: 'must be a comma list of portal-language:template-language pairs, e.g. en:en,hi:hi' });
            return z.NEVER;
          }
          return Object.fromEntries(pairs as [string, string][]);
        }),
    ),
    WHATSAPP_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
    // The development simulator (decision 70): unset → on in development when none of the five is given.
    WHATSAPP_SIMULATOR: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: 'must be on or off' }).optional()),
    WHATSAPP_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
    INSIGHTS_DIGEST_DAYS: z.coerce
      .number({ error: 'must be a whole number of days (0 turns the insights digest off)' })
      .int('must be a whole number of days (0 turns the insights digest off)')
      .min(0, 'must be 0 (off) or more days')
      .max(92, 'must be at most 92 days')
      .default(7),
  })
  .superRefine((env, ctx) => {
    if (env.SHUTDOWN_DRAIN_SECONDS >= env.SHUTDOWN_GRACE_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_DRAIN_SECONDS'],
        message: `must be shorter than SHUTDOWN_GRACE_SECONDS (${env.SHUTDOWN_GRACE_SECONDS}), which bounds the whole stop`,
      });
    }
    const externalOidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (externalOidc.some(Boolean) && !externalOidc.every(Boolean)) {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any OIDC_* setting is given' });
        }
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required when the other S3 key setting is given' });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when any other S3_* setting is given' });
    }
    if (env.INBOUND_REPLY_ADDRESS && env.INBOUND_SMTP_PORT === undefined && !env.INBOUND_IMAP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['INBOUND_SMTP_PORT'],
        message: 'or INBOUND_IMAP_URL is required with INBOUND_REPLY_ADDRESS: without one, replies sent to that address would be lost',
      });
    }
    for (const key of ['INBOUND_SMTP_PORT', 'INBOUND_IMAP_URL'] as const) {
      if (env[key] !== undefined && !env.INBOUND_REPLY_ADDRESS) {
        ctx.addIssue({ code: 'custom', path: ['INBOUND_REPLY_ADDRESS'], message: `is required with ${key}: it is the address replies are sent to` });
      }
    }
    const whatsapp = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_PHONE_NUMBER'] as const;
    if (whatsapp.some((key) => env[key]) && !whatsapp.every((key) => env[key])) {
      for (const key of whatsapp) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any of the five WhatsApp settings is given (the channel needs all five)' });
      }
    }
    if (env.WHATSAPP_SIMULATOR === 'on' && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_SIMULATOR'], message: 'cannot be on in production: the simulator lets anyone write as any number' });
    } else if (env.WHATSAPP_SIMULATOR === 'on' && whatsapp.some((key) => env[key])) {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_SIMULATOR'], message: 'cannot be on with the WHATSAPP_* settings of a real number: give one or the other' });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any VAPID_* setting is given (push needs all three)' });
      }
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
      const problem = vapidKeyProblem(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
      if (problem) {
        const key = problem.startsWith('VAPID_PRIVATE_KEY') ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
        ctx.addIssue({ code: 'custom', path: [key], message: problem.slice(key.length + 1) });
      }
    }
    if (env.NODE_ENV === 'production') {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
      } else if (!env.PUBLIC_URL.startsWith('https://')) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'must be an https:// address in production (session cookies are Secure there)',
        });
      } else if (/^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(env.PUBLIC_URL)) {
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message: 'must be the public address of the portal in production, not localhost',
        });
      }
    }
  });

export type Env = z.input<typeof envSchema>;

export interface UniversityEnv {
  name?: string;
  shortName?: string;
  allowedDomains?: string[];
  regPattern?: string;
  aboutText?: string;
  credits?: string[];
}

export interface WhatsAppConfig {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** The number students write to, digits only (wa.me links). */
  phoneNumber: string;
  /** The Graph API's base address with its version, no trailing slash. */
  graphUrl: string;
  updateTemplate: string;
  /** Portal language → the template's language code. */
  templateLanguages: Record<string, string>;
  pollIntervalMs: number;
  retryBaseMs: number;
  leaseMs: number;
  /**
   * The development simulator stands in for Meta (decision 70): graphUrl is the portal's own
   * /dev-whatsapp, and the app loads the simulator. Never true in production.
   */
  simulated: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  /** Whether PUBLIC_URL was set (printed QR labels then point at it, else at the address the admin used). */
  publicUrlGiven: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's shared buffers of the embedded database, in MB (EMBEDDED_DB_CACHE_MB). */
  embeddedDbCacheMb: number;
  /** `undefined` → the built-in development provider is mounted at /dev-idp. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** University profile fields the environment sets; they win over the database's (admin console). */
  universityEnv: UniversityEnv;
  sessionSecret: string;
  sessionIdleMs: number;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  mail: {
    pollIntervalMs: number;
    retryBaseMs: number;
    retryHorizonMs: number;
    leaseMs: number;
    batchSize: number;
    smtpConnections: number;
    smtpMessagesPerConnection: number;
    /** How long sent and failed mail stays in the outbox (the admins' mail page) before the clean-up removes it. */
    keepMs: number;
  };
  /** Replies by mail; undefined → mail keeps a plain Reply-To and nothing listens. */
  inbound:
    | {
        replyAddress: string;
        /** The portal's own SMTP listener, when INBOUND_SMTP_PORT is set. */
        smtp: { port: number; host: string } | undefined;
        /** A mailbox polled over IMAP, when INBOUND_IMAP_URL is set (the URL holds a password: never log it). */
        imap: { url: string; pollMs: number } | undefined;
        trustedAuthservId: string | undefined;
      }
    | undefined;
  /** Web Push; `vapid` undefined → push is off (production without VAPID_* settings). */
  push: {
    vapid: VapidKeys | undefined;
    ttlMs: number;
    /** How long a finished push (sent, expired, failed) is kept before the clean-up removes it. */
    keepMs: number;
    pollIntervalMs: number;
    retryBaseMs: number;
    leaseMs: number;
    /** Push services' hosts: an endpoint's host is one of them or a subdomain of one. */
    serviceHosts: string[];
  };
  /** WhatsApp (issue 43); undefined when its settings are not given (and no simulator runs): the channel is off. */
  whatsapp: WhatsAppConfig | undefined;
  actionLinkTtlMs: number;
  autoCloseMs: number;
  /** How long staff may undo merging a duplicate; the student's notice of the merge waits as long. */
  mergeUndoMs: number;
  /** How long a bulk action from the queue waits, changing nothing, for an undo. */
  bulkUndoMs: number;
  logLevel: string;
  /** LOG_FORMAT as set: unset → readable lines on a terminal in development, JSON otherwise (lib/dev-log.ts). */
  logFormat: 'pretty' | 'json' | undefined;
  trustProxy: TrustProxy;
  /** How long a stop may take in all (drain, requests in flight, closing); then the process is killed. */
  shutdownGraceMs: number;
  /** How long readiness fails, with connections still served, before the server stops accepting. */
  shutdownDrainMs: number;
  /** Bearer token for GET /metrics; undefined → no /metrics at all. */
  metricsToken: string | undefined;
  /** `grievancesPerDay`: grievances one student may raise in a day (issue 44). */
  rateLimits: { signInPerMinute: number; writesPerMinute: number; photosPerHour: number; grievancesPerDay: number };
  /** Anonymous ragging reports (decision 41): their own limits, and how long an opened report stays open on a device. */
  anonymousReports: {
    /** Reports filed per network address per hour. */
    perHour: number;
    /** Tries of a tracking code and secret per 15 minutes, per network address and per code. */
    triesPerQuarterHour: number;
    /** How long the cookie of an opened report lasts. */
    followMs: number;
  };
  /**
   * TIME_ZONE as the environment still sets it, which nothing reads (decision 53: the profile's
   * time zone is the university's clock); start-up warns when it differs from the profile's.
   */
  retiredTimeZone: string | undefined;
  /** Days covered by, and between, insights digests; 0 = none are sent. */
  insightsDigestDays: number;
  photos: {
    maxUploadBytes: number;
    /** How long an upload may wait to be attached before the clean-up removes it. */
    pendingMs: number;
    /** `undefined` → bytes are kept in the database. */
    s3: S3Settings | undefined;
  };
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** `undefined` → the AWS SDK's own credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Development keeps its session secret in DATA_DIR so that sessions survive restarts without
 * anyone having to invent a secret; production must be given one.
 */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: create it below.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Development (and tests) keep a VAPID key pair in DATA_DIR, made once like the session secret, so
 * that browsers stay subscribed across restarts; production must be given one or has no push.
 */
function developmentVapidKeys(dataDir: string, publicUrl: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  const subject = `mailto:push@${new URL(publicUrl).hostname === 'localhost' ? 'localhost.localdomain' : new URL(publicUrl).hostname}`;
  try {
    const existing: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (existing && typeof existing === 'object' && 'publicKey' in existing && 'privateKey' in existing) {
      const { publicKey, privateKey } = existing;
      if (typeof publicKey === 'string' && typeof privateKey === 'string' && !vapidKeyProblem(publicKey, privateKey)) {
        return { publicKey, privateKey, subject };
      }
    }
  } catch {
    // Not there yet (or unreadable): make a new pair below.
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return { ...keys, subject };
}

/** The simulator's business number and its id: made-up digits no real number has (decision 70). */
export const SIMULATED_WHATSAPP = { phoneNumberId: '100000000000001', phoneNumber: '910000000000', accessToken: 'dev-whatsapp-access-token' } as const;

/**
 * WhatsApp's settings: a real number when all five are given; otherwise, in development (never in
 * tests unless WHATSAPP_SIMULATOR=on asks, never in production), the simulator at /dev-whatsapp, so
 * `npm start` can link, file and answer in a chat without Meta. Its secrets come from the session
 * secret: nothing to invent, and they differ from one development machine to the next.
 */
function whatsappConfig(env: z.output<typeof envSchema>, publicUrl: string, sessionSecret: string): WhatsAppConfig | undefined {
  const common = {
    updateTemplate: env.WHATSAPP_UPDATE_TEMPLATE,
    templateLanguages: env.WHATSAPP_TEMPLATE_LANGUAGES,
    pollIntervalMs: env.WHATSAPP_POLL_INTERVAL_MS,
    retryBaseMs: env.WHATSAPP_RETRY_BASE_MS,
    leaseMs: env.MAIL_LEASE_SECONDS * 1000,
  };
  if (env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN && env.WHATSAPP_PHONE_NUMBER) {
    return {
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: env.WHATSAPP_ACCESS_TOKEN,
      appSecret: env.WHATSAPP_APP_SECRET,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN,
      phoneNumber: env.WHATSAPP_PHONE_NUMBER,
      graphUrl: env.WHATSAPP_GRAPH_URL,
      ...common,
      simulated: false,
    };
  }
  const simulate = env.NODE_ENV !== 'production' && (env.WHATSAPP_SIMULATOR ?? (env.NODE_ENV === 'development' ? 'on' : 'off')) === 'on';
  if (!simulate) return undefined;
  return {
    ...SIMULATED_WHATSAPP,
    appSecret: hmac(sessionSecret, 'dev-whatsapp-app-secret'),
    verifyToken: hmac(sessionSecret, 'dev-whatsapp-verify-token'),
    graphUrl: `${publicUrl}${DEV_WHATSAPP_GRAPH_PATH}`,
    ...common,
    simulated: true,
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`),
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  const sessionSecret = env.SESSION_SECRET ?? developmentSessionSecret(dataDir);
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
      : undefined;

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    publicUrlGiven: env.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    embeddedDbCacheMb: env.EMBEDDED_DB_CACHE_MB,
    oidc,
    universityEnv: Object.fromEntries(
      Object.entries({
        name: env.UNIVERSITY_NAME,
        shortName: env.UNIVERSITY_SHORT_NAME,
        allowedDomains: env.ALLOWED_EMAIL_DOMAINS,
        regPattern: env.REG_NUMBER_PATTERN,
        aboutText: env.ABOUT_TEXT,
        credits: env.ABOUT_CREDITS,
      }).filter(([, value]) => value !== undefined),
    ),
    sessionSecret,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    adminEmails: env.ADMIN_EMAILS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `Hostel Complaint Portal <no-reply@${env.ALLOWED_EMAIL_DOMAINS?.[0] ?? 'vitbhopal.ac.in'}>`,
    mail: {
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      retryHorizonMs: env.MAIL_RETRY_HORIZON_MINUTES * 60_000,
      leaseMs: env.MAIL_LEASE_SECONDS * 1000,
      batchSize: env.MAIL_BATCH_SIZE,
      smtpConnections: env.MAIL_SMTP_CONNECTIONS,
      smtpMessagesPerConnection: env.MAIL_SMTP_MESSAGES_PER_CONNECTION,
      keepMs: Math.round(env.MAIL_KEEP_DAYS * 24 * 60 * 60_000),
    },
    inbound:
      env.INBOUND_REPLY_ADDRESS && (env.INBOUND_SMTP_PORT !== undefined || env.INBOUND_IMAP_URL)
        ? {
            replyAddress: env.INBOUND_REPLY_ADDRESS,
            smtp: env.INBOUND_SMTP_PORT === undefined ? undefined : { port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST },
            imap: env.INBOUND_IMAP_URL ? { url: env.INBOUND_IMAP_URL, pollMs: Math.round(env.INBOUND_IMAP_POLL_SECONDS * 1000) } : undefined,
            trustedAuthservId: env.INBOUND_TRUSTED_AUTHSERV_ID?.toLowerCase(),
          }
        : undefined,
    whatsapp: whatsappConfig(env, publicUrl, sessionSecret),
    push: {
      vapid:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
          : env.NODE_ENV === 'production'
            ? undefined
            : developmentVapidKeys(dataDir, publicUrl),
      ttlMs: Math.round(env.PUSH_TTL_HOURS * 60 * 60_000),
      keepMs: Math.round(env.PUSH_KEEP_DAYS * 24 * 60 * 60_000),
      pollIntervalMs: env.PUSH_POLL_INTERVAL_MS,
      retryBaseMs: env.PUSH_RETRY_BASE_MS,
      serviceHosts: env.PUSH_SERVICE_HOSTS,
      leaseMs: env.MAIL_LEASE_SECONDS * 1000,
    },
    actionLinkTtlMs: env.ACTION_LINK_DAYS * 24 * 60 * 60_000,
    autoCloseMs: env.AUTO_CLOSE_DAYS * 24 * 60 * 60_000,
    mergeUndoMs: Math.round(env.MERGE_UNDO_MINUTES * 60_000),
    bulkUndoMs: env.BULK_UNDO_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    metricsToken: env.METRICS_TOKEN,
    rateLimits: {
      signInPerMinute: env.RATE_LIMIT_SIGNIN_PER_MINUTE,
      writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
      photosPerHour: env.RATE_LIMIT_PHOTOS_PER_HOUR,
      grievancesPerDay: env.RATE_LIMIT_GRIEVANCES_PER_DAY,
    },
    anonymousReports: {
      perHour: env.RATE_LIMIT_ANONYMOUS_REPORTS_PER_HOUR,
      triesPerQuarterHour: env.RATE_LIMIT_TRACKING_TRIES,
      followMs: env.ANONYMOUS_FOLLOW_MINUTES * 60_000,
    },
    retiredTimeZone: env.TIME_ZONE,
    photos: {
      maxUploadBytes: Math.round(env.PHOTO_MAX_MB * 1024 * 1024),
      pendingMs: env.PHOTO_PENDING_HOURS * 60 * 60_000,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    insightsDigestDays: env.INSIGHTS_DIGEST_DAYS,
  };
}
