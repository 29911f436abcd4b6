import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complaintDetailSchema,
  complaintListSchema,
  complaintSchema,
  myComplaintsQuerySchema,
  studentReplyBodySchema,
  createCleaningRequestSchema,
  createComplaintSchema,
  createLaundryRequestSchema,
} from '../../../shared/complaints.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import { confirmBodySchema, reopenBodySchema } from '../../../shared/staff.js';
import { confirmResolution, reopen, studentReply, withdraw } from '../lifecycle/service.js';
import { toComplaintDto, toMyComplaintDto, toTimelineEntry } from './dto.js';
import { idempotencyHeaders } from '../../lib/idempotency.js';
import { listStudentComplaints } from './queries.js';
import { fileCleaningRequest, fileComplaint, fileLaundryRequest, getStudentComplaint } from './service.js';
import { requireUser } from '../../lib/require-user.js';


const filedResponses = {
  200: complaintSchema.describe('A retry of a submission already stored'),
  201: complaintSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

export default async function complaintRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = async () => ({
    ...app.lifecycle,
    actionLinkTtlMs: opts.config.actionLinkTtlMs,
    catalog: (await app.catalog.get()).catalog,
  });

  r.post(
    '/api/complaints',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'File a complaint; who it is from and where it goes are decided by the server',
        headers: idempotencyHeaders,
        body: createComplaintSchema,
        response: filedResponses,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { complaint, replayed } = await fileComplaint(await ctx(), user, request.body, request.headers['idempotency-key']);
      if (!replayed) {
        request.log.info({ complaint: complaint.number, category: complaint.category }, 'complaint filed');
      }
      return reply.status(replayed ? 200 : 201).send(toComplaintDto(complaint));
    },
  );

  r.post(
    '/api/cleaning-requests',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Ask for a room to be cleaned (stored as a complaint headed "Room Cleaning")',
        headers: idempotencyHeaders,
        body: createCleaningRequestSchema,
        response: filedResponses,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { complaint, replayed } = await fileCleaningRequest(await ctx(), user, request.body, request.headers['idempotency-key']);
      if (!replayed) {
        request.log.info({ complaint: complaint.number }, 'cleaning request filed');
      }
      return reply.status(replayed ? 200 : 201).send(toComplaintDto(complaint));
    },
  );

  r.post(
    '/api/laundry-requests',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Ask for laundry to be picked up (when an administrator has enabled the Laundry service)',
        headers: idempotencyHeaders,
        body: createLaundryRequestSchema,
        response: filedResponses,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { complaint, replayed } = await fileLaundryRequest(await ctx(), user, request.body, request.headers['idempotency-key']);
      if (!replayed) {
        request.log.info({ complaint: complaint.number }, 'laundry request filed');
      }
      return reply.status(replayed ? 200 : 201).send(toComplaintDto(complaint));
    },
  );

  r.get(
    '/api/complaints/mine',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['complaints'],
        summary: "The signed-in student's complaints and requests, newest first; `state` keeps the unfinished or the finished ones",
        querystring: myComplaintsQuerySchema,
        response: { 200: complaintListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const page = await listStudentComplaints(app.db, user.id, request.query);
      reply.header('cache-control', 'no-store');
      return { items: page.items.map(toMyComplaintDto), nextCursor: page.nextCursor };
    },
  );

  r.get(
    '/api/complaints/:number',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['complaints'],
        summary: 'One of your complaints with its timeline',
        params: z.object({ number: z.string().max(40) }),
        response: { 200: complaintDetailSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { complaint, events } = await getStudentComplaint(app.db, user.id, request.params.number);
      reply.header('cache-control', 'no-store');
      return {
        ...toComplaintDto(complaint),
        timeline: events.map((event) => toTimelineEntry(event, complaint.studentId)),
        rating: complaint.rating,
        ratingComment: complaint.ratingComment,
      };
    },
  );

  r.post(
    '/api/complaints/:number/confirm',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Confirm a resolved complaint is fixed (closes it), optionally rating the work 1–5',
        params: z.object({ number: z.string().max(40) }),
        body: confirmBodySchema,
        response: { 200: complaintSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return toComplaintDto(await confirmResolution(app.lifecycle, user, request.params.number, request.body));
    },
  );

  r.post(
    '/api/complaints/:number/reopen',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Reopen a resolved complaint that is not fixed, saying why',
        params: z.object({ number: z.string().max(40) }),
        body: reopenBodySchema,
        response: { 200: complaintSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await reopen(app.lifecycle, user, request.params.number, request.body.reason);
      return toComplaintDto(row);
    },
  );

  r.post(
    '/api/complaints/:number/replies',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Add to the conversation of one of your complaints (the team hears of it by bell and mail)',
        params: z.object({ number: z.string().max(40) }),
        headers: idempotencyHeaders,
        body: studentReplyBodySchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await studentReply(app.lifecycle, user, request.params.number, request.body.text, request.headers['idempotency-key']);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/complaints/:number/withdraw',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Withdraw one of your complaints while nobody has acknowledged it (409 once someone has)',
        params: z.object({ number: z.string().max(40) }),
        headers: idempotencyHeaders,
        response: { 200: complaintSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return toComplaintDto(await withdraw(app.lifecycle, user, request.params.number, request.headers['idempotency-key']));
    },
  );
}
