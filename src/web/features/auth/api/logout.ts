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

/** Signs out on the server, forgets everything cached in the browser and returns to '/'. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      setCsrfToken(null);
      clearBrowserStorage();
      await queryClient.cancelQueries();
      queryClient.clear();
      // Known answer: nobody is signed in any more (avoids a flash while /api/me is asked again).
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      await navigate('/', { replace: true });
    },
  });
}
