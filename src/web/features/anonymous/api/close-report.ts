import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { anonymousReportKey, reportPath } from './keys';

/** DELETE …/:code/session: the report is closed on this device (its cookie goes). */
export function closeAnonymousReport(code: string): Promise<void> {
  return apiFetch(`${reportPath(code)}/session`, { method: 'DELETE' });
}

/**
 * Closing forgets the thread only once the page has let go of it (`forget`, called after the page
 * stopped asking for it): removed while the page still watched it, the query would be fetched
 * again at once — without the cookie, a 401.
 */
export function useCloseAnonymousReport() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: closeAnonymousReport });
  const forget = (code: string) => queryClient.removeQueries({ queryKey: anonymousReportKey(code) });
  return { mutation, forget };
}
