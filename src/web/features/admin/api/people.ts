import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { personSchema } from '../../../../shared/people';
import type { Person, personCreateSchema, personUpdateSchema } from '../../../../shared/people';
import { apiFetch } from '../../../lib/api-client';
import { peopleKey } from '../../../lib/query-keys';

export type PersonUpdate = z.input<typeof personUpdateSchema>;
export type PersonCreate = z.input<typeof personCreateSchema>;
export type { Person };

const peopleListSchema = z.object({ items: z.array(personSchema) });

/** GET /api/admin/users?q=: people whose e-mail, name or registration number contains `q`. */
export const peopleQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...peopleKey, 'list', q] as const,
    queryFn: ({ signal }) => {
      const query = q ? `?q=${encodeURIComponent(q)}` : '';
      return apiFetch(`/api/admin/users${query}`, { schema: peopleListSchema, signal });
    },
  });

export function usePeople(q: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...peopleQueryOptions(q), enabled });
}

export function useUpdatePerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonUpdate) =>
      apiFetch(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: personSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonCreate) => apiFetch('/api/admin/users', { method: 'POST', body, schema: personSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}
