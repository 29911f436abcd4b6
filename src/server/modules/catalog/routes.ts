import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCatalogSchema } from '../../../shared/admin.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { AppError } from '../../lib/errors.js';
import { readUniversity } from './store.js';

export default async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/catalog',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The university, its hostels, complaint categories and services, as the forms offer them',
        response: { 200: publicCatalogSchema },
      },
    },
    async (_request, reply) => {
      const { catalog } = await app.catalog.get();
      reply.header('cache-control', 'no-cache');
      return catalog;
    },
  );

  r.get(
    '/api/university/logo',
    {
      schema: {
        tags: ['catalog'],
        summary: "The university's logo image (PNG, JPEG or WebP)",
        querystring: z.object({ v: z.string().max(64).optional().describe('Changes with the image, for caching') }),
        response: { 200: z.any().describe('The image bytes'), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const row = await readUniversity(app.db);
      if (!row.logo || !row.logoType) throw new AppError(404, 'not_found', /*i18n*/ 'The university has no logo.');
      return reply
        .type(row.logoType)
        .header('cache-control', request.query.v ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(row.logo);
    },
  );
}
