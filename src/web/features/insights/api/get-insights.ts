import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { insightsSchema } from '../../../../shared/insights';
import { apiFetch } from '../../../lib/api-client';
import { insightsKey } from '../../../lib/query-keys';
import { filtersToParams, type InsightsFilters } from '../lib/filters';

/** GET /api/insights: the dashboard's figures for the reader's scope and the filters. */
export const insightsQueryOptions = (filters: InsightsFilters) =>
  queryOptions({
    queryKey: [...insightsKey, 'figures', filtersToParams(filters).toString()] as const,
    queryFn: ({ signal }) => apiFetch(`/api/insights?${filtersToParams(filters).toString()}`, { schema: insightsSchema, signal }),
  });

/** Keeps the last figures on screen while a new filter loads (the page says it is updating). */
export function useInsights(filters: InsightsFilters) {
  return useQuery({ ...insightsQueryOptions(filters), placeholderData: keepPreviousData });
}
