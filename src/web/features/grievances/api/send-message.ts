import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrievanceMessageInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** Who writes in a grievance's thread decides where the message is posted. */
export type ThreadSide = 'student' | 'committee';

const path = (side: ThreadSide, number: string) =>
  side === 'student' ? `/api/grievances/${encodeURIComponent(number)}/messages` : `/api/committee/grievances/${encodeURIComponent(number)}/messages`;

/** POST /api/grievances/:number/messages (the student) or /api/committee/grievances/:number/messages (a member). */
export function useSendGrievanceMessage(side: ThreadSide, number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrievanceMessageInput) => apiFetch(path(side, number), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
