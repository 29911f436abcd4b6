import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { localeBodySchema, meResponseSchema, placeResponseSchema, placeSchema, type SignInErrorCode } from '../../../shared/auth.js';
import { acceptedLanguages, matchLocale } from '../../../shared/locale.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import { findAddedStaff, setLocale, toPublicUser, upsertUserAtSignIn } from '../users/index.js';
import { decideAdmission } from './admission.js';
import { placeOf, setPlace } from './place.js';
import { clearLoginState, landingFor, readLoginState, safeReturnTo, saveLoginState } from './login-state.js';
import type { OidcClient } from './oidc-client.js';
import { createSession, destroySession } from './session-service.js';
import { unauthenticated } from '../../lib/errors.js';
import { requireUser } from '../../lib/require-user.js';

export interface AuthRoutesOptions {
  config: Config;
  oidcClient: OidcClient;
}

export default async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const { config, oidcClient } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = config.publicUrl.startsWith('https://');
  const redirectUri = `${config.publicUrl}/api/auth/callback`;

  const backToPortal = (code: SignInErrorCode) => `/?signInError=${code}`;

  r.get(
    '/api/auth/login',
    {
      config: { rateLimit: app.rateLimitPolicies.signIn },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in (redirects to the identity provider)',
        querystring: z.object({ returnTo: z.string().max(500).optional() }),
        response: { 302: z.null().describe('Redirect to the provider'), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      let url: URL;
      try {
        url = await oidcClient.authorizationUrl({ redirectUri, state, nonce, codeVerifier });
      } catch (error) {
        request.log.error({ err: error }, 'sign-in: identity provider unreachable');
        return reply.status(503).send({
          error: { code: 'idp_unavailable', message: 'Sign-in is unavailable right now. Please try again in a minute.' },
        });
      }
      saveLoginState(
        reply,
        { state, nonce, codeVerifier, returnTo: safeReturnTo(request.query.returnTo, config.publicUrl), startedAt: Date.now() },
        secure,
      );
      return reply.redirect(url.href, 302);
    },
  );

  r.get(
    '/api/auth/callback',
    {
      config: { rateLimit: app.rateLimitPolicies.signIn },
      schema: {
        tags: ['auth'],
        summary: 'Where the identity provider returns; creates the session',
        querystring: z.record(z.string(), z.string()),
        response: { 302: z.null().describe('Redirect back into the portal') },
      },
    },
    async (request, reply) => {
      const loginState = readLoginState(request);
      clearLoginState(reply, secure);
      const refuse = (code: SignInErrorCode, reason: string, extra: Record<string, unknown> = {}) => {
        request.log.warn({ reason, ...extra }, 'sign-in refused');
        return reply.redirect(backToPortal(code), 302);
      };
      if (!loginState) return refuse('failed', 'no_login_state');
      if (request.query.error) return refuse('failed', 'provider_error', { providerError: request.query.error });

      let claims: Record<string, unknown> & { sub: string };
      try {
        const currentUrl = new URL(`${config.publicUrl}${request.url}`);
        claims = await oidcClient.completeSignIn(currentUrl, loginState);
      } catch (error) {
        const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return refuse('failed', 'token_exchange_failed', { detail });
      }

      const { settings, regPattern } = await app.catalog.get();
      let admission = decideAdmission(claims, settings.allowedDomains);
      if (!admission.admitted && admission.reason === 'domain_not_allowed' && admission.email) {
        // Staff outside the student domain get in only when an administrator added them by address.
        const invited = await findAddedStaff(app.db, admission.email);
        if (invited) admission = decideAdmission(claims, [admission.email.split('@')[1] ?? '']);
      }
      if (!admission.admitted) {
        // The domain says why; the address itself is personal data and stays out of the log.
        return refuse('domain', admission.reason, { domain: admission.email?.split('@')[1] });
      }
      const displayName = typeof claims.name === 'string' ? claims.name : '';
      const user = await upsertUserAtSignIn(
        app.db,
        {
          email: admission.email,
          displayName,
          issuer: oidcClient.issuer,
          subject: claims.sub,
          locale: matchLocale(acceptedLanguages(request.headers['accept-language'])),
        },
        { regNumberPattern: regPattern, adminEmails: config.adminEmails },
      );
      if (user.disabledAt) return refuse('failed', 'account_disabled', { userId: user.id });

      // A fresh session id at every sign-in: a token planted before sign-in is never promoted.
      if (request.session) await destroySession(app.db, request.session.id);
      const { token } = await createSession(app.db, user.id, config.sessionIdleMs, request.headers['user-agent'] ?? '');
      app.sessionCookie.set(reply, token);
      request.log.info({ userId: user.id }, 'signed in');
      // Checked again: a cookie from an older release may hold a value today's rule refuses.
      return reply.redirect(landingFor(user.role, safeReturnTo(loginState.returnTo, config.publicUrl)), 302);
    },
  );

  r.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session on the server',
        response: { 204: z.null(), 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.session) {
        await destroySession(app.db, request.session.id);
        request.log.info({ userId: request.session.userId }, 'signed out');
      }
      app.sessionCookie.clear(reply);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and the CSRF token for state-changing requests',
        response: { 200: meResponseSchema, 401: errorBodySchema },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The sessions plugin sets the session together with the user.
      if (!request.session) throw unauthenticated();
      reply.header('cache-control', 'no-store');
      return { user: toPublicUser(user), place: placeOf(user), csrfToken: request.session.csrfToken };
    },
  );

  r.put(
    '/api/me/place',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['auth'],
        summary: 'Change the hostel, floor and room the forms fill in for you (remembered from your first filing)',
        body: placeSchema,
        response: { 200: placeResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const place = await setPlace(app.db, (await app.catalog.get()).catalog, user.id, request.body);
      return { place };
    },
  );

  r.put(
    '/api/me/locale',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['auth'],
        summary: 'Choose the language of your pages, mail, push and bell (issue 28)',
        body: localeBodySchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await setLocale(app.db, user.id, request.body.locale);
      return reply.status(204).send(null);
    },
  );
}
