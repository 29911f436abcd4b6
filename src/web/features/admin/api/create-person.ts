import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { personSchema, type personCreateSchema } from '../../../../shared/people';
import { apiFetch } from '../../../lib/api-client';
import { adminAuditKey, peopleKey } from '../../../lib/query-keys';

export type PersonCreate = z.input<typeof personCreateSchema>;

/** POST /api/admin/users: staff, wardens and admins added by e-mail before they first sign in. */
export function createPerson(body: PersonCreate) {
  return apiFetch('/api/admin/users', { method: 'POST', body, schema: personSchema });
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
