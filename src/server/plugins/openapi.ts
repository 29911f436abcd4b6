import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/**
 * The OpenAPI 3.1 document is generated from the same zod schemas the routes validate with, so it
 * cannot drift from what the server accepts.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance, opts: { config: Config }) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Hostel Complaint Portal API',
          description:
            'JSON API of the Hostel Complaint Portal. Sign in through /api/auth/login; state-changing requests need the `X-CSRF-Token` header from GET /api/me.',
          version: '1.0.0',
        },
        servers: [{ url: opts.config.publicUrl }],
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hcp_session' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI ships its own scripts and styles; let it state their hashes in its own CSP.
      staticCSP: true,
      uiConfig: { deepLinking: true },
    });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
