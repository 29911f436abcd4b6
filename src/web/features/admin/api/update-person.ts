import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { personSchema, type personUpdateSchema } from '../../../../shared/people';
import { apiFetch } from '../../../lib/api-client';
import { adminAuditKey, peopleKey } from '../../../lib/query-keys';

export type PersonUpdate = z.input<typeof personUpdateSchema>;

/**
 * PUT /api/admin/users/:id. The body replaces role, duty and scopes (left-out scopes become none),
 * so even a bare "disable" sends them as they are; `disabled` left out stays as it is.
 */
export function updatePerson(id: string, body: PersonUpdate) {
  return apiFetch(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: personSchema });
}

export function useUpdatePerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonUpdate) => updatePerson(id, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditKey }),
      ]),
  });
}
