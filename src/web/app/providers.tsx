import { QueryClientProvider } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { activateLocale, includeWorkMessages, rememberLocale, useMessagesKey } from '../lib/i18n';
import { useMe } from '../lib/me';
import { createQueryClient } from '../lib/query-client';
import { isWorkerRole } from '../../shared/permissions';

/**
 * Renders the app anew in each language (decision 52): every text is read at render time, so a
 * change of language remounts the pages under the cached server state, which stays.
 */
function LocaleBoundary({ children }: { children: ReactNode }) {
  const key = useMessagesKey();
  const me = useMe().data;
  // A signed-in person's language is theirs on every device: the server's copy wins once it arrives.
  const chosen = me?.locale ?? null;
  useEffect(() => {
    if (chosen === null) return;
    rememberLocale(chosen);
    void activateLocale(chosen);
  }, [chosen]);
  // Whoever works complaints reads the consoles too; a student's phone never loads their messages.
  const works = me !== undefined && me !== null && isWorkerRole(me.role);
  useEffect(() => {
    if (works) includeWorkMessages();
  }, [works]);
  return <Fragment key={key}>{children}</Fragment>;
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
