import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, complaintSchema } from '../../../../shared/complaints';
import type { Complaint, CreateComplaint } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintsKey } from '../../../lib/query-keys';

export interface CreateComplaintInput {
  data: CreateComplaint;
  /** The same key for every retry of one submission. */
  idempotencyKey: string;
}

/** POST /api/complaints: 201 (200 on a replay of the same key) with the stored complaint. */
export function createComplaint({ data, idempotencyKey }: CreateComplaintInput): Promise<Complaint> {
  return apiFetch('/api/complaints', {
    method: 'POST',
    body: data,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: complaintSchema,
  });
}

export function useCreateComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComplaint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
}
