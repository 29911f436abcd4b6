import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { complaints, notifications } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

type Queryable = Pick<Db, 'insert'>;

/** Adds a bell notification; call it with the transaction that makes the change it is about. */
export async function notify(db: Queryable, userId: string, complaintId: string | null, text: string): Promise<void> {
  await db.insert(notifications).values({ userId, complaintId, text });
}

export async function listNotifications(db: Db, userId: string, opts: { cursor?: string | undefined; limit: number }) {
  let after: { createdAt: Date; id: string } | undefined;
  if (opts.cursor) {
    const [iso = '', id = ''] = Buffer.from(opts.cursor, 'base64url').toString('utf8').split('|');
    after = { createdAt: new Date(iso), id };
    if (Number.isNaN(after.createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
      throw new AppError(400, 'invalid_cursor', 'That page link is not valid; start from the first page.');
    }
  }
  const rows = await db
    .select({ n: notifications, number: complaints.number })
    .from(notifications)
    .leftJoin(complaints, eq(complaints.id, notifications.complaintId))
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? or(lt(notifications.createdAt, after.createdAt), and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
  // Served by the partial index on unread rows: a user's unread count never scans their history.
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const items = rows.slice(0, opts.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ n, number }) => ({
      id: n.id,
      text: n.text,
      complaintNumber: number,
      createdAt: n.createdAt.toISOString(),
      read: n.readAt !== null,
    })),
    unread: Number(unread?.n ?? 0),
    nextCursor:
      rows.length > opts.limit && last ? Buffer.from(`${last.n.createdAt.toISOString()}|${last.n.id}`).toString('base64url') : null,
  };
}

export async function markRead(db: Db, userId: string, ids: string[] | 'all'): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids)),
    );
}
