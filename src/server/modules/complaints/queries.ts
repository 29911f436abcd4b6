import { and, desc, eq, not } from 'drizzle-orm';
import type { MyComplaintsQuery } from '../../../shared/complaints.js';
import { FINISHED_STATUSES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { complaints, oneOf } from '../../db/schema.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';

const finished = oneOf(complaints.status, FINISHED_STATUSES);

/**
 * The student's own complaints, newest first, keyset-paginated on (created_at, id) over the
 * (student_id, created_at, id) index. The state filter is asked of the database, never applied to a
 * page in the browser: a student with many finished cleaning requests still sees an old open
 * complaint.
 */
export async function listStudentComplaints(db: Db, studentId: string, query: MyComplaintsQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select()
    .from(complaints)
    .where(
      and(
        eq(complaints.studentId, studentId),
        query.state === 'finished' ? finished : query.state === 'unfinished' ? not(finished) : undefined,
        after ? afterCursor(complaints, after) : undefined,
      ),
    )
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, (row) => row);
}
