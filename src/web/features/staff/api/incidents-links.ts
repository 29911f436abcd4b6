import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffIncidentDetailSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';
import { incidentsKey } from './incidents-list';

/** GET /api/staff/incidents/:id: one notice with the complaints linked to it, newest first. */
export const incidentDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...incidentsKey, 'detail', id] as const,
    queryFn: ({ signal }) => apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}`, { schema: staffIncidentDetailSchema, signal }),
  });

/** Only asked for when `enabled` (the notice's complaints are open on screen). */
export function useIncidentDetail(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...incidentDetailQueryOptions(id), enabled });
}

/**
 * POST /api/staff/incidents/:id/complaints (link) and DELETE …/complaints/:number (unlink): a
 * complaint is part of the notice, resolved with it, or worked on its own again.
 */
export function useLinkComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, number, linked }: { id: string; number: string; linked: boolean }) =>
      linked
        ? apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}/complaints`, { method: 'POST', body: { number }, schema: staffIncidentDetailSchema })
        : apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}/complaints/${encodeURIComponent(number)}`, { method: 'DELETE', schema: staffIncidentDetailSchema }),
    onSuccess: (detail, { id }) => queryClient.setQueryData(incidentDetailQueryOptions(id).queryKey, detail),
    // The counts on the notices' lists, and the queue's "linked to a notice" badges.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
