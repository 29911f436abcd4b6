import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarSchema,
  holidayImportResultSchema,
  holidaySchema,
  type HolidayCreate,
  type HolidayImport,
  type HolidayUpdate,
  type WeeklyDaysOffBody,
} from '../../../../shared/calendar';
import { apiFetch } from '../../../lib/api-client';
import { adminAuditKey, adminCalendarKey } from '../../../lib/query-keys';

/** GET /api/admin/calendar?year=: the weekly days off and the year's holidays. */
export function useCalendar(year: number) {
  return useQuery({
    queryKey: [...adminCalendarKey, year],
    queryFn: ({ signal }) => apiFetch(`/api/admin/calendar?year=${year}`, { schema: calendarSchema, signal }),
  });
}

/** Every calendar change: the calendar (every year's) and the audit log read again. */
function useCalendarMutation<In, Out>(mutationFn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminCalendarKey }), queryClient.invalidateQueries({ queryKey: adminAuditKey })]),
  });
}

/** PUT /api/admin/calendar/days-off. */
export const useSetDaysOff = () =>
  useCalendarMutation((body: WeeklyDaysOffBody) => apiFetch('/api/admin/calendar/days-off', { method: 'PUT', body }));

/** POST /api/admin/calendar/holidays. */
export const useAddHoliday = () =>
  useCalendarMutation((body: HolidayCreate) => apiFetch('/api/admin/calendar/holidays', { method: 'POST', body, schema: holidaySchema }));

/** PUT /api/admin/calendar/holidays/:day. */
export const useRenameHoliday = () =>
  useCalendarMutation(({ day, ...body }: HolidayUpdate & { day: string }) =>
    apiFetch(`/api/admin/calendar/holidays/${encodeURIComponent(day)}`, { method: 'PUT', body, schema: holidaySchema }),
  );

/** DELETE /api/admin/calendar/holidays/:day. */
export const useRemoveHoliday = () =>
  useCalendarMutation((day: string) => apiFetch(`/api/admin/calendar/holidays/${encodeURIComponent(day)}`, { method: 'DELETE' }));

/** POST /api/admin/calendar/holidays/import: a preview (nothing stored) or the import itself. */
export const useImportHolidays = () =>
  useCalendarMutation((body: HolidayImport) => apiFetch('/api/admin/calendar/holidays/import', { method: 'POST', body, schema: holidayImportResultSchema }));
