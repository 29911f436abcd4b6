import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch, setCsrfToken } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me';

export function logout(): Promise<void> {
  return apiFetch('/api/auth/logout', { method: 'POST' });
}

function clearBrowserStorage(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      storage.clear();
    } catch {
      // Storage can be unavailable (privacy modes); there is nothing to clear then.
    }
  }
}

/**
 * Signs out on the server, forgets everything cached in the browser and returns to '/'. Before the
 * session ends, requests in flight are dropped and the page already counts as signed out, so no
 * query (the bell's, say) reaches the server after its session is gone and comes back 401.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: logout,
    onMutate: async () => {
      await queryClient.cancelQueries();
      // Known answer from now on: nobody is signed in (queries that need a session stop asking).
      queryClient.setQueryData(meQueryOptions.queryKey, null);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
    onSuccess: async () => {
      setCsrfToken(null);
      clearBrowserStorage();
      await queryClient.cancelQueries();
      queryClient.clear();
      // Still nobody (avoids a flash while /api/me is asked again).
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      await navigate('/', { replace: true });
    },
  });
}
