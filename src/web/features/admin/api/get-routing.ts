import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { routingKeyUseSchema, routingRuleSchema } from '../../../../shared/routing';
import { apiFetch } from '../../../lib/api-client';
import { adminKey } from '../../../lib/query-keys';

export const adminRoutingKey = [...adminKey, 'routing'] as const;

const routingListSchema = z.object({ items: z.array(routingRuleSchema), keys: z.array(routingKeyUseSchema) });
export type RoutingList = z.infer<typeof routingListSchema>;

/** GET /api/admin/routing: every rule, and every key with the categories, sub-categories and services it routes. */
export const routingQueryOptions = queryOptions({
  queryKey: adminRoutingKey,
  queryFn: ({ signal }) => apiFetch('/api/admin/routing', { schema: routingListSchema, signal }),
});

export function useRouting() {
  return useQuery(routingQueryOptions);
}
