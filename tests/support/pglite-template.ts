import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.js';
import { migrationsFolder, runMigrations } from '../../src/server/db/migrate.js';
import { pgliteTemplateFile, pgliteTestDatabaseFile, repoRoot, testDataDir } from './paths.js';

const keyFile = `${pgliteTemplateFile}.key`;

/** What the template is made from: every migration file and the PGlite version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file)).update('\0');
  hash.update(readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex');
}

/** Written aside and renamed: a run reading the file never sees half of it. */
function writeWhole(file: string, bytes: Uint8Array | string) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
}

/**
 * The migrated PGlite data directory every test file starts from (initdb and the migrations run
 * once, not per file), in two forms: as a first start leaves it (pgliteTemplateFile, for the built
 * server's DATA_DIR) and without the template databases (pgliteTestDatabaseFile, for the test
 * databases: nothing in the portal connects to template0 or template1 or copies them, and leaving
 * out their 600 files makes each opening a quarter cheaper). Made again only when a migration or
 * PGlite changed since the last one, so `npm test` can prepare it alongside the build and the global
 * setup finds it ready.
 */
export async function ensurePgliteTemplate(): Promise<'reused' | 'made'> {
  const key = templateKey();
  const ready = [pgliteTemplateFile, pgliteTestDatabaseFile, keyFile].every((file) => existsSync(file));
  if (ready && readFileSync(keyFile, 'utf8') === key) return 'reused';
  mkdirSync(testDataDir, { recursive: true });
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await runMigrations(database);
  writeWhole(pgliteTemplateFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await pglite.exec('drop database template1');
  await pglite.exec('drop database template0');
  writeWhole(pgliteTestDatabaseFile, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  // The key last: a template half made is made again.
  writeWhole(keyFile, key);
  return 'made';
}
