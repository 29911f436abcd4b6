import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LocaleBody, User } from '../../../../shared/auth';
import type { Locale } from '../../../../shared/constants';
import { apiFetch } from '../../../lib/api-client';
import { activateLocale, rememberLocale } from '../../../lib/i18n';
import { meQueryKey } from '../../../lib/me';

/** PUT /api/me/locale: the language mail, push and the bell use for this person from now on. */
export function saveLocale(body: LocaleBody): Promise<void> {
  return apiFetch('/api/me/locale', { method: 'PUT', body });
}

/**
 * Switches the page to the language at once (this device remembers it) and, for a signed-in person,
 * keeps it on the server. The server's copy is what mail and push follow; if saving fails the page
 * stays switched and the account page shows the language the server still has.
 */
export async function chooseLocale(queryClient: QueryClient, locale: Locale): Promise<void> {
  rememberLocale(locale);
  const activated = activateLocale(locale);
  const user = queryClient.getQueryData<User | null>(meQueryKey);
  if (user) {
    queryClient.setQueryData<User>(meQueryKey, { ...user, locale });
    await saveLocale({ locale }).catch(() => queryClient.invalidateQueries({ queryKey: meQueryKey }));
  }
  await activated;
}

export function useChooseLocale(): (locale: Locale) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((locale: Locale) => chooseLocale(queryClient, locale), [queryClient]);
}
