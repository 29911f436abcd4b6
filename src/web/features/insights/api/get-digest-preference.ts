import { queryOptions, useQuery } from '@tanstack/react-query';
import { insightsPreferencesResponseSchema } from '../../../../shared/insights';
import { apiFetch } from '../../../lib/api-client';
import { insightsPreferencesKey } from '../../../lib/query-keys';

/** GET /api/insights/preferences: whether the signed-in warden or admin gets the insights digest. */
export const digestPreferenceQueryOptions = queryOptions({
  queryKey: insightsPreferencesKey,
  queryFn: ({ signal }) => apiFetch('/api/insights/preferences', { schema: insightsPreferencesResponseSchema, signal }),
});

export function useDigestPreference() {
  return useQuery(digestPreferenceQueryOptions);
}
