import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostelAdminSchema, type HostelUpdate } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminHostelsKey } from '../../../lib/query-keys';

/** PUT /api/admin/hostels/:id: floors, room ranges and retirement (the name stays). */
export function updateHostel(id: string, body: HostelUpdate) {
  return apiFetch(`/api/admin/hostels/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: hostelAdminSchema });
}

export function useUpdateHostel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostelUpdate) => updateHostel(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminHostelsKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
