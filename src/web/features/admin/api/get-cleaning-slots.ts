import { useQuery } from '@tanstack/react-query';
import { cleaningSlotAdminListSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { adminCleaningSlotsKey } from '../../../lib/query-keys';

/** GET /api/admin/cleaning-slots: every hostel's weekly cleaning slots, retired ones too. */
export function getCleaningSlots(signal?: AbortSignal) {
  return apiFetch('/api/admin/cleaning-slots', { schema: cleaningSlotAdminListSchema, signal });
}

export function useCleaningSlots() {
  return useQuery({ queryKey: adminCleaningSlotsKey, queryFn: ({ signal }) => getCleaningSlots(signal) });
}
