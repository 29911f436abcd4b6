import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { enquiryCloseBodySchema, firDecisionBodySchema, raggingClocksSchema, raggingStateSchema } from '../../../shared/ragging.js';
import { AppError } from '../../lib/errors.js';
import { requireUser } from '../../lib/require-user.js';
import { mayWorkRaggingRecord } from '../access/index.js';
import { closeRaggingEnquiry, decideFir, raggingClocks, raggingState } from './service.js';

const numberParams = z.object({ number: z.string().max(40) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

const dutyOnly = () =>
  new AppError(403, 'forbidden', /*i18n*/ 'Only the anti-ragging duty and administrators record ragging decisions and see their deadlines.');

/** The anti-ragging duty's statutory decisions and deadlines on ragging reports (decision 40). */
export default async function raggingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const workers = [app.requireUser, app.requirePermission('queue.work')];

  r.get(
    '/api/staff/ragging/clocks',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: 'Ragging reports with an FIR decision or an enquiry still open, the soonest due first (anti-ragging duty and admins)',
        response: { 200: raggingClocksSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!mayWorkRaggingRecord(user)) throw dutyOnly();
      reply.header('cache-control', 'no-store');
      return raggingClocks(app.db, user, app.clock.now());
    },
  );

  r.get(
    '/api/staff/complaints/:number/ragging',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: "A ragging report's statutory record: where it happened, the FIR decision and the enquiry, with their deadlines",
        params: numberParams,
        response: { 200: raggingStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return raggingState(app.db, requireUser(request), request.params.number, app.clock.now());
    },
  );

  r.post(
    '/api/staff/complaints/:number/fir-decision',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Record whether a police report (FIR) is needed, once, with the reason (anti-ragging duty and admins)',
        params: numberParams,
        body: firDecisionBodySchema,
        response: { 200: raggingStateSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!mayWorkRaggingRecord(user)) throw dutyOnly();
      return decideFir(app.lifecycle, user, request.params.number, request.body);
    },
  );

  r.post(
    '/api/staff/complaints/:number/enquiry-close',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Close the enquiry with its outcome, once, after the FIR decision; an open report is resolved (anti-ragging duty and admins)',
        params: numberParams,
        body: enquiryCloseBodySchema,
        response: { 200: raggingStateSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!mayWorkRaggingRecord(user)) throw dutyOnly();
      return closeRaggingEnquiry(app.lifecycle, user, request.params.number, request.body);
    },
  );
}
