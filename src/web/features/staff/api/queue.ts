import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queueResponseSchema, statusCountsSchema } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';
import { filtersToApiParams, viewToParams, type QueueFilters } from '../lib/filters';

export const QUEUE_PAGE_SIZE = 25;

/** GET /api/staff/complaints: one page of the queue in the user's scope. */
export function getQueuePage(filters: QueueFilters, cursor: string | null, signal?: AbortSignal) {
  const params = filtersToApiParams(filters);
  params.set('limit', String(QUEUE_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch(`/api/staff/complaints?${params.toString()}`, { schema: queueResponseSchema, signal });
}

export const queueQueryOptions = (filters: QueueFilters) =>
  infiniteQueryOptions({
    queryKey: [...staffKey, 'queue', viewToParams(filters).toString()] as const,
    queryFn: ({ pageParam, signal }) => getQueuePage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useQueue(filters: QueueFilters, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...queueQueryOptions(filters), enabled });
}

/** GET /api/staff/counts: complaints per status in the user's scope. */
export const countsQueryOptions = queryOptions({
  queryKey: [...staffKey, 'counts'] as const,
  queryFn: ({ signal }) => apiFetch('/api/staff/counts', { schema: statusCountsSchema, signal }),
});

export function useStatusCounts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...countsQueryOptions, enabled });
}
