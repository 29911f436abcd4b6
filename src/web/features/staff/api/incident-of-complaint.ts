import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffIncidentSchema } from '../../../../shared/incidents';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

/** Only what the complaint page's one line says of the notice (the answer also lists its complaints). */
const noticeLineSchema = staffIncidentSchema.pick({ id: true, title: true, status: true, endsAtText: true });

/** GET /api/staff/incidents/:id, for the notice a complaint is part of (404 outside the worker's scope). */
const incidentOfComplaintOptions = (id: string) =>
  queryOptions({
    // Under the notices' key, so a change to a notice refreshes this line too.
    queryKey: [...staffKey, 'incidents', 'one', id] as const,
    queryFn: ({ signal }) => apiFetch(`/api/staff/incidents/${encodeURIComponent(id)}`, { schema: noticeLineSchema, signal }),
    staleTime: 60_000,
    retry: false,
  });

export function useIncidentOfComplaint(id: string) {
  return useQuery(incidentOfComplaintOptions(id));
}
