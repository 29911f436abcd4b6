import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../shared/complaints';
import type { VisitProposalBody } from '../../../../shared/visits';
import { apiFetch } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/uuid';
import { complaintDetailKey } from '../../../lib/query-keys';

/**
 * POST /api/complaints/:number/visits: the student proposes a visit time (204). It names the open
 * proposal it replaces, so a time the team changed meanwhile is answered 409, not overruled.
 */
export function proposeVisit(number: string, body: VisitProposalBody): Promise<void> {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}/visits`, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: randomUuid() } });
}

export function useProposeVisit(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitProposalBody) => proposeVisit(number, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintDetailKey(number) }),
  });
}
