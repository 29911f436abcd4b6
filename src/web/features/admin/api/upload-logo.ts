import { useMutation, useQueryClient } from '@tanstack/react-query';
import { universityAdminSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey, adminUniversityKey } from '../../../lib/query-keys';

/** PUT /api/admin/university/logo with the image as a data: URL. */
export function uploadLogo(dataUrl: string) {
  return apiFetch('/api/admin/university/logo', { method: 'PUT', body: { dataUrl }, schema: universityAdminSchema });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminUniversityKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]);
    },
  });
}
