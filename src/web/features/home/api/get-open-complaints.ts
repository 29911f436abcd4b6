import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintListSchema } from '../../../../shared/complaints';
import type { Complaint, ComplaintStatus } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { myComplaintsKey } from '../../../lib/query-keys';

const FINISHED: ReadonlySet<ComplaintStatus> = new Set(['closed', 'rejected']);
export const OPEN_COMPLAINTS_SHOWN = 3;

/** The newest page of the student's complaints, reduced to the first few still open. */
export async function getOpenComplaints(signal?: AbortSignal): Promise<Complaint[]> {
  const page = await apiFetch('/api/complaints/mine', { schema: complaintListSchema, signal });
  return page.items.filter((complaint) => !FINISHED.has(complaint.status)).slice(0, OPEN_COMPLAINTS_SHOWN);
}

export const openComplaintsQueryOptions = queryOptions({
  queryKey: [...myComplaintsKey, 'open'] as const,
  queryFn: ({ signal }) => getOpenComplaints(signal),
});

export function useOpenComplaints() {
  return useQuery(openComplaintsQueryOptions);
}
