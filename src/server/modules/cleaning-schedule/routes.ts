import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cleaningBookingCreateSchema,
  cleaningBookingListSchema,
  cleaningBookingParams,
  cleaningBookingSchema,
  cleaningDayQuerySchema,
  cleaningDaySchema,
  cleaningMarkSchema,
  cleaningMarkedSchema,
  cleaningSkipParams,
  cleaningSkipSchema,
  cleaningSlotAdminListSchema,
  cleaningSlotAdminSchema,
  cleaningSlotCreateSchema,
  cleaningSlotOfferListSchema,
  cleaningSlotsQuerySchema,
} from '../../../shared/cleaning-schedule.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import { requireUser } from '../../lib/require-user.js';
import {
  book,
  cancelBooking,
  createSlot,
  dayList,
  listBookings,
  listSlotsForAdmin,
  markVisit,
  restoreBooking,
  setSkip,
  setSlotRetired,
  slotOffers,
  type Clock,
} from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const slotParams = z.object({ id: z.uuid() });

/** Cleaning on a schedule: admins offer weekly slots, students book one for their room, cleaning staff work the day's list. */
export default async function cleaningScheduleRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requirePermission('admin.console')];
  const students = [app.requireUser, app.requirePermission('cleaning.book')];
  const workers = [app.requireUser, app.requirePermission('cleaning.list')];
  const writes = { rateLimit: app.rateLimitPolicies.writes };
  const clock = async (): Promise<Clock> => ({ now: app.clock.now(), timeZone: (await app.catalog.get()).timeZone });
  const catalog = async () => (await app.catalog.get()).catalog;

  r.get(
    '/api/admin/cleaning-slots',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['cleaning'],
        summary: "The weekly cleaning slots hostels offer (one hostel's with hostelId), retired ones too",
        querystring: z.object({ hostelId: z.uuid().optional() }),
        response: { 200: cleaningSlotAdminListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listSlotsForAdmin(app.db, request.query.hostelId) }),
  );

  r.post(
    '/api/admin/cleaning-slots',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Offer a weekly cleaning slot in a hostel (weekday, start and end on the university clock, capacity)',
        body: cleaningSlotCreateSchema,
        response: { 201: cleaningSlotAdminSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createSlot(app.db, requireUser(request), request.body)),
  );

  for (const [action, retired] of [['retire', true], ['restore', false]] as const) {
    r.post(
      `/api/admin/cleaning-slots/:id/${action}`,
      {
        preHandler: adminOnly,
        config: writes,
        schema: {
          tags: ['cleaning'],
          summary: retired ? 'Stop offering a slot: no visits from now on, its bookings end' : 'Offer a retired slot again',
          params: slotParams,
          response: { 200: cleaningSlotAdminSchema, ...errors },
        },
      },
      async (request) => setSlotRetired(app.db, requireUser(request), request.params.id, retired),
    );
  }

  r.get(
    '/api/cleaning/slots',
    {
      preHandler: students,
      schema: {
        tags: ['cleaning'],
        summary: 'The weekly cleaning times a hostel offers, with the places left and the first day a booking would start',
        querystring: cleaningSlotsQuerySchema,
        response: { 200: cleaningSlotOfferListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await slotOffers(app.db, await catalog(), request.query.hostel, await clock()) };
    },
  );

  r.get(
    '/api/cleaning/bookings',
    {
      preHandler: students,
      schema: {
        tags: ['cleaning'],
        summary: 'Your weekly cleaning: each booking with its next visit, the coming weeks and what the staff marked',
        response: { 200: cleaningBookingListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const at = await clock();
      return { items: await listBookings(app.db, requireUser(request), at), timeZone: at.timeZone };
    },
  );

  r.post(
    '/api/cleaning/bookings',
    {
      preHandler: students,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Book a weekly cleaning time for your room (the room is checked like a one-off cleaning request)',
        body: cleaningBookingCreateSchema,
        response: { 201: cleaningBookingSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await book(app.db, await catalog(), requireUser(request), request.body, await clock())),
  );

  r.post(
    '/api/cleaning/bookings/:id/skips',
    {
      preHandler: students,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Skip one of the coming weeks (no visit that day)',
        params: cleaningBookingParams,
        body: cleaningSkipSchema,
        response: { 200: cleaningBookingSchema, ...errors },
      },
    },
    async (request) => setSkip(app.db, requireUser(request), request.params.id, request.body.on, true, await clock()),
  );

  r.delete(
    '/api/cleaning/bookings/:id/skips/:on',
    {
      preHandler: students,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Take back a skipped week',
        params: cleaningSkipParams,
        response: { 200: cleaningBookingSchema, ...errors },
      },
    },
    async (request) => setSkip(app.db, requireUser(request), request.params.id, request.params.on, false, await clock()),
  );

  r.post(
    '/api/cleaning/bookings/:id/cancel',
    {
      preHandler: students,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Cancel a booking: no visits from today on (Undo brings it back for a few minutes)',
        params: cleaningBookingParams,
        response: { 200: cleaningBookingSchema, ...errors },
      },
    },
    async (request) => cancelBooking(app.db, requireUser(request), request.params.id, await clock()),
  );

  r.post(
    '/api/cleaning/bookings/:id/restore',
    {
      preHandler: students,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Undo a cancellation made in the last few minutes, if the place is still free',
        params: cleaningBookingParams,
        response: { 200: cleaningBookingSchema, ...errors },
      },
    },
    async (request) => restoreBooking(app.db, requireUser(request), request.params.id, await clock()),
  );

  r.get(
    '/api/staff/cleaning',
    {
      preHandler: workers,
      schema: {
        tags: ['cleaning'],
        summary: "A day's weekly cleaning list for the hostels you clean, by hostel and floor (default today on the university clock)",
        querystring: cleaningDayQuerySchema,
        response: { 200: cleaningDaySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dayList(app.db, requireUser(request), request.query.date, await clock());
    },
  );

  r.put(
    '/api/staff/cleaning/visits',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['cleaning'],
        summary: 'Mark a booked visit done or not possible (with the reason the student is told); marking again changes it',
        body: cleaningMarkSchema,
        response: { 200: cleaningMarkedSchema, ...errors },
      },
    },
    async (request) => markVisit(app.lifecycle, requireUser(request), request.body, await clock()),
  );
}
