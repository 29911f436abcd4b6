import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anonymousThreadSchema, type AnonymousThread } from '../../../../shared/anonymous';
import { apiFetch } from '../../../lib/api-client';
import { anonymousReportKey, reportPath } from './keys';

/** POST …/:code/session { secret }: opens the report on this device (a short-lived cookie) and answers its thread. */
export function openAnonymousReport({ code, secret }: { code: string; secret: string }): Promise<AnonymousThread> {
  return apiFetch(`${reportPath(code)}/session`, { method: 'POST', body: { secret }, schema: anonymousThreadSchema });
}

export function useOpenAnonymousReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openAnonymousReport,
    onSuccess: (thread) => queryClient.setQueryData(anonymousReportKey(thread.trackingCode), thread),
  });
}
