import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningMarkedSchema, type CleaningMark } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningKey } from './keys';

/** PUT /api/staff/cleaning/visits: done, or not possible with the reason the student is told. */
export function markVisit(body: CleaningMark) {
  return apiFetch('/api/staff/cleaning/visits', { method: 'PUT', body, schema: cleaningMarkedSchema });
}

export function useMarkVisit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markVisit, onSuccess: () => queryClient.invalidateQueries({ queryKey: cleaningKey }) });
}
