import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintListSchema } from '../../../../shared/complaints';
import type { MyComplaint, MyComplaintsState } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { myComplaintsKey } from '../../../lib/query-keys';

export const OPEN_COMPLAINTS_SHOWN = 3;

const mine = (state: MyComplaintsState, signal?: AbortSignal) =>
  apiFetch(`/api/complaints/mine?state=${state}&limit=${OPEN_COMPLAINTS_SHOWN}`, { schema: complaintListSchema, signal });

/**
 * A few of the student's complaints that are not finished, those waiting for the student first (a
 * question to answer, a fix to confirm), then the newest of the rest: open ones and resolved ones.
 * The server filters, so an old open complaint still shows behind any number of newer finished requests.
 */
export async function getOpenComplaints(signal?: AbortSignal): Promise<MyComplaint[]> {
  const [waiting, unfinished] = await Promise.all([mine('waiting', signal), mine('unfinished', signal)]);
  const first = new Set(waiting.items.map((c) => c.number));
  return [...waiting.items, ...unfinished.items.filter((c) => !first.has(c.number))].slice(0, OPEN_COMPLAINTS_SHOWN);
}

export const openComplaintsQueryOptions = queryOptions({
  queryKey: [...myComplaintsKey, 'open'] as const,
  queryFn: ({ signal }) => getOpenComplaints(signal),
});

export function useOpenComplaints() {
  return useQuery(openComplaintsQueryOptions);
}
