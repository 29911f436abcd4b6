import { QueryClientProvider } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { activateLocale, rememberLocale, useLocale } from '../lib/i18n';
import { useMe } from '../lib/me';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders the app anew in each language (decision 52): every text is read at render time, so a
 * change of language remounts the pages under the cached server state, which stays.
 */
function LocaleBoundary({ children }: { children: ReactNode }) {
  const locale = useLocale();
  // A signed-in person's language is theirs on every device: the server's copy wins once it arrives.
  const chosen = useMe().data?.locale ?? null;
  useEffect(() => {
    if (chosen === null) return;
    rememberLocale(chosen);
    void activateLocale(chosen);
  }, [chosen]);
  return <Fragment key={locale}>{children}</Fragment>;
}

/** App-wide context providers (server state cache, language). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleBoundary>{children}</LocaleBoundary>
    </QueryClientProvider>
  );
}
