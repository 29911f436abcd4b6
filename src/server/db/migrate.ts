import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** Resolved from this file, not the working directory, so it works from src/ and from dist/. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed 64-bit number unique to this application's migrations. */
const MIGRATION_LOCK_KEY = 7_262_024_001;

/**
 * Drizzle's migrator takes no lock: two instances starting together on an empty database would
 * both try to create the same tables. A session-level advisory lock serialises them; the second
 * finds everything applied and carries on.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('PGlite handle missing');
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  if (!database.pool) throw new Error('PostgreSQL pool missing');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
