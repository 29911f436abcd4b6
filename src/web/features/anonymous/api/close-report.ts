import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { anonymousReportKey, reportPath } from './keys';

/** DELETE …/:code/session: the report is closed on this device (its cookie goes). */
export function closeAnonymousReport(code: string): Promise<void> {
  return apiFetch(`${reportPath(code)}/session`, { method: 'DELETE' });
}

export function useCloseAnonymousReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAnonymousReport,
    onSettled: (_result, _error, code) => queryClient.removeQueries({ queryKey: anonymousReportKey(code) }),
  });
}
