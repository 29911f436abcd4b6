import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { OUTBOX_STATUSES, outboxListSchema, outboxMessageSchema } from '../../../shared/mail.js';
import type { Config } from '../../config.js';
import { requireUser } from '../../lib/require-user.js';
import { listOutbox, readOutboxHtml, readOutboxMessage, retryFailedMail } from './outbox-admin.js';

/** Admins read what the portal sent or would have sent (without SMTP_URL everything is held here). */
export default async function mailRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requirePermission('mail.read')];

  r.get(
    '/api/admin/outbox',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail, newest first, optionally by status',
        querystring: z.object({
          status: z.enum(OUTBOX_STATUSES).optional(),
          cursor: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: outboxListSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      ...(await listOutbox(app.db, requireUser(request), request.query)),
      keepDays: opts.config.mail.keepMs / (24 * 60 * 60_000),
    }),
  );

  r.get(
    '/api/admin/outbox/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'One outgoing mail with its content',
        params: z.object({ id: z.uuid() }),
        response: { 200: outboxMessageSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readOutboxMessage(app.db, requireUser(request), request.params.id),
  );

  r.get(
    '/api/admin/outbox/:id/html',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'The HTML part of one mail as a page, for the console to show in a sandboxed frame',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.string(), 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const html = await readOutboxHtml(app.db, requireUser(request), request.params.id);
      // The mail's own inline styles may apply; nothing in it may run, load or navigate, and only
      // the portal's own pages may frame it.
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  r.post(
    '/api/admin/outbox/:id/retry',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: 'Send a failed message again',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const actorId = requireUser(request).id;
      await retryFailedMail(app.db, actorId, request.params.id, { smtp: Boolean(opts.config.smtpUrl) });
      app.mailer?.notify();
      request.log.info({ outboxId: request.params.id, by: actorId }, 'mail: retry requested');
      return reply.status(204).send(null);
    },
  );
}
