import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  anonymousFiledSchema,
  anonymousReplyBodySchema,
  anonymousReportBodySchema,
  anonymousThreadSchema,
  followBodySchema,
  normalizeTrackingCode,
  trackingCodeParamsSchema,
} from '../../../shared/anonymous.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { idempotencyHeaders } from '../../lib/idempotency.js';
import { hmac } from '../../lib/tokens.js';
import { fileAnonymousReport, openReport, readThread, replyAnonymously } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const QUARTER_HOUR_MS = 15 * 60_000;

const followRequired = () =>
  new AppError(401, 'follow_required', /*i18n*/ 'Enter the tracking code and the secret to open this report (it closes by itself after a while).');

/**
 * Anonymous ragging reports (decision 41): filed and followed signed out. Every route is marked
 * `anonymous`, so the sessions plugin never reads the sign-in cookie (a signed-in browser files
 * exactly as a signed-out one) and the request log carries no address. CSRF's Origin and
 * Sec-Fetch-Site checks apply as to every write. An opened report is remembered by a short-lived,
 * signed, httpOnly cookie whose path is that report's, never by a session.
 */
export default async function anonymousRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = opts;
  const limits = config.anonymousReports;
  const secure = config.publicUrl.startsWith('https://');
  const cookieName = secure ? '__Secure-hcp_follow' : 'hcp_follow';
  const cookiePath = (code: string) => `/api/anonymous/ragging-reports/${code}`;

  // Counters are keyed by a keyed hash: the rate-limit table never holds an address or a code, and
  // its rows go when their window has passed.
  const byAddress = (request: FastifyRequest) => `anonymous-address:${hmac(config.sessionSecret, `address|${request.ip}`).slice(0, 22)}`;
  const codeOf = (request: FastifyRequest) => {
    const typed = (request.params as { code?: unknown }).code;
    return typeof typed === 'string' ? (normalizeTrackingCode(typed) ?? typed.slice(0, 40)) : '';
  };
  const byCode = (request: FastifyRequest) => `anonymous-code:${hmac(config.sessionSecret, `code|${codeOf(request)}`).slice(0, 22)}`;

  const filingLimit = { max: limits.perHour, timeWindow: 60 * 60_000, keyGenerator: byAddress, errorResponseBuilder: app.rateLimitPolicies.refusal('anonymousReports') };
  const triesLimit = { max: limits.triesPerQuarterHour, timeWindow: QUARTER_HOUR_MS, keyGenerator: byAddress, errorResponseBuilder: app.rateLimitPolicies.refusal('trackingTries') };
  const repliesLimit = { max: config.rateLimits.writesPerMinute, timeWindow: 60_000, keyGenerator: byCode, errorResponseBuilder: app.rateLimitPolicies.refusal('writes') };
  // The same number of tries per code, whatever the address: guessing one report's secret from many networks gains nothing.
  const triesOfCode = app.createRateLimit({ max: limits.triesPerQuarterHour, timeWindow: QUARTER_HOUR_MS, keyGenerator: byCode });
  const limitTriesOfCode = async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await triesOfCode(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', String(counted.ttlInSeconds));
      throw app.rateLimitPolicies.refusal('trackingTries')(request, { ttl: counted.ttl });
    }
  };

  /** The report this device opened, from its cookie: the code in the path must be the cookie's, and the cookie still fresh. */
  const openedCode = (request: FastifyRequest<{ Params: { code: string } }>): string => {
    const raw = request.cookies[cookieName];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    if (!unsigned?.valid || !unsigned.value) throw followRequired();
    const [code, expires] = unsigned.value.split('|');
    if (!code || code !== normalizeTrackingCode(request.params.code) || !(Number(expires) > Date.now())) throw followRequired();
    return code;
  };

  r.post(
    '/api/anonymous/ragging-reports',
    {
      config: { anonymous: true, rateLimit: filingLimit },
      schema: {
        tags: ['anonymous'],
        summary: 'Report ragging without your name: answers a tracking code and a secret, once (a signed-in session is ignored)',
        headers: idempotencyHeaders,
        body: anonymousReportBodySchema,
        response: { 200: anonymousFiledSchema.describe('A retry of a report already sent: the same code and secret'), 201: anonymousFiledSchema, ...errors },
      },
    },
    async (request, reply) => {
      const filed = await fileAnonymousReport(
        { ...app.lifecycle, actionLinkTtlMs: config.actionLinkTtlMs, catalog: (await app.catalog.get()).catalog, serverKey: config.sessionSecret },
        request.body,
        request.headers['idempotency-key'],
      );
      // Neither the number nor the code: the log must not be able to tie this request to the report.
      if (!filed.replayed) request.log.info('anonymous ragging report filed');
      reply.header('cache-control', 'no-store');
      return reply.status(filed.replayed ? 200 : 201).send({ trackingCode: filed.trackingCode, secret: filed.secret });
    },
  );

  r.post(
    '/api/anonymous/ragging-reports/:code/session',
    {
      config: { anonymous: true, rateLimit: triesLimit },
      preHandler: limitTriesOfCode,
      schema: {
        tags: ['anonymous'],
        summary: 'Open an anonymous report with its tracking code and secret: answers the thread and keeps it open on this device for a while',
        params: trackingCodeParamsSchema,
        body: followBodySchema,
        response: { 200: anonymousThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const code = await openReport(app.db, request.params.code, request.body.secret);
      const expires = Date.now() + limits.followMs;
      reply.setCookie(cookieName, `${code}|${expires}`, {
        path: cookiePath(code),
        httpOnly: true,
        sameSite: 'strict',
        secure,
        signed: true,
        maxAge: Math.floor(limits.followMs / 1000),
      });
      reply.header('cache-control', 'no-store');
      return readThread(app.db, code, app.clock.now());
    },
  );

  r.delete(
    '/api/anonymous/ragging-reports/:code/session',
    {
      config: { anonymous: true },
      schema: {
        tags: ['anonymous'],
        summary: 'Close an opened anonymous report on this device (its cookie goes)',
        params: trackingCodeParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const code = normalizeTrackingCode(request.params.code);
      if (code) reply.clearCookie(cookieName, { path: cookiePath(code), httpOnly: true, sameSite: 'strict', secure, signed: true });
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/anonymous/ragging-reports/:code',
    {
      config: { anonymous: true },
      schema: {
        tags: ['anonymous'],
        summary: 'The thread of an anonymous report opened on this device: status, public events, the committee’s replies, the deadlines',
        params: trackingCodeParamsSchema,
        response: { 200: anonymousThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const code = openedCode(request);
      reply.header('cache-control', 'no-store');
      return readThread(app.db, code, app.clock.now());
    },
  );

  r.post(
    '/api/anonymous/ragging-reports/:code/replies',
    {
      config: { anonymous: true, rateLimit: repliesLimit },
      schema: {
        tags: ['anonymous'],
        summary: 'Answer in the thread of an anonymous report opened on this device (the committee is told as of any reply)',
        params: trackingCodeParamsSchema,
        headers: idempotencyHeaders,
        body: anonymousReplyBodySchema,
        response: { 200: anonymousThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const code = openedCode(request);
      reply.header('cache-control', 'no-store');
      return replyAnonymously(app.lifecycle, code, request.body.text, request.headers['idempotency-key']);
    },
  );
}
