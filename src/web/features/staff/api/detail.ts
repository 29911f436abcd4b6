import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffComplaintDetailSchema } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffDetailKey } from '../../../lib/query-keys';

/** GET /api/staff/complaints/:number: the whole record, internal notes included (404 outside scope). */
export const staffComplaintQueryOptions = (number: string) =>
  queryOptions({
    queryKey: staffDetailKey(number),
    queryFn: ({ signal }) =>
      apiFetch(`/api/staff/complaints/${encodeURIComponent(number)}`, { schema: staffComplaintDetailSchema, signal }),
  });

export function useStaffComplaint(number: string) {
  return useQuery(staffComplaintQueryOptions(number));
}
