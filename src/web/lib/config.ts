import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/auth';
import { apiFetch, guardSchema } from './api-client';

export const publicConfigQueryKey = ['config'] as const;

/** Used until /api/config answers (and if it never does). */
export const DEFAULT_SHORT_NAME = 'vitbhopal';

/**
 * Start-up settings of the server (development sign-in, the short name in the sign-in refusal).
 * What the pages show about the university (name, About Us text, credits, logo) comes from the
 * catalogue instead (lib/catalog.ts), which an administrator can change without a restart.
 */
export type WebConfig = PublicConfig;

/** Shape check only (the server validates against the shared schema); missing credits become none. */
const webConfigSchema = guardSchema((data: unknown): data is WebConfig => {
  const config = data as Partial<WebConfig> | null;
  if (typeof config?.university?.shortName !== 'string' || typeof config.university.name !== 'string') return false;
  if (!Array.isArray(config.about?.credits)) (config as WebConfig).about = { credits: [] };
  return true;
});

export function getPublicConfig(signal?: AbortSignal): Promise<WebConfig> {
  return apiFetch('/api/config', { schema: webConfigSchema, signal });
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
