import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { OUTBOX_STATUSES, outboxListSchema, outboxMessageSchema } from '../../../shared/mail.js';
import type { Config } from '../../config.js';
import { complaints, outbox, type OutboxRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { audit } from '../audit/service.js';

const summary = (row: OutboxRow, complaintNumber: string | null) => ({
  id: row.id,
  purpose: row.purpose,
  complaintNumber,
  to: row.toEmails,
  cc: row.ccEmails,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Admins read what the portal sent or would have sent (without SMTP_URL everything is held here). */
export default async function mailRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requireRole('admin')];

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
    async (request) => {
      const { status, cursor, limit } = request.query;
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await app.db
        .select({ row: outbox, number: complaints.number })
        .from(outbox)
        .leftJoin(complaints, eq(complaints.id, outbox.complaintId))
        .where(
          and(
            status ? eq(outbox.status, status) : undefined,
            after ? afterCursor(outbox, after) : undefined,
          ),
        )
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit, (found) => found.row);
      return { items: page.items.map(({ row, number }) => summary(row, number)), nextCursor: page.nextCursor };
    },
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
    async (request) => {
      const [found] = await app.db
        .select({ row: outbox, number: complaints.number })
        .from(outbox)
        .leftJoin(complaints, eq(complaints.id, outbox.complaintId))
        .where(eq(outbox.id, request.params.id))
        .limit(1);
      if (!found) throw new AppError(404, 'not_found', 'No such message.');
      const { row } = found;
      return {
        ...summary(row, found.number),
        replyTo: row.replyTo,
        messageId: row.messageId,
        smtpResponse: row.smtpResponse,
        text: row.textBody,
        html: row.htmlBody,
      };
    },
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
      const [row] = await app.db.select({ html: outbox.htmlBody }).from(outbox).where(eq(outbox.id, request.params.id)).limit(1);
      if (!row) throw new AppError(404, 'not_found', 'No such message.');
      // The mail's own inline styles may apply; nothing in it may run, load or navigate, and only
      // the portal's own pages may frame it.
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .send(row.html);
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
      const actorId = request.user?.id ?? null;
      await app.db.transaction(async (tx) => {
        const updated = await tx
          .update(outbox)
          // Without SMTP it can only wait in the outbox, as everything else does.
          .set({ status: opts.config.smtpUrl ? 'queued' : 'held', nextAttemptAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
          .where(and(eq(outbox.id, request.params.id), eq(outbox.status, 'failed')))
          .returning({ id: outbox.id, subject: outbox.subject, attempts: outbox.attempts });
        const [row] = updated;
        if (!row) throw new AppError(409, 'not_failed', 'Only a failed message can be retried (or there is no such message).');
        await audit(tx, {
          actorId,
          action: 'outbox.retry',
          targetType: 'outbox',
          targetId: row.id,
          details: { subject: row.subject, before: { status: 'failed', attempts: row.attempts }, after: { status: opts.config.smtpUrl ? 'queued' : 'held' } },
        });
      });
      app.mailer?.notify();
      request.log.info({ outboxId: request.params.id, by: request.user?.id }, 'mail: retry requested');
      return reply.status(204).send(null);
    },
  );
}
