import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { OUTBOX_SENT } from './offline-events';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not get better by asking again; network and 5xx errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  // What the phone sent from its outbox once back online is missing from every list loaded before.
  if (typeof window !== 'undefined') window.addEventListener(OUTBOX_SENT, () => void client.invalidateQueries());
  return client;
}
