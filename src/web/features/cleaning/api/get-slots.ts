import { useQuery } from '@tanstack/react-query';
import { cleaningSlotOfferListSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningSlotsKey } from './keys';

/** GET /api/cleaning/slots?hostel=: the weekly times a hostel offers, with places left. */
export function getSlots(hostel: string, signal?: AbortSignal) {
  return apiFetch(`/api/cleaning/slots?hostel=${encodeURIComponent(hostel)}`, { schema: cleaningSlotOfferListSchema, signal });
}

export function useSlots(hostel: string) {
  return useQuery({ queryKey: cleaningSlotsKey(hostel), queryFn: ({ signal }) => getSlots(hostel, signal), enabled: hostel !== '' });
}
