import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, complaintSchema } from '../../../../shared/complaints';
import type { Complaint, CreateComplaint } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/offline-queue';
import { complaintsKey } from '../../../lib/query-keys';
import { i18n } from '../../../lib/i18n';

export interface CreateComplaintInput {
  data: CreateComplaint;
  /** The same key for every retry of one submission. */
  idempotencyKey: string;
  /** Photos picked offline and not uploaded: the complaint waits in the outbox with them. */
  waitingPhotos?: readonly Blob[];
}

/**
 * POST /api/complaints: 201 (200 on a replay of the same key) with the stored complaint. Offline it
 * waits in the device's outbox instead (throws WaitingToSend).
 */
export function createComplaint({ data, idempotencyKey, waitingPhotos = [] }: CreateComplaintInput): Promise<Complaint> {
  const send = () =>
    apiFetch('/api/complaints', {
      method: 'POST',
      body: data,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      schema: complaintSchema,
    });
  return sendOrQueue(
    send,
    { key: idempotencyKey, kind: 'complaint', path: '/api/complaints', body: data, label: i18n._('{category} complaint', { category: data.category }) },
    waitingPhotos,
  );
}

export function useCreateComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComplaint,
    // Offline the request must still run, so that it lands in the outbox rather than pausing in memory.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintsKey }),
  });
}
