import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.js';
import { migrationsFolder, runMigrations } from '../../src/server/db/migrate.js';
import { pgliteTemplateFile, repoRoot, testDataDir } from './paths.js';

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

/**
 * The migrated PGlite data directory every test file starts from (initdb and the migrations run
 * once, not per file). Made again only when a migration or PGlite changed since the last one, so
 * `npm test` can prepare it alongside the build and the global setup finds it ready.
 */
export async function ensurePgliteTemplate(): Promise<'reused' | 'made'> {
  const key = templateKey();
  if (existsSync(pgliteTemplateFile) && existsSync(keyFile) && readFileSync(keyFile, 'utf8') === key) return 'reused';
  mkdirSync(testDataDir, { recursive: true });
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await runMigrations(database);
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  // Written aside and renamed: a run reading the template never sees half of it.
  const partial = `${pgliteTemplateFile}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, pgliteTemplateFile);
  writeFileSync(`${keyFile}.${process.pid}.partial`, key);
  renameSync(`${keyFile}.${process.pid}.partial`, keyFile);
  return 'made';
}
