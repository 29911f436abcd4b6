import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceAdminSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminServicesKey } from '../../../lib/query-keys';

const serviceListSchema = z.object({ items: z.array(serviceAdminSchema) });

/** GET /api/admin/services: Room Cleaning and Laundry with their routing. */
export const servicesQueryOptions = queryOptions({
  queryKey: adminServicesKey,
  queryFn: ({ signal }) => apiFetch('/api/admin/services', { schema: serviceListSchema, signal }),
});

export function useServices() {
  return useQuery(servicesQueryOptions);
}
