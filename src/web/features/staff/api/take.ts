import { staffComplaintSchema } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { useStaffMutation } from './actions';

/**
 * POST /api/staff/complaints/:number/take: the worker takes it (a submitted one is acknowledged
 * too). `from` is who had it as the page showed; the server refuses (409) when that changed.
 */
export function useTake(number: string) {
  return useStaffMutation((body: { from: string | null }) =>
    apiFetch(`/api/staff/complaints/${encodeURIComponent(number)}/take`, { method: 'POST', body, schema: staffComplaintSchema }),
  );
}
