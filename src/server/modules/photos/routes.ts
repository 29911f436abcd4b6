import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_VARIANTS } from '../../../shared/constants.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { PHOTO_TYPE_MESSAGE, attachPhotosBodySchema, photoListSchema, photoSchema } from '../../../shared/photos.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { addStudentPhotos } from '../lifecycle/index.js';
import { listComplaintPhotos, readPhoto, storeUpload, toPhotoDto } from './service.js';
import { requireUser } from '../../lib/require-user.js';

const UPLOAD_TYPE = /^(image\/[\w.+-]+|application\/octet-stream)$/;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

/**
 * Photos travel on their own (decision 23): the browser uploads each one as the raw image body,
 * gets an id back, and the request that files or resolves the complaint names the ids.
 */
export default async function photoRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const maxMb = Math.round((opts.config.photos.maxUploadBytes / 1024 / 1024) * 10) / 10;

  // Only in this plugin: the body of an upload is the image itself, kept as bytes. Any image type
  // is taken and the bytes decide (service); the limit is the photo's, not the API's 64 KB.
  app.addContentTypeParser(UPLOAD_TYPE, { parseAs: 'buffer', bodyLimit: opts.config.photos.maxUploadBytes }, (_request, body, done) =>
    done(null, body),
  );
  /** Refuses by the headers, before a byte of the body is read, in words a student understands. */
  const checkHeaders = async (request: FastifyRequest) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!UPLOAD_TYPE.test(type)) throw new AppError(415, 'unsupported_photo_type', PHOTO_TYPE_MESSAGE);
    if (Number(request.headers['content-length'] ?? 0) > opts.config.photos.maxUploadBytes) {
      throw AppError.withValues(413, 'photo_too_large', /*i18n*/ 'This photo is larger than {size} MB. Choose a smaller one.', () => ({ size: maxMb }));
    }
  };

  r.post(
    '/api/photos',
    {
      // Before the body is read: nobody signed out makes the server take in megabytes.
      onRequest: app.requireUser,
      preParsing: checkHeaders,
      config: { rateLimit: app.rateLimitPolicies.photos },
      schema: {
        tags: ['photos'],
        summary: `Upload one photo (the image itself as the body, at most ${maxMb} MB); attach it by id when filing or resolving`,
        body: z.custom<Buffer>((value) => Buffer.isBuffer(value), PHOTO_TYPE_MESSAGE).describe('JPEG, PNG or WebP bytes'),
        response: { 201: photoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await storeUpload(app.db, app.photoStorage, user, request.body);
      request.log.info({ photo: row.id, bytes: row.bytes, width: row.width, height: row.height }, 'photo uploaded');
      return reply.status(201).send(toPhotoDto(row, user.id));
    },
  );

  r.get(
    '/api/photos/:id/:variant',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'A photo (full size or thumbnail), to the uploader and to those who may see its complaint',
        params: z.object({ id: z.uuid(), variant: z.enum(PHOTO_VARIANTS) }),
        response: { 200: z.any().describe('The image bytes (WebP)'), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id, variant } = request.params;
      const { photo, complaintNumber, bytes } = await readPhoto(app.db, app.photoStorage, user, id, variant);
      const name = `${complaintNumber ?? 'photo'}-${photo.id.slice(0, 8)}${variant === 'thumb' ? '-small' : ''}.webp`;
      return reply
        .type(photo.contentType)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        // An image needs nothing; should a browser ever render these bytes as a page, nothing runs.
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        // The bytes of an id never change, but who may see them can: the browser keeps them privately, briefly.
        .header('cache-control', 'private, max-age=300')
        .send(bytes);
    },
  );

  r.get(
    '/api/complaints/:number/photos',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: "A complaint's photos, before and after, for the student who filed it and the staff who work it",
        params: z.object({ number: z.string().max(40) }),
        response: { 200: photoListSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      return listComplaintPhotos(app.db, user, request.params.number);
    },
  );

  r.post(
    '/api/complaints/:number/photos',
    {
      preHandler: app.requireUser,
      config: { rateLimit: app.rateLimitPolicies.writes },
      schema: {
        tags: ['photos'],
        summary: 'Add uploaded photos to your complaint while it is not finished (a resolved one still takes them)',
        params: z.object({ number: z.string().max(40) }),
        body: attachPhotosBodySchema,
        response: { 200: photoListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await addStudentPhotos(app.lifecycle, user, request.params.number, request.body.photoIds);
      return listComplaintPhotos(app.db, user, request.params.number);
    },
  );
}
