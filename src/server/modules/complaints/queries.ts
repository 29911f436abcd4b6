import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { MyComplaintsQuery } from '../../../shared/complaints.js';
import { FINISHED_STATUSES, OPEN_STATUSES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { complaintEvents, complaints, oneOf } from '../../db/schema.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';

const finished = oneOf(complaints.status, FINISHED_STATUSES);

/** The last public words of a complaint's thread, as the database hands them back (json: the time is a string). */
export interface LastWords {
  text: string;
  fromStudent: boolean;
  at: string;
}

// Written out with a table alias: in a one-table select drizzle leaves columns unqualified, which
// inside these correlated lookups would bind to the events table instead of the listed complaint.
/**
 * The newest public words said in the thread: a reply from either side, a note the team gave with a
 * status change, the student's reason for reopening. The filing's own entry ("Sent to …", from no
 * status) is not a message. One index probe on (complaint_id, created_at) per listed row.
 */
const lastWords = sql<LastWords | null>`(
  select json_build_object('text', ce.note, 'fromStudent', ce.actor_id is not distinct from complaints.student_id, 'at', ce.created_at)
  from ${complaintEvents} as ce
  where ce.complaint_id = complaints.id and ce.public and ce.note <> '' and ce.from_status is not null and ce.kind in ('reply', 'status')
  order by ce.created_at desc
  limit 1
)`;

/**
 * Whether the team spoke last: the newest of the team's public replies and everything the student
 * did (filing, replying, reopening) is a team reply. The caller asks it only of open complaints.
 */
const teamSpokeLast = sql<boolean | null>`(
  select ce.actor_id is distinct from complaints.student_id
  from ${complaintEvents} as ce
  where ce.complaint_id = complaints.id and ce.public and (ce.kind = 'reply' or ce.actor_id = complaints.student_id)
  order by ce.created_at desc
  limit 1
)`;

/** What `needsAction` says of a row (complaints/dto.ts): resolved, or open with the team's words last. */
const waitsForStudent = sql`(${complaints.status} = 'resolved' or (${oneOf(complaints.status, OPEN_STATUSES)} and coalesce(${teamSpokeLast}, false)))`;

/**
 * The student's own complaints, newest first, keyset-paginated on (created_at, id) over the
 * (student_id, created_at, id) index. The state filter is asked of the database, never applied to a
 * page in the browser: a student with many finished cleaning requests still sees an old open
 * complaint. Each row carries its last words and whether the team spoke last, computed by two
 * correlated lookups per row of the page (the limit applies first), never over all the student's complaints.
 */
export async function listStudentComplaints(db: Db, studentId: string, query: MyComplaintsQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ complaint: complaints, lastWords, teamSpokeLast })
    .from(complaints)
    .where(
      and(
        eq(complaints.studentId, studentId),
        query.state === 'finished' ? finished : query.state === 'unfinished' ? not(finished) : query.state === 'waiting' ? waitsForStudent : undefined,
        after ? afterCursor(complaints, after) : undefined,
      ),
    )
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, (row) => row.complaint);
}
