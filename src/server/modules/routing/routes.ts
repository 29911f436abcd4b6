import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { putRoutingRuleSchema, routingRuleSchema, type RoutingRule } from '../../../shared/routing.js';
import { eq } from 'drizzle-orm';
import { categories, hostels, services, type RoutingRuleRow } from '../../db/schema.js';
import { audit } from '../audit/service.js';
import { bumpCatalogVersion } from '../catalog/store.js';
import { AppError } from '../../lib/errors.js';
import { deleteOverride, listRules, putRule } from './service.js';

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

/** Admin API for who receives which complaints (the admin screens come later). */
export default async function routingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requireRole('admin')];
  // This instance shows its own change at once (others within a second: see CatalogStore).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET') app.catalog.invalidate();
  });

  /** Only keys the catalogue uses and hostels it knows: a typo must not create a rule nobody reads. */
  async function checkTarget(routingKey: string, hostel: string) {
    const [category] = await app.db.select({ key: categories.key }).from(categories).where(eq(categories.routingKey, routingKey));
    const [service] = await app.db.select({ key: services.key }).from(services).where(eq(services.routingKey, routingKey));
    if (!category && !service) throw new AppError(404, 'not_found', `No category or service is routed by ${routingKey}.`);
    if (hostel) {
      const [known] = await app.db.select({ id: hostels.id }).from(hostels).where(eq(hostels.name, hostel));
      if (!known) throw new AppError(404, 'not_found', `There is no hostel called ${hostel}.`);
    }
  }

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
      await checkTarget(request.params.routingKey, hostel);
      const actorId = request.user?.id ?? '';
      const row = await app.db.transaction(async (tx) => {
        const updated = await putRule(tx, { routingKey: request.params.routingKey, hostel }, { to: request.body.to, cc: request.body.cc }, actorId);
        await bumpCatalogVersion(tx, actorId);
        await audit(tx, {
          actorId,
          action: 'routing.update',
          targetType: 'routing',
          targetId: `${updated.routingKey}/${hostel || 'default'}`,
          details: { after: { to: updated.toEmails, cc: updated.ccEmails } },
        });
        return updated;
      });
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
      const actorId = request.user?.id ?? '';
      await app.db.transaction(async (tx) => {
        const removed = await deleteOverride(tx, { routingKey: request.params.routingKey, hostel });
        if (!removed) throw new AppError(404, 'not_found', 'There is no such override.');
        await bumpCatalogVersion(tx, actorId);
        await audit(tx, { actorId, action: 'routing.remove_override', targetType: 'routing', targetId: `${request.params.routingKey}/${hostel}` });
      });
      return reply.status(204).send(null);
    },
  );
}
