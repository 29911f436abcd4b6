import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema } from '../../../../shared/auth';
import type { User } from '../../../../shared/auth';
import { ApiError, apiFetch, setCsrfToken } from '../../../lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or `null` when signed out (401 is an answer, not an error). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const me = await apiFetch('/api/me', { schema: meResponseSchema, signal });
    setCsrfToken(me.csrfToken);
    return me.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
