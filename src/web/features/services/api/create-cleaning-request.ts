import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, complaintSchema } from '../../../../shared/complaints';
import type { Complaint, CreateCleaningRequest } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

export interface CreateCleaningRequestInput {
  data: CreateCleaningRequest;
  /** The same key for every retry of one submission. */
  idempotencyKey: string;
}

/** POST /api/cleaning-requests: 201 with the stored request (a complaint headed 'Room Cleaning'). */
export function createCleaningRequest({ data, idempotencyKey }: CreateCleaningRequestInput): Promise<Complaint> {
  return apiFetch('/api/cleaning-requests', {
    method: 'POST',
    body: data,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: complaintSchema,
  });
}

export function useCreateCleaningRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCleaningRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
}
