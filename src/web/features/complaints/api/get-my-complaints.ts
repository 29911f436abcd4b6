import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { complaintListSchema } from '../../../../shared/complaints';
import type { ComplaintList } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { myComplaintsKey } from '../../../lib/query-keys';

/** GET /api/complaints/mine: one page, newest first. */
export function getMyComplaints(cursor: string | null, signal?: AbortSignal): Promise<ComplaintList> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiFetch(`/api/complaints/mine${query}`, { schema: complaintListSchema, signal });
}

export const myComplaintsQueryOptions = infiniteQueryOptions({
  queryKey: [...myComplaintsKey, 'pages'] as const,
  queryFn: ({ pageParam, signal }) => getMyComplaints(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
});

/** The signed-in student's complaints; only asked for when `enabled` (signed in). */
export function useMyComplaints({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...myComplaintsQueryOptions, enabled });
}
