import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, unavailableReason } from '../db/unavailable.js';
import { AppError } from '../lib/errors.js';
import { errorText, requesterI18n, translated } from '../i18n/requester.js';

/** Fastify's own client errors, turned into codes a client can act on. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_body',
};

/**
 * What the router refuses before any route runs (Fastify's `frameworkErrors`: a percent-encoding that
 * decodes to nothing, a path parameter over the router's limit), in the same error shape as everything
 * else rather than Fastify's own `{ error, code, message, statusCode }`.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const i18n = requesterI18n(request);
  const [status, code, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, 'uri_too_long', /*i18n*/ 'The address is too long.']
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, 'bad_url', /*i18n*/ 'The address is not valid: it has a broken percent-encoding.']
        : [400, 'bad_request', /*i18n*/ 'The request is not valid.'];
  const body: ErrorBody = { error: { code, message: translated(i18n, message) } };
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

/**
 * One error handler for the whole API: every failure leaves as `{ error: { code, message, fields? } }`
 * with the right status, and nothing of the server's internals (no stack, no SQL) reaches the client.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // The message (and each field's) in the requester's language when the catalogue has it (issue 28).
      const i18n = requesterI18n(request);
      const body = (code: string, message: string, fields?: Record<string, string>): ErrorBody => {
        const said = translated(i18n, message);
        const saidFields = fields && Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, translated(i18n, value)]));
        return { error: saidFields ? { code, message: said, fields: saidFields } : { code, message: said } };
      };
      if (error instanceof AppError) return reply.status(error.statusCode).send(body(error.code, errorText(i18n, error), error.fields));
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
          fields[key] ??= issue.message ?? /*i18n*/ 'is not valid';
        }
        return reply
          .status(400)
          .send(body('validation_failed', /*i18n*/ 'Some of the information sent is not valid.', fields));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send(body('internal_error', /*i18n*/ 'Something went wrong on our side. Please try again.'));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send(body('rate_limited', /*i18n*/ 'Too many requests. Please wait a moment and try again.'));
      }
      if (status >= 400 && status < 500) {
        const code = (error.code && FASTIFY_CODES[error.code]) || 'bad_request';
        const message = code === 'invalid_body' ? /*i18n*/ 'The request body is not valid JSON.' : error.message;
        return reply.status(status).send(body(code, message));
      }
      if (isDatabaseUnavailable(error)) {
        // Not a bug of ours and it passes by itself: tell the client when to come back. Logged as a
        // warning, once per request, without the query (it may hold what a person typed).
        request.log.warn({ reason: unavailableReason(error) }, 'database unavailable; answered 503');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(body('database_unavailable', /*i18n*/ 'The portal cannot reach its database right now. Please try again in a few seconds.'));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body('internal_error', /*i18n*/ 'Something went wrong on our side. Please try again.'));
    });
  },
  { name: 'errors' },
);
