import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GrievanceSeats } from '../../../../shared/grievances';
import { apiFetch, guardSchema } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';
import { seatsKeyPrefix } from './keys';

/** The signed-in person's seats on the grievance ladder (the menus show the consoles they sit on). */
export type { GrievanceSeats };

// The menu reads this, and the menu is part of the app's frame: a type guard, not zod.
const seatsSchema = guardSchema((data: unknown): data is GrievanceSeats => {
  const seats = data as Partial<GrievanceSeats> | null;
  return typeof seats?.ombudsperson === 'boolean' && typeof seats.head === 'boolean' && (seats.committee === null || typeof seats.committee === 'string');
});

export const seatsKey = seatsKeyPrefix;

/** GET /api/grievance-seats: whether the signed-in person sits on the committee or is the Ombudsperson. */
export const seatsQueryOptions = queryOptions({
  queryKey: seatsKey,
  queryFn: ({ signal }) => apiFetch('/api/grievance-seats', { schema: seatsSchema, signal }),
  staleTime: 5 * 60_000,
});

/** The seats of whoever is signed in; nothing is asked while nobody is. */
export function useGrievanceSeats() {
  const me = useMe();
  return useQuery({ ...seatsQueryOptions, enabled: Boolean(me.data) });
}
