import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, complaintSchema } from '../../../../shared/complaints';
import type { Complaint, CreateLaundryRequest } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

export interface CreateLaundryRequestInput {
  data: CreateLaundryRequest;
  /** The same key for every retry of one submission. */
  idempotencyKey: string;
}

/** POST /api/laundry-requests: 201 (200 on a replay of the same key) with the stored request. */
export function createLaundryRequest({ data, idempotencyKey }: CreateLaundryRequestInput): Promise<Complaint> {
  return apiFetch('/api/laundry-requests', {
    method: 'POST',
    body: data,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: complaintSchema,
  });
}

export function useCreateLaundryRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLaundryRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
}
