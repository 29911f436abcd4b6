import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch, setCsrfToken } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/me';
import { OUTBOX_STORAGE_KEY, setOutboxOwner } from '../../../lib/outbox-owner';
import { LOCALE_STORAGE_KEY } from '../../../lib/i18n';

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
 * What the browser keeps through a sign-out: the outbox (someone's complaint or reply not yet sent,
 * tagged with its owner, which goes out only when that person signs in again) and the device's
 * language.
 */
const KEPT_THROUGH_SIGN_OUT = [OUTBOX_STORAGE_KEY, LOCALE_STORAGE_KEY];

/** Forgets what the browser kept, except {@link KEPT_THROUGH_SIGN_OUT}. */
function clearBrowserStorage(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      const kept = storage === window.localStorage ? KEPT_THROUGH_SIGN_OUT.map((key) => [key, storage.getItem(key)] as const) : [];
      storage.clear();
      for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
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
