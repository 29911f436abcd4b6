import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { seededDataDir } from '../../../tests/support/process.js';
import { openDatabase, type Database } from './client.js';

describe('the embedded database', () => {
  const opened: Array<{ database: Database; dir: string }> = [];
  afterEach(async () => {
    for (const { database, dir } of opened.splice(0)) {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  async function open(embeddedCacheMb?: number) {
    const dir = seededDataDir('hcp-client-');
    const database = await openDatabase({ dataDir: dir, ...(embeddedCacheMb === undefined ? {} : { embeddedCacheMb }) });
    opened.push({ database, dir });
    const result = await database.pglite?.query<{ shared_buffers: string }>('show shared_buffers');
    return result?.rows[0]?.shared_buffers;
  }

  it("keeps 32 MB of shared buffers unless EMBEDDED_DB_CACHE_MB says otherwise, not PostgreSQL's 128 MB", async () => {
    expect(await open()).toBe('32MB');
    expect(await open(64)).toBe('64MB');
  });
});
