import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STATUSES, type ComplaintStatus } from '../../../shared/constants.js';
import type { QueueQuery } from '../../../shared/staff.js';
import type { Db } from '../../db/client.js';
import { complaintCounts, complaints, users, type UserRow } from '../../db/schema.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { scopeCondition, type Scope } from './scope.js';

const assignee = alias(users, 'assignee');

/** Every complaint column except the search vector, which nobody needs to read. */
const { search: _search, ...complaintColumns } = getTableColumns(complaints);

/**
 * The staff queue: the user's scope and filters, keyset-paginated on (created_at, id) so a deep
 * page costs what the first one does, and served by the queue indexes.
 */
export async function listQueue(db: Db, scope: Scope, user: Pick<UserRow, 'id'>, query: QueueQuery) {
  const newest = query.sort === 'newest';
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ complaint: complaintColumns, assigneeName: assignee.name, assigneeEmail: assignee.email })
    .from(complaints)
    .leftJoin(assignee, eq(assignee.id, complaints.assigneeId))
    .where(
      and(
        scopeCondition(scope, complaints),
        query.status.length ? inArray(complaints.status, query.status) : undefined,
        query.category ? eq(complaints.category, query.category) : undefined,
        query.subCategory ? eq(complaints.subCategory, query.subCategory) : undefined,
        query.hostel ? eq(complaints.hostel, query.hostel) : undefined,
        query.floor !== undefined ? eq(complaints.floor, query.floor) : undefined,
        query.olderThanDays !== undefined
          ? lt(complaints.createdAt, sql`now() - make_interval(days => ${query.olderThanDays})`)
          : undefined,
        query.assignee === 'me'
          ? eq(complaints.assigneeId, user.id)
          : query.assignee === 'none'
            ? isNull(complaints.assigneeId)
            : query.assignee
              ? eq(complaints.assigneeId, query.assignee)
              : undefined,
        query.q ? sql`${complaints.search} @@ plainto_tsquery('simple', ${query.q})` : undefined,
        after ? afterCursor(complaints, after, newest ? 'desc' : 'asc') : undefined,
      ),
    )
    .orderBy(...(newest ? [desc(complaints.createdAt), desc(complaints.id)] : [asc(complaints.createdAt), asc(complaints.id)]))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, (row) => row.complaint);
}

/** Per-status counts in the user's scope, from the trigger-kept counts table (a few hundred rows at most). */
export async function statusCounts(db: Db, scope: Scope) {
  const rows = await db
    .select({ status: complaintCounts.status, count: sql<number>`coalesce(sum(${complaintCounts.count}), 0)::int` })
    .from(complaintCounts)
    .where(scopeCondition(scope, complaintCounts))
    .groupBy(complaintCounts.status);
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<ComplaintStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

export { complaintColumns };
