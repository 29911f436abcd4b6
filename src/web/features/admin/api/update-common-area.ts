import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonAreaAdminSchema, type CommonAreaUpdate } from '../../../../shared/places';
import { apiFetch } from '../../../lib/api-client';
import { catalogQueryKey } from '../../../lib/catalog';
import { adminAuditKey } from '../../../lib/query-keys';
import { commonAreasKey } from './get-common-areas';

/** PUT /api/admin/hostels/:id/common-areas/:areaId: name, floor, code, order, retirement. */
export function updateCommonArea(hostelId: string, areaId: string, body: CommonAreaUpdate) {
  return apiFetch(`/api/admin/hostels/${encodeURIComponent(hostelId)}/common-areas/${encodeURIComponent(areaId)}`, {
    method: 'PUT',
    body,
    schema: commonAreaAdminSchema,
  });
}

export function useUpdateCommonArea(hostelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ areaId, body }: { areaId: string; body: CommonAreaUpdate }) => updateCommonArea(hostelId, areaId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commonAreasKey(hostelId) }),
        queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
