import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '../../../../shared/admin';
import { apiFetch } from '../../../lib/api-client';
import { adminAuditKey } from '../../../lib/query-keys';

export const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters as they stand in the address bar ('' = not filtered). */
export interface AuditFilters {
  q: string;
  action: string;
  targetType: string;
  actor: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = ['q', 'action', 'targetType', 'actor', 'from', 'to'] as const;

export function auditParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** GET /api/admin/audit: one page of entries, newest first. */
export function getAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  const params = auditParams(filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch(`/api/admin/audit?${params.toString()}`, { schema: auditPageSchema, signal });
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminAuditKey, auditParams(filters).toString()] as const,
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Staff actions on complaints are recorded too, and this console does not invalidate those:
    // opening the page asks again.
    staleTime: 0,
  });

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
