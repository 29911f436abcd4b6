import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_VARIANTS } from '../../../shared/constants.js';
import { errorBodySchema } from '../../../shared/errors.js';
import {
  appealSchema,
  committeeSetupSchema,
  decisionSchema,
  disposalSchema,
  grievanceMessageSchema,
  grievanceReportQuerySchema,
  hearingSchema,
  questionSchema,
  raiseGrievanceSchema,
} from '../../../shared/grievances.js';
import type { Config } from '../../config.js';
import { Readers } from '../../i18n/readers.js';
import { requesterLocale } from '../../i18n/requester.js';
import { requireUser } from '../../lib/require-user.js';
import { decisionDocument, grievancePhoto, reportInWords } from './documents.js';
import { reportCsv, reportPdf } from './files.js';
import { committeeSetupView, saveCommitteeSetup, seatsOf } from './seats.js';
import { committeeSetupViewSchema, eligibilitySchema, listSchema, reportSchema, seatsSchema, threadEntrySchema, viewSchema } from './schemas.js';
import {
  appeal,
  askQuestion,
  complaintEligibility,
  dispose,
  issueDecision,
  listAppeals,
  listForCommittee,
  listOwn,
  postMessage,
  raiseGrievance,
  scheduleHearing,
  viewFor,
  withdrawGrievance,
} from './service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };
const params = z.object({ number: z.string().max(40) });
/** Messages (and the Ombudsperson's questions) one person may write on one grievance in an hour. */
export const MESSAGES_PER_HOUR = 20;

const fileBody = z.any().describe('application/pdf or text/csv; charset=utf-8');
const REPORTS_PER_MINUTE = 10;

/**
 * The grievance ladder (issue 44, decision 73): the student's side, the committee's, the
 * Ombudsperson's and the admin console's. A route parses, asks for a signed-in person (the admin
 * routes for the admin console), calls one service and answers: who holds which seat is checked by
 * the service, in its transaction, so a member removed meanwhile is refused.
 */
export default async function grievanceRoutes(app: FastifyInstance, _opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = [app.requireUser];
  const students = [app.requireUser, app.requirePermission('complaint.file')];
  const adminOnly = [app.requireUser, app.requirePermission('admin.console')];
  const writes = { rateLimit: app.rateLimitPolicies.writes };
  // Each message reaches every member (by mail when they have no account): one person's messages
  // on one grievance are held to a conversation's pace, whoever writes them.
  const messages = {
    rateLimit: {
      max: MESSAGES_PER_HOUR,
      timeWindow: 3_600_000,
      keyGenerator: (request: FastifyRequest) => `grievance-messages:${request.user ? request.user.id : request.ip}:${(request.params as { number?: string }).number ?? ''}`,
      errorResponseBuilder: app.rateLimitPolicies.refusal('writes'),
    },
  };
  const reader = (request: FastifyRequest) => new Readers(app.db).reader(requesterLocale(request));
  const snapshot = () => app.catalog.get();
  const now = () => app.clock.now();
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // ---- the student's side

  r.get(
    '/api/grievances',
    { preHandler: signedIn, schema: { tags: ['grievances'], summary: 'The grievances the signed-in student raised, the latest first', response: { 200: listSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return { items: await listOwn(app.db, requireUser(request), now(), await reader(request)) };
    },
  );

  r.post(
    '/api/grievances',
    {
      preHandler: students,
      config: { rateLimit: app.rateLimitPolicies.grievances },
      schema: {
        tags: ['grievances'],
        summary: 'Raise a grievance with the Student Grievance Redressal Committee: on a complaint of yours that may go to it, or about a hostel matter',
        body: raiseGrievanceSchema,
        response: { 201: viewSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await raiseGrievance(app.lifecycle, await snapshot(), requireUser(request), request.body, await reader(request))),
  );

  r.get(
    '/api/grievances/:number',
    { preHandler: signedIn, schema: { tags: ['grievances'], summary: 'A grievance of yours, with its thread', params, response: { 200: viewSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return viewFor(app.db, requireUser(request), request.params.number, 'student', now(), await reader(request));
    },
  );

  r.get(
    '/api/complaints/:number/grievance',
    {
      preHandler: signedIn,
      schema: { tags: ['grievances'], summary: 'Whether your complaint may go to the grievance committee, and why (or why not)', params, response: { 200: eligibilitySchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return complaintEligibility(app.db, await snapshot(), requireUser(request), request.params.number, now());
    },
  );

  r.post(
    '/api/grievances/:number/messages',
    {
      preHandler: signedIn,
      config: messages,
      schema: { tags: ['grievances'], summary: 'Write to the committee (or, during an appeal, the Ombudsperson) on your grievance', params, body: grievanceMessageSchema, response: { 201: threadEntrySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await postMessage(app.lifecycle, requireUser(request), request.params.number, 'student', request.body, await reader(request))),
  );

  r.post(
    '/api/grievances/:number/appeal',
    {
      preHandler: signedIn,
      config: writes,
      schema: { tags: ['grievances'], summary: 'Appeal to the Ombudsperson against the committee’s decision, within 15 days of it', params, body: appealSchema, response: { 200: viewSchema, ...errors } },
    },
    async (request) => appeal(app.lifecycle, await snapshot(), requireUser(request), request.params.number, request.body, await reader(request)),
  );

  r.post(
    '/api/grievances/:number/withdraw',
    { preHandler: signedIn, config: writes, schema: { tags: ['grievances'], summary: 'Withdraw your grievance before the committee decides', params, response: { 200: viewSchema, ...errors } } },
    async (request) => withdrawGrievance(app.lifecycle, requireUser(request), request.params.number, await reader(request)),
  );

  for (const kind of ['decision', 'disposal'] as const) {
    r.get(
      `/api/grievances/:number/${kind}.pdf`,
      {
        preHandler: signedIn,
        config: { rateLimit: { max: REPORTS_PER_MINUTE * 3, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => (request.user ? `grievance-pdf:${request.user.id}` : `grievance-pdf-ip:${request.ip}`), errorResponseBuilder: app.rateLimitPolicies.refusal('exports') } },
        schema: {
          tags: ['grievances'],
          summary: kind === 'decision' ? 'The committee’s decision as a dated PDF' : 'The Ombudsperson’s order on the appeal as a dated PDF',
          params,
          response: { 200: fileBody, ...errors },
        },
      },
      async (request, reply) => {
        const { settings } = await snapshot();
        const { stream, fileName } = await decisionDocument(app.db, requireUser(request), request.params.number, kind, settings.name, await reader(request));
        stream.on('error', (error) => request.log.error({ err: error }, 'grievance PDF failed while streaming'));
        return reply.type('application/pdf').header('cache-control', 'no-store').header('content-disposition', `inline; filename="${fileName}"`).send(stream);
      },
    );
  }

  r.get(
    '/api/grievances/:number/photos/:id/:variant',
    {
      preHandler: signedIn,
      schema: {
        tags: ['grievances'],
        summary: 'A photo sent with a grievance, to its student, the committee and (on appeal) the Ombudsperson',
        params: params.extend({ id: z.uuid(), variant: z.enum(PHOTO_VARIANTS) }),
        response: { 200: z.any().describe('The image bytes (WebP)'), ...errors },
      },
    },
    async (request, reply) => {
      const { number, id, variant } = request.params;
      const photo = await grievancePhoto(app.db, app.photoStorage, requireUser(request), number, id, variant);
      return reply
        .type(photo.contentType)
        .header('content-disposition', `inline; filename="${photo.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=300')
        .send(photo.bytes);
    },
  );

  r.get(
    '/api/grievance-seats',
    { preHandler: signedIn, schema: { tags: ['grievances'], summary: 'The seats of the grievance ladder the signed-in person holds', response: { 200: seatsSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return seatsOf(app.db, requireUser(request));
    },
  );

  // ---- the committee

  r.get(
    '/api/committee/grievances',
    {
      preHandler: signedIn,
      schema: {
        tags: ['grievances'],
        summary: 'The grievances before the committee: open (not decided), decided, or all',
        querystring: z.object({ state: z.enum(['open', 'decided', 'all']).default('open') }),
        response: { 200: listSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { items: await listForCommittee(app.db, requireUser(request), request.query.state, now(), await reader(request)) };
    },
  );

  r.get(
    '/api/committee/grievances/:number',
    { preHandler: signedIn, schema: { tags: ['grievances'], summary: 'A grievance with its student and the complaint’s whole history', params, response: { 200: viewSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return viewFor(app.db, requireUser(request), request.params.number, 'committee', now(), await reader(request));
    },
  );

  r.post(
    '/api/committee/grievances/:number/hearings',
    {
      preHandler: signedIn,
      config: writes,
      schema: { tags: ['grievances'], summary: 'Schedule a hearing (date, time, place or link); the student is told', params, body: hearingSchema, response: { 201: threadEntrySchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await scheduleHearing(app.lifecycle, await snapshot(), requireUser(request), request.params.number, request.body, await reader(request))),
  );

  r.post(
    '/api/committee/grievances/:number/decision',
    {
      preHandler: signedIn,
      config: writes,
      schema: { tags: ['grievances'], summary: 'Issue the committee’s findings and decision, once; the student receives it as a dated PDF', params, body: decisionSchema, response: { 200: viewSchema, ...errors } },
    },
    async (request) => issueDecision(app.lifecycle, await snapshot(), requireUser(request), request.params.number, request.body, await reader(request)),
  );

  r.post(
    '/api/committee/grievances/:number/messages',
    {
      preHandler: signedIn,
      config: messages,
      schema: { tags: ['grievances'], summary: 'Write to the student in the grievance’s thread (or answer the Ombudsperson)', params, body: grievanceMessageSchema, response: { 201: threadEntrySchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await postMessage(app.lifecycle, requireUser(request), request.params.number, 'committee', request.body, await reader(request))),
  );

  // ---- the Ombudsperson

  r.get(
    '/api/ombudsperson/appeals',
    { preHandler: signedIn, schema: { tags: ['grievances'], summary: 'The appeals to the Ombudsperson, the latest first', response: { 200: listSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return { items: await listAppeals(app.db, requireUser(request), now(), await reader(request)) };
    },
  );

  r.get(
    '/api/ombudsperson/appeals/:number',
    { preHandler: signedIn, schema: { tags: ['grievances'], summary: 'An appeal: everything the committee saw, and its decision', params, response: { 200: viewSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return viewFor(app.db, requireUser(request), request.params.number, 'ombudsperson', now(), await reader(request));
    },
  );

  r.post(
    '/api/ombudsperson/appeals/:number/questions',
    {
      preHandler: signedIn,
      config: messages,
      schema: { tags: ['grievances'], summary: 'Ask the student or the committee a question about the appeal', params, body: questionSchema, response: { 201: threadEntrySchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await askQuestion(app.lifecycle, await snapshot(), requireUser(request), request.params.number, request.body, await reader(request))),
  );

  r.post(
    '/api/ombudsperson/appeals/:number/disposal',
    {
      preHandler: signedIn,
      config: writes,
      schema: { tags: ['grievances'], summary: 'Dispose of the appeal, once; the student and the committee receive the order as a dated PDF', params, body: disposalSchema, response: { 200: viewSchema, ...errors } },
    },
    async (request) => dispose(app.lifecycle, await snapshot(), requireUser(request), request.params.number, request.body, await reader(request)),
  );

  // ---- the admin console

  r.get(
    '/api/admin/grievance-committee',
    { preHandler: adminOnly, schema: { tags: ['grievances'], summary: 'The committee, the Ombudsperson and the regulation’s checklist', response: { 200: committeeSetupViewSchema, ...errors } } },
    async (_request, reply) => {
      noStore(reply);
      return committeeSetupView(app.db);
    },
  );

  r.put(
    '/api/admin/grievance-committee',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['grievances'], summary: 'Name the committee’s chair, members and special invitee, and the Ombudsperson (the whole at once)', body: committeeSetupSchema, response: { 200: committeeSetupViewSchema, ...errors } },
    },
    async (request) => saveCommitteeSetup(app.db, requireUser(request), request.body, (await snapshot()).settings.allowedDomains),
  );

  r.get(
    '/api/admin/grievance-report',
    {
      preHandler: adminOnly,
      config: { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => (request.user ? `grievance-report:${request.user.id}` : `grievance-report-ip:${request.ip}`), errorResponseBuilder: app.rateLimitPolicies.refusal('exports') } },
      schema: {
        tags: ['grievances'],
        summary: 'The grievance figures for a period (days on the university’s clock, at most a year): JSON, PDF or CSV, for the UGC’s annual return and the NAAC file',
        querystring: grievanceReportQuerySchema,
        response: { 200: z.union([reportSchema, fileBody]), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const { catalog, timeZone, settings } = await snapshot();
      const words = await reader(request);
      const { generatedAt, ...report } = await reportInWords(app.db, catalog, { from, to, timeZone }, words);
      noStore(reply);
      if (format === 'json') return report;
      reply.header('content-disposition', `attachment; filename="grievances-${from}-to-${to}.${format}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(reportCsv(report, settings.name, words));
      const stream = await reportPdf(report, settings.name, words, generatedAt);
      stream.on('error', (error) => request.log.error({ err: error }, 'grievance report failed while streaming'));
      return reply.type('application/pdf').send(stream);
    },
  );
}
