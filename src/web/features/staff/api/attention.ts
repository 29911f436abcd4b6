import { queryOptions, useQuery } from '@tanstack/react-query';
import { attentionSchema } from '../../../../shared/queue';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

/** GET /api/staff/attention: what needs someone in the user's scope, counted (the first screen's figures). */
export const attentionQueryOptions = queryOptions({
  queryKey: [...staffKey, 'attention'] as const,
  queryFn: ({ signal }) => apiFetch('/api/staff/attention', { schema: attentionSchema, signal }),
});

export function useAttention({ enabled }: { enabled: boolean }) {
  return useQuery({ ...attentionQueryOptions, enabled });
}
