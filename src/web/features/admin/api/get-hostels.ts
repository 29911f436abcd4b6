import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { hostelAdminSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminHostelsKey } from '../../../lib/query-keys';

const hostelListSchema = z.object({ items: z.array(hostelAdminSchema) });

/** GET /api/admin/hostels: every hostel, retired ones included. */
export const hostelsQueryOptions = queryOptions({
  queryKey: adminHostelsKey,
  queryFn: ({ signal }) => apiFetch('/api/admin/hostels', { schema: hostelListSchema, signal }),
});

export function useHostels() {
  return useQuery(hostelsQueryOptions);
}
