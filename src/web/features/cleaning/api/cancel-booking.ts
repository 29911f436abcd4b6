import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningBookingSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningKey } from './keys';

/** POST /api/cleaning/bookings/:id/cancel: no visits from today on (Undo for a few minutes). */
export function cancelBooking(id: string) {
  return apiFetch(`/api/cleaning/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: cleaningBookingSchema });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelBooking, onSettled: () => queryClient.invalidateQueries({ queryKey: cleaningKey }) });
}
