import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Provider, type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import { loginPageCss, renderLoginPage } from './page.js';
import { DEV_IDP_PREFIX } from './prefix.js';

/**
 * A real OpenID Connect provider (oidc-provider) for development and tests, mounted under /dev-idp.
 * The portal talks to it exactly as it talks to Google: discovery, authorization code + PKCE, ID
 * token. Its only shortcut is the sign-in page, which accepts whoever you say you are, and it
 * issues Google-like claims (email, email_verified, name and, when given, hd).
 */

export { DEV_IDP_PREFIX };

export interface DevIdpOptions {
  /** Full issuer URL, ending in /dev-idp. */
  issuer: string;
  clients: ClientMetadata[];
  /** Secret the provider signs its own cookies with. */
  cookieSecret: string;
  trustProxy?: boolean;
}

interface AccountClaims {
  email: string;
  email_verified: boolean;
  name: string;
  hd?: string;
}

/**
 * The provider's RS256 signing key (Google signs with RS256), made once per process: a 2048-bit RSA
 * key costs a fifth of a second of CPU, which every app built in the process (each test file builds
 * its own) would pay again. It lives as long as the process: a restart makes a new one, as before.
 */
let signingKey: (JsonWebKey & { kid: string; use: string; alg: string }) | undefined;
function devSigningKey() {
  if (!signingKey) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'dev-idp', use: 'sig', alg: 'RS256' };
  }
  return signingKey;
}

const subjectFor = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);

export async function devIdpPlugin(app: FastifyInstance, opts: DevIdpOptions) {
  // Claims typed at the sign-in page, by subject. Memory is fine: this provider is never scaled out.
  const accounts = new Map<string, AccountClaims>();

  const provider = new Provider(opts.issuer, {
    clients: opts.clients,
    jwks: { keys: [devSigningKey()] },
    cookies: { keys: [opts.cookieSecret] },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'hd'], profile: ['name'] },
    // Like Google: the ID token itself carries the scope's claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Short lifetimes: this provider only ever backs a sign-in, never long-lived API access.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 300, AuthorizationCode: 60, IdToken: 300 },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PREFIX}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    // First-party clients only: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const text = `${out.error}: ${out.error_description ?? ''}`.replace(/[&<>"']/g, '');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${text}</p><p><a href="/">Back to the portal</a></p></main></body></html>`;
    },
  });
  provider.proxy = opts.trustProxy ?? false;
  const callback = provider.callback();

  app.get(`${DEV_IDP_PREFIX}/assets/login.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'no-cache').send(loginPageCss),
  );

  app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    forms.get<{ Params: { uid: string } }>(
      `${DEV_IDP_PREFIX}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const client = await provider.Client.find(String(details.params.client_id));
        return reply
          .type('text/html')
          .header('cache-control', 'no-store')
          .send(
            renderLoginPage({
              action: `${DEV_IDP_PREFIX}/interaction/${details.uid}`,
              clientName: client?.clientName ?? 'Hostel Complaint Portal',
            }),
          );
      },
    );

    forms.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${DEV_IDP_PREFIX}/interaction/:uid`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const body = request.body ?? {};
        const email = (body.email ?? '').trim();
        const name = (body.name ?? '').trim();
        if (!email) {
          return reply.status(400).type('text/html').send(
            renderLoginPage({
              action: `${DEV_IDP_PREFIX}/interaction/${details.uid}`,
              clientName: 'Hostel Complaint Portal',
              error: 'Type the e-mail address to sign in as.',
              values: { email, name },
            }),
          );
        }
        const sub = subjectFor(email);
        const hd = (body.hd ?? '').trim();
        accounts.set(sub, {
          email,
          email_verified: body.emailVerified === 'true',
          name,
          ...(hd ? { hd } : {}),
        });
        const redirectTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: sub } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(redirectTo, 303);
      },
    );
  });

  // Everything else under /dev-idp is the provider itself (discovery, authorize, token, jwks, …).
  // It reads its own request bodies, so this scope leaves them unparsed.
  app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(DEV_IDP_PREFIX.length) || '/';
      await callback(raw, reply.raw);
    };
    passthrough.all(`${DEV_IDP_PREFIX}/*`, { schema: { hide: true } }, handler);
  });
}
