import { useQuery } from '@tanstack/react-query';
import { cleaningBookingListSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningBookingsKey } from './keys';

/** GET /api/cleaning/bookings: the student's weekly cleaning, each with its next visit and coming weeks. */
export function getBookings(signal?: AbortSignal) {
  return apiFetch('/api/cleaning/bookings', { schema: cleaningBookingListSchema, signal });
}

export function useBookings() {
  return useQuery({ queryKey: cleaningBookingsKey, queryFn: ({ signal }) => getBookings(signal) });
}
