import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayIn } from '../../../shared/time.js';
import { requesterI18n } from '../../i18n/requester.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { INSIGHTS_TABLES, insightsPreferencesResponseSchema, insightsPreferencesSchema, insightsQuerySchema, insightsSchema } from '../../../shared/insights.js';
import type { Config } from '../../config.js';
import { queueQuerySchema } from '../../../shared/staff.js';
import { valued } from '../../../shared/valued-message.js';
import { loadScope, mayRevealIdentity } from '../access/index.js';
import { insightsTableCsv, queueCsv } from './export.js';
import { insightsFigures, insightsFilter } from './figures.js';
import { requireUser } from '../../lib/require-user.js';
import { saveInsightsDigest } from '../users/index.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
const csvBody = z.any().describe('text/csv; charset=utf-8, streamed');

/** Exports are cheap per request but a million rows are not: a few a minute per person is plenty. */
const EXPORTS_PER_MINUTE = 10;

const attachment = (name: string) => `attachment; filename="${name}"`;

/** The dashboard (wardens within their hostels, admins everywhere), its CSV tables, the digest opt-out, and the queue's CSV. */
export default async function insightsRoutes(app: FastifyInstance, opts: { config: Config }) {
  const everyDays = opts.config.insightsDigestDays;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = [app.requireUser, app.requirePermission('insights.read')];
  const workers = [app.requireUser, app.requirePermission('queue.export')];
  const exportLimit = {
    max: EXPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => (request.user ? `export:${request.user.id}` : `export-ip:${request.ip}`),
    errorResponseBuilder: app.rateLimitPolicies.refusal('exports'),
  };

  r.get(
    '/api/insights',
    {
      preHandler: readers,
      schema: {
        tags: ['insights'],
        summary: 'How the hostels in your scope are doing: open and overdue now, filings per week, times, targets, reopens, ratings, recurring rooms',
        querystring: insightsQuerySchema,
        response: { 200: insightsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const snapshot = await app.catalog.get();
      const figures = await insightsFigures(app.db, await loadScope(app.db, user), insightsFilter(request.query, snapshot.timeZone), snapshot, app.clock.now());
      reply.header('cache-control', 'no-store');
      return figures;
    },
  );

  r.get(
    '/api/insights/export/:table',
    {
      preHandler: readers,
      config: { rateLimit: exportLimit },
      schema: {
        tags: ['insights'],
        summary: 'One of the dashboard tables as CSV, with the same filters',
        params: z.object({ table: z.enum(INSIGHTS_TABLES, { error: valued(/*i18n*/ 'Choose one of {tables}', { tables: INSIGHTS_TABLES.join(', ') }) }) }),
        querystring: insightsQuerySchema,
        response: { 200: csvBody, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const snapshot = await app.catalog.get();
      const filter = insightsFilter(request.query, snapshot.timeZone);
      const figures = await insightsFigures(app.db, await loadScope(app.db, user), filter, snapshot, app.clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`insights-${request.params.table}-${filter.from}-${filter.to}.csv`))
        .send(insightsTableCsv(figures, request.params.table, requesterI18n(request)));
    },
  );

  r.get(
    '/api/staff/complaints.csv',
    {
      preHandler: workers,
      config: { rateLimit: exportLimit },
      schema: {
        tags: ['staff'],
        summary: 'The whole queue with the given filters as CSV (every page, streamed); confidential students withheld',
        querystring: queueQuerySchema.omit({ cursor: true, limit: true }),
        response: { 200: csvBody, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await loadScope(app.db, user);
      const stream = queueCsv(app.db, scope, user, request.query, app.clock.now(), mayRevealIdentity(user), requesterI18n(request));
      stream.on('error', (error) => request.log.error({ err: error }, 'queue export failed while streaming'));
      // Which filters, not their values: a search can hold a student's name.
      request.log.info({ by: user.id, filters: Object.keys(request.query) }, 'queue export started');
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`complaints-${dayIn(app.clock.now(), (await app.catalog.get()).timeZone)}.csv`))
        .send(stream);
    },
  );

  r.get(
    '/api/insights/preferences',
    {
      preHandler: readers,
      schema: { tags: ['insights'], summary: 'Whether you get the insights digest by mail, and how often it goes', response: { 200: insightsPreferencesResponseSchema, ...errors } },
    },
    async (request) => ({ digest: requireUser(request).insightsDigest, everyDays }),
  );

  r.put(
    '/api/insights/preferences',
    {
      preHandler: readers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['insights'],
        summary: 'Turn the insights digest on or off for yourself',
        body: insightsPreferencesSchema,
        response: { 200: insightsPreferencesResponseSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => ({ ...(await saveInsightsDigest(app.db, requireUser(request).id, request.body.digest)), everyDays }),
  );
}
