import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/errors.js';
import { qrSheetFileName, qrSheetQuerySchema } from '../../../shared/qr-labels.js';
import type { Config } from '../../config.js';
import { requireUser } from '../../lib/require-user.js';
import { labelSheet } from './service.js';
import { localName } from '../../../shared/catalog.js';
import { requesterI18n, requesterLocale } from '../../i18n/requester.js';
import { labelSheetPdf } from './sheet.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** A sheet draws thousands of codes: a few a minute per administrator is plenty. */
const SHEETS_PER_MINUTE = 10;

/** Printable QR labels of a hostel's rooms and common areas (issue 27): administrators only. */
export default async function qrLabelRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = opts;

  /** PUBLIC_URL's origin; without one, the address the admin reached the portal at (a test server, a LAN address). */
  const originOf = (request: FastifyRequest) => (config.publicUrlGiven ? config.publicOrigin : `${request.protocol}://${request.host}`);

  r.get(
    '/api/admin/hostels/:id/qr-sheet.pdf',
    {
      preHandler: [app.requireUser, app.requirePermission('labels.print')],
      config: {
        rateLimit: {
          max: SHEETS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => (request.user ? `qr-sheet:${request.user.id}` : `qr-sheet-ip:${request.ip}`),
          errorResponseBuilder: app.rateLimitPolicies.refusal('exports'),
        },
      },
      schema: {
        tags: ['admin'],
        summary: "A4 sheets of QR labels for a hostel's rooms and active common areas (or one floor's), 24 a page, as a PDF",
        params: z.object({ id: z.uuid({ error: 'Not a hostel id' }) }),
        querystring: qrSheetQuerySchema,
        response: { 200: z.any().describe('application/pdf, streamed, as an attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { floor } = request.query;
      const i18n = requesterI18n(request);
      const sheet = await labelSheet(app.db, { hostelId: request.params.id, floor, origin: originOf(request), i18n });
      // Exports are logged, not audited (as the queue's CSV and the anti-ragging report): nothing changes.
      request.log.info({ by: user.id, hostel: sheet.hostel.id, floor, rooms: sheet.rooms, areas: sheet.areas }, 'QR label sheet made');
      const hostel = localName(requesterLocale(request), sheet.hostel, 'name');
      const title =
        floor === undefined ? i18n._('QR labels: {hostel}', { hostel }) : i18n._('QR labels: {hostel}, floor {floor}', { hostel, floor: String(floor) });
      const stream = await labelSheetPdf(sheet.labels, { title, author: hostel }, i18n);
      stream.on('error', (error) => request.log.error({ err: error }, 'QR label sheet failed while streaming'));
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${qrSheetFileName(sheet.hostel.code, floor)}"`)
        .header('x-labels', String(sheet.rooms + sheet.areas))
        .type('application/pdf')
        .send(stream);
    },
  );
}
