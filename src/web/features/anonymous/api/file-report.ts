import { useMutation } from '@tanstack/react-query';
import { anonymousFiledSchema, type AnonymousFiled, type AnonymousReportBody } from '../../../../shared/anonymous';
import { IDEMPOTENCY_HEADER } from '../../../../shared/constants';
import { apiFetch } from '../../../lib/api-client';

export interface FileReportInput {
  body: AnonymousReportBody;
  /** The same key for every retry: a lost answer is given again with the same code and secret. */
  idempotencyKey: string;
}

/**
 * POST /api/anonymous/ragging-reports: the report without a name; the answer holds the tracking
 * code and the secret, shown once. Never queued offline: the secret must reach this screen.
 */
export function fileAnonymousReport({ body, idempotencyKey }: FileReportInput): Promise<AnonymousFiled> {
  return apiFetch('/api/anonymous/ragging-reports', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, schema: anonymousFiledSchema });
}

export function useFileAnonymousReport() {
  return useMutation({ mutationFn: fileAnonymousReport });
}
