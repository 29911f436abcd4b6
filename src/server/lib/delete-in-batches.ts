import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** Rows deleted per statement: a clean-up holds few locks at a time and never waits for a sender. */
export const DELETE_BATCH_SIZE = 1000;

/**
 * Deletes the rows of `table` that `where` picks, `batchSize` at a time, skipping rows another
 * transaction holds (a sender's claim); returns how many went. For the outboxes' clean-ups.
 */
export async function deleteInBatches(db: Db, table: PgTable & { id: PgColumn }, where: SQL, batchSize = DELETE_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ id: table.id }).from(table).where(where).limit(batchSize).for('update', { skipLocked: true });
    const count = (await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id })).length;
    total += count;
    if (count < batchSize) return total;
  }
}
