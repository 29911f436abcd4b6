import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Place } from '../../shared/auth';
import { apiFetch, guardSchema } from './api-client';
import { meQueryKey, useMe } from './me';

/*
 * The student's remembered place (hostel, floor, room): remembered by the server from their first
 * filing, edited on the account page, filled into the complaint and cleaning forms. Zod-free on
 * purpose: the prerendered forms import it.
 */

const isPlace = (value: unknown): value is Place => {
  const place = value as Partial<Place> | null;
  return typeof place?.hostel === 'string' && typeof place.floor === 'number' && typeof place.roomNo === 'string';
};

const meWithPlace = guardSchema((data: unknown): data is { place: Place | null } => {
  const me = data as { place?: unknown } | null;
  return me !== null && typeof me === 'object' && (me.place === null || isPlace(me.place));
});
const placeResponse = guardSchema((data: unknown): data is { place: Place } => isPlace((data as { place?: unknown } | null)?.place));

export const placeQueryKey = [...meQueryKey, 'place'] as const;

const placeQueryOptions = queryOptions({
  queryKey: placeQueryKey,
  queryFn: async ({ signal }) => (await apiFetch('/api/me', { schema: meWithPlace, signal })).place,
  staleTime: 60_000,
});

/** The query itself, for a page that waits for it (the account page's form starts from it). */
export function usePlaceQuery() {
  const me = useMe();
  return useQuery({ ...placeQueryOptions, enabled: Boolean(me.data) });
}

/** The signed-in student's place, or null (signed out, or nothing remembered yet). */
export function usePlace(): Place | null {
  const me = useMe();
  const place = usePlaceQuery();
  return me.data ? (place.data ?? null) : null;
}

export function useSavePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (place: Place) => apiFetch('/api/me/place', { method: 'PUT', body: place, schema: placeResponse }),
    onSuccess: ({ place }) => queryClient.setQueryData(placeQueryKey, place),
  });
}

/** After a filing the server may have remembered the place: read it again next time. */
export function refreshPlace(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: placeQueryKey });
}
