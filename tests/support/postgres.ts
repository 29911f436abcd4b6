import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PG_TEMPLATE_DB } from './paths.js';

function baseUrl(): URL {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return new URL(url);
}

/** The server's maintenance database, for CREATE/DROP DATABASE. */
export function adminUrl(): string {
  const url = baseUrl();
  url.pathname = '/postgres';
  return url.href;
}

export function databaseUrl(name: string): string {
  const url = baseUrl();
  url.pathname = `/${name}`;
  return url.href;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the migrated template; returns its URL and a dropper. */
export async function createTestDatabase(opts: { fromTemplate?: boolean } = {}) {
  const name = `hcp_t_${randomBytes(5).toString('hex')}`;
  await withAdmin(async (client) => {
    // Two files copying the template in the same instant collide ("being accessed by other
    // users"): one at a time, the others wait on the server for the lock.
    await client.query('select pg_advisory_lock(72270615)');
    try {
      await client.query(opts.fromTemplate === false ? `create database ${name}` : `create database ${name} template ${PG_TEMPLATE_DB}`);
    } finally {
      await client.query('select pg_advisory_unlock(72270615)');
    }
    // A test database is thrown away: its commits need not wait for the disk (2-4 ms each on this
    // machine's PostgreSQL, 0.7 without), and a crash of the app's process still loses nothing a
    // commit answered, which is all the process tests kill (decision 66).
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    url: databaseUrl(name),
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
