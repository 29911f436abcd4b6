import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningBookingSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningKey } from './keys';

/** DELETE /api/cleaning/bookings/:id/skips/:on: the skipped week is visited after all. */
export function unskipWeek({ id, on }: { id: string; on: string }) {
  return apiFetch(`/api/cleaning/bookings/${encodeURIComponent(id)}/skips/${encodeURIComponent(on)}`, { method: 'DELETE', schema: cleaningBookingSchema });
}

export function useUnskipWeek() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unskipWeek, onSettled: () => queryClient.invalidateQueries({ queryKey: cleaningKey }) });
}
