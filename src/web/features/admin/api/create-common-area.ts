import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonAreaAdminSchema, type CommonAreaCreate } from '../../../../shared/places';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey } from '../../../lib/query-keys';
import { commonAreasKey } from './get-common-areas';

/** POST /api/admin/hostels/:id/common-areas. */
export function createCommonArea(hostelId: string, body: CommonAreaCreate) {
  return apiFetch(`/api/admin/hostels/${encodeURIComponent(hostelId)}/common-areas`, { method: 'POST', body, schema: commonAreaAdminSchema });
}

export function useCreateCommonArea(hostelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommonAreaCreate) => createCommonArea(hostelId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commonAreasKey(hostelId) }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
