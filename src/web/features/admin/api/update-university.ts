import { useMutation, useQueryClient } from '@tanstack/react-query';
import { universityAdminSchema, type UniversityUpdate } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminUniversityKey } from '../../../lib/query-keys';

/** PUT /api/admin/university: the whole profile at once, and the anti-ragging contacts when given. */
export function updateUniversity(body: UniversityUpdate) {
  return apiFetch('/api/admin/university', { method: 'PUT', body, schema: universityAdminSchema });
}

export function useUpdateUniversity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUniversity,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminUniversityKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]);
    },
  });
}
