import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import {
  inspectionCreateSchema,
  inspectionListQuerySchema,
  inspectionListSchema,
  inspectionSchema,
  raggingReportQuerySchema,
  reportFileName,
} from '../../../shared/ragging-reports.js';
import type { Config } from '../../config.js';
import { Readers } from '../../i18n/readers.js';
import { requesterLocale } from '../../i18n/requester.js';
import { AppError } from '../../lib/errors.js';
import { requireUser } from '../../lib/require-user.js';
import { mayWorkRaggingRecord } from '../access/index.js';
import { reportCsv } from './csv.js';
import { reportPdf } from './pdf.js';
import { inReadersNames } from './sections.js';
import { listInspections, raggingReport, recordInspection } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
const fileBody = z.any().describe('application/pdf or text/csv; charset=utf-8, as an attachment');

/** A report reads a year of reports and draws a PDF: a few a minute per person is plenty. */
const REPORTS_PER_MINUTE = 10;

const dutyOnly = () =>
  new AppError(403, 'forbidden', /*i18n*/ 'The anti-ragging reports and the inspection log are for the anti-ragging duty and administrators.');

/** The anti-ragging committees' report and the squad's inspection log (decision 42): the duty and administrators only. */
export default async function raggingReportRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const universityTimeZone = async () => (await app.catalog.get()).timeZone;
  const workers = [app.requireUser, app.requirePermission('queue.work')];
  const catalog = async () => (await app.catalog.get()).catalog;
  const duty = (request: FastifyRequest) => {
    const user = requireUser(request);
    if (!mayWorkRaggingRecord(user)) throw dutyOnly();
    return user;
  };
  const reportLimit = {
    max: REPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => (request.user ? `ragging-report:${request.user.id}` : `ragging-report-ip:${request.ip}`),
    errorResponseBuilder: app.rateLimitPolicies.refusal('exports'),
  };

  r.get(
    '/api/ragging/report',
    {
      preHandler: workers,
      config: { rateLimit: reportLimit },
      schema: {
        tags: ['ragging'],
        summary:
          "The anti-ragging committees' report for a period of at most a year (days on the university's clock), as PDF or CSV: counts only, no identities",
        querystring: raggingReportQuerySchema,
        response: { 200: fileBody, ...errors },
      },
    },
    async (request, reply) => {
      const user = duty(request);
      const { from, to, format } = request.query;
      const reader = await new Readers(app.db).reader(requesterLocale(request));
      const report = inReadersNames(await raggingReport(app.db, await catalog(), { from, to, timeZone: await universityTimeZone() }, app.clock.now()), reader);
      request.log.info({ by: user.id, from, to, format }, 'anti-ragging report made');
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${reportFileName(from, to, format)}"`);
      const { i18n } = reader;
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(reportCsv(report, i18n));
      const stream = await reportPdf(report, i18n);
      stream.on('error', (error) => request.log.error({ err: error }, 'anti-ragging report failed while streaming'));
      return reply.type('application/pdf').send(stream);
    },
  );

  r.get(
    '/api/ragging/inspections',
    {
      preHandler: workers,
      schema: {
        tags: ['ragging'],
        summary: "The anti-ragging squad's inspection log, the latest first, page by page",
        querystring: inspectionListQuerySchema,
        response: { 200: inspectionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      duty(request);
      reply.header('cache-control', 'no-store');
      return { ...(await listInspections(app.db, request.query)), timeZone: await universityTimeZone() };
    },
  );

  r.post(
    '/api/ragging/inspections',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['ragging'],
        summary: 'Record an inspection of a hostel by the anti-ragging squad: when, which hostel, what was found, who went',
        body: inspectionCreateSchema,
        response: { 201: inspectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = duty(request);
      return reply.status(201).send(await recordInspection(app.db, await catalog(), user, request.body, app.clock.now()));
    },
  );
}
