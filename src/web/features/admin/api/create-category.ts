import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryAdminSchema, type CategoryCreate } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminCategoriesKey } from '../../../lib/query-keys';

/** POST /api/admin/categories. */
export function createCategory(body: CategoryCreate) {
  return apiFetch('/api/admin/categories', { method: 'POST', body, schema: categoryAdminSchema });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCategoriesKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
