import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, complaintSchema } from '../../../../shared/complaints';
import type { Complaint } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

/** POST /api/complaints/:number/withdraw: only while nobody acknowledged it (409 otherwise, with the reason). */
export function withdrawComplaint(number: string, idempotencyKey: string): Promise<Complaint> {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}/withdraw`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: complaintSchema,
  });
}

export function useWithdrawComplaint(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => withdrawComplaint(number, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
}
