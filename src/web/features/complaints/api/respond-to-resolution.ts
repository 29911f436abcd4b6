import { useMutation, useQueryClient } from '@tanstack/react-query';
import { complaintSchema } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey, notificationsKey } from '../../../lib/query-keys';

const path = (number: string, action: 'confirm' | 'reopen') => `/api/complaints/${encodeURIComponent(number)}/${action}`;

/** Both answers refresh the complaint, the student's lists and the bell. */
function useResolutionMutation<TInput>(run: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: complaintsKey }),
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
      ]);
    },
  });
}

/** POST /api/complaints/:number/confirm: it is fixed (the complaint closes), with an optional 1–5 rating. */
export function useConfirmResolution(number: string) {
  return useResolutionMutation((body: { rating?: number; comment?: string }) =>
    apiFetch(path(number, 'confirm'), { method: 'POST', body, schema: complaintSchema }),
  );
}

/** POST /api/complaints/:number/reopen: it is not fixed, and why. */
export function useReopen(number: string) {
  return useResolutionMutation((body: { reason: string }) =>
    apiFetch(path(number, 'reopen'), { method: 'POST', body, schema: complaintSchema }),
  );
}
