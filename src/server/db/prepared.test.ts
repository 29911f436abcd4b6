import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKind } from '../../../tests/support/test-db.js';
import type { Database } from './client.js';
import { preparedPerDatabase } from './prepared.js';
import { rateLimits } from './schema.js';

// A statement prepared once and run inside transactions must belong to each transaction it runs in:
// written with it, gone with its rollback, and never seen by anyone before the commit.
describe('statements prepared once (decision 55)', () => {
  let database: Database;
  const insertHit = preparedPerDatabase((db) =>
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), hits: 1, resetAt: sql`now() + interval '1 minute'` })
      .prepare('test_insert_hit'),
  );
  const hitsOf = async (key: string) => (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).length;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs inside the transaction it is called in: a rollback takes its row away', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await insertHit(tx).execute({ key: 'prepared-rolled-back' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await hitsOf('prepared-rolled-back')).toBe(0);

    await database.db.transaction(async (tx) => {
      await insertHit(tx).execute({ key: 'prepared-committed' });
    });
    expect(await hitsOf('prepared-committed')).toBe(1);
  });

  it('is not seen outside the transaction before it commits', async () => {
    if (testDbKind() !== 'postgres') return; // one connection: nobody else can look meanwhile
    let seenMeanwhile = -1;
    await database.db.transaction(async (tx) => {
      await insertHit(tx).execute({ key: 'prepared-uncommitted' });
      seenMeanwhile = await hitsOf('prepared-uncommitted');
    });
    expect(seenMeanwhile).toBe(0);
    expect(await hitsOf('prepared-uncommitted')).toBe(1);
  });

  it('is built once per pooled connection, however many transactions use it', async () => {
    const built = new Set<unknown>();
    for (let i = 0; i < 30; i++) {
      await database.db.transaction(async (tx) => {
        built.add(insertHit(tx));
        await insertHit(tx).execute({ key: `prepared-many-${i}` });
      });
    }
    // PostgreSQL: at most one per connection of the pool; the embedded database builds per transaction.
    if (testDbKind() === 'postgres') expect(built.size).toBeLessThanOrEqual(database.pool?.options.max ?? 10);
    else expect(built.size).toBe(30);
  });

  it('leaves every connection usable after a statement fails inside a transaction, and keeps settings given to a transaction', async () => {
    // As many failures as the pool has connections, and then some: each must have been rolled back
    // (a connection left inside a failed transaction would refuse every later statement).
    for (let i = 0; i < 12; i++) {
      await expect(
        database.db.transaction(async (tx) => {
          await insertHit(tx).execute({ key: `prepared-failed-${i}` });
          await insertHit(tx).execute({ key: `prepared-failed-${i}` }); // the same key again: a unique violation
        }),
      ).rejects.toThrow();
    }
    for (let i = 0; i < 12; i++) expect(await hitsOf(`prepared-failed-${i}`)).toBe(0);
    await database.db.transaction(async (tx) => {
      await insertHit(tx).execute({ key: 'prepared-after-failures' });
    });
    expect(await hitsOf('prepared-after-failures')).toBe(1);

    const isolation = await database.db.transaction(
      async (tx) => {
        await insertHit(tx).execute({ key: 'prepared-serializable' });
        const [row] = await tx.select({ level: sql<string>`current_setting('transaction_isolation')` }).from(rateLimits).limit(1);
        return row?.level;
      },
      { isolationLevel: 'serializable' },
    );
    if (testDbKind() === 'postgres') expect(isolation).toBe('serializable');
    expect(await hitsOf('prepared-serializable')).toBe(1);
  });
});
