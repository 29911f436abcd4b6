import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { nearbySchema, type Nearby, type NearbyQuery } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

/** Under the student's complaints: filing one, or saying Me too, refreshes what the form offers. */
export const nearbyKey = [...complaintsKey, 'nearby'] as const;

function params(query: NearbyQuery): string {
  const search = new URLSearchParams({ hostel: query.hostel, category: query.category });
  if (query.floor !== undefined) search.set('floor', String(query.floor));
  if (query.room) search.set('room', query.room);
  if (query.text) search.set('text', query.text);
  return search.toString();
}

/** GET /api/complaints/nearby: what is already known of a problem before it is filed. */
export function getNearby(query: NearbyQuery, signal?: AbortSignal): Promise<Nearby> {
  return apiFetch(`/api/complaints/nearby?${params(query)}`, { schema: nearbySchema, signal });
}

export const nearbyQueryOptions = (query: NearbyQuery) =>
  queryOptions({
    queryKey: [...nearbyKey, params(query)] as const,
    queryFn: ({ signal }) => getNearby(query, signal),
    staleTime: 30_000,
  });

/** Asked only when `query` is given (a signed-in student who chose a hostel); the last answer stays while the next loads. */
export function useNearby(query: NearbyQuery | null) {
  return useQuery({
    ...nearbyQueryOptions(query ?? { hostel: '', category: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
