/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is
 * wrong". The first is not the portal's fault and passes by itself (a restart, a failover, a network
 * cut), so the API answers 503 with Retry-After instead of 500.
 */

/** Network errors of the socket to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs for a server going away or not accepting connections yet: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own messages for a connection lost or never made (they carry no code). */
const PG_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
];

function looksUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message));
}

/** The error in the `cause` chain that says the database is away (Drizzle wraps the driver's error). */
function unavailableError(error: unknown): object | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (looksUnavailable(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when `error`, or any error it wraps, is a lost or unreachable database. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableError(error) !== undefined;
}

/**
 * What to log about it: the driver's code or message, never Drizzle's wrapper, whose message holds
 * the query and its parameters (text a person typed).
 */
export function unavailableReason(error: unknown): string {
  const found = unavailableError(error) as { code?: unknown; message?: unknown } | undefined;
  if (!found) return 'unknown';
  const parts = [found.code, found.message].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.join(' ').slice(0, 200);
}

/** Seconds a client is told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
