import { useQuery } from '@tanstack/react-query';
import { cleaningDaySchema } from '../../../../shared/cleaning-schedule';
import { apiFetch } from '../../../lib/api-client';
import { cleaningDayKey } from './keys';

/** GET /api/staff/cleaning?date=: the day's weekly cleaning list (today on the university's clock without a date). */
export function getDay(date: string, signal?: AbortSignal) {
  return apiFetch(`/api/staff/cleaning${date ? `?date=${encodeURIComponent(date)}` : ''}`, { schema: cleaningDaySchema, signal });
}

export function useDay(date: string) {
  return useQuery({ queryKey: cleaningDayKey(date), queryFn: ({ signal }) => getDay(date, signal) });
}
