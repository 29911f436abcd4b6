import cookie from '@fastify/cookie';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { DEV_IDP_PREFIX } from './dev-idp/prefix.js';
import { devLogStream, logFormat } from './lib/dev-log.js';
import { loggerOptions } from './lib/log-redaction.js';
import { webBuildDir } from './lib/paths.js';
import { hmac } from './lib/tokens.js';
import authRoutes from './modules/auth/routes.js';
import { createOidcClient } from './modules/auth/index.js';
import actionRoutes from './modules/actions/routes.js';
import auditRoutes from './modules/audit-log/routes.js';
import catalogAdminRoutes from './modules/catalog/admin-routes.js';
import calendarRoutes from './modules/calendar/routes.js';
import catalogRoutes from './modules/catalog/routes.js';
import cleaningScheduleRoutes from './modules/cleaning-schedule/routes.js';
import complaintRoutes from './modules/complaints/routes.js';
import grievanceRoutes from './modules/grievances/routes.js';
import incidentRoutes from './modules/incidents/routes.js';
import insightsRoutes from './modules/insights/routes.js';
import mailRoutes from './modules/mail/routes.js';
import metaRoutes from './modules/meta/routes.js';
import anonymousRoutes from './modules/anonymous/routes.js';
import routingRoutes from './modules/routing/routes.js';
import notificationRoutes from './modules/notifications/routes.js';
import photoRoutes from './modules/photos/routes.js';
import placeRoutes from './modules/places/routes.js';
import pushRoutes from './modules/push/routes.js';
import raggingRoutes from './modules/ragging/routes.js';
import placeHistoryRoutes from './modules/place-history/routes.js';
import qrLabelRoutes from './modules/qr-labels/routes.js';
import raggingReportRoutes from './modules/ragging-reports/routes.js';
import staffRoutes from './modules/staff/routes.js';
import whatsappRoutes from './modules/whatsapp/routes.js';
import peopleAdminRoutes from './modules/users/admin-routes.js';
import catalog from './plugins/catalog.js';
import csrf from './plugins/csrf.js';
import databasePlugin from './plugins/database.js';
import draining from './plugins/draining.js';
import errors, { frameworkErrorReply } from './plugins/errors.js';
import inboundImap from './plugins/inbound-imap.js';
import inboundSmtp from './plugins/inbound-smtp.js';
import inputText from './plugins/input-text.js';
import jobs from './plugins/jobs.js';
import lifecycle from './plugins/lifecycle.js';
import mailer from './plugins/mailer.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import photos from './plugins/photos.js';
import publicHost from './plugins/public-host.js';
import push from './plugins/push.js';
import whatsapp from './plugins/whatsapp.js';
import rateLimit from './plugins/rate-limit.js';
import securityHeaders from './plugins/security-headers.js';
import sessions from './plugins/sessions.js';
import clock from './plugins/clock.js';
import type { Clock } from './lib/clock.js';
import web from './plugins/web.js';
import { PHOTOS_PER_SET } from '../shared/photos.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino options or false; defaults to JSON logs at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** Where the built web app is; defaults to dist/web. */
  webRoot?: string;
  /** Run the outbox dispatcher (default true; it only runs when SMTP_URL is set). */
  dispatchMail?: boolean;
  /** Run periodic jobs such as closing resolved complaints (default true). */
  runJobs?: boolean;
  /** The clock the rules read (default the system's): tests move it across weekends and holidays. */
  clock?: Clock;
}

export const DEV_IDP_CLIENT_ID = 'hostel-portal-dev';

/**
 * Fastify trusts nothing for a bare hop count (it cannot check the nearest peer); the portal means
 * what Express means by it: the nearest `hops` addresses are proxies, the one before them the client.
 */
function fastifyTrustProxy(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the whole portal as one Fastify instance without listening, so tests and main.ts run
 * exactly the same application.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Development on a terminal (or LOG_FORMAT=pretty) reads one short line per event; otherwise JSON.
    logger: opts.logger ?? loggerOptions(config, logFormat(config.isProduction, config.logFormat, process.stdout.isTTY) === 'pretty' ? devLogStream() : undefined),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Accept an upstream request id (load balancer) when it looks like one; otherwise make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // A request reaching a stopping instance on a connection it already had is served (with
    // Connection: close, see plugins/draining.ts) instead of getting Fastify's bare 503: the
    // database closes only after the last request has finished.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => {
      void frameworkErrorReply(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const devSignIn = !config.oidc && !config.isProduction;
  const oidcClient = createOidcClient(
    config.oidc
      ? { ...config.oidc, allowHttp: !config.isProduction && config.oidc.issuer.startsWith('http://') }
      : {
          issuer: `${config.publicUrl}${DEV_IDP_PREFIX}`,
          clientId: DEV_IDP_CLIENT_ID,
          clientSecret: hmac(config.sessionSecret, 'dev-idp-client'),
          allowHttp: true,
        },
  );

  await app.register(errors);
  await app.register(clock, { clock: opts.clock });
  await app.register(draining);
  await app.register(publicHost, { config });
  await app.register(inputText);
  await app.register(databasePlugin, { database: opts.database });
  await app.register(metrics, { config });
  await app.register(catalog, { config });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(securityHeaders, { config });
  await app.register(sessions, { config });
  await app.register(csrf, { config });
  await app.register(rateLimit, { config });
  await app.register(openapi, { config });
  await app.register(mailer, { config, enabled: opts.dispatchMail ?? true });
  await app.register(push, { config, enabled: opts.dispatchMail ?? true });
  await app.register(whatsapp, { config, enabled: opts.dispatchMail ?? true });
  await app.register(lifecycle, { config });
  await app.register(photos, { config });
  await app.register(jobs, { config, enabled: opts.runJobs ?? true });
  await app.register(inboundSmtp, { config });
  await app.register(inboundImap, { config, enabled: opts.runJobs ?? true });

  await app.register(metaRoutes, { config, devSignIn });
  await app.register(authRoutes, { config, oidcClient });
  await app.register(complaintRoutes, { config });
  await app.register(routingRoutes);
  await app.register(mailRoutes, { config });
  await app.register(staffRoutes);
  await app.register(raggingRoutes);
  await app.register(peopleAdminRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes, { config });
  await app.register(whatsappRoutes, { config });
  await app.register(actionRoutes, { config });
  await app.register(catalogRoutes);
  await app.register(catalogAdminRoutes, { config });
  await app.register(calendarRoutes);
  await app.register(placeRoutes);
  await app.register(auditRoutes);
  await app.register(photoRoutes, { config });
  await app.register(insightsRoutes, { config });
  await app.register(incidentRoutes, { config });
  await app.register(anonymousRoutes, { config });
  await app.register(raggingReportRoutes, { config });
  await app.register(cleaningScheduleRoutes, { config });
  await app.register(qrLabelRoutes, { config });
  await app.register(placeHistoryRoutes);
  await app.register(grievanceRoutes, { config });

  if (devSignIn) {
    // Loaded only when used: oidc-provider warns about Node 20 at import, and production never
    // needs it.
    const { devIdpPlugin } = await import('./dev-idp/plugin.js');
    await app.register(devIdpPlugin, {
      issuer: `${config.publicUrl}${DEV_IDP_PREFIX}`,
      cookieSecret: hmac(config.sessionSecret, 'dev-idp-cookies'),
      // Koa only knows all or nothing; the portal's own checks use Fastify's finer setting.
      trustProxy: config.trustProxy !== false && config.trustProxy !== 0,
      clients: [
        {
          client_id: DEV_IDP_CLIENT_ID,
          client_secret: hmac(config.sessionSecret, 'dev-idp-client'),
          client_name: 'Hostel Complaint Portal',
          redirect_uris: [`${config.publicUrl}/api/auth/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
    });
  }

  if (config.whatsapp?.simulated) {
    // Development only, like the sign-in above (the configuration never turns it on in production):
    // Meta and a student's phone, played against the portal's own webhook (decision 70).
    const { devWhatsAppPlugin } = await import('./dev-whatsapp/plugin.js');
    await app.register(devWhatsAppPlugin, { whatsapp: config.whatsapp, publicUrl: config.publicUrl, publicOrigin: config.publicOrigin });
  }

  // A share brings at most a set of photos, each within the upload limit, and the form's few fields.
  const maxShareBytes = config.photos.maxUploadBytes * PHOTOS_PER_SET + 64 * 1024;
  await app.register(web, { root: opts.webRoot ?? webBuildDir(), production: config.isProduction, maxShareBytes });
  return app;
}
