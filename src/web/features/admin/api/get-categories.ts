import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categoryAdminSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminCategoriesKey } from '../../../lib/query-keys';

const categoryListSchema = z.object({ items: z.array(categoryAdminSchema) });

/** GET /api/admin/categories: every category with its routing, retired ones included. */
export const categoriesQueryOptions = queryOptions({
  queryKey: adminCategoriesKey,
  queryFn: ({ signal }) => apiFetch('/api/admin/categories', { schema: categoryListSchema, signal }),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
