/** Why a send failed, as far as retrying is concerned. */
export type FailureKind = 'transient' | 'permanent';

interface SmtpLikeError {
  code?: string;
  responseCode?: number;
  command?: string;
}

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKET',
  'ECONNECTION',
  'EDNS',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ETLS',
]);

/**
 * SMTP says 4xx for "try later" and 5xx for "never"; anything on the network is worth another try.
 * Unknown errors count as transient: giving up early loses mail, retrying costs little.
 */
export function classifyFailure(error: unknown): FailureKind {
  const e = (error ?? {}) as SmtpLikeError;
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 ? 'permanent' : 'transient';
  if (e.code && TRANSIENT_CODES.has(e.code)) return 'transient';
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return 'permanent';
  return 'transient';
}

// Shared by every channel's outbox; kept reachable here so mail's callers need not change.
export { retryDelayMs } from '../../lib/retry-delay.js';
