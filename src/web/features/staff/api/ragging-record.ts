import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { raggingStateSchema } from '../../../../shared/ragging';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';
import { useStaffMutation } from './actions';

export const raggingRecordKey = (number: string) => [...staffKey, 'ragging', 'record', number] as const;

/**
 * GET /api/staff/complaints/:number/ragging: a ragging report's statutory record (where it
 * happened, the FIR decision, the enquiry, their due times) and whether this user may decide.
 */
export function useRaggingRecord(number: string) {
  return useQuery(
    queryOptions({
      queryKey: raggingRecordKey(number),
      queryFn: ({ signal }) => apiFetch(`/api/staff/complaints/${encodeURIComponent(number)}/ragging`, { schema: raggingStateSchema, signal }),
    }),
  );
}

/**
 * One of the duty's two statutory decisions (POST …/fir-decision, …/enquiry-close): the answer is
 * the report's new record, shown at once; the queue, the clocks and the complaint are read again.
 */
export function useRaggingDecision<Body>(number: string, action: 'fir-decision' | 'enquiry-close') {
  const queryClient = useQueryClient();
  return useStaffMutation(async (body: Body) => {
    const record = await apiFetch(`/api/staff/complaints/${encodeURIComponent(number)}/${action}`, { method: 'POST', body, schema: raggingStateSchema });
    queryClient.setQueryData(raggingRecordKey(number), record);
    return record;
  });
}
