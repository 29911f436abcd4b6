import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPEN_STATUSES } from '../../../../shared/constants';
import { queueResponseSchema, staffComplaintSchema, type MergeBody } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';
import { useStaffMutation } from './actions';

const path = (number: string, action: 'merge' | 'unmerge') => `/api/staff/complaints/${encodeURIComponent(number)}/${action}`;

/** POST …/merge: this duplicate goes into the complaint about the same problem (undoable for MERGE_UNDO_MINUTES). */
export function useMerge(number: string) {
  return useStaffMutation((body: MergeBody) => apiFetch(path(number, 'merge'), { method: 'POST', body, schema: staffComplaintSchema }));
}

/** POST …/unmerge: the merge is undone while its window lasts (409 after). */
export function useUnmerge() {
  return useStaffMutation((number: string) => apiFetch(path(number, 'unmerge'), { method: 'POST', schema: staffComplaintSchema }));
}

/**
 * The complaints a duplicate is most likely to repeat: the open ones of its hostel and category in
 * the worker's queue, newest first (GET /api/staff/complaints). Read when the worker opens the choice.
 */
export const mergeCandidatesQueryOptions = (where: { hostel: string; category: string }) => {
  const params = new URLSearchParams({ hostel: where.hostel, category: where.category, status: OPEN_STATUSES.join(','), limit: '6' });
  return queryOptions({
    queryKey: [...staffKey, 'merge-candidates', params.toString()] as const,
    queryFn: ({ signal }) => apiFetch(`/api/staff/complaints?${params.toString()}`, { schema: queueResponseSchema, signal }),
  });
};

export function useMergeCandidates(where: { hostel: string; category: string }, { enabled }: { enabled: boolean }) {
  return useQuery({ ...mergeCandidatesQueryOptions(where), enabled });
}
