import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { followedListSchema, type FollowedList } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

/** Under the student's complaints: the complaints other students filed that they follow. */
export const followingKey = [...complaintsKey, 'following'] as const;

/** GET /api/complaints/following: one page of the complaints the student follows, newest follow first. */
export function getFollowing(cursor: string | null, signal?: AbortSignal): Promise<FollowedList> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch(`/api/complaints/following${query}`, { schema: followedListSchema, signal });
}

export const followingQueryOptions = infiniteQueryOptions({
  queryKey: [...followingKey, 'pages'] as const,
  queryFn: ({ pageParam, signal }) => getFollowing(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
});

export function useFollowing({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...followingQueryOptions, enabled });
}
