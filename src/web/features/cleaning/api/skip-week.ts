import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningBookingSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningKey } from './keys';

/** POST /api/cleaning/bookings/:id/skips: no visit on that coming day. */
export function skipWeek({ id, on }: { id: string; on: string }) {
  return apiFetch(`/api/cleaning/bookings/${encodeURIComponent(id)}/skips`, { method: 'POST', body: { on }, schema: cleaningBookingSchema });
}

export function useSkipWeek() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: skipWeek, onSettled: () => queryClient.invalidateQueries({ queryKey: cleaningKey }) });
}
