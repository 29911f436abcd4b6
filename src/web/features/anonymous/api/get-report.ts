import { useQuery } from '@tanstack/react-query';
import { anonymousThreadSchema, type AnonymousThread } from '../../../../shared/anonymous';
import { apiFetch } from '../../../lib/api-client';
import { anonymousReportKey, reportPath } from './keys';

/** GET …/:code: the thread of a report this device opened (401 once its cookie has run out). */
export function getAnonymousReport(code: string, signal?: AbortSignal): Promise<AnonymousThread> {
  return apiFetch(reportPath(code), { schema: anonymousThreadSchema, ...(signal ? { signal } : {}) });
}

/** The opened report, kept fresh while the page is open; never retried (a 401 means: open it again). */
export function useAnonymousReport(code: string | null) {
  return useQuery({
    queryKey: anonymousReportKey(code ?? ''),
    queryFn: ({ signal }) => getAnonymousReport(code ?? '', signal),
    enabled: code !== null,
    retry: false,
    // The committee's answers arrive while the page is open; a refusal (the cookie ran out) stops it.
    refetchInterval: (query) => (query.state.error ? false : 60_000),
  });
}
