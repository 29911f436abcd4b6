import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintViewSchema } from '../../../../shared/complaints';
import type { ComplaintView } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintDetailKey } from '../../../lib/query-keys';

/**
 * GET /api/complaints/:number: one of the student's own complaints with its timeline (`view:
 * 'owner'`), or one they follow as its followers see it (`view: 'follower'`); 404 otherwise.
 */
export function getComplaint(number: string, signal?: AbortSignal): Promise<ComplaintView> {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}`, { schema: complaintViewSchema, signal });
}

export const complaintQueryOptions = (number: string) =>
  queryOptions({
    queryKey: complaintDetailKey(number),
    queryFn: ({ signal }) => getComplaint(number, signal),
  });

export function useComplaint(number: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...complaintQueryOptions(number), enabled });
}
