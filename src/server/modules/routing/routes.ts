import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOSTELS } from '../../../shared/catalog.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { ROUTING_KEYS, putRoutingRuleSchema, routingRuleSchema, type RoutingRule } from '../../../shared/routing.js';
import type { RoutingRuleRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { deleteOverride, listRules, putRule } from './service.js';

const toDto = (row: RoutingRuleRow): RoutingRule => ({
  routingKey: row.routingKey as RoutingRule['routingKey'],
  hostel: row.hostel as RoutingRule['hostel'],
  to: row.toEmails,
  cc: row.ccEmails,
  updatedAt: row.updatedAt.toISOString(),
});

const params = z.object({
  routingKey: z.enum(ROUTING_KEYS),
  hostel: z.union([z.literal('default'), z.enum(HOSTELS)]).describe("A hostel name, or 'default' for every hostel"),
});

/** Admin API for who receives which complaints (the admin screens come later). */
export default async function routingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requireRole('admin')];

  r.get(
    '/api/admin/routing',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every routing rule: recipient key, hostel override, To and Cc',
        response: { 200: z.object({ items: z.array(routingRuleSchema) }), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ items: (await listRules(app.db)).map(toDto) }),
  );

  r.put(
    '/api/admin/routing/:routingKey/:hostel',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: "Set the recipients of a key, for every hostel ('default') or one hostel",
        params,
        body: putRoutingRuleSchema,
        response: { 200: routingRuleSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const hostel = request.params.hostel === 'default' ? '' : request.params.hostel;
      const row = await putRule(
        app.db,
        { routingKey: request.params.routingKey, hostel },
        { to: request.body.to, cc: request.body.cc },
        request.user?.id ?? '',
      );
      request.log.info({ routingKey: row.routingKey, hostel: row.hostel, by: request.user?.id }, 'routing changed');
      return toDto(row);
    },
  );

  r.delete(
    '/api/admin/routing/:routingKey/:hostel',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: 'Remove a hostel override (the default then applies)',
        params,
        response: { 204: z.null(), 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const hostel = request.params.hostel === 'default' ? '' : request.params.hostel;
      const removed = await deleteOverride(app.db, { routingKey: request.params.routingKey, hostel });
      if (!removed) throw new AppError(404, 'not_found', 'There is no such override.');
      return reply.status(204).send(null);
    },
  );
}
