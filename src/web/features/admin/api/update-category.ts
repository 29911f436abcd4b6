import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryAdminSchema, type CategoryUpdate } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminCategoriesKey } from '../../../lib/query-keys';

/** PUT /api/admin/categories/:key: everything but the key, retirement included. */
export function updateCategory(key: string, body: CategoryUpdate) {
  return apiFetch(`/api/admin/categories/${encodeURIComponent(key)}`, { method: 'PUT', body, schema: categoryAdminSchema });
}

export function useUpdateCategory(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryUpdate) => updateCategory(key, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCategoriesKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
