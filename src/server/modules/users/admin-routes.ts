import { and, asc, count, eq, ilike, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema, type Role } from '../../../shared/auth.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { personCreateSchema, personSchema, personUpdateSchema, type Person } from '../../../shared/people.js';
import type { Db, Tx } from '../../db/client.js';
import { categories, hostels, services, sessions, staffScopes, users, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/service.js';

async function toPeople(db: Pick<Db, 'select'>, rows: UserRow[]): Promise<Person[]> {
  const scopes = rows.length
    ? await db.select().from(staffScopes).where(inArray(staffScopes.userId, rows.map((r) => r.id)))
    : [];
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    regId: row.regId,
    role: row.role,
    antiRagging: row.antiRagging,
    scopes: scopes.filter((s) => s.userId === row.id).map((s) => ({ category: s.category, hostel: s.hostel })),
    disabled: row.disabledAt !== null,
    addedByAdmin: row.addedBy !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  }));
}

async function checkPerson(db: Pick<Db, 'select'>, role: Role, antiRagging: boolean, scopes: Array<{ category: string; hostel: string }>) {
  if (role === 'student' && antiRagging) {
    throw new AppError(400, 'validation_failed', 'The anti-ragging duty is for staff, wardens and admins.', { antiRagging: 'not for students' });
  }
  if ((role === 'student' || role === 'admin') && scopes.length) {
    throw new AppError(400, 'validation_failed', 'Only staff and wardens have scopes.', { scopes: 'only for staff and wardens' });
  }
  if (!scopes.length) return;
  // Scopes name what the catalogue holds (retired entries included: their complaints still exist).
  const [categoryRows, serviceRows, hostelRows] = await Promise.all([
    db.select({ key: categories.key }).from(categories),
    db.select({ key: services.key }).from(services),
    db.select({ name: hostels.name }).from(hostels),
  ]);
  const knownCategories = new Set(['', ...categoryRows.map((c) => c.key), ...serviceRows.map((s) => s.key)]);
  const knownHostels = new Set(['', ...hostelRows.map((h) => h.name)]);
  for (const scope of scopes) {
    if (!knownCategories.has(scope.category)) {
      throw new AppError(400, 'validation_failed', `Unknown category '${scope.category}'.`, { scopes: 'has an unknown category' });
    }
    if (!knownHostels.has(scope.hostel)) {
      throw new AppError(400, 'validation_failed', `Unknown hostel '${scope.hostel}'.`, { scopes: 'has an unknown hostel' });
    }
  }
}

async function replaceScopes(tx: Tx, userId: string, scopes: Array<{ category: string; hostel: string }>) {
  await tx.delete(staffScopes).where(eq(staffScopes.userId, userId));
  const unique = [...new Map(scopes.map((s) => [`${s.category}|${s.hostel}`, s])).values()];
  if (unique.length) await tx.insert(staffScopes).values(unique.map((s) => ({ userId, ...s })));
}

/** Minimal people administration: roles, scopes, the anti-ragging duty, adding staff before they sign in. */
export default async function peopleAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requireRole('admin')];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  r.get(
    '/api/admin/users',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'People, optionally searched by e-mail or name',
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          role: z
            .string()
            .optional()
            .transform((s) => (s ? s.split(',') : []))
            .pipe(z.array(roleSchema))
            .describe('Comma list of roles, e.g. staff,warden,admin'),
          limit: z.coerce.number().int().min(1).max(200).default(100),
        }),
        response: { 200: z.object({ items: z.array(personSchema) }), ...errors },
      },
    },
    async (request) => {
      const q = request.query.q ? `%${request.query.q.replace(/[%_\\]/g, '\\$&')}%` : undefined;
      const rows = await app.db
        .select()
        .from(users)
        .where(
          and(
            q ? or(ilike(users.email, q), ilike(users.name, q), ilike(users.regId, q)) : undefined,
            request.query.role.length ? inArray(users.role, request.query.role) : undefined,
          ),
        )
        .orderBy(asc(users.email))
        .limit(request.query.limit);
      return { items: await toPeople(app.db, rows) };
    },
  );

  r.post(
    '/api/admin/users',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: 'Add a staff member, warden or admin before their first sign-in (any e-mail domain)',
        body: personCreateSchema,
        response: { 201: personSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, name, role, antiRagging, scopes } = request.body;
      if (role === 'student') throw new AppError(400, 'validation_failed', 'Students sign in themselves.', { role: 'add staff, wardens or admins' });
      await checkPerson(app.db, role, antiRagging, scopes);
      const actorId = request.user?.id ?? null;
      const row = await app.db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (existing) throw new AppError(409, 'already_exists', 'Someone with this e-mail address is already known; change their role instead.');
        const [created] = await tx.insert(users).values({ email, name, displayName: name, fname: name.split(' ')[0] ?? '', role, antiRagging, addedBy: actorId }).returning();
        if (!created) throw new Error('insert returned nothing');
        await replaceScopes(tx, created.id, scopes);
        await audit(tx, { actorId, action: 'user.add', targetType: 'user', targetId: created.id, details: { after: { email, role, antiRagging, scopes } } });
        return created;
      });
      const [person] = await toPeople(app.db, [row]);
      if (!person) throw new Error('unreachable');
      return reply.status(201).send(person);
    },
  );

  r.put(
    '/api/admin/users/:id',
    {
      preHandler: adminOnly,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['admin'],
        summary: "Set someone's role, scopes and anti-ragging duty",
        params: z.object({ id: z.uuid() }),
        body: personUpdateSchema,
        response: { 200: personSchema, ...errors },
      },
    },
    async (request) => {
      const { role, antiRagging, scopes, disabled } = request.body;
      await checkPerson(app.db, role, antiRagging, scopes);
      const actorId = request.user?.id ?? null;
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, request.params.id)).for('update');
        if (!before) throw new AppError(404, 'not_found', 'No such person.');
        const disabling = disabled === true && before.disabledAt === null;
        if (before.role === 'admin' && before.disabledAt === null && (role !== 'admin' || disabling)) {
          // Another admin who can still act: enabled. Without one nobody could run the portal.
          const [others] = await tx
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), ne(users.id, before.id)));
          if (Number(others?.n ?? 0) === 0) {
            throw new AppError(409, 'last_admin', 'This is the last administrator; make someone else an admin first.', {
              [disabling ? 'disabled' : 'role']: 'the portal needs at least one administrator',
            });
          }
        }
        const disabledAt = disabled === undefined ? before.disabledAt : disabled ? (before.disabledAt ?? new Date()) : null;
        const beforeScopes = await tx.select().from(staffScopes).where(eq(staffScopes.userId, before.id));
        const [after] = await tx.update(users).set({ role, antiRagging, disabledAt, updatedAt: new Date() }).where(eq(users.id, before.id)).returning();
        if (!after) throw new Error('update returned nothing');
        await replaceScopes(tx, after.id, scopes);
        if (before.role !== role || (disabledAt !== null && before.disabledAt === null)) {
          // New powers (or fewer, or none) take effect at once: the person signs in again, or cannot.
          await tx.delete(sessions).where(eq(sessions.userId, after.id));
        }
        await audit(tx, {
          actorId,
          action: disabledAt !== null && before.disabledAt === null ? 'user.disable' : disabledAt === null && before.disabledAt !== null ? 'user.enable' : 'user.update',
          targetType: 'user',
          targetId: after.id,
          details: {
            email: before.email,
            before: {
              role: before.role,
              antiRagging: before.antiRagging,
              disabled: before.disabledAt !== null,
              scopes: beforeScopes.map((s) => ({ category: s.category, hostel: s.hostel })),
            },
            after: { role, antiRagging, disabled: disabledAt !== null, scopes },
          },
        });
        return after;
      });
      const [person] = await toPeople(app.db, [row]);
      if (!person) throw new Error('unreachable');
      return person;
    },
  );
}
