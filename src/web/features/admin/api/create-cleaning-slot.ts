import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningSlotAdminSchema, type CleaningSlotCreate } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { adminAuditKey, adminCleaningSlotsKey } from '../../../lib/query-keys';

/** POST /api/admin/cleaning-slots: a hostel offers a new weekly time. */
export function createCleaningSlot(body: CleaningSlotCreate) {
  return apiFetch('/api/admin/cleaning-slots', { method: 'POST', body, schema: cleaningSlotAdminSchema });
}

export function useCreateCleaningSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCleaningSlot,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminCleaningSlotsKey }), queryClient.invalidateQueries({ queryKey: adminAuditKey })]),
  });
}
