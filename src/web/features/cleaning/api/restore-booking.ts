import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningBookingSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningKey } from './keys';

/** POST /api/cleaning/bookings/:id/restore: Undo of a cancellation made a moment ago. */
export function restoreBooking(id: string) {
  return apiFetch(`/api/cleaning/bookings/${encodeURIComponent(id)}/restore`, { method: 'POST', schema: cleaningBookingSchema });
}

export function useRestoreBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreBooking, onSettled: () => queryClient.invalidateQueries({ queryKey: cleaningKey }) });
}
