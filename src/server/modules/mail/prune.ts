import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { DELETE_BATCH_SIZE, deleteInBatches } from '../../lib/delete-in-batches.js';

/**
 * Deletes mail that is done with (sent, or failed for good) and older than `keepMs` (MAIL_KEEP_DAYS,
 * 90 days by default), batch by batch: every filing writes two or three rows, each with its whole
 * text and HTML, and the admins' mail page says how long it keeps them. Held and queued mail is
 * still to go out and is never removed. Returns how many went.
 */
export function pruneFinishedMail(db: Db, keepMs: number, batchSize = DELETE_BATCH_SIZE): Promise<number> {
  return deleteInBatches(
    db,
    outbox,
    and(inArray(outbox.status, ['sent', 'failed']), lt(outbox.updatedAt, sql`now() - make_interval(secs => ${keepMs / 1000})`)) ?? sql`false`,
    batchSize,
  );
}
