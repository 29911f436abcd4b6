import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WORKER_ROLES, isWorkerRole } from '../../../../shared/constants';
import { personSchema } from '../../../../shared/people';
import { apiFetch } from '../../../lib/api-client';
import { peopleKey } from '../../../lib/query-keys';

const peopleListSchema = z.object({ items: z.array(personSchema) });

/**
 * The people a complaint can be given to: active staff, wardens and admins. Only administrators
 * may list people (GET /api/admin/users), so only they get this list.
 */
const colleaguesQueryOptions = queryOptions({
  queryKey: [...peopleKey, 'colleagues'] as const,
  queryFn: async ({ signal }) => {
    const { items } = await apiFetch(`/api/admin/users?role=${WORKER_ROLES.join(',')}&limit=200`, { schema: peopleListSchema, signal });
    return items.filter((person) => isWorkerRole(person.role) && !person.disabled);
  },
  staleTime: 5 * 60_000,
});

export function useColleagues({ enabled }: { enabled: boolean }) {
  return useQuery({ ...colleaguesQueryOptions, enabled });
}
