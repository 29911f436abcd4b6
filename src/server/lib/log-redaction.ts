import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import { isAnonymousRoute } from './routes.js';

const REDACTED = '[redacted]';

/**
 * Query keys whose values are safe to log: filters and paging, never text a person typed, an
 * address, an identifier or a credential. Every other value is logged as `[redacted]`.
 */
const SAFE_QUERY_KEYS = new Set(['status', 'sort', 'limit', 'category', 'subCategory', 'hostel', 'floor', 'olderThanDays', 'targetType', 'v']);
/** Even an allow-listed value is logged only when it is short and plain (no @, /, % …). */
const SAFE_VALUE = /^[A-Za-z0-9_ ,.:-]{0,60}$/;
/** A query key that may itself be logged; anything else (an address used as a key, say) is redacted. */
const SAFE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** A run that may be a token (one-click links, OpenID Connect state, interaction ids…). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{20,}/;

function loggableQuery(query: string): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(query)) {
    if (!SAFE_KEY.test(key)) {
      parts.push(REDACTED);
      continue;
    }
    const keep = SAFE_QUERY_KEYS.has(key) && SAFE_VALUE.test(value) && !TOKEN_LIKE.test(value);
    parts.push(`${key}=${keep ? encodeURIComponent(value) : REDACTED}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * A path of the anonymous reports' API (decision 41), matched or not: its log lines carry no client
 * address, and none of its segments but the API's own words (a tracking code is short enough to
 * pass for an ordinary segment).
 */
const ANONYMOUS_PATH = /^\/api\/anonymous(\/|$)/i;
const ANONYMOUS_WORDS = new Set(['', 'api', 'anonymous', 'ragging-reports', 'session', 'replies']);

/** A concrete path as it may be logged: segments that look like tokens or hold an address are redacted. */
function loggablePath(path: string): string {
  const anonymous = ANONYMOUS_PATH.test(path);
  const redacted = path
    .split('/')
    .map((segment) =>
      TOKEN_LIKE.test(segment) || /[@%]/.test(segment) || (anonymous && !ANONYMOUS_WORDS.has(segment.toLowerCase())) ? REDACTED : segment,
    )
    .join('/');
  return redacted.length > 200 ? `${redacted.slice(0, 200)}…` : redacted;
}

/**
 * The request URL as it may be logged. A matched route is logged by its pattern (`/act/:token`,
 * never the token); a wildcard route or no route at all (404) by its path with token-like segments
 * redacted. Query values survive only for a short allow-list of filters; with no route, none do.
 */
export function loggableUrl(request: Pick<FastifyRequest, 'url' | 'is404'> & { routeOptions?: { url?: string } }): string {
  const queryStart = request.url.indexOf('?');
  const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  const route = request.is404 ? undefined : request.routeOptions?.url;
  if (!route) return `${loggablePath(path)}${query ? `?${REDACTED}` : ''}`;
  return `${route.includes('*') ? loggablePath(path) : route}${loggableQuery(query)}`;
}

/**
 * pino's `req` serializer, used for "incoming request" and every other line that logs a request:
 * method, the loggable URL and the client address (each line also carries Fastify's `reqId`). A
 * request to the anonymous reports' API is logged without its address: the log must not be able to
 * say where a report came from.
 */
export function serializeRequest(request: FastifyRequest) {
  const anonymous = isAnonymousRoute(request) || ANONYMOUS_PATH.test(request.url);
  return {
    method: request.method,
    url: loggableUrl(request),
    ...(anonymous ? {} : { remoteAddress: request.ip }),
  };
}

/** Header paths pino must never print. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

/** The values a failed query carried: drizzle repeats them on a `params:` line of its message. */
const PARAMS_LINE = /\nparams: [^\n]*/g;
/** Properties of database errors that hold the values of a row (a reply's text, an address). */
const VALUE_PROPERTIES = ['params', 'query', 'parameters', 'detail'];

/**
 * Errors as pino writes them, without the values a database error carries: a failed insert of a
 * reply would otherwise log the reply and the student's address. The SQL text itself stays in the
 * message (it holds placeholders, not values).
 */
export function serializeError(error: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const { type, message, stack, ...rest } = stdSerializers.err(error) as { [key: string]: unknown; type: string; message: string; stack: string };
  for (const key of VALUE_PROPERTIES) delete rest[key];
  const redact = (text: string) => (typeof text === 'string' ? text.replace(PARAMS_LINE, '\nparams: [redacted]') : text);
  return { ...rest, type, message: redact(message), stack: redact(stack) };
}

/**
 * The portal's logger options (buildApp's default): JSON at the configured level, requests through
 * `serializeRequest`, credentials in headers censored. Tests pass a `stream` to read what is logged.
 */
export function loggerOptions(
  config: { logLevel: string },
  stream?: FastifyLoggerOptions['stream'],
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
