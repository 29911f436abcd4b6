import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { pgliteTestDatabaseFile } from './paths.js';
import { createTestDatabase } from './postgres.js';

export type TestDbKind = 'pglite' | 'postgres';

export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * The template's bytes as a Blob for PGlite's `loadDataDir`, which asks it for an ArrayBuffer for every
 * database. Node's own Blob rebuilds that from its stored chunks each time (0.3–0.8 CPU-s for a 42 MB
 * template on a busy two-core machine, a third of opening the database); this one hands PGlite a copy of
 * bytes it already holds (a copy: PGlite owns what it is given). PGlite reads it only through
 * `arrayBuffer()`; Blob's other readers would see it empty.
 */
class TemplateBlob extends Blob {
  readonly #data: Uint8Array;
  constructor(data: Uint8Array) {
    super([]);
    this.#data = data;
  }
  override get size(): number {
    return this.#data.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#data.slice().buffer);
  }
}

/** The template as read once by this worker (the files of a worker share modules). */
let template: Blob | undefined;

/** A fresh, migrated database of the kind this project run tests on; `close` also drops it. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind() === 'postgres') {
    const { url, drop } = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await drop();
      },
    };
  }
  template ??= new TemplateBlob(readFileSync(pgliteTestDatabaseFile));
  // A test's database holds a few hundred rows: PostgreSQL's default 128 MB of shared buffers only
  // makes every opening set up memory it never uses (16 MB: a quarter less CPU per database).
  const pglite = await PGlite.create({ loadDataDir: template, postgresqlconf: ['shared_buffers=16MB'] });
  return openDatabase({ pglite });
}
