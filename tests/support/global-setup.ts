import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { PG_TEMPLATE_DB } from './paths.js';
import { ensurePgliteTemplate } from './pglite-template.js';
import { adminUrl, databaseUrl } from './postgres.js';

/**
 * Migrates once, then every test file starts from a copy: a PGlite data directory dump (no initdb
 * per file; kept between runs until a migration changes) and, with TEST_DATABASE_URL, a PostgreSQL
 * template database.
 */
export default async function globalSetup() {
  await ensurePgliteTemplate();

  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: databaseUrl(PG_TEMPLATE_DB), poolSize: 1 });
    await runMigrations(template);
    await template.close();
  }
}
