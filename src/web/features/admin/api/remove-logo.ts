import { useMutation, useQueryClient } from '@tanstack/react-query';
import { universityAdminSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminUniversityKey } from '../../../lib/query-keys';

/** DELETE /api/admin/university/logo: the portal goes back to showing no logo. */
export function removeLogo() {
  return apiFetch('/api/admin/university/logo', { method: 'DELETE', schema: universityAdminSchema });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminUniversityKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]);
    },
  });
}
