import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  complaintViewSchema,
  complaintListSchema,
  followResultSchema,
  followedListSchema,
  followedQuerySchema,
  nearbyQuerySchema,
  nearbySchema,
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
import { confirmResolution, reopen, studentReply, withdraw } from '../lifecycle/index.js';
import { toComplaintDto, toMyComplaintDto } from './dto.js';
import { idempotencyHeaders } from '../../lib/idempotency.js';
import { listStudentComplaints } from './queries.js';
import { fileCleaningRequest, fileComplaint, fileLaundryRequest, getComplaintView, listFollowed } from './service.js';
import { leave, meToo } from '../followers/index.js';
import { nearby } from './nearby.js';
import { studentAnswerVisit, studentProposeVisit } from '../visits/index.js';
import { visitAnswerBodySchema, visitProposalBodySchema, visitProposalParams } from '../../../shared/visits.js';
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
  const ctx = async () => {
    const snapshot = await app.catalog.get();
    return { ...app.lifecycle, actionLinkTtlMs: opts.config.actionLinkTtlMs, catalog: snapshot.catalog, commonAreas: snapshot.commonAreas, routing: snapshot.routing, calendar: snapshot.calendar };
  };

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
    '/api/complaints/nearby',
    {
      preHandler: [app.requireUser, app.requirePermission('complaint.file')],
      schema: {
        tags: ['complaints'],
        summary: 'Before filing: open complaints of the same hostel and category (same floor first, ranked by the words typed), active notices, and your own open complaint of the room',
        querystring: nearbyQuerySchema,
        response: { 200: nearbySchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return nearby(app.db, user.id, request.query);
    },
  );

  r.get(
    '/api/complaints/following',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['complaints'],
        summary: 'Complaints other students filed that you follow (Me too, or your duplicate merged into them), newest first',
        querystring: followedQuerySchema,
        response: { 200: followedListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return listFollowed(app.db, user.id, request.query);
    },
  );

  r.get(
    '/api/complaints/:number',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['complaints'],
        summary: 'One of your complaints with its timeline, or (view: follower) one you follow as its followers see it',
        params: z.object({ number: z.string().max(40) }),
        response: { 200: complaintViewSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return getComplaintView(app.db, user.id, request.params.number, await app.lifecycle.universityTimeZone());
    },
  );

  // Me too (POST) and leaving (DELETE): the same rules, each the other's Undo, both idempotent.
  const follows = [
    { method: 'POST', run: meToo, summary: 'Me too: follow a complaint another student filed (open or resolved, not confidential); saying it twice changes nothing' },
    { method: 'DELETE', run: leave, summary: 'Stop following a complaint; leaving twice changes nothing' },
  ] as const;
  for (const follow of follows) {
    r.route({
      method: follow.method,
      url: '/api/complaints/:number/follow',
      preHandler: [app.requireUser, app.requirePermission('complaint.file')],
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: follow.summary,
        params: z.object({ number: z.string().max(40) }),
        response: { 200: followResultSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
      handler: async (request) => {
        const user = requireUser(request);
        const row = await follow.run(app.lifecycle, user, request.params.number);
        return { number: row.number, following: follow.method === 'POST', students: row.followerCount + 1 };
      },
    });
  }

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

  // Visit times (decision 47): the student proposes another or answers the team's; the team hears by bell.
  const visitErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
  r.post(
    '/api/complaints/:number/visits',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: 'Propose a visit time for in-room work on one of your open complaints (a day and times on the university clock, within 14 days); it replaces the open proposal you saw',
        params: z.object({ number: z.string().max(40) }),
        headers: idempotencyHeaders,
        body: visitProposalBodySchema,
        response: { 204: z.null(), ...visitErrors },
      },
    },
    async (request, reply) => {
      await studentProposeVisit(app.lifecycle, requireUser(request), request.params.number, request.body, request.headers['idempotency-key']);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/complaints/:number/visits/:id/answer',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['complaints'],
        summary: "Accept or decline the team's proposed visit time (409 when it is no longer open, 403 for your own proposal)",
        params: visitProposalParams,
        headers: idempotencyHeaders,
        body: visitAnswerBodySchema,
        response: { 204: z.null(), ...visitErrors },
      },
    },
    async (request, reply) => {
      const { number, id } = request.params;
      await studentAnswerVisit(app.lifecycle, requireUser(request), number, id, request.body.answer, request.headers['idempotency-key']);
      return reply.status(204).send(null);
    },
  );
}
