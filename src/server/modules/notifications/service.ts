import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaints, notifications, type ComplaintRow } from '../../db/schema.js';
import { guardNotification } from '../confidentiality/guard.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';

type Queryable = Pick<Db, 'insert'>;

/**
 * Adds a bell notification for each of `userIds`, in one statement however many there are; call it
 * with the transaction that makes the change it is about. Only modules/lifecycle calls it (a check
 * in tests/checks keeps it so). Each text passes the confidentiality guard for its reader: only the
 * student reads their own identity.
 */
export async function notify(db: Queryable, userIds: string | readonly string[], complaint: ComplaintRow | null, text: string): Promise<void> {
  const readers = typeof userIds === 'string' ? [userIds] : userIds;
  if (!readers.length) return;
  await db.insert(notifications).values(
    readers.map((userId) => ({
      userId,
      complaintId: complaint?.id ?? null,
      text: complaint ? guardNotification(complaint, userId, text) : text,
    })),
  );
}

export async function listNotifications(db: Db, userId: string, opts: { cursor?: string | undefined; limit: number }) {
  const after = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  const rows = await db
    .select({ n: notifications, number: complaints.number })
    .from(notifications)
    .leftJoin(complaints, eq(complaints.id, notifications.complaintId))
    .where(
      and(
        eq(notifications.userId, userId),
        after ? afterCursor(notifications, after) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
  // Served by the partial index on unread rows: a user's unread count never scans their history.
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const page = pageOf(rows, opts.limit, (row) => row.n);
  return {
    items: page.items.map(({ n, number }) => ({
      id: n.id,
      text: n.text,
      complaintNumber: number,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
    })),
    unread: Number(unread?.n ?? 0),
    nextCursor: page.nextCursor,
  };
}

/** Marks the user's own notifications read: some, all, or all about one complaint (which they just viewed). */
export async function markRead(db: Db, userId: string, which: string[] | 'all' | { complaintNumber: string }): Promise<void> {
  const only =
    which === 'all'
      ? undefined
      : Array.isArray(which)
        ? inArray(notifications.id, which)
        : inArray(notifications.complaintId, db.select({ id: complaints.id }).from(complaints).where(eq(complaints.number, which.complaintNumber)));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), only));
}
