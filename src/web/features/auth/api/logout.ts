import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch, setCsrfToken } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me';
import { OUTBOX_STORAGE_KEY, setOutboxOwner } from '../../../lib/offline-queue';

/**
 * Stops this device's pushes while the session still lets us say so: the server keeps a subscription
 * per person, not per session, so the next person signing in on this phone would otherwise get the
 * previous one's notifications. Unsubscribing in the browser holds even if the DELETE does not get
 * through (the push service then answers 410 and the server forgets the device). Never blocks sign-out.
 */
async function forgetThisDevicesPush(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await apiFetch('/api/push/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // A browser without push, or one refusing to unsubscribe: signing out goes on.
  }
}

export async function logout(): Promise<void> {
  await forgetThisDevicesPush();
  await apiFetch('/api/auth/logout', { method: 'POST' });
}

/**
 * Forgets what the browser kept, except the outbox: what waits there is someone's complaint or reply
 * not yet sent, tagged with its owner, and goes out only when that person signs in again.
 */
function clearBrowserStorage(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      const outbox = storage === window.localStorage ? storage.getItem(OUTBOX_STORAGE_KEY) : null;
      storage.clear();
      if (outbox !== null) storage.setItem(OUTBOX_STORAGE_KEY, outbox);
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
      setOutboxOwner(null);
      clearBrowserStorage();
      await queryClient.cancelQueries();
      queryClient.clear();
      // Still nobody (avoids a flash while /api/me is asked again).
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      await navigate('/', { replace: true });
    },
  });
}
