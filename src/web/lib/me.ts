import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, User } from '../../shared/auth';
import { ApiError, apiFetch, guardSchema, setCsrfToken } from './api-client';
import { setOutboxOwner } from './outbox-owner';

/** The server validates this response against the shared schema; the browser checks its shape. */
const meResponse = guardSchema((data: unknown): data is MeResponse => {
  const me = data as Partial<MeResponse> | null;
  return (
    typeof me?.csrfToken === 'string' &&
    typeof me.user?.id === 'string' &&
    typeof me.user.email === 'string' &&
    typeof me.user.fname === 'string' &&
    typeof me.user.regId === 'string' &&
    typeof me.user.name === 'string'
  );
});

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or `null` when signed out (401 is an answer, not an error). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const me = await apiFetch('/api/me', { schema: meResponse, signal });
    setCsrfToken(me.csrfToken);
    setOutboxOwner(me.user.id);
    return me.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      setOutboxOwner(null);
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
