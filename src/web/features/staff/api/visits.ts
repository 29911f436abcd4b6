import type { VisitProposalBody } from '../../../../shared/visits';
import { apiFetch } from '../../../lib/api-client';
import { randomUuid } from '../../../lib/uuid';
import { useStaffMutation } from './actions';

const path = (number: string, rest: string) => `/api/staff/complaints/${encodeURIComponent(number)}/visits${rest}`;

/** POST /api/staff/complaints/:number/visits: propose a visit time (the student is told); 409 when the open proposal changed. */
export function useProposeVisit(number: string) {
  return useStaffMutation((body: VisitProposalBody) =>
    apiFetch(path(number, ''), { method: 'POST', body, headers: { 'Idempotency-Key': randomUuid() } }),
  );
}

/** POST /api/staff/complaints/:number/visits/:id/answer: accept or decline the student's proposed time. */
export function useAnswerVisit(number: string) {
  return useStaffMutation(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    apiFetch(path(number, `/${encodeURIComponent(id)}/answer`), { method: 'POST', body: { answer } }),
  );
}
