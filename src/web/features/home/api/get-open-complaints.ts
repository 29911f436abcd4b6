import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintListSchema } from '../../../../shared/complaints';
import type { Complaint } from '../../../../shared/complaints';
import { isFinishedStatus } from '../../../../shared/constants';
import { apiFetch } from '../../../lib/api-client';
import { myComplaintsKey } from '../../../lib/query-keys';

export const OPEN_COMPLAINTS_SHOWN = 3;

/**
 * The newest page of the student's complaints, reduced to the first few not finished: open ones and
 * resolved ones, which wait for the student to confirm or reopen them.
 */
export async function getOpenComplaints(signal?: AbortSignal): Promise<Complaint[]> {
  const page = await apiFetch('/api/complaints/mine', { schema: complaintListSchema, signal });
  return page.items.filter((complaint) => !isFinishedStatus(complaint.status)).slice(0, OPEN_COMPLAINTS_SHOWN);
}

export const openComplaintsQueryOptions = queryOptions({
  queryKey: [...myComplaintsKey, 'open'] as const,
  queryFn: ({ signal }) => getOpenComplaints(signal),
});

export function useOpenComplaints() {
  return useQuery(openComplaintsQueryOptions);
}
