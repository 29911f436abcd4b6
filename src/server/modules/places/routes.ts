import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { placeParamsSchema, placePageSchema } from '../../../shared/places.js';
import { requireUser } from '../../lib/require-user.js';
import { placeView } from './service.js';

/** The scan page's API (decision 45): a place's label leads a signed-in student here. */
export default async function placeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/places/:hostelCode/:place',
    {
      preHandler: [app.requireUser, app.requirePermission('place.scan')],
      config: { rateLimit: app.rateLimitPolicies.places },
      schema: {
        tags: ['complaints'],
        summary: "A room's or common area's page: the place, its open complaints (never confidential ones) and active notices",
        params: placeParamsSchema,
        response: { 200: placePageSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => placeView(app.db, await app.catalog.get(), requireUser(request).id, request.params.hostelCode, request.params.place),
  );
}
