/**
 * Exponential backoff (base · 2^(attempt-1), at most 15 minutes) with ±25 % jitter, for every
 * channel's outbox: the jitter keeps rows that failed together from all coming back at once.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 15 * 60_000);
  const jitter = 0.75 + random() * 0.5;
  return Math.round(exponential * jitter);
}
