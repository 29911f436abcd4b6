import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkActionSchema, type BulkAction, type BulkRequest } from '../../../../shared/queue';
import { apiFetch } from '../../../lib/api-client';
import { notificationsKey, staffKey } from '../../../lib/query-keys';

const bulkKey = (id: string) => [...staffKey, 'bulk', id] as const;

/** POST /api/staff/bulk: schedules the action; nothing changes until its undo window is over. */
export function useScheduleBulk() {
  return useMutation({
    mutationFn: (body: BulkRequest) => apiFetch('/api/staff/bulk', { method: 'POST', body, schema: bulkActionSchema }),
  });
}

/** POST /api/staff/bulk/:id/undo: cancels it while it waits. */
export function useUndoBulk(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/staff/bulk/${encodeURIComponent(id)}/undo`, { method: 'POST', schema: bulkActionSchema }),
    onSuccess: (answer) => queryClient.setQueryData(bulkKey(id), answer),
  });
}

const finished = (action: BulkAction | undefined) => action?.status === 'done' || action?.status === 'cancelled';

/**
 * GET /api/staff/bulk/:id, from the answer that scheduled it: asked again every second once its
 * window is over, until it has run (then the queue, the counts and the bell are refreshed) or was undone.
 */
export function useBulkAction(scheduled: BulkAction, { windowOver }: { windowOver: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bulkKey(scheduled.id),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(`/api/staff/bulk/${encodeURIComponent(scheduled.id)}`, { schema: bulkActionSchema, signal });
      if (answer.status === 'done') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [...staffKey, 'queue'] }),
          queryClient.invalidateQueries({ queryKey: [...staffKey, 'counts'] }),
          queryClient.invalidateQueries({ queryKey: [...staffKey, 'attention'] }),
          queryClient.invalidateQueries({ queryKey: notificationsKey }),
        ]);
      }
      return answer;
    },
    initialData: scheduled,
    // The answer that scheduled it is current until the window is over.
    staleTime: Infinity,
    enabled: windowOver,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
  });
}
