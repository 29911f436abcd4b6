import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '../../../../shared/auth';
import type { PublicConfig } from '../../../../shared/auth';
import { apiFetch } from '../../../lib/api-client';

export const publicConfigQueryKey = ['config'] as const;

/** Used until /api/config answers (and if it never does). */
export const DEFAULT_SHORT_NAME = 'vitbhopal';

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiFetch('/api/config', { schema: publicConfigSchema, signal });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: publicConfigQueryKey,
  queryFn: ({ signal }) => getPublicConfig(signal),
  // Configuration only changes with a server restart.
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
