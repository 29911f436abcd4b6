import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarQuerySchema,
  calendarSchema,
  holidayCreateSchema,
  holidayDayParams,
  holidayImportResultSchema,
  holidayImportSchema,
  holidaySchema,
  holidayUpdateSchema,
  weeklyDaysOffSchema,
} from '../../../shared/calendar.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { requireUser } from '../../lib/require-user.js';
import { addHoliday, exportHolidays, importHolidays, readCalendar, removeHoliday, renameHoliday, setWeeklyDaysOff } from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The admin console's working calendar (issue 44): weekly days off, a year's holidays, their CSV. */
export default async function calendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requirePermission('admin.console')];
  const writes = { rateLimit: app.rateLimitPolicies.writes };
  // This instance counts the next deadline on the change at once (others within a second: CatalogStore).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET') app.catalog.invalidate();
  });

  r.get(
    '/api/admin/calendar',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], summary: "The weekly days off and a year's holidays", querystring: calendarQuerySchema, response: { 200: calendarSchema, ...errors } },
    },
    async (request) => readCalendar(app.db, request.query.year),
  );

  r.put(
    '/api/admin/calendar/days-off',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: 'Set the weekly days off (400 when no working day would be left)',
        body: weeklyDaysOffSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await setWeeklyDaysOff(app.db, requireUser(request).id, request.body.weeklyDaysOff);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/admin/calendar/holidays',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['admin'], summary: 'Add a holiday (409 when the day is one already)', body: holidayCreateSchema, response: { 201: holidaySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await addHoliday(app.db, requireUser(request).id, request.body)),
  );

  r.put(
    '/api/admin/calendar/holidays/:day',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['admin'], summary: 'Rename a holiday', params: holidayDayParams, body: holidayUpdateSchema, response: { 200: holidaySchema, ...errors } },
    },
    async (request) => renameHoliday(app.db, requireUser(request).id, request.params.day, request.body),
  );

  r.delete(
    '/api/admin/calendar/holidays/:day',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['admin'], summary: 'Remove a holiday', params: holidayDayParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeHoliday(app.db, requireUser(request).id, request.params.day);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/admin/calendar/holidays/import',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary:
          "Import a year's holidays from CSV (date,name[,name_hi] with a header line): merge adds and renames, replace also removes the year's days the file leaves out; preview stores nothing; any bad line: 400 naming every bad line, nothing stored",
        body: holidayImportSchema,
        response: { 200: holidayImportResultSchema, ...errors },
      },
    },
    async (request) => importHolidays(app.db, requireUser(request).id, request.body),
  );

  r.get(
    '/api/admin/calendar/holidays.csv',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], summary: "A year's holidays as CSV (what the import reads)", querystring: calendarQuerySchema, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="holidays-${request.query.year}.csv"`)
        .send(await exportHolidays(app.db, request.query.year)),
  );
}
