import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import {
  assignBodySchema,
  identitySchema,
  mergeBodySchema,
  queueQuerySchema,
  queueResponseSchema,
  replyBodySchema,
  revealBodySchema,
  staffComplaintDetailSchema,
  takeBodySchema,
  staffComplaintSchema,
  staffPreferencesSchema,
  colleaguesSchema,
  statusCountsSchema,
  transitionBodySchema,
} from '../../../shared/staff.js';
import { AppError } from '../../lib/errors.js';
import { recordIdentitySearch, revealIdentity } from '../confidentiality/index.js';
import { idempotencyHeaders } from '../../lib/idempotency.js';
import { toStaffDetail } from './dto.js';
import { attentionCounts, listQueue, statusCounts } from './queries.js';
import { bulkActionStatus, scheduleBulkAction, undoBulkAction } from './bulk.js';
import { attentionSchema, bulkActionSchema, bulkRequestSchema } from '../../../shared/queue.js';
import { loadScope, mayRevealIdentity } from '../access/index.js';
import { addReply, answerVisitAsStaff, resumeWaitingClock, assign, listColleagues, merge, proposeVisitAsStaff, staffDetail, staffView, staffViewOf, staffViews, take, transition, unmerge } from './service.js';
import { saveWorkPreferences } from '../users/index.js';
import { visitAnswerBodySchema, visitProposalBodySchema, visitProposalParams } from '../../../shared/visits.js';
import { requireUser } from '../../lib/require-user.js';
import { placeFacts } from './place-facts.js';

const numberParams = z.object({ number: z.string().max(40) });
const bulkParams = z.object({ id: z.uuid({ error: 'Not a bulk action id' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The API behind the staff console: only complaints in the user's scope exist for them. */
export default async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const workers = [app.requireUser, app.requirePermission('queue.work')];

  r.get(
    '/api/staff/complaints',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: 'The queue: complaints in your scope, filtered, newest or oldest first, page by page',
        querystring: queueQuerySchema,
        response: { 200: queueResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const scope = await loadScope(app.db, user);
      const page = await listQueue(app.db, scope, user, request.query, app.clock.now(), mayRevealIdentity(user));
      // The duty finding a confidential report by who filed it is told who filed it: recorded like a reveal.
      if (request.query.q && mayRevealIdentity(user)) await recordIdentitySearch(app.db, user.id, request.query.q, page.items.map((item) => item.complaint));
      // The page's rows only, in one query (the history indexes): the flag costs the queue a few index probes.
      const facts = await placeFacts(app.db, page.items.map((row) => row.complaint));
      reply.header('cache-control', 'no-store');
      const views = await staffViews(
        app.db,
        page.items.map(({ complaint, assigneeName, assigneeEmail }) => ({
          complaint,
          assignee: complaint.assigneeId ? { id: complaint.assigneeId, name: assigneeName ?? '', email: assigneeEmail ?? '' } : null,
        })),
      );
      return {
        items: page.items.map(({ complaint }, i) => ({
          ...(views[i] as (typeof views)[number]),
          ...(facts.get(complaint.id) ?? { place: null, repeating: false }),
        })),
        nextCursor: page.nextCursor,
        timeZone: await app.lifecycle.universityTimeZone(),
      };
    },
  );

  r.get(
    '/api/staff/counts',
    {
      preHandler: workers,
      schema: { tags: ['staff'], summary: 'Complaints per status in your scope', response: { 200: statusCountsSchema, ...errors } },
    },
    async (request) => statusCounts(app.db, await loadScope(app.db, requireUser(request))),
  );

  r.get(
    '/api/staff/attention',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: 'What needs someone in your scope: new, your open work, overdue, escalated, reopened and unassigned, counted',
        response: { 200: attentionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return attentionCounts(app.db, await loadScope(app.db, user), user, app.clock.now());
    },
  );

  r.get(
    '/api/staff/complaints/:number',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: 'One complaint with its whole timeline (internal notes included) and the actions you may take',
        params: numberParams,
        response: { 200: staffComplaintDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const detail = await staffDetail(app.db, user, request.params.number, app.lifecycle.mergeUndoMs, await app.lifecycle.universityTimeZone());
      const facts = await placeFacts(app.db, [detail.complaint]);
      reply.header('cache-control', 'no-store');
      return {
        ...toStaffDetail({ ...detail, assignee: detail.assignee ?? null, canRevealIdentity: mayRevealIdentity(user) }),
        ...(facts.get(detail.complaint.id) ?? { place: null, repeating: false }),
      };
    },
  );

  r.post(
    '/api/staff/complaints/:number/transitions',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Move the complaint along its lifecycle (the student is e-mailed)',
        params: numberParams,
        headers: idempotencyHeaders,
        body: transitionBodySchema,
        response: { 200: staffComplaintSchema, ...errors },
      },
    },
    async (request) => {
      const row = await transition(
        app.lifecycle,
        requireUser(request),
        request.params.number,
        request.body.to,
        request.body.note,
        request.headers['idempotency-key'],
        request.body.photoIds,
      );
      return staffViewOf(app.db, row);
    },
  );

  r.post(
    '/api/staff/complaints/:number/replies',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Reply to the student, or add an internal note the student never sees',
        params: numberParams,
        headers: idempotencyHeaders,
        body: replyBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { text, internal, waitForStudent } = request.body;
      await addReply(app.lifecycle, requireUser(request), request.params.number, text, internal, request.headers['idempotency-key'], waitForStudent);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/staff/complaints/:number/clock/resume',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: "Start a complaint's clock again while it waits for the student's answer (409 when it is not waiting)",
        params: numberParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resumeWaitingClock(app.lifecycle, requireUser(request), request.params.number);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/staff/complaints/:number/assign',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Give the complaint to a colleague whose scope covers it (null: nobody)',
        params: numberParams,
        body: assignBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await assign(app.lifecycle, requireUser(request), [request.params.number], request.body.assigneeId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/staff/complaints/:number/take',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Take the complaint yourself, or take it over from the colleague you saw holding it (a submitted one is acknowledged too)',
        params: numberParams,
        body: takeBodySchema,
        response: { 200: staffComplaintSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await take(app.lifecycle, user, request.params.number, request.body.from);
      return staffView(app.db, row, user);
    },
  );

  r.post(
    '/api/staff/bulk',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Act on several complaints at once, after an undo window (BULK_UNDO_SECONDS) in which nothing changes and nobody is told',
        body: bulkRequestSchema,
        response: { 202: bulkActionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scheduled = await scheduleBulkAction(app.lifecycle, app.bulk, requireUser(request), request.body);
      return reply.status(202).send(scheduled);
    },
  );

  r.get(
    '/api/staff/bulk/:id',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: 'Your bulk action: waiting, running, undone, or done with what happened to each complaint',
        params: bulkParams,
        response: { 200: bulkActionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return bulkActionStatus(app.db, requireUser(request), request.params.id);
    },
  );

  r.post(
    '/api/staff/bulk/:id/undo',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Undo your bulk action while it waits (409 once it has begun: nothing is undone then)',
        params: bulkParams,
        response: { 200: bulkActionSchema, ...errors },
      },
    },
    async (request) => undoBulkAction(app.lifecycle, requireUser(request), request.params.id),
  );

  r.post(
    '/api/staff/complaints/:number/merge',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary:
          'Merge this duplicate into the complaint about the same problem (both in your scope): its student follows that one and is told once, after the undo window (MERGE_UNDO_MINUTES)',
        params: numberParams,
        body: mergeBodySchema,
        response: { 200: staffComplaintSchema, ...errors },
      },
    },
    async (request) => {
      const { complaint, assignee } = await merge(app.lifecycle, requireUser(request), request.params.number, request.body.into);
      return staffView(app.db, complaint, assignee);
    },
  );

  r.post(
    '/api/staff/complaints/:number/unmerge',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Undo a merge within MERGE_UNDO_MINUTES: the complaint gets its status back; its student is told only if the merge notice already reached them',
        params: numberParams,
        response: { 200: staffComplaintSchema, ...errors },
      },
    },
    async (request) => {
      const { complaint, assignee } = await unmerge(app.lifecycle, requireUser(request), request.params.number);
      return staffView(app.db, complaint, assignee);
    },
  );

  r.post(
    '/api/staff/complaints/:number/reveal',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Show the student behind a confidential complaint, giving a reason (the anti-ragging duty only; recorded with the reason)',
        params: numberParams,
        body: revealBodySchema,
        response: { 200: identitySchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!mayRevealIdentity(user)) {
        throw new AppError(403, 'forbidden', /*i18n*/ 'Only the anti-ragging duty may see who filed this.');
      }
      const identity = await revealIdentity(app.db, user, request.params.number, request.body.reason);
      request.log.info({ complaint: request.params.number, by: user.id }, 'identity revealed');
      return identity;
    },
  );

  r.get(
    '/api/staff/preferences',
    {
      preHandler: workers,
      schema: { tags: ['staff'], summary: 'How you hear of new work in your scope', response: { 200: staffPreferencesSchema, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      return { newWorkMail: user.newWorkMail, digestHours: user.digestHours };
    },
  );

  r.put(
    '/api/staff/preferences',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Choose a mail for each new complaint in your scope, a digest every few hours, or none (the bell always rings)',
        body: staffPreferencesSchema,
        response: { 200: staffPreferencesSchema, ...errors },
      },
    },
    async (request) => saveWorkPreferences(app.db, requireUser(request).id, request.body),
  );

  r.get(
    '/api/staff/colleagues',
    {
      preHandler: workers,
      schema: {
        tags: ['staff'],
        summary: 'The people who work complaints, with their scopes, to assign work to whoever covers it',
        response: { 200: colleaguesSchema, ...errors },
      },
    },
    async () => ({ items: await listColleagues(app.db) }),
  );

  r.post(
    '/api/staff/complaints/:number/visits',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: 'Propose a visit time for in-room work (a day and times on the university clock, within 14 days); the student is told and answers in the thread',
        params: numberParams,
        headers: idempotencyHeaders,
        body: visitProposalBodySchema,
        response: { 204: z.null(), ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      await proposeVisitAsStaff(app.lifecycle, requireUser(request), request.params.number, request.body, request.headers['idempotency-key']);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/staff/complaints/:number/visits/:id/answer',
    {
      preHandler: workers,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['staff'],
        summary: "Accept or decline the student's proposed visit time (409 when it is no longer open, 403 for your side's own proposal)",
        params: visitProposalParams,
        headers: idempotencyHeaders,
        body: visitAnswerBodySchema,
        response: { 204: z.null(), ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { number, id } = request.params;
      await answerVisitAsStaff(app.lifecycle, requireUser(request), number, id, request.body.answer, request.headers['idempotency-key']);
      return reply.status(204).send(null);
    },
  );
}
