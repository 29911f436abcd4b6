import type { Db, Tx } from '../../db/client.js';
import type { OutboxRow } from '../../db/schema.js';

/**
 * One lifecycle transaction's mail, handed to this instance's dispatcher when it commits (decision
 * 60). The outbox rows are written already leased to this instance, so no other instance and no
 * polling pass of this one sends them; after the commit the dispatcher sends them at once, without
 * claiming them first. A process that dies before they are sent leaves them leased: they are sent
 * when the lease runs out, as any row a crashed dispatcher had claimed.
 */
export interface MailHandover {
  /** How long the rows stay leased, from their insert (PostgreSQL's clock). */
  readonly leaseMs: number;
  /** Until when (this process's clock) the dispatcher may record them as sent without claiming them again. */
  readonly leaseEnds: number;
  /** The rows written, as the dispatcher will send them. */
  readonly rows: OutboxRow[];
}

/** The handover of each lifecycle transaction in progress, by its transaction handle. */
const open = new WeakMap<Db | Tx, MailHandover>();

/** Runs `work` with mail queued on `tx` collected into `handover`. */
export async function collectingMail<T>(tx: Tx, handover: MailHandover | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!handover) return work(tx);
  open.set(tx, handover);
  try {
    return await work(tx);
  } finally {
    open.delete(tx);
  }
}

/** The handover collecting the mail queued on `db`, when it is a lifecycle transaction's. */
export const handoverOf = (db: Db | Tx): MailHandover | undefined => open.get(db);
