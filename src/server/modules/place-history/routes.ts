import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { placeParamsSchema, placeQuerySchema, staffPlaceSchema } from '../../../shared/staff-places.js';
import { requireUser } from '../../lib/require-user.js';
import { staffViews } from '../staff/index.js';
import { staffPlace } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** A place's page in the staff console (issue 27): a room or common area and its complaints in the reader's scope. */
export default async function placeHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/staff/places/:hostelCode/:place',
    {
      preHandler: [app.requireUser, app.requirePermission('queue.work')],
      schema: {
        tags: ['staff'],
        summary:
          "A room (/214) or common area (/F3WASH) of a hostel (by its code): its open complaints, its past ones page by page, the last 30 days by category and whether it is repeating, all within your scope (confidential reports never)",
        params: placeParamsSchema,
        querystring: placeQuerySchema,
        response: { 200: staffPlaceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const page = await staffPlace(app.db, user, request.params.hostelCode, request.params.place, request.query);
      reply.header('cache-control', 'no-store');
      const views = (rows: typeof page.open) =>
        staffViews(
          app.db,
          rows.map(({ complaint, assigneeName, assigneeEmail }) => ({
            complaint,
            assignee: complaint.assigneeId ? { id: complaint.assigneeId, name: assigneeName ?? '', email: assigneeEmail ?? '' } : null,
          })),
        );
      return { ...page, open: await views(page.open), past: { items: await views(page.past.items), nextCursor: page.past.nextCursor } };
    },
  );
}
