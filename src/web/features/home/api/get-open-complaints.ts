import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintListSchema } from '../../../../shared/complaints';
import type { MyComplaint, MyComplaintsState } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { myComplaintsKey } from '../../../lib/query-keys';

export const OPEN_COMPLAINTS_SHOWN = 3;

const UNFINISHED: MyComplaintsState = 'unfinished';

/**
 * The newest few of the student's complaints that are not finished: open ones and resolved ones,
 * which wait for the student to confirm or reopen them. The server filters, so an old open
 * complaint still shows behind any number of newer finished requests.
 */
export async function getOpenComplaints(signal?: AbortSignal): Promise<MyComplaint[]> {
  const page = await apiFetch(`/api/complaints/mine?state=${UNFINISHED}&limit=${OPEN_COMPLAINTS_SHOWN}`, {
    schema: complaintListSchema,
    signal,
  });
  return page.items;
}

export const openComplaintsQueryOptions = queryOptions({
  queryKey: [...myComplaintsKey, 'open'] as const,
  queryFn: ({ signal }) => getOpenComplaints(signal),
});

export function useOpenComplaints() {
  return useQuery(openComplaintsQueryOptions);
}
