import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { databaseStorage, s3Storage, type PhotoStorage } from '../modules/photos/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photo bytes live: the database by default, S3-compatible storage when S3_BUCKET is set. */
    photoStorage: PhotoStorage;
  }
}

export default fp(
  async function photosPlugin(app: FastifyInstance, opts: { config: Config }) {
    const storage = opts.config.photos.s3 ? s3Storage(opts.config.photos.s3) : databaseStorage();
    app.decorate('photoStorage', storage);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'photos', dependencies: ['database'] },
);
