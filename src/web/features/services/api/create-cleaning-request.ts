import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, complaintSchema } from '../../../../shared/complaints';
import type { Complaint, CreateCleaningRequest } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { sendOrQueue } from '../../../lib/offline-queue';
import { complaintsKey } from '../../../lib/query-keys';

export interface CreateCleaningRequestInput {
  data: CreateCleaningRequest;
  /** The same key for every retry of one submission. */
  idempotencyKey: string;
}

/**
 * POST /api/cleaning-requests: 201 with the stored request (a complaint headed 'Room Cleaning');
 * offline it waits in the device's outbox.
 */
export function createCleaningRequest({ data, idempotencyKey }: CreateCleaningRequestInput): Promise<Complaint> {
  const send = () =>
    apiFetch('/api/cleaning-requests', {
      method: 'POST',
      body: data,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      schema: complaintSchema,
    });
  const label = i18n._('Room cleaning at {roomNo}', { roomNo: data.roomNo });
  return sendOrQueue(send, { key: idempotencyKey, kind: 'cleaning', path: '/api/cleaning-requests', body: data, label });
}

export function useCreateCleaningRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCleaningRequest,
    // Offline the request must still run, so that it lands in the outbox rather than pausing in memory.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
}
