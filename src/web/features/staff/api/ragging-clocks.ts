import { queryOptions, useQuery } from '@tanstack/react-query';
import { raggingClocksSchema } from '../../../../shared/ragging';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

/** GET /api/staff/ragging/clocks: ragging reports with an FIR decision or an enquiry still open, the soonest due first. */
export const raggingClocksQueryOptions = queryOptions({
  queryKey: [...staffKey, 'ragging', 'clocks'] as const,
  queryFn: ({ signal }) => apiFetch('/api/staff/ragging/clocks', { schema: raggingClocksSchema, signal }),
  // A clock that ran out is escalated by the server: the list is read again while it stays open.
  refetchInterval: 5 * 60_000,
});

/** Only the anti-ragging duty and admins may read them (403 for anyone else): `enabled` says whether this user may. */
export function useRaggingClocks({ enabled }: { enabled: boolean }) {
  return useQuery({ ...raggingClocksQueryOptions, enabled });
}
