import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxMessageSchema } from '../../../../shared/mail';
import { apiFetch } from '../../../lib/api-client';
import { adminOutboxKey } from '../../../lib/query-keys';

/** GET /api/admin/outbox/:id: one message with its headers and both parts. */
export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminOutboxKey, 'message', id] as const,
    queryFn: ({ signal }) => apiFetch(`/api/admin/outbox/${encodeURIComponent(id)}`, { schema: outboxMessageSchema, signal }),
    // The sender changes its status and attempts in the background: opening it asks again.
    staleTime: 0,
  });

export function useOutboxMessage(id: string) {
  return useQuery(outboxMessageQueryOptions(id));
}
