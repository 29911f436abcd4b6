import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cleaningSlotAdminSchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { adminAuditKey, adminCleaningSlotsKey } from '../../../lib/query-keys';

/** POST /api/admin/cleaning-slots/:id/retire or /restore. */
export function setCleaningSlotRetired({ id, retired }: { id: string; retired: boolean }) {
  return apiFetch(`/api/admin/cleaning-slots/${encodeURIComponent(id)}/${retired ? 'retire' : 'restore'}`, { method: 'POST', schema: cleaningSlotAdminSchema });
}

export function useSetCleaningSlotRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCleaningSlotRetired,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminCleaningSlotsKey }), queryClient.invalidateQueries({ queryKey: adminAuditKey })]),
  });
}
