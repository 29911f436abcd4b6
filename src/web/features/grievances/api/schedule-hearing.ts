import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HearingInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** POST /api/committee/grievances/:number/hearings: when (with the university's offset) and where, or its link; the student is told. */
export function useScheduleHearing(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HearingInput) => apiFetch(`/api/committee/grievances/${encodeURIComponent(number)}/hearings`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
