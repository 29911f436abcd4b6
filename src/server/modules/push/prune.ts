import { and, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushOutbox } from '../../db/schema.js';
import { DELETE_BATCH_SIZE, deleteInBatches } from '../../lib/delete-in-batches.js';

/**
 * How long a finished push (sent, expired or failed) is kept by default (PUSH_KEEP_DAYS): a week,
 * enough to look into "I got no notification" from the table. Nobody reads older ones, and every
 * bell to a device with push on adds a row, so without this the table only grows.
 */
export const FINISHED_PUSH_KEEP_MS = 7 * 24 * 60 * 60_000;

/** Deletes finished pushes older than `keepMs`, batch by batch; queued ones are the dispatcher's. Returns how many. */
export function pruneFinishedPushes(db: Db, keepMs = FINISHED_PUSH_KEEP_MS, batchSize = DELETE_BATCH_SIZE): Promise<number> {
  return deleteInBatches(db, pushOutbox, and(ne(pushOutbox.status, 'queued'), lt(pushOutbox.updatedAt, sql`now() - make_interval(secs => ${keepMs / 1000})`)) ?? sql`false`, batchSize);
}
