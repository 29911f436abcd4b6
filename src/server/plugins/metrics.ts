import { timingSafeEqual } from 'node:crypto';
import { count, inArray, min, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OUTBOX_STATUSES } from '../../shared/constants.js';
import type { Config } from '../config.js';
import { outbox, pushOutbox } from '../db/schema.js';

/** What other parts of the portal count; always there, so callers need not know whether /metrics is on. */
export interface PortalMetrics {
  mailSent: Counter;
  mailFailed: Counter<'kind'>;
  pushSent: Counter;
  pushFailed: Counter<'kind'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** Route label for requests no route matched: one series, not one per probed path. */
const UNMATCHED = 'unmatched';
const UNSENT = OUTBOX_STATUSES.filter((status) => status !== 'sent');

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at GET /metrics (prom-client), answered only with `Authorization: Bearer
 * $METRICS_TOKEN`; without METRICS_TOKEN the path does not exist. Each app has its own registry
 * (tests run several apps in one process). Database figures are read at scrape time, so an idle
 * portal costs nothing.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: { config: Config }) {
    const register = new Registry();
    const mailSent = new Counter({ name: 'hcp_mail_sent_total', help: 'Mails the SMTP server accepted', registers: [register] });
    const mailFailed = new Counter({
      name: 'hcp_mail_failed_total',
      help: 'Mail attempts that failed (kind: transient, will retry; permanent, given up)',
      labelNames: ['kind'] as const,
      registers: [register],
    });
    const pushSent = new Counter({ name: 'hcp_push_sent_total', help: 'Pushes a push service accepted', registers: [register] });
    const pushFailed = new Counter({
      name: 'hcp_push_failed_total',
      help: 'Push attempts that failed (kind: transient, will retry; permanent, given up; gone, the device unsubscribed; expired, too late to be worth sending)',
      labelNames: ['kind'] as const,
      registers: [register],
    });
    app.decorate('metrics', { mailSent, mailFailed, pushSent, pushFailed });

    const token = opts.config.metricsToken;
    if (!token) {
      app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
        reply.status(404).send({ error: { code: 'not_found', message: 'Metrics are off: set METRICS_TOKEN to turn them on.' } }),
      );
      return;
    }

    collectDefaultMetrics({ register, prefix: 'hcp_' });
    const latency = new Histogram({
      name: 'hcp_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
      latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    // The outbox figures come from the database, read just before each scrape. While it does not
    // answer, /metrics still answers (process figures, counters) with hcp_database_up 0 and the
    // last known outbox figures, rather than failing the whole scrape.
    const databaseUp = new Gauge({ name: 'hcp_database_up', help: '1 when the database answered at the last scrape, else 0', registers: [register] });
    const outboxMessages = new Gauge({
      name: 'hcp_outbox_messages',
      help: 'Mails in the outbox not sent (yet), by status: held (no SMTP_URL), queued, failed',
      labelNames: ['status'] as const,
      registers: [register],
    });
    const oldestQueued = new Gauge({
      name: 'hcp_outbox_oldest_queued_age_seconds',
      help: 'Age of the oldest mail still queued for sending (0 when none)',
      registers: [register],
    });
    const pushMessages = new Gauge({
      name: 'hcp_push_outbox_messages',
      help: 'Pushes in the push outbox not sent, by status: queued, failed',
      labelNames: ['status'] as const,
      registers: [register],
    });
    const oldestQueuedPush = new Gauge({
      name: 'hcp_push_outbox_oldest_queued_age_seconds',
      help: 'Age of the oldest push still queued for sending (0 when none)',
      registers: [register],
    });
    const readDatabaseFigures = async () => {
      try {
        const pushRows = await app.db
          .select({ status: pushOutbox.status, n: count(), oldest: min(pushOutbox.createdAt) })
          .from(pushOutbox)
          .where(inArray(pushOutbox.status, ['queued', 'failed']))
          .groupBy(pushOutbox.status);
        for (const status of ['queued', 'failed'] as const) pushMessages.set({ status }, Number(pushRows.find((r) => r.status === status)?.n ?? 0));
        const oldestPush = pushRows.find((r) => r.status === 'queued')?.oldest;
        oldestQueuedPush.set(oldestPush ? Math.max(0, (Date.now() - new Date(oldestPush).getTime()) / 1000) : 0);
        const rows = await app.db
          .select({ status: outbox.status, n: count() })
          .from(outbox)
          .where(ne(outbox.status, 'sent'))
          .groupBy(outbox.status);
        for (const status of UNSENT) outboxMessages.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
        const [row] = await app.db
          .select({ oldest: min(outbox.createdAt) })
          .from(outbox)
          .where(sql`${outbox.status} = 'queued'`);
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
        oldestQueued.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
        databaseUp.set(1);
      } catch {
        databaseUp.set(0);
      }
    };
    new Gauge({
      name: 'hcp_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on embedded PGlite',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const pool = app.database.pool;
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'unauthenticated', message: 'Metrics need the bearer token (METRICS_TOKEN).' } });
      }
      await readDatabaseFigures();
      reply.header('content-type', register.contentType).header('cache-control', 'no-store');
      return register.metrics();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
