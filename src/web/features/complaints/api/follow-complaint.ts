import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followResultSchema, type FollowResult } from '../../../../shared/complaints';
import { apiFetch } from '../../../lib/api-client';
import { complaintDetailKey } from '../../../lib/query-keys';
import { followingKey } from './get-following';
import { nearbyKey } from './get-nearby';

const path = (number: string) => `/api/complaints/${encodeURIComponent(number)}/follow`;

/** POST …/follow ("Me too") or DELETE …/follow (leave); both answer how many it affects now. */
export function setFollowing(number: string, following: boolean): Promise<FollowResult> {
  return apiFetch(path(number), { method: following ? 'POST' : 'DELETE', schema: followResultSchema });
}

/**
 * Me too and Leave (and their Undo). The form's suggestions are refreshed; the Following list and
 * the complaint's page only when following: a student who just left one keeps its row or page, with
 * Undo in place, rather than seeing it vanish (or meeting "not found").
 */
export function useSetFollowing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, following }: { number: string; following: boolean }) => setFollowing(number, following),
    onSettled: async (_result, _error, { number, following }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: nearbyKey }),
        ...(following
          ? [queryClient.invalidateQueries({ queryKey: followingKey }), queryClient.invalidateQueries({ queryKey: complaintDetailKey(number) })]
          : []),
      ]);
    },
  });
}
