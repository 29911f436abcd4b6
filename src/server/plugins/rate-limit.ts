import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { valued } from '../../shared/valued-message.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit really passes to `child` (its typings say otherwise). */
interface ChildParams {
  routeInfo?: { method?: string; url?: string };
  timeWindow?: number;
}

/**
 * Counters live in PostgreSQL so that every instance behind a load balancer shares them. One
 * upsert per request: a new window starts when the old one has passed.
 */
function postgresStore(db: Db) {
  // Sent by every limited request: built and parsed once (db/prepared.ts).
  const hit = db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), hits: 1, resetAt: sql`now() + ${sql.placeholder('window')}::interval` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${sql.placeholder('window')}::interval else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .prepare('rate_limit_hit');
  return class PostgresRateLimitStore {
    constructor(
      private readonly options: { timeWindow?: number } = {},
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      const windowMs = timeWindow ?? this.options.timeWindow ?? 60_000;
      const fullKey = `${this.prefix}|${key}`;
      hit
        .execute({ key: fullKey, window: `${windowMs} milliseconds` })
        .then(([row]) => {
          if (!row) throw new Error('rate limit upsert returned nothing');
          callback(null, { current: row.hits, ttl: Math.max(0, new Date(row.resetAt).getTime() - Date.now()) });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(params: unknown) {
      const routeOptions = (params ?? {}) as ChildParams;
      const route = `${routeOptions.routeInfo?.method ?? ''} ${routeOptions.routeInfo?.url ?? ''}`;
      return new PostgresRateLimitStore({ timeWindow: routeOptions.timeWindow ?? this.options.timeWindow }, route);
    }
  };
}

/** Rows deleted per statement by the clean-up: each statement holds its row locks only briefly. */
export const PRUNE_BATCH_SIZE = 1000;

/**
 * Deletes the counters whose window has passed (an expired row is only ever reset, so it carries
 * nothing), in batches of `batchSize` so the clean-up never holds many locks at once and never
 * waits on a row a request is counting (SKIP LOCKED). Returns how many rows went.
 */
export async function pruneExpiredRateLimits(db: Db, batchSize = PRUNE_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lt(rateLimits.resetAt, sql`now()`))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const deleted = await db.delete(rateLimits).where(inArray(rateLimits.key, batch)).returning({ key: rateLimits.key });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

/** Place pages one account may open a minute (no setting: far above what scanning labels by hand needs). */
export const PLACES_PER_MINUTE = 60;

/** Waits shorter than this are said in seconds ("in 20 seconds"), longer ones as a time of day. */
export const SHORT_WAIT_SECONDS = 120;

/** What each limit covers, in the words its refusal uses. */
export type LimitKind = 'signIn' | 'links' | 'writes' | 'photos' | 'exports' | 'anonymousReports' | 'trackingTries' | 'places' | 'grievances';

/**
 * Each limit's refusal as whole sentences (issue 28: each language orders its own words), for a
 * wait of one second, of some seconds, and until a time of day.
 */
const LIMITED: Record<LimitKind, { second: string; seconds: string; until: string }> = {
  signIn: {
    second: /*i18n*/ 'Too many sign-in attempts from your network. You can try signing in again in 1 second.',
    seconds: /*i18n*/ 'Too many sign-in attempts from your network. You can try signing in again in {seconds} seconds.',
    until: /*i18n*/ 'Too many sign-in attempts from your network. You can try signing in again after {time}.',
  },
  links: {
    second: /*i18n*/ 'Too many links from mail opened from your network. You can open links again in 1 second.',
    seconds: /*i18n*/ 'Too many links from mail opened from your network. You can open links again in {seconds} seconds.',
    until: /*i18n*/ 'Too many links from mail opened from your network. You can open links again after {time}.',
  },
  writes: {
    second: /*i18n*/ 'You have made many changes in a short time. You can make more changes in 1 second.',
    seconds: /*i18n*/ 'You have made many changes in a short time. You can make more changes in {seconds} seconds.',
    until: /*i18n*/ 'You have made many changes in a short time. You can make more changes after {time}.',
  },
  photos: {
    second: /*i18n*/ 'You have uploaded as many photos as the portal takes in an hour. You can add more photos in 1 second.',
    seconds: /*i18n*/ 'You have uploaded as many photos as the portal takes in an hour. You can add more photos in {seconds} seconds.',
    until: /*i18n*/ 'You have uploaded as many photos as the portal takes in an hour. You can add more photos after {time}.',
  },
  exports: {
    second: /*i18n*/ 'You have exported many files in a short time. You can export again in 1 second.',
    seconds: /*i18n*/ 'You have exported many files in a short time. You can export again in {seconds} seconds.',
    until: /*i18n*/ 'You have exported many files in a short time. You can export again after {time}.',
  },
  anonymousReports: {
    second: /*i18n*/ 'Many anonymous reports were sent from your network in a short time. You can send another in 1 second.',
    seconds: /*i18n*/ 'Many anonymous reports were sent from your network in a short time. You can send another in {seconds} seconds.',
    until: /*i18n*/ 'Many anonymous reports were sent from your network in a short time. You can send another after {time}.',
  },
  trackingTries: {
    second: /*i18n*/ 'Too many tries of a tracking code and secret. You can try again in 1 second.',
    seconds: /*i18n*/ 'Too many tries of a tracking code and secret. You can try again in {seconds} seconds.',
    until: /*i18n*/ 'Too many tries of a tracking code and secret. You can try again after {time}.',
  },
  grievances: {
    second: /*i18n*/ 'You have raised as many grievances as the portal takes in a day. You can raise another in 1 second.',
    seconds: /*i18n*/ 'You have raised as many grievances as the portal takes in a day. You can raise another in {seconds} seconds.',
    until: /*i18n*/ 'You have raised as many grievances as the portal takes in a day. You can raise another after {time}.',
  },
  places: {
    second: /*i18n*/ 'You have opened many places in a short time. You can open more in 1 second.',
    seconds: /*i18n*/ 'You have opened many places in a short time. You can open more in {seconds} seconds.',
    until: /*i18n*/ 'You have opened many places in a short time. You can open more after {time}.',
  },
};

/**
 * The refusal of a limit: what was limited and when it lifts. `waitSeconds` is exactly the
 * Retry-After the response carries; a long wait is said as the minute it has certainly passed, on
 * the university's clock. Written in English and kept with its template (`valued`), so the error
 * handler says it in the requester's language.
 */
export function limitMessage(kind: LimitKind, waitSeconds: number, now: number, timeZone: string, intlLocale = 'en-GB'): string {
  const sentences = LIMITED[kind];
  if (waitSeconds < SHORT_WAIT_SECONDS) {
    return waitSeconds === 1 ? valued(sentences.second, {}) : valued(sentences.seconds, { seconds: waitSeconds });
  }
  const lifts = new Date(Math.ceil((now + waitSeconds * 1000) / 60_000) * 60_000);
  const time = new Intl.DateTimeFormat(intlLocale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(lifts);
  return valued(sentences.until, { time });
}

type RefusalBuilder = (request: FastifyRequest, context: { ttl: number }) => AppError;

interface LimitPolicy {
  max: number;
  timeWindow: number;
  keyGenerator?: (request: FastifyRequest) => string;
  errorResponseBuilder: RefusalBuilder;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route `config.rateLimit` values for the kinds of traffic worth limiting. */
    rateLimitPolicies: {
      signIn: LimitPolicy;
      /** One-click links from mail (`/act/:token`): per address, with sign-in's budget. */
      links: LimitPolicy;
      writes: LimitPolicy & { keyGenerator: (request: FastifyRequest) => string };
      /** Photo uploads per account per hour: each one costs a re-encode, so they have their own budget. */
      photos: LimitPolicy & { keyGenerator: (request: FastifyRequest) => string };
      /**
       * Place pages per account (decision 45): a page lists a room's open complaints, so walking
       * every room number of a hostel is slowed; a person scanning labels never meets it.
       */
      places: LimitPolicy & { keyGenerator: (request: FastifyRequest) => string };
      /** Grievances raised per student per day (issue 44): each one reaches the whole committee. */
      grievances: LimitPolicy & { keyGenerator: (request: FastifyRequest) => string };
      /** The refusal for a limit a module declares itself (`errorResponseBuilder` of its rateLimit). */
      refusal: (kind: LimitKind) => RefusalBuilder;
    };
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }) {
    // Retry-After is @fastify/rate-limit's ceil(ttl / 1000); the message uses the same number.
    const refusal =
      (kind: LimitKind): RefusalBuilder =>
      (_request, context) =>
        new AppError(429, 'rate_limited', limitMessage(kind, Math.ceil(context.ttl / 1000), Date.now(), app.catalog.lastTimeZone));
    await app.register(rateLimit, {
      global: false,
      store: postgresStore(app.db),
      // A database hiccup must not lock everyone out; the route itself will report the failure.
      skipOnError: true,
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          'rate_limited',
          `Too many requests. You can try again in ${Math.ceil(context.ttl / 1000)} second${Math.ceil(context.ttl / 1000) === 1 ? '' : 's'}.`,
        ),
    });
    // Signed-in writers are limited per account, so a shared campus IP does not punish everyone.
    const perAccount = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
    const signIn = { max: opts.config.rateLimits.signInPerMinute, timeWindow: 60_000 };
    app.decorate('rateLimitPolicies', {
      signIn: { ...signIn, errorResponseBuilder: refusal('signIn') },
      links: { ...signIn, errorResponseBuilder: refusal('links') },
      writes: {
        max: opts.config.rateLimits.writesPerMinute,
        timeWindow: 60_000,
        keyGenerator: perAccount,
        errorResponseBuilder: refusal('writes'),
      },
      photos: {
        max: opts.config.rateLimits.photosPerHour,
        timeWindow: 60 * 60_000,
        keyGenerator: perAccount,
        errorResponseBuilder: refusal('photos'),
      },
      places: { max: PLACES_PER_MINUTE, timeWindow: 60_000, keyGenerator: perAccount, errorResponseBuilder: refusal('places') },
      grievances: {
        max: opts.config.rateLimits.grievancesPerDay,
        timeWindow: 24 * 60 * 60_000,
        keyGenerator: (request: FastifyRequest) => `grievance:${perAccount(request)}`,
        errorResponseBuilder: refusal('grievances'),
      },
      refusal,
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
