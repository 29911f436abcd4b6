import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintListSchema, type MyComplaint } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { myComplaintsKey } from '../../../lib/query-keys';

/** Enough for anyone: a student rarely has more than a few complaints waiting on them at once. */
export const WAITING_SHOWN = 20;

/** GET /api/complaints/mine?state=waiting: the student's complaints that wait for them, newest first. */
export async function getWaitingComplaints(signal?: AbortSignal): Promise<MyComplaint[]> {
  return (await apiFetch(`/api/complaints/mine?state=waiting&limit=${WAITING_SHOWN}`, { schema: complaintListSchema, signal })).items;
}

export const waitingComplaintsQueryOptions = queryOptions({
  queryKey: [...myComplaintsKey, 'waiting'] as const,
  queryFn: ({ signal }) => getWaitingComplaints(signal),
});

/** Only asked for when `enabled` (signed in). */
export function useWaitingComplaints({ enabled }: { enabled: boolean }) {
  return useQuery({ ...waitingComplaintsQueryOptions, enabled });
}
