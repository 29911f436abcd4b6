import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema } from '../../../shared/auth.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import { DATABASE_RETRY_AFTER_SECONDS, unavailableReason } from '../../db/unavailable.js';

export default async function metaRoutes(app: FastifyInstance, opts: { config: Config; devSignIn: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Probes run every second or so on every instance: their request lines would drown the log.
  const probe = { logLevel: 'warn' as const };

  r.get(
    '/livez',
    {
      ...probe,
      schema: {
        tags: ['meta'],
        summary: 'Liveness: 200 while the process runs, whatever the database does (restart the process when it fails)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  const readiness = {
    ...probe,
    schema: {
      tags: ['meta'],
      summary: 'Readiness: 200 while the database answers and the process is not stopping (send traffic only then)',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        503: errorBodySchema,
      },
    },
  };
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (app.draining.active) {
      return reply.status(503).send({ error: { code: 'draining', message: 'This instance is stopping.' } });
    }
    try {
      await app.database.ping();
    } catch (error) {
      // A warning, not an error: the database being away is an operations event, and the 503
      // is what the balancer acts on.
      request.log.warn({ reason: unavailableReason(error) }, 'readiness: database does not answer');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'database_unavailable', message: 'The database does not answer.' } });
    }
    return { status: 'ok' as const, database: app.database.kind };
  };
  r.get('/readyz', readiness, ready);
  // The address balancers were first given; the same answer as /readyz.
  r.get('/healthz', { ...readiness, schema: { ...readiness.schema, summary: 'Readiness (alias of /readyz)' } }, ready);

  r.get(
    '/api/config',
    {
      schema: {
        tags: ['meta'],
        summary: 'Public settings the web app needs before sign-in',
        response: { 200: publicConfigSchema },
      },
    },
    async () => {
      const { settings } = await app.catalog.get();
      return {
        university: { name: settings.name, shortName: settings.shortName },
        devSignIn: opts.devSignIn,
        about: { credits: settings.credits },
      };
    },
  );
}
