import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insightsPreferencesResponseSchema } from '../../../../shared/insights';
import { apiFetch } from '../../../lib/api-client';
import { insightsPreferencesKey } from '../../../lib/query-keys';

/** PUT /api/insights/preferences: turn the insights digest on or off. */
export function useUpdateDigestPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (digest: boolean) =>
      apiFetch('/api/insights/preferences', { method: 'PUT', body: { digest }, schema: insightsPreferencesResponseSchema }),
    onSuccess: (saved) => queryClient.setQueryData(insightsPreferencesKey, saved),
  });
}
