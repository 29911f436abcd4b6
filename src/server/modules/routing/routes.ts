import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { putRoutingRuleSchema, routingKeyUseSchema, routingRuleSchema, type RoutingRule } from '../../../shared/routing.js';
import type { RoutingRuleRow } from '../../db/schema.js';
import { requireUser } from '../../lib/require-user.js';
import { listRules, removeRoutingOverride, routingKeys, setRoutingRule } from './service.js';

const toDto = (row: RoutingRuleRow): RoutingRule => ({
  routingKey: row.routingKey,
  hostel: row.hostel,
  to: row.toEmails,
  cc: row.ccEmails,
  updatedAt: row.updatedAt.toISOString(),
});

const params = z.object({
  routingKey: z.string().max(60).describe("A category's or service's routing key (wifiComplaints, roomCleaners, …)"),
  hostel: z.string().max(60).describe("A hostel name, or 'default' for every hostel"),
});

/** The rule's key from the path: 'default' stands for every hostel (''). */
const ruleKey = (p: z.infer<typeof params>) => ({ routingKey: p.routingKey, hostel: p.hostel === 'default' ? '' : p.hostel });

/** Admin API for who receives which complaints (the admin screens come later). */
export default async function routingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requirePermission('admin.console')];
  // This instance shows its own change at once (others within a second: see CatalogStore).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET') app.catalog.invalidate();
  });

  r.get(
    '/api/admin/routing',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Every routing rule (recipient key, hostel override, To and Cc), and every key with the categories, sub-categories and services it routes',
        response: {
          200: z.object({ items: z.array(routingRuleSchema), keys: z.array(routingKeyUseSchema) }),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async () => {
      const [rules, keys] = await Promise.all([listRules(app.db), routingKeys(app.db)]);
      return { items: rules.map(toDto), keys };
    },
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
      const actorId = requireUser(request).id;
      const row = await setRoutingRule(app.db, actorId, ruleKey(request.params), { to: request.body.to, cc: request.body.cc });
      request.log.info({ routingKey: row.routingKey, hostel: row.hostel, by: actorId }, 'routing changed');
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
      await removeRoutingOverride(app.db, requireUser(request).id, ruleKey(request.params));
      return reply.status(204).send(null);
    },
  );
}
