import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionInput } from '../../../../shared/grievances';
import { apiFetch } from '../../../lib/api-client';
import { grievancesKey } from './keys';

/** POST /api/ombudsperson/appeals/:number/questions: a question to the student or to the committee, who are told. */
export function useAskQuestion(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuestionInput) => apiFetch(`/api/ombudsperson/appeals/${encodeURIComponent(number)}/questions`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: grievancesKey }),
  });
}
