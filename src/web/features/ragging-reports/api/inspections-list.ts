import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { inspectionListSchema } from '../../../../shared/ragging-reports';
import { apiFetch } from '../../../lib/api-client';

/** The inspection log's reads and its one change share this key: recording refreshes the list. */
export const inspectionsKey = ['ragging', 'inspections'] as const;

/** GET /api/ragging/inspections: the squad's log, the latest inspection first, page by page. */
export const inspectionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: inspectionsKey,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch(`/api/ragging/inspections?${params.toString()}`, { schema: inspectionListSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useInspections() {
  return useInfiniteQuery(inspectionsQueryOptions());
}
