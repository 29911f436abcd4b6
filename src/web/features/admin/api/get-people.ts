import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { personSchema, type Person } from '../../../../shared/people';
import { apiFetch } from '../../../lib/api-client';
import { peopleKey } from '../../../lib/query-keys';

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
