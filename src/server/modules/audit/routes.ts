import { and, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, type AuditEntry } from '../../../shared/admin.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { areaLabel } from '../../../shared/places.js';
import { auditLog, commonAreas, complaints, hostels, users } from '../../db/schema.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** The audit log: searchable, filterable, newest first; there is no route that changes it. */
export default async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit',
    {
      preHandler: [app.requireUser, app.requireRole('admin')],
      schema: {
        tags: ['admin'],
        summary: 'Every administrative change and every reveal of a confidential identity, newest first',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const { q, action, targetType, actor, from, to, cursor, limit } = request.query;
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await app.db
        .select({ entry: auditLog, actorEmail: users.email, actorName: users.name })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(
          and(
            action ? eq(auditLog.action, action) : undefined,
            targetType ? eq(auditLog.targetType, targetType) : undefined,
            actor ? ilike(users.email, like(actor)) : undefined,
            from ? gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)) : undefined,
            to ? lt(auditLog.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
            q
              ? or(
                  ilike(auditLog.action, like(q)),
                  ilike(auditLog.targetId, like(q)),
                  ilike(users.email, like(q)),
                  sql`${auditLog.details}::text ilike ${like(q)}`,
                )
              : undefined,
            after ? afterCursor(auditLog, after) : undefined,
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit, (row) => row.entry);

      // Readable names for the targets on this page: complaint numbers, e-mail addresses, hostel names.
      const idsOf = (type: string) => page.items.filter((item) => item.entry.targetType === type && UUID.test(item.entry.targetId)).map((item) => item.entry.targetId);
      const [complaintRows, userRows, hostelRows, areaRows] = await Promise.all([
        idsOf('complaint').length ? app.db.select({ id: complaints.id, label: complaints.number }).from(complaints).where(inArray(complaints.id, idsOf('complaint'))) : [],
        idsOf('user').length ? app.db.select({ id: users.id, label: users.email }).from(users).where(inArray(users.id, idsOf('user'))) : [],
        idsOf('hostel').length ? app.db.select({ id: hostels.id, label: hostels.name }).from(hostels).where(inArray(hostels.id, idsOf('hostel'))) : [],
        idsOf('common_area').length
          ? app.db
              .select({ id: commonAreas.id, name: commonAreas.name, floor: commonAreas.floor, hostel: hostels.name })
              .from(commonAreas)
              .innerJoin(hostels, eq(hostels.id, commonAreas.hostelId))
              .where(inArray(commonAreas.id, idsOf('common_area')))
          : [],
      ]);
      const areaLabels = areaRows.map((a) => ({ id: a.id, label: `${areaLabel(a)}, ${a.hostel}` }));
      const labels = new Map([...complaintRows, ...userRows, ...hostelRows, ...areaLabels].map((row) => [row.id, row.label]));

      const items: AuditEntry[] = page.items.map(({ entry, actorEmail, actorName }) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: entry.actorId && actorEmail !== null ? { id: entry.actorId, email: actorEmail, name: actorName ?? '' } : null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetLabel: entry.targetType === 'university' ? 'University profile' : (labels.get(entry.targetId) ?? entry.targetId),
        details: entry.details as Record<string, unknown>,
      }));
      return { items, nextCursor: page.nextCursor };
    },
  );
}
