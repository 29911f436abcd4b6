import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { CatalogStore } from '../modules/catalog/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The university, hostels, categories and services as an administrator last set them. */
    catalog: CatalogStore;
  }
}

export default fp(
  async function catalogPlugin(app: FastifyInstance, opts: { config: Config }) {
    app.decorate('catalog', new CatalogStore(app.db, opts.config.universityEnv));
  },
  { name: 'catalog', dependencies: ['database'] },
);
