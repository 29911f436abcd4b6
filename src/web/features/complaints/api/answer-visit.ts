import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complaintDetailKey } from '../../../lib/query-keys';

/** POST /api/complaints/:number/visits/:id/answer: the student accepts or declines the team's time (409 once it is no longer open). */
export function answerVisit(number: string, id: string, answer: 'accept' | 'decline'): Promise<void> {
  return apiFetch(`/api/complaints/${encodeURIComponent(number)}/visits/${encodeURIComponent(id)}/answer`, { method: 'POST', body: { answer } });
}

export function useAnswerVisit(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => answerVisit(number, id, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintDetailKey(number) }),
  });
}
