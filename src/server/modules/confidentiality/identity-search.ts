import { and, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { auditLog, complaints, userSearchVector, users, type ComplaintRow } from '../../db/schema.js';

type Found = Pick<ComplaintRow, 'id' | 'number' | 'confidential' | 'anonymous'>;

/**
 * A search by the anti-ragging duty that found confidential reports by who filed them (the
 * reporter's name, number, address or room, not the report's number or place) tells the searcher
 * who filed each: it is recorded like a reveal (decision 63), one audit row per report found, with
 * the words searched. Nothing is read or written when the page holds no confidential report.
 */
export async function recordIdentitySearch(db: Db | Tx, actorId: string, q: string, found: readonly Found[]): Promise<void> {
  const confidential = found.filter((c) => c.confidential && !c.anonymous);
  if (!confidential.length || !q.trim()) return;
  const words = sql`plainto_tsquery('simple', ${q})`;
  const byIdentity = await db
    .select({ number: complaints.number })
    .from(complaints)
    .where(
      and(
        inArray(
          complaints.id,
          confidential.map((c) => c.id),
        ),
        sql`(${complaints.studentSearch} @@ ${words}
          or to_tsvector('simple', coalesce(${complaints.roomNo}, '')) @@ ${words}
          or exists (select 1 from ${users} where ${users.id} = ${complaints.studentId} and ${userSearchVector} @@ ${words}))`,
      ),
    );
  if (!byIdentity.length) return;
  await db.insert(auditLog).values(
    byIdentity.map((c) => ({ actorId, action: 'complaint.identity_search' as const, targetType: 'complaint', targetId: c.number, details: { q } })),
  );
}
