import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommitteeSetupInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { committeeSetupViewSchema } from './answers';
import { committeeSetupKey, seatsKeyPrefix } from './keys';

/** GET /api/admin/grievance-committee: the members, the Ombudsperson and the regulation's checklist. */
export function useCommitteeSetup() {
  return useQuery({
    queryKey: committeeSetupKey,
    queryFn: ({ signal }) => apiFetch('/api/admin/grievance-committee', { schema: committeeSetupViewSchema, signal }),
  });
}

/** PUT /api/admin/grievance-committee: the whole committee and the Ombudsperson at once. */
export function useSaveCommitteeSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommitteeSetupInput) => apiFetch('/api/admin/grievance-committee', { method: 'PUT', body, schema: committeeSetupViewSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(committeeSetupKey, saved);
      // The admin may have named themselves: their menu changes.
      void queryClient.invalidateQueries({ queryKey: seatsKeyPrefix });
    },
  });
}
