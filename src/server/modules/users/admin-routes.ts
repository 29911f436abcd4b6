import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema } from '../../../shared/auth.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { personCreateSchema, personSchema, personUpdateSchema } from '../../../shared/people.js';
import { requireUser } from '../../lib/require-user.js';
import { addPerson, listPeople, updatePerson } from './service.js';

/** Minimal people administration: roles, scopes, the anti-ragging duty, adding staff before they sign in. */
export default async function peopleAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requirePermission('admin.console')];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  r.get(
    '/api/admin/users',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'People, optionally searched by e-mail or name',
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          role: z
            .string()
            .optional()
            .transform((s) => (s ? s.split(',') : []))
            .pipe(z.array(roleSchema))
            .describe('Comma list of roles, e.g. staff,warden,admin'),
          limit: z.coerce.number().int().min(1).max(200).default(100),
        }),
        response: { 200: z.object({ items: z.array(personSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await listPeople(app.db, { q: request.query.q, roles: request.query.role, limit: request.query.limit }) }),
  );

  r.post(
    '/api/admin/users',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: 'Add a staff member, warden or admin before their first sign-in (any e-mail domain)',
        body: personCreateSchema,
        response: { 201: personSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addPerson(app.db, requireUser(request).id, request.body)),
  );

  r.put(
    '/api/admin/users/:id',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: "Set someone's role, scopes and anti-ragging duty",
        params: z.object({ id: z.uuid() }),
        body: personUpdateSchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => updatePerson(app.db, requireUser(request).id, request.params.id, request.body),
  );
}
