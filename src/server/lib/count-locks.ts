import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

/**
 * Advisory-lock keys for the rules that count rows ("keep at least one enabled admin", "one
 * category in use", "one hostel in use"). Locking the changed row is not enough: two transactions
 * changing two different rows each count the other's row as still there, and both go ahead. Each
 * rule's transaction takes its key before it reads or counts anything, so they take turns, and the
 * second counts what the first committed. (Apart from the migration lock in db/migrate.ts.)
 */
export const COUNT_LOCKS = {
  enabledAdmins: 7_262_024_101,
  categoriesInUse: 7_262_024_102,
  hostelsInUse: 7_262_024_103,
  /** The grievance committee's seats: each save replaces the whole, one after another. */
  grievanceSeats: 7_262_024_104,
} as const;

/** Waits for the rule's lock, held until the transaction ends (commit or rollback). */
export async function lockCount(tx: Tx, rule: keyof typeof COUNT_LOCKS): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COUNT_LOCKS[rule]}::bigint)`);
}
