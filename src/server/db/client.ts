import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import path from 'node:path';
import { EMBEDDED_DB_CACHE_MB_DEFAULT } from '../config.js';
import { acquireDataDirLock } from './lock-file.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The query builder both drivers share; code never needs to know which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction()` hands its callback: use it, never the outer `db`, inside. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A transaction's connection handle (PostgreSQL only): statements prepared on it run inside the
 * transaction, since the transaction holds that connection until it ends.
 */
const transactionHomes = new WeakMap<Tx, Db>();
export const transactionHome = (tx: Db | Tx): Db | undefined => transactionHomes.get(tx as Tx);

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * For work in the background (the mail dispatcher): on PostgreSQL a pool of its own, of
   * BACKGROUND_POOL_SIZE connections, so that its few statements do not wait in line behind every
   * request queued for the main pool (a burst of filings held the mail of committed ones back for
   * seconds). On PGlite, the one connection there is.
   */
  background: Db;
  /** Only for `kind === 'postgres'`: a dedicated connection, e.g. for advisory locks. */
  pool?: pg.Pool;
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** With `dataDir`: PostgreSQL's shared buffers in MB (default EMBEDDED_DB_CACHE_MB_DEFAULT). */
  embeddedCacheMb?: number;
  /** An already open PGlite (tests open one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
  /** How long a query waits for a PostgreSQL connection before failing (default 5 s). */
  connectTimeoutMs?: number;
  /** Told about each dropped PostgreSQL connection (a restart, a network cut); for logging. */
  onConnectionError?: (error: Error) => void;
}

/** The background pool's connections: the dispatcher claims the next batch while it records the last. */
const BACKGROUND_POOL_SIZE = 2;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolOptions = {
      connectionString: options.databaseUrl,
      // While the server is unreachable a request waits this long for a connection and then gets
      // a 503, rather than hanging until the balancer gives up.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    };
    const pool = new pg.Pool({ ...poolOptions, max: options.poolSize ?? 10 });
    // Connects only when first used: an instance without SMTP never opens it.
    const backgroundPool = new pg.Pool({ ...poolOptions, max: BACKGROUND_POOL_SIZE });
    // A pg client whose connection drops emits 'error'; with no listener Node turns that into an
    // uncaught exception and the process dies (a database restart killed every instance). The pool
    // listens on idle clients only, so every client gets its own listener the moment it connects,
    // including those checked out for a transaction. The failed query rejects on its own; the pool
    // drops the broken client and the next query connects again.
    const onClientError = (error: Error) => {
      options.onConnectionError?.(error);
    };
    for (const each of [pool, backgroundPool]) {
      each.on('connect', (client) => {
        client.on('error', onClientError);
      });
      each.on('error', onClientError);
    }
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // A transaction runs on a pooled connection's own handle, kept for as long as the connection
    // lives, so statements prepared inside transactions are built once per connection (prepared.ts).
    // Its transaction object is made once too, and BEGIN and COMMIT go straight to the connection:
    // drizzle would make a new transaction object (a database handle with a query builder for every
    // table) and build both statements for every transaction, about a tenth of a millisecond of
    // the server's thread each time (issue 29). A transaction with settings (an isolation level)
    // takes drizzle's own way.
    const connectionHomes = new WeakMap<pg.PoolClient, { handle: Db; tx: Tx }>();
    const homeOf = async (client: pg.PoolClient) => {
      let home = connectionHomes.get(client);
      if (!home) {
        const handle = drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Db;
        // drizzle hands out its transaction object only inside a transaction: one empty transaction
        // per connection, once.
        const tx = await handle.transaction(async (made) => made);
        transactionHomes.set(tx, handle);
        home = { handle, tx };
        connectionHomes.set(client, home);
      }
      return home;
    };
    const transaction: Db['transaction'] = async (work, config) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const home = await homeOf(client);
        if (config) {
          return await home.handle.transaction(async (tx) => {
            transactionHomes.set(tx, home.handle);
            return work(tx);
          }, config);
        }
        await client.query('begin');
        try {
          const result = await work(home.tx);
          await client.query('commit');
          return result;
        } catch (error) {
          // A connection that cannot even roll back is not given back to the pool.
          await client.query('rollback').catch((rollbackError: unknown) => {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
          throw error;
        }
      } finally {
        client.release(broken);
      }
    };
    db.transaction = transaction;
    return {
      kind: 'postgres',
      db,
      background: drizzlePg(backgroundPool, { schema, casing: 'snake_case' }) as unknown as Db,
      pool,
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await Promise.all([pool.end(), backgroundPool.end()]);
      },
    };
  }

  let release: (() => void) | undefined;
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or pglite');
    release = acquireDataDirLock(options.dataDir);
    try {
      const cacheMb = options.embeddedCacheMb ?? EMBEDDED_DB_CACHE_MB_DEFAULT;
      client = await PGlite.create(path.join(options.dataDir, 'pglite'), { postgresqlconf: [`shared_buffers=${cacheMb}MB`] });
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
    background: db,
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
