import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintDetailSchema } from '../../../../shared/complaints';
import type { ComplaintDetail } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintDetailKey } from '../../../lib/query-keys';

/** GET /api/complaints/:number: one of the student's own complaints with its timeline (404 otherwise). */
export function getComplaint(number: string, signal?: AbortSignal): Promise<ComplaintDetail> {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}`, { schema: complaintDetailSchema, signal });
}

export const complaintQueryOptions = (number: string) =>
  queryOptions({
    queryKey: complaintDetailKey(number),
    queryFn: ({ signal }) => getComplaint(number, signal),
  });

export function useComplaint(number: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...complaintQueryOptions(number), enabled });
}
