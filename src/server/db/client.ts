import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import path from 'node:path';
import { acquireDataDirLock } from './lock-file.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The query builder both drivers share; code never needs to know which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction()` hands its callback: use it, never the outer `db`, inside. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Only for `kind === 'postgres'`: a dedicated connection, e.g. for advisory locks. */
  pool?: pg.Pool;
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** An already open PGlite (tests open one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await pool.end();
      },
    };
  }

  let release: (() => void) | undefined;
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or pglite');
    release = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(path.join(options.dataDir, 'pglite'));
    } catch (error) {
      release();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        release?.();
      }
    },
  };
}
