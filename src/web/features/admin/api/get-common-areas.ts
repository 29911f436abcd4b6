import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { commonAreaAdminSchema } from '../../../../shared/places';
import { apiFetch } from '../../../lib/api-client';
import { adminHostelsKey } from '../../../lib/query-keys';

const areaListSchema = z.object({ items: z.array(commonAreaAdminSchema) });

/** Under the hostels: a hostel's change refreshes its areas (their addresses carry its code). */
export const commonAreasKey = (hostelId: string) => [...adminHostelsKey, hostelId, 'common-areas'] as const;

/** GET /api/admin/hostels/:id/common-areas: the hostel's common areas, retired ones included. */
export const commonAreasQueryOptions = (hostelId: string) =>
  queryOptions({
    queryKey: commonAreasKey(hostelId),
    queryFn: ({ signal }) => apiFetch(`/api/admin/hostels/${encodeURIComponent(hostelId)}/common-areas`, { schema: areaListSchema, signal }),
  });

export function useCommonAreas(hostelId: string, enabled: boolean) {
  return useQuery({ ...commonAreasQueryOptions(hostelId), enabled });
}
