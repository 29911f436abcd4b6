import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { staffPlaceSchema } from '../../../../shared/staff-places';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

export const PLACE_PAGE_SIZE = 20;

/** GET /api/staff/places/:hostelCode/:place: the place, its open complaints and one page of its past (404 outside scope). */
export function getStaffPlace(hostelCode: string, place: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PLACE_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch(`/api/staff/places/${encodeURIComponent(hostelCode)}/${encodeURIComponent(place)}?${params.toString()}`, {
    schema: staffPlaceSchema,
    signal,
  });
}

/** The first page brings the place, its open complaints and the counts; later pages only add to the past. */
export const staffPlaceQueryOptions = (hostelCode: string, place: string) =>
  infiniteQueryOptions({
    queryKey: [...staffKey, 'place', hostelCode.toUpperCase(), place.toUpperCase()] as const,
    queryFn: ({ pageParam, signal }) => getStaffPlace(hostelCode, place, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.past.nextCursor ?? undefined,
  });

/** `enabled: false` only reads what the page already fetched (the heading, outside the sign-in gate). */
export function useStaffPlace(hostelCode: string, place: string, enabled = true) {
  return useInfiniteQuery({ ...staffPlaceQueryOptions(hostelCode, place), enabled });
}
