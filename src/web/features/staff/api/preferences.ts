import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffPreferencesSchema, type StaffPreferences } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { staffKey } from '../../../lib/query-keys';

const preferencesKey = [...staffKey, 'preferences'] as const;

/** GET /api/staff/preferences: how the signed-in worker hears of new work by mail. */
export const preferencesQueryOptions = queryOptions({
  queryKey: preferencesKey,
  queryFn: ({ signal }) => apiFetch('/api/staff/preferences', { schema: staffPreferencesSchema, signal }),
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

/** PUT /api/staff/preferences. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffPreferences) =>
      apiFetch('/api/staff/preferences', { method: 'PUT', body, schema: staffPreferencesSchema }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
