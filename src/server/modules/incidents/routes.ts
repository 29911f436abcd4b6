import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import {
  activeNoticesQuerySchema,
  activeNoticesSchema,
  followResultSchema,
  incidentCreateSchema,
  incidentIdParams,
  incidentLinkSchema,
  incidentListQuerySchema,
  incidentResolveSchema,
  incidentResolvedSchema,
  incidentUpdateSchema,
  staffIncidentDetailSchema,
  staffIncidentListSchema,
  staffIncidentSchema,
} from '../../../shared/incidents.js';
import type { Config } from '../../config.js';
import { requireUser } from '../../lib/require-user.js';
import { toActiveNotices, toStaffIncident, toStaffIncidentDetail } from './dto.js';
import {
  changeNotice,
  followNotice,
  listNotices,
  noticeDetail,
  postNotice,
  resolveNotice,
  setComplaintLink,
  studentNotices,
  withdrawNotice,
} from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const linkParams = incidentIdParams.extend({ number: z.string().max(40) });

/** Notices of known problems: posted and resolved by the team, seen and followed by students. */
export default async function incidentRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const workers = [app.requireUser, app.requirePermission('queue.work')];
  const writes = { rateLimit: app.rateLimitPolicies.writes };
  const universityTimeZone = async () => (await app.catalog.get()).timeZone;
  const catalog = async () => (await app.catalog.get()).catalog;

  r.get(
    '/api/staff/incidents',
    {
      preHandler: workers,
      schema: {
        tags: ['incidents'],
        summary: 'The notices in your scope, newest first, page by page',
        querystring: incidentListQuerySchema,
        response: { 200: staffIncidentListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listNotices(app.db, requireUser(request), request.query);
      reply.header('cache-control', 'no-store');
      const timeZone = await universityTimeZone();
      return { items: page.items.map((view) => toStaffIncident(view, timeZone)), nextCursor: page.nextCursor, timeZone };
    },
  );

  r.post(
    '/api/staff/incidents',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['incidents'],
        summary: 'Post a notice for a hostel (some floors or all) and a category you work; complaints filed meanwhile link to it',
        body: incidentCreateSchema,
        response: { 201: staffIncidentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const view = await postNotice(app.lifecycle, requireUser(request), await catalog(), request.body);
      return reply.status(201).send(toStaffIncident(view, await universityTimeZone()));
    },
  );

  r.get(
    '/api/staff/incidents/:id',
    {
      preHandler: workers,
      schema: {
        tags: ['incidents'],
        summary: 'One notice with its counts and linked complaints',
        params: incidentIdParams,
        response: { 200: staffIncidentDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const detail = await noticeDetail(app.db, requireUser(request), request.params.id);
      reply.header('cache-control', 'no-store');
      return toStaffIncidentDetail(detail, await universityTimeZone());
    },
  );

  r.patch(
    '/api/staff/incidents/:id',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['incidents'],
        summary: "Change an active notice's title, details, expected end or floors",
        params: incidentIdParams,
        body: incidentUpdateSchema,
        response: { 200: staffIncidentSchema, ...errors },
      },
    },
    async (request) =>
      toStaffIncident(await changeNotice(app.lifecycle, requireUser(request), await catalog(), request.params.id, request.body), await universityTimeZone()),
  );

  r.post(
    '/api/staff/incidents/:id/withdraw',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['incidents'],
        summary: 'Take a notice down: its complaints stay open (and keep the link for their history); nobody is told',
        params: incidentIdParams,
        response: { 200: staffIncidentSchema, ...errors },
      },
    },
    async (request) => toStaffIncident(await withdrawNotice(app.lifecycle, requireUser(request), request.params.id), await universityTimeZone()),
  );

  r.post(
    '/api/staff/incidents/:id/resolve',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['incidents'],
        summary: 'Resolve a notice: its open complaints are resolved and every student concerned is told once',
        params: incidentIdParams,
        body: incidentResolveSchema,
        response: { 200: incidentResolvedSchema, ...errors },
      },
    },
    async (request) => {
      const result = await resolveNotice(app.lifecycle, requireUser(request), request.params.id, request.body.note);
      request.log.info({ incident: request.params.id, resolved: result.resolved, told: result.told }, 'notice resolved');
      return { incident: toStaffIncident(result.view, await universityTimeZone()), resolved: result.resolved, told: result.told };
    },
  );

  r.post(
    '/api/staff/incidents/:id/complaints',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['incidents'],
        summary: "Link an open complaint of the notice's hostel and category to it",
        params: incidentIdParams,
        body: incidentLinkSchema,
        response: { 200: staffIncidentDetailSchema, ...errors },
      },
    },
    async (request) =>
      toStaffIncidentDetail(await setComplaintLink(app.lifecycle, requireUser(request), request.params.id, request.body.number, true), await universityTimeZone()),
  );

  r.delete(
    '/api/staff/incidents/:id/complaints/:number',
    {
      preHandler: workers,
      config: writes,
      schema: {
        tags: ['incidents'],
        summary: 'Unlink a complaint from an active notice: it is worked on its own again',
        params: linkParams,
        response: { 200: staffIncidentDetailSchema, ...errors },
      },
    },
    async (request) =>
      toStaffIncidentDetail(await setComplaintLink(app.lifecycle, requireUser(request), request.params.id, request.params.number, false), await universityTimeZone()),
  );

  r.get(
    '/api/incidents/active',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['incidents'],
        summary: 'The notices up where you live (your remembered hostel and floor), or for the hostel and floor asked',
        querystring: activeNoticesQuerySchema,
        response: { 200: activeNoticesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const notices = await studentNotices(app.db, requireUser(request), request.query);
      reply.header('cache-control', 'no-store');
      return toActiveNotices(notices, await universityTimeZone());
    },
  );

  const follow = (following: boolean) => ({
    preHandler: app.requireUser,
    config: writes,
    schema: {
      tags: ['incidents'],
      summary: following ? '"Affects me too": be told once when the notice is resolved' : 'Undo "Affects me too"',
      params: incidentIdParams,
      response: { 200: followResultSchema, ...errors },
    },
  });
  r.post('/api/incidents/:id/follow', follow(true), async (request) => followNotice(app.db, requireUser(request), request.params.id, true));
  r.delete('/api/incidents/:id/follow', follow(false), async (request) => followNotice(app.db, requireUser(request), request.params.id, false));
}
