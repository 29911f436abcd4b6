import { and, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushOutbox } from '../../db/schema.js';

/**
 * How long a finished push (sent, expired or failed) is kept: a week, enough to look into "I got no
 * notification" from the table. Nobody reads older ones, and every bell to a device with push on
 * adds a row, so without this the table only grows.
 */
export const FINISHED_PUSH_KEEP_MS = 7 * 24 * 60 * 60_000;
/** Rows deleted per statement: the clean-up holds few locks at a time and never waits for a sender. */
export const PUSH_PRUNE_BATCH_SIZE = 1000;

/** Deletes finished pushes older than `keepMs`, batch by batch; queued ones are the dispatcher's. Returns how many. */
export async function pruneFinishedPushes(db: Db, keepMs = FINISHED_PUSH_KEEP_MS, batchSize = PUSH_PRUNE_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(and(ne(pushOutbox.status, 'queued'), lt(pushOutbox.updatedAt, sql`now() - make_interval(secs => ${keepMs / 1000})`)))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const count = (await db.delete(pushOutbox).where(inArray(pushOutbox.id, batch)).returning({ id: pushOutbox.id })).length;
    total += count;
    if (count < batchSize) return total;
  }
}
