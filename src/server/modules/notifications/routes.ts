import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { markReadSchema, notificationListSchema } from '../../../shared/notifications.js';
import { listNotifications, markRead } from './service.js';
import { requireUser } from '../../lib/require-user.js';
import { notificationChannelsInputSchema, notificationChannelsSchema } from '../../../shared/push.js';
import { channelsOf, setChannels } from '../push/index.js';

export default async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, with the unread count (the bell)',
        querystring: z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: notificationListSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(app.db, requireUser(request).id, request.query);
    },
  );

  r.post(
    '/api/notifications/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark some or all of your notifications as read',
        body: markReadSchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await markRead(app.db, requireUser(request).id, 'all' in body ? 'all' : 'ids' in body ? body.ids : { complaintNumber: body.complaintNumber });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/me/notification-channels',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'How you hear of things: push to your devices, mail, the bell',
        response: { 200: notificationChannelsSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return channelsOf(app.db, requireUser(request).id);
    },
  );

  r.put(
    '/api/me/notification-channels',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['notifications'],
        summary: 'Turn each channel on or off (staff choose which new-work mail in their preferences; mail off sends none)',
        body: notificationChannelsInputSchema,
        response: { 200: notificationChannelsSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => setChannels(app.db, requireUser(request).id, request.body),
  );
}
