import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { whatsappLinkCodeSchema, whatsappLinkSchema } from '../../../shared/whatsapp.js';
import { AppError } from '../../lib/errors.js';
import { requireUser } from '../../lib/require-user.js';
import { safeEqual } from '../../lib/tokens.js';
import { disconnect, linkOf, newLinkCode } from './links.js';
import { validSignature } from './signature.js';
import { eventsOf, queueEvents } from './webhook.js';

/** Meta's posts are small (a few events); anything larger is not Meta's. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The account page's WhatsApp, and the webhook Meta calls. */
export default async function whatsappRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { whatsapp } = opts.config;

  r.get(
    '/api/me/whatsapp',
    {
      preHandler: app.requireUser,
      schema: { tags: ['whatsapp'], summary: 'Whether WhatsApp is set up, and the number linked to your account', response: { 200: whatsappLinkSchema, 401: errorBodySchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return linkOf(app.db, whatsapp, requireUser(request).id);
    },
  );

  r.post(
    '/api/me/whatsapp/code',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['whatsapp'],
        summary: 'A short-lived code to send as LINK <code> from WhatsApp, with a wa.me link that types it',
        response: { 201: whatsappLinkCodeSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await newLinkCode(app.db, whatsapp, requireUser(request).id, opts.config.publicUrl));
    },
  );

  r.delete(
    '/api/me/whatsapp',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: { tags: ['whatsapp'], summary: 'Disconnect the WhatsApp number from your account', response: { 200: whatsappLinkSchema, 401: errorBodySchema } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await disconnect(app.db, userId);
      return linkOf(app.db, whatsapp, userId);
    },
  );

  // The webhook, only when WhatsApp is set up: without its secret no post could be checked.
  if (!whatsapp) return;

  r.get(
    '/api/whatsapp/webhook',
    {
      schema: {
        tags: ['whatsapp'],
        summary: "Meta's webhook verification: echoes hub.challenge when hub.verify_token is ours",
        querystring: z.object({ 'hub.mode': z.string().max(40), 'hub.verify_token': z.string().max(500), 'hub.challenge': z.string().max(500) }),
        response: { 200: z.string(), 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q['hub.mode'] !== 'subscribe' || !safeEqual(q['hub.verify_token'], whatsapp.verifyToken)) {
        throw new AppError(403, 'forbidden', /*i18n*/ 'The verify token is not this portal’s.');
      }
      return reply.type('text/plain').send(q['hub.challenge']);
    },
  );

  // Only here: the body is kept as the bytes Meta signed, and parsed only once the signature holds.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/api/whatsapp/webhook',
      {
        schema: {
          tags: ['whatsapp'],
          summary: 'Messages and delivery statuses from Meta, signed with the app secret (X-Hub-Signature-256)',
          response: { 200: z.object({ received: z.number() }), 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new AppError(400, 'bad_request', /*i18n*/ 'The webhook takes JSON.');
        if (!validSignature(body, request.headers['x-hub-signature-256'], whatsapp.appSecret)) {
          request.log.warn('whatsapp: webhook post with a missing or wrong signature refused');
          throw new AppError(401, 'bad_signature', /*i18n*/ 'The signature is missing or wrong.');
        }
        let payload: unknown;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          throw new AppError(400, 'bad_request', /*i18n*/ 'The webhook takes JSON.');
        }
        const events = eventsOf(payload);
        if (!events) throw new AppError(400, 'bad_request', /*i18n*/ 'This is not a WhatsApp Business webhook post.');
        const received = await queueEvents(app.db, events);
        if (received) app.whatsapp?.wake();
        return { received };
      },
    );
  });
}
