import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { IncidentStatus } from '../../../../shared/constants';
import { staffIncidentListSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

/** Every notice read and change of the console is under this key: a change refreshes each list. */
export const incidentsKey = [...staffKey, 'incidents'] as const;

/** GET /api/staff/incidents: the notices in the user's scope in one state, page by page. */
export const incidentsQueryOptions = (status: IncidentStatus) =>
  infiniteQueryOptions({
    queryKey: [...incidentsKey, status] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status, limit: '25' });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch(`/api/staff/incidents?${params.toString()}`, { schema: staffIncidentListSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useIncidents(status: IncidentStatus) {
  return useInfiniteQuery(incidentsQueryOptions(status));
}
