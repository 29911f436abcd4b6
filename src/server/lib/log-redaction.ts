import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials in the OpenID Connect flow. */
const SENSITIVE_PARAMS = ['code', 'state', 'session_state', 'id_token', 'access_token', 'token', 'iss'];

/** The request URL as it may be logged: credentials in the query replaced by a marker. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of SENSITIVE_PARAMS) {
    if (params.has(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
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
