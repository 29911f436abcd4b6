import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningBookingSchema, type CleaningBookingCreate } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningKey } from './keys';

/** POST /api/cleaning/bookings: books a weekly time for the student's room. */
export function createBooking(body: CleaningBookingCreate) {
  return apiFetch('/api/cleaning/bookings', { method: 'POST', body, schema: cleaningBookingSchema });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBooking, onSettled: () => queryClient.invalidateQueries({ queryKey: cleaningKey }) });
}
