import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../shared/push.js';
import { AppError } from '../../lib/errors.js';
import { requireUser } from '../../lib/require-user.js';
import { checkEndpoint, checkKeys, removeSubscription, saveSubscription } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const pushOff = () => new AppError(404, 'push_off', /*i18n*/ 'Push notifications are not set up on this portal (VAPID_* settings).');

/** A browser's push subscription, for every signed-in role: the service worker subscribes, these keep it. */
export default async function pushRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vapid = opts.config.push.vapid;

  r.get(
    '/api/push/public-key',
    {
      preHandler: app.requireUser,
      schema: { tags: ['push'], summary: "The portal's VAPID public key (the browser's applicationServerKey)", response: { 200: pushPublicKeySchema, ...errors } },
    },
    async () => {
      if (!vapid) throw pushOff();
      return { publicKey: vapid.publicKey };
    },
  );

  r.put(
    '/api/push/subscription',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['push'],
        summary: 'Push to this device: one subscription per endpoint, moved to you if someone else had it',
        body: pushSubscriptionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!vapid) throw pushOff();
      checkEndpoint(request.body.endpoint, opts.config.isProduction, opts.config.push.serviceHosts);
      checkKeys(request.body.keys);
      await saveSubscription(app.db, requireUser(request).id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/push/subscription',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: { tags: ['push'], summary: 'Stop pushing to this device', body: pushUnsubscribeSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeSubscription(app.db, requireUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
