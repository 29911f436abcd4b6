import type { AuditAction } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

type Queryable = Pick<Db, 'insert'>;

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
}

/** Appends to the audit log; call it with the transaction that makes the change. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
