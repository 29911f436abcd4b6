import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UNIVERSITY_ENV,
  UNIVERSITY_FIELDS,
  categoryAdminSchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  hostelAdminSchema,
  hostelCreateSchema,
  hostelUpdateSchema,
  logoUploadSchema,
  serviceAdminSchema,
  serviceUpdateSchema,
  universityAdminSchema,
  universityUpdateSchema,
  type UniversityAdmin,
} from '../../../shared/admin.js';
import { SERVICE_KEYS } from '../../../shared/catalog.js';
import { commonAreaAdminSchema, commonAreaCreateSchema, commonAreaUpdateSchema } from '../../../shared/places.js';
import { errorBodySchema } from '../../../shared/errors.js';
import type { Config } from '../../config.js';
import {
  createCategory,
  createCommonArea,
  createHostel,
  listCategories,
  listCommonAreas,
  listHostels,
  listServices,
  setLogo,
  updateCategory,
  updateCommonArea,
  updateHostel,
  updateService,
  updateUniversity,
  languageOf,
} from './admin-service.js';
import { effectiveSettings, logoUrl, raggingContactsOf, readUniversity, savedSettings } from './store.js';
import { requireUser } from '../../lib/require-user.js';

/** The admin console's catalogue: university profile, hostels, categories and services. */
export default async function catalogAdminRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = [app.requireUser, app.requirePermission('admin.console')];
  const writes = { rateLimit: app.rateLimitPolicies.writes };
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  // This instance shows its own change at once (others within a second: see CatalogStore).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET') app.catalog.invalidate();
  });

  /** The contacts as the console edits them, the committee's name in other languages beside. */
  function contactsView(row: Awaited<ReturnType<typeof readUniversity>>) {
    return { contacts: raggingContactsOf(row) };
  }

  async function universityView(): Promise<UniversityAdmin> {
    const row = await readUniversity(app.db);
    const env = opts.config.universityEnv;
    return {
      saved: savedSettings(row),
      effective: effectiveSettings(row, env),
      fromEnvironment: UNIVERSITY_FIELDS.filter((field) => env[field] !== undefined).map((field) => ({ field, variable: UNIVERSITY_ENV[field] })),
      logoUrl: logoUrl(row),
      ...languageOf(row),
      ...contactsView(row),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  r.get(
    '/api/admin/university',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], summary: 'The university profile: saved, in effect, and what the environment overrides', response: { 200: universityAdminSchema, ...errors } },
    },
    universityView,
  );

  r.put(
    '/api/admin/university',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: 'Change the university profile, and the anti-ragging contacts when given (audited apart)',
        body: universityUpdateSchema,
        response: { 200: universityAdminSchema, ...errors },
      },
    },
    async (request) => {
      await updateUniversity(app.db, requireUser(request).id, request.body);
      return universityView();
    },
  );

  r.put(
    '/api/admin/university/logo',
    {
      preHandler: adminOnly,
      config: writes,
      // A 200 KB image is ~270 KB as a data: URL, above the default body limit.
      bodyLimit: 400 * 1024,
      schema: { tags: ['admin'], summary: 'Set the logo (PNG, JPEG or WebP, at most 200 KB, as a data: URL)', body: logoUploadSchema, response: { 200: universityAdminSchema, ...errors } },
    },
    async (request) => {
      await setLogo(app.db, requireUser(request).id, request.body.dataUrl);
      return universityView();
    },
  );

  r.delete(
    '/api/admin/university/logo',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['admin'], summary: 'Remove the logo', response: { 200: universityAdminSchema, ...errors } },
    },
    async (request) => {
      await setLogo(app.db, requireUser(request).id, null);
      return universityView();
    },
  );

  r.get(
    '/api/admin/hostels',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], summary: 'Every hostel, retired ones included', response: { 200: z.object({ items: z.array(hostelAdminSchema) }), ...errors } },
    },
    async () => ({ items: await listHostels(app.db) }),
  );

  r.post(
    '/api/admin/hostels',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['admin'], summary: 'Add a hostel with its floors and room ranges', body: hostelCreateSchema, response: { 201: hostelAdminSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createHostel(app.db, requireUser(request).id, request.body)),
  );

  r.put(
    '/api/admin/hostels/:id',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: "Change a hostel's floors and room ranges, or retire it (its history stays)",
        params: z.object({ id: z.uuid() }),
        body: hostelUpdateSchema,
        response: { 200: hostelAdminSchema, ...errors },
      },
    },
    async (request) => updateHostel(app.db, requireUser(request).id, request.params.id, request.body),
  );

  r.get(
    '/api/admin/hostels/:id/common-areas',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['admin'],
        summary: "A hostel's common areas (washrooms, corridors, the mess hall), retired ones included",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ items: z.array(commonAreaAdminSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await listCommonAreas(app.db, request.params.id) }),
  );

  r.post(
    '/api/admin/hostels/:id/common-areas',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: 'Add a common area to a hostel (its code is made from the name and floor when left out)',
        params: z.object({ id: z.uuid() }),
        body: commonAreaCreateSchema,
        response: { 201: commonAreaAdminSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCommonArea(app.db, requireUser(request).id, request.params.id, request.body)),
  );

  r.put(
    '/api/admin/hostels/:id/common-areas/:areaId',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: 'Rename, move, recode or reorder a common area, or retire it (its complaints stay)',
        params: z.object({ id: z.uuid(), areaId: z.uuid() }),
        body: commonAreaUpdateSchema,
        response: { 200: commonAreaAdminSchema, ...errors },
      },
    },
    async (request) => updateCommonArea(app.db, requireUser(request).id, request.params.id, request.params.areaId, request.body),
  );

  r.get(
    '/api/admin/categories',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], summary: 'Every complaint category with its routing, retired ones included', response: { 200: z.object({ items: z.array(categoryAdminSchema) }), ...errors } },
    },
    async () => ({ items: await listCategories(app.db) }),
  );

  r.post(
    '/api/admin/categories',
    {
      preHandler: adminOnly,
      config: writes,
      schema: { tags: ['admin'], summary: 'Add a complaint category (its form is /complaints/{key}Complaint)', body: categoryCreateSchema, response: { 201: categoryAdminSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, requireUser(request).id, request.body)),
  );

  r.put(
    '/api/admin/categories/:key',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: 'Change a category, its sub-categories and routing, or retire it',
        params: z.object({ key: z.string().regex(/^[a-z][a-z0-9]{1,29}$/) }),
        body: categoryUpdateSchema,
        response: { 200: categoryAdminSchema, ...errors },
      },
    },
    async (request) => updateCategory(app.db, requireUser(request).id, request.params.key, request.body),
  );

  r.get(
    '/api/admin/services',
    {
      preHandler: adminOnly,
      schema: { tags: ['admin'], summary: 'Room Cleaning and Laundry with their routing', response: { 200: z.object({ items: z.array(serviceAdminSchema) }), ...errors } },
    },
    async () => ({ items: await listServices(app.db) }),
  );

  r.put(
    '/api/admin/services/:key',
    {
      preHandler: adminOnly,
      config: writes,
      schema: {
        tags: ['admin'],
        summary: 'Rename, enable or disable a service and set its recipients',
        params: z.object({ key: z.enum(SERVICE_KEYS) }),
        body: serviceUpdateSchema,
        response: { 200: serviceAdminSchema, ...errors },
      },
    },
    async (request) => updateService(app.db, requireUser(request).id, request.params.key, request.body),
  );
}
