import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../shared/admin.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { requireUser } from '../../lib/require-user.js';
import { listAudit } from './log.js';
import { requesterI18n } from '../../i18n/requester.js';

/** The audit log: searchable, filterable, newest first; there is no route that changes it. */
export default async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    {
      preHandler: [app.requireUser, app.requirePermission('audit.read')],
      schema: {
        tags: ['admin'],
        summary: 'Every administrative change and every reveal of a confidential identity, newest first (a confidential report\'s reporter is named only to the anti-ragging duty)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listAudit(app.db, requireUser(request), request.query, requesterI18n(request)),
  );
}
