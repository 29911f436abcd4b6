import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hostelAdminSchema, type HostelCreate } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminHostelsKey } from '../../../lib/query-keys';

/** POST /api/admin/hostels. */
export function createHostel(body: HostelCreate) {
  return apiFetch('/api/admin/hostels', { method: 'POST', body, schema: hostelAdminSchema });
}

export function useCreateHostel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHostel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminHostelsKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
