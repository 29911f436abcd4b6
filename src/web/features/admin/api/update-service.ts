import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceAdminSchema, type ServiceUpdate } from '../../../../shared/admin';
import type { ServiceKey } from '../../../../shared/catalog';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminServicesKey } from '../../../lib/query-keys';

/** PUT /api/admin/services/:key: label, on/off and routing. */
export function updateService(key: ServiceKey, body: ServiceUpdate) {
  return apiFetch(`/api/admin/services/${encodeURIComponent(key)}`, { method: 'PUT', body, schema: serviceAdminSchema });
}

export function useUpdateService(key: ServiceKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceUpdate) => updateService(key, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminServicesKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
