import { queryOptions, useQuery } from '@tanstack/react-query';
import { colleaguesSchema } from '../../../../shared/staff';
import { apiFetch } from '../../../lib/api-client';
import { peopleKey } from '../../../lib/query-keys';
import { can } from '../../../../shared/permissions';
import type { Role } from '../../../../shared/constants';

/**
 * The people a complaint can be given to: every active staff member, warden and admin, with their
 * scopes (GET /api/staff/colleagues, open to everyone who works complaints).
 */
const colleaguesQueryOptions = queryOptions({
  queryKey: [...peopleKey, 'colleagues'] as const,
  queryFn: async ({ signal }) => (await apiFetch('/api/staff/colleagues', { schema: colleaguesSchema, signal })).items,
  staleTime: 5 * 60_000,
});

export function useColleagues({ enabled }: { enabled: boolean }) {
  return useQuery({ ...colleaguesQueryOptions, enabled });
}

/** Whether `person` may be given every one of `complaints`: an admin always, else a scope covering each. */
export function coversAll(
  person: { role: Role; scopes: ReadonlyArray<{ category: string; hostel: string }> },
  complaints: ReadonlyArray<{ category: string; hostel: string }>,
): boolean {
  if (can(person.role, 'scope.everything')) return true;
  return complaints.every((c) =>
    person.scopes.some((s) => (s.category === '' || s.category === c.category) && (s.hostel === '' || s.hostel === c.hostel)),
  );
}
