import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { outboxListSchema, type OutboxStatus } from '../../../../shared/mail';
import { apiFetch } from '../../../lib/api-client';
import { adminOutboxKey } from '../../../lib/query-keys';

export const OUTBOX_PAGE_SIZE = 25;

/** GET /api/admin/outbox: one page of outgoing mail, newest first. */
export function getOutboxPage(status: OutboxStatus | '', cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(OUTBOX_PAGE_SIZE) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiFetch(`/api/admin/outbox?${params.toString()}`, { schema: outboxListSchema, signal });
}

export const outboxQueryOptions = (status: OutboxStatus | '') =>
  infiniteQueryOptions({
    queryKey: [...adminOutboxKey, 'list', status] as const,
    queryFn: ({ pageParam, signal }) => getOutboxPage(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // New mail comes from students and staff, not from this console (nothing here invalidates
    // it): opening the page asks again instead of showing what it saw half a minute ago.
    staleTime: 0,
  });

export function useOutbox(status: OutboxStatus | '') {
  return useInfiniteQuery(outboxQueryOptions(status));
}
