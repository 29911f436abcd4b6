import { queryOptions, useQuery } from '@tanstack/react-query';
import { placePageSchema, type PlacePage } from '../../../../shared/places';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

/** Under the student's complaints: filing, or saying Me too, refreshes the place's list. */
const placeKey = (hostelCode: string, place: string) => [...complaintsKey, 'place', hostelCode.toUpperCase(), place.toUpperCase()] as const;

/** GET /api/places/:hostelCode/:place: a scanned label's place, its open complaints and notices. */
export function getPlace(hostelCode: string, place: string, signal?: AbortSignal): Promise<PlacePage> {
  return apiFetch(`/api/places/${encodeURIComponent(hostelCode)}/${encodeURIComponent(place)}`, { schema: placePageSchema, signal });
}

export const placeQueryOptions = (hostelCode: string, place: string) =>
  queryOptions({
    queryKey: placeKey(hostelCode, place),
    queryFn: ({ signal }) => getPlace(hostelCode, place, signal),
    staleTime: 30_000,
    // A 404 (no such place) is the answer, not a hiccup.
    retry: false,
  });

export function usePlacePage(hostelCode: string, place: string, enabled: boolean) {
  return useQuery({ ...placeQueryOptions(hostelCode, place), enabled });
}
