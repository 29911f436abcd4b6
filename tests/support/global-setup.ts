import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { runMigrations } from '../../src/server/db/migrate.js';
import { PG_TEMPLATE_DB, pgliteTemplateFile, testDataDir } from './paths.js';
import { adminUrl, databaseUrl } from './postgres.js';

/**
 * Migrates once, then every test file starts from a copy: a PGlite data directory dump (no initdb
 * per file) and, with TEST_DATABASE_URL, a PostgreSQL template database.
 */
export default async function globalSetup() {
  mkdirSync(testDataDir, { recursive: true });
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await runMigrations(database);
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();

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
