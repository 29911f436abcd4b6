import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';

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
  return class PostgresRateLimitStore {
    constructor(
      private readonly options: { timeWindow?: number } = {},
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      const windowMs = timeWindow ?? this.options.timeWindow ?? 60_000;
      const fullKey = `${this.prefix}|${key}`;
      const interval = `${windowMs} milliseconds`;
      db.insert(rateLimits)
        .values({ key: fullKey, hits: 1, resetAt: sql`now() + ${interval}::interval` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${interval}::interval else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
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

declare module 'fastify' {
  interface FastifyInstance {
    /** Route `config.rateLimit` values for the two kinds of traffic worth limiting. */
    rateLimitPolicies: {
      signIn: { max: number; timeWindow: number };
      writes: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string };
      /** Photo uploads per account per hour: each one costs a re-encode, so they have their own budget. */
      photos: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string };
    };
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { config: Config }) {
    await app.register(rateLimit, {
      global: false,
      store: postgresStore(app.db),
      // A database hiccup must not lock everyone out; the route itself will report the failure.
      skipOnError: true,
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'rate_limited',
        message: 'Too many requests. Please wait a moment and try again.',
      }),
    });
    // Signed-in writers are limited per account, so a shared campus IP does not punish everyone.
    const perAccount = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);
    app.decorate('rateLimitPolicies', {
      signIn: { max: opts.config.rateLimits.signInPerMinute, timeWindow: 60_000 },
      writes: {
        max: opts.config.rateLimits.writesPerMinute,
        timeWindow: 60_000,
        keyGenerator: perAccount,
      },
      photos: { max: opts.config.rateLimits.photosPerHour, timeWindow: 60 * 60_000, keyGenerator: perAccount },
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
