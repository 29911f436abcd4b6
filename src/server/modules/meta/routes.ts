import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema } from '../../../shared/auth.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';

export default async function metaRoutes(app: FastifyInstance, opts: { config: Config; devSignIn: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/healthz',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and readiness: 200 only while the database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database does not answer');
        return reply
          .status(503)
          .send({ error: { code: 'database_unavailable', message: 'The database does not answer.' } });
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

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
