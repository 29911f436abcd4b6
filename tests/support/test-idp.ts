import Fastify, { type FastifyInstance } from 'fastify';
import { DEV_IDP_PREFIX, devIdpPlugin } from '../../src/server/dev-idp/plugin.js';
import { freePort } from './net.js';

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
  server: FastifyInstance;
}

/**
 * A separate OpenID Connect provider (the real oidc-provider) on its own port, standing in for
 * Google: the portal reaches it only through OIDC_ISSUER, as it would reach accounts.google.com.
 */
export async function startTestIdp(redirectUri: string): Promise<TestIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}${DEV_IDP_PREFIX}`;
  const clientId = 'portal-under-test';
  const clientSecret = 'test-idp-client-secret-0123456789';
  const server = Fastify({ logger: false });
  await server.register(devIdpPlugin, {
    issuer,
    cookieSecret: 'test-idp-cookie-secret-0123456789',
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
  });
  await server.listen({ port, host: '127.0.0.1' });
  return { issuer, clientId, clientSecret, server, close: () => server.close() };
}
