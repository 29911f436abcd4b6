import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { pgliteTemplateFile } from './paths.js';
import { createTestDatabase } from './postgres.js';

export type TestDbKind = 'pglite' | 'postgres';

export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

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
  template ??= new Blob([readFileSync(pgliteTemplateFile)]);
  const pglite = await PGlite.create({ loadDataDir: template });
  return openDatabase({ pglite });
}
