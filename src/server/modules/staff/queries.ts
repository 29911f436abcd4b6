import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_STATUSES, STATUSES, type ComplaintStatus } from '../../../shared/constants.js';
import type { Attention } from '../../../shared/queue.js';
import type { QueueQuery } from '../../../shared/staff.js';
import type { Db } from '../../db/client.js';
import { complaintCounts, complaints, confidentialSearchVector, oneOf, userSearchVector, users, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { afterCursor, decodeCursor, pageOf } from '../../lib/keyset.js';
import { scopeCondition, type Scope } from '../access/index.js';

const assignee = alias(users, 'assignee');

/** Every complaint column except the search vectors, which nobody needs to read. */
const { search: _search, studentSearch: _studentSearch, ...complaintColumns } = getTableColumns(complaints);

/**
 * The staff queue: the user's scope and filters, keyset-paginated on (created_at, id) so a deep
 * page costs what the first one does, and served by the queue indexes.
 */
const openOnly = oneOf(complaints.status, OPEN_STATUSES);
/** The next midnight on the university's clock (university_time_zone(), migration 0026), after `now`. */
const endOfLocalToday = (now: SQL) => sql`(((${now} at time zone university_time_zone())::date + 1)::timestamp at time zone university_time_zone())`;
/**
 * The app's clock as a parameter (issue 44): what is overdue or due today is asked of the clock the
 * deadlines were counted on, never the database's now(). A paused clock's due time is the far end
 * of time (PAUSED_DUE_AT), so neither filter ever finds a complaint waiting for its student.
 */
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * More students than this sharing a searched name are not listed: the condition then asks for them
 * in a subquery, and with that many their complaints are dense enough that walking the queue's
 * index in order finds a page quickly.
 */
const NAMED_STUDENTS_MAX = 500;

/**
 * Complaints filed under a name (the copy on the complaint) up to this many are looked up before
 * the queue's query, for the students they belong to; more are dense enough that walking the
 * queue's index in order finds a page quickly.
 */
const FILED_AS_MAX = 1000;

/**
 * A name more accounts than this share is common enough that its complaints are dense, and the
 * look-up above would cost more (every match is read into the bitmap) than it could save: the
 * copy is then asked as it is.
 */
const FILED_AS_LOOKUP_ACCOUNTS = 20;

/** Who a search names: the students whose account matches it now, and those whose complaints were filed under it. */
export interface NamedStudents {
  byAccount: string[];
  /**
   * Students not in `byAccount` with a complaint whose copy of the name as filed matches (an
   * account renamed since); undefined when more than FILED_AS_MAX complaints match that way, or
   * more than FILED_AS_LOOKUP_ACCOUNTS accounts match (the copy is then asked of every complaint).
   */
  byFiling: string[] | undefined;
}

/**
 * The students whose account matches every word of `q` (any part of the name as the staff page
 * shows it, in any order, the registration number, the address), found by users_search_idx, and
 * those whose complaints were filed under those words; or undefined when more than
 * NAMED_STUDENTS_MAX accounts match. Looked up before the queue's query so that the planner sees
 * the lists: a subquery's result it cannot estimate, nor how few complaints a rare word (a
 * registration number, an address) matches in their copies, and for either it would walk all the
 * complaints in order looking for a page.
 */
export async function studentsNamed(db: Pick<Db, 'select'>, q: string): Promise<NamedStudents | undefined> {
  const words = sql`plainto_tsquery('simple', ${q})`;
  const accounts = await db.select({ id: users.id }).from(users).where(sql`${userSearchVector} @@ ${words}`).limit(NAMED_STUDENTS_MAX + 1);
  if (accounts.length > NAMED_STUDENTS_MAX) return undefined;
  const byAccount = accounts.map((r) => r.id);
  if (byAccount.length > FILED_AS_LOOKUP_ACCOUNTS) return { byAccount, byFiling: undefined };
  const filed = await db
    .select({ studentId: complaints.studentId })
    .from(complaints)
    .where(sql`${complaints.studentSearch} @@ ${words}`)
    .limit(FILED_AS_MAX + 1);
  if (filed.length > FILED_AS_MAX) return { byAccount, byFiling: undefined };
  const known = new Set(byAccount);
  return { byAccount, byFiling: [...new Set(filed.map((r) => r.studentId))].filter((id) => !known.has(id)) };
}

/**
 * The search box: words in the message, room or number; and, for staff, who filed it: the
 * account's name, registration number and address, or the complaint's own copy of the first name,
 * number and address as filed (an account renamed since is found by its old name, however many
 * others have it now). With `students` listed (studentsNamed), complaints come by student_id, and
 * the copy is asked only of the complaints of students found by it: the planner then sees how few
 * rows a rare name, number or address matches. Undefined `students` asks for them in a subquery.
 * A confidential complaint is found by its student only by those who may reveal the student.
 */
function textMatch(q: string, mayRevealIdentity: boolean, students: NamedStudents | undefined): SQL {
  const words = sql`plainto_tsquery('simple', ${q})`;
  const byStudent = studentCondition(words, students);
  // A confidential report's `search` holds only its number and where it happened (decision 63):
  // its own words and the reporter's room are searched by the duty alone, in their partial index.
  if (!mayRevealIdentity) return sql`(${complaints.search} @@ ${words} or (${byStudent} and not ${complaints.confidential}))`;
  return sql`(${complaints.search} @@ ${words} or ${byStudent} or (${confidentialWords(words)}))`;
}

/** A confidential report's message or room matches: the predicate of complaints_confidential_search_idx. */
const confidentialWords = (words: SQL) => sql`${complaints.confidential} and ${confidentialSearchVector} @@ ${words}`;

function studentCondition(words: SQL, students: NamedStudents | undefined): SQL {
  const asFiled = sql`${complaints.studentSearch} @@ ${words}`;
  if (students === undefined) {
    return sql`(${asFiled} or ${complaints.studentId} in (select ${users.id} from ${users} where ${userSearchVector} @@ ${words}))`;
  }
  const byAccount = inArray(complaints.studentId, students.byAccount);
  if (students.byFiling === undefined) return sql`(${byAccount} or ${asFiled})`;
  if (!students.byFiling.length) return byAccount;
  return sql`(${byAccount} or (${inArray(complaints.studentId, students.byFiling)} and ${asFiled}))`;
}

/**
 * The queue's filters and the user's scope as one condition (no cursor): the console's pages and
 * the CSV export of a view (modules/insights/export.ts) select exactly the same complaints.
 */
export function queueCondition(
  scope: Scope,
  user: Pick<UserRow, 'id'>,
  query: Omit<QueueQuery, 'cursor' | 'limit'>,
  /** The app's clock (app.clock): overdue and due today are read against it. */
  now: Date,
  mayRevealIdentity = false,
  /** The students `query.q` names (studentsNamed); undefined looks them up inside the query. */
  namedStudents?: NamedStudents,
): SQL | undefined {
  // Due times and escalations matter only for open work; the literal list lets PostgreSQL use the partial indexes.
  const onlyOpen = query.sort === 'due' || query.due !== undefined || query.escalated;
  return and(
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
      : query.assignee === 'me_or_none'
        ? or(eq(complaints.assigneeId, user.id), isNull(complaints.assigneeId))
        : query.assignee === 'none'
        ? isNull(complaints.assigneeId)
        : query.assignee
          ? eq(complaints.assigneeId, query.assignee)
          : undefined,
    query.q ? textMatch(query.q, mayRevealIdentity, namedStudents) : undefined,
    onlyOpen ? openOnly : undefined,
    query.due === 'overdue' ? sql`${complaints.dueAt} < ${at(now)}` : undefined,
    // Until midnight on the university's clock (decision 53), not the next 24 hours: at 23:00 in
    // Kolkata, work due at 08:00 is tomorrow's.
    query.due === 'today' ? sql`${complaints.dueAt} >= ${at(now)} and ${complaints.dueAt} < ${endOfLocalToday(at(now))}` : undefined,
    // With the open statuses above: the predicate of complaints_escalated_open_idx.
    query.escalated ? sql`${complaints.escalationLevel} > 0` : undefined,
  );
}

/**
 * The queue's order for a sort: its time column, direction, and the ORDER BY (time, id). The CSV
 * export pages by exactly this; the console's "due soonest" adds the followers (`listQueue`).
 */
export function queueOrder(sort: QueueQuery['sort']) {
  const byDue = sort === 'due';
  const direction: 'asc' | 'desc' = sort === 'newest' ? 'desc' : 'asc';
  const timeColumn = byDue ? complaints.dueAt : complaints.createdAt;
  const by = direction === 'desc' ? desc : asc;
  return { timeColumn, direction, orderBy: [by(timeColumn), by(complaints.id)] };
}

/** Where a "due soonest" page ended: the due time, the followers and the id of its last row. */
interface DuePosition {
  dueAt: Date;
  followers: number;
  id: string;
}

const DUE_CURSOR = /^d\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,9})\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const encodeDueCursor = (p: DuePosition) => Buffer.from(`d|${p.dueAt.toISOString()}|${p.followers}|${p.id}`).toString('base64url');

/** Strict, like decodeCursor: anything but what encodeDueCursor writes is a 400, never a database error. */
function decodeDueCursor(cursor: string): DuePosition {
  const match = DUE_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const dueAt = new Date(match?.[1] ?? Number.NaN);
  if (!match?.[2] || !match[3] || Number.isNaN(dueAt.getTime()) || dueAt.toISOString() !== match[1]) {
    throw new AppError(400, 'invalid_cursor', /*i18n*/ 'That page link is not valid; start from the first page.', { cursor: 'is not valid' });
  }
  return { dueAt, followers: Number(match[2]), id: match[3] };
}

/**
 * Rows after `after` in the order (due_at, follower_count desc, id). The position is read from the
 * row itself (microseconds, and a follower count that moved since), the cursor's copy standing in
 * when the row is gone. The first term is a plain range on due_at, so the partial due index serves
 * it; PostgreSQL sorts each due time's few rows by followers on top of the index's order.
 */
function afterDuePosition(after: DuePosition): SQL {
  const row = (column: string) => sql`(select k.${sql.identifier(column)} from ${complaints} as k where k.id = ${after.id}::uuid)`;
  const due = sql`coalesce(${row('due_at')}, ${after.dueAt.toISOString()}::timestamptz)`;
  const followers = sql`coalesce(${row('follower_count')}, ${after.followers})`;
  return sql`(${complaints.dueAt} >= ${due} and (${complaints.dueAt} > ${due} or ${complaints.followerCount} < ${followers}
    or (${complaints.followerCount} = ${followers} and ${complaints.id} > ${after.id}::uuid)))`;
}

/**
 * A search first reads at most this many complaints in the page's order from its position (a walk
 * of complaints_queue_idx, a few milliseconds) and filters them; only when they hold less than a
 * page does it ask the search indexes for every match and sort those.
 */
const SEARCH_WINDOW = 5000;

/**
 * A registration number or an address (every word has a digit or an @) that names a few students:
 * their complaints, and the few whose words hold it, are sparse, so a search skips the window.
 */
const namesFewStudents = (q: string, named: NamedStudents | undefined) =>
  named !== undefined &&
  named.byAccount.length > 0 &&
  named.byAccount.length <= FILED_AS_LOOKUP_ACCOUNTS &&
  q.trim().split(/\s+/).every((word) => /[\d@]/.test(word));

/**
 * Up to this many students a search names (by account, and by the name their complaints were filed
 * under) are each read from complaints_student_created_idx in the page's order.
 */
const STUDENT_BRANCHES_MAX = 40;

/** How many of each named student's complaints, from the page's position on, a sparse search reads. */
const STUDENT_WINDOW = 100;

/** A search whose words match more complaints than this (within its filters) is not read a student at a time. */
const WORD_MATCHES_MAX = 1000;

/**
 * A sparse search's page, read from where its rows can only come from (decision 62), when the
 * students it names are listed: each named student's next STUDENT_WINDOW complaints in the page's
 * order (their own index, then each row once), and the complaints whose own words match (the
 * search index, sorted). Every match is a complaint of a listed student or one whose words match
 * (textMatch), so every match up to the *bound* is among them: the bound is the earliest, in the
 * page's order, of the students' last rows read, past which some student's complaints were not.
 * The page is the first rows up to the bound, and it is whole when it holds `take` rows or no
 * student has complaints past the window. Undefined when it is not, or when the words themselves
 * match more than WORD_MATCHES_MAX complaints (sorting those would cost more than the window the
 * caller then reads first): the caller then searches as it did before (a full name a dozen
 * students share is 24,000 complaints at ten million, all read and sorted for one page).
 *
 * Each student's rows are filtered with what textMatch asks of that one student, written without
 * the lists: with them PostgreSQL guesses a handful of matches and reads all of the student's
 * complaints through the search indexes. The page applies the whole condition again, so a branch
 * can only narrow what it offers, never widen the answer.
 */
async function sparseSearchPage<Row>(
  db: Db,
  read: (candidates: SQL) => Promise<Row[]>,
  q: string,
  named: NamedStudents | undefined,
  filters: SQL | undefined,
  position: SQL | undefined,
  mayRevealIdentity: boolean,
  direction: 'asc' | 'desc',
  take: number,
): Promise<Row[] | undefined> {
  if (named?.byFiling === undefined) return undefined;
  const students = [...named.byAccount, ...named.byFiling];
  if (!students.length || students.length > STUDENT_BRANCHES_MAX) return undefined;
  const way = sql.raw(direction);
  const inOrder = sql`${complaints.createdAt} ${way}, ${complaints.id} ${way}`;
  const words = sql`plainto_tsquery('simple', ${q})`;
  const ownWords = sql`${complaints.search} @@ ${words}`;
  const ofStudentInOrder = (student: string) => sql`select ${complaints.id}, ${complaints.createdAt} from ${complaints} where ${and(eq(complaints.studentId, student), position)} order by ${inOrder}`;
  // Each student's row just past the window; the earliest of them in the page's order is the bound.
  // As text: a timestamp keeps its microseconds, which a Date would lose.
  const pastWindow = sql.join(
    students.map((student) => sql`(${ofStudentInOrder(student)} offset ${STUDENT_WINDOW} limit 1)`),
    sql` union all `,
  );
  // And whether the words themselves are rare enough to sort all their matches: counted up to a cap,
  // with no order, so a common word stops early.
  const [facts] = await db
    .select({
      bound: sql<string | null>`(select b.created_at::text || '|' || b.id::text from (${pastWindow}) as b order by b.created_at ${way}, b.id ${way} limit 1)`,
      wordMatches: sql<number>`(select count(*)::int from (select 1 from ${complaints} where ${and(ownWords, filters)} limit ${WORD_MATCHES_MAX + 1}) as w)`,
    })
    .from(sql`(select 1) as one`);
  if (!facts || Number(facts.wordMatches) > WORD_MATCHES_MAX) return undefined;
  const [boundAt, boundId] = facts.bound?.split('|') ?? [];
  const bound = boundAt && boundId ? { at: boundAt, id: boundId } : undefined;

  const mayFind = mayRevealIdentity ? undefined : sql`not ${complaints.confidential}`;
  const ofStudent = (student: string, byStudent: SQL) =>
    sql`(select ${complaints.id} from ${complaints} where ${complaints.id} in (select id from (${ofStudentInOrder(student)} limit ${STUDENT_WINDOW}) as w) and ${and(filters, or(ownWords, byStudent))} order by ${inOrder} limit ${take})`;
  const branches = [
    // The duty: a confidential report's own words and room, from their own small index.
    ...(mayRevealIdentity ? [sql`(select ${complaints.id} from ${complaints} where ${and(confidentialWords(words), filters)} order by ${inOrder} limit ${take})`] : []),
    // Named by the account: every complaint of theirs the reader may find by who filed it.
    ...named.byAccount.map((student) => ofStudent(student, mayFind ?? sql`true`)),
    // Named by the copy on their complaints only (an account renamed since).
    ...named.byFiling.map((student) => ofStudent(student, and(sql`${complaints.studentSearch} @@ ${words}`, mayFind) ?? sql`true`)),
    // An order no index provides, as in listQueue: the words' matches come from the search index.
    sql`(select ${complaints.id} from ${complaints} where ${and(ownWords, filters)} order by ${complaints.createdAt} + interval '0 seconds' ${way}, ${complaints.id} ${way} limit ${take})`,
  ];
  const upToBound = bound
    ? sql`(${complaints.createdAt}, ${complaints.id}) ${sql.raw(direction === 'desc' ? '>' : '<')} (${bound.at}::timestamptz, ${bound.id}::uuid)`
    : undefined;
  const rows = await read(and(sql`${complaints.id} in (${sql.join(branches, sql` union all `)})`, upToBound) ?? sql`true`);
  return rows.length >= take || !bound ? rows : undefined;
}

export async function listQueue(db: Db, scope: Scope, user: Pick<UserRow, 'id'>, query: QueueQuery, now: Date, mayRevealIdentity = false) {
  const byDue = query.sort === 'due';
  const order = queueOrder(query.sort);
  const position = query.cursor
    ? byDue
      ? afterDuePosition(decodeDueCursor(query.cursor))
      : afterCursor(complaints, decodeCursor(query.cursor), order.direction, order.timeColumn)
    : undefined;
  const named = query.q ? await studentsNamed(db, query.q) : undefined;
  const condition = queueCondition(scope, user, query, now, mayRevealIdentity, named);
  const select = () => db.select({ complaint: complaintColumns, assigneeName: assignee.name, assigneeEmail: assignee.email });
  if (query.q && !byDue) {
    const sortBy = order.direction === 'desc' ? desc : asc;
    const sorted = [sortBy(sql`${complaints.createdAt} + interval '0 seconds'`), sortBy(complaints.id)];
    // A few students named and words found in few complaints: a student at a time (decision 62).
    const fromStudents = await sparseSearchPage(
      db,
      (candidates) =>
        select()
          .from(complaints)
          .leftJoin(assignee, eq(assignee.id, complaints.assigneeId))
          .where(and(condition, position, candidates))
          .orderBy(...sorted)
          .limit(query.limit + 1),
      query.q,
      named,
      and(queueCondition(scope, user, { ...query, q: undefined }, now, mayRevealIdentity), position),
      position,
      mayRevealIdentity,
      order.direction,
      query.limit + 1,
    );
    if (fromStudents) return pageOf(fromStudents, query.limit, (row) => ({ createdAt: row.complaint.createdAt, id: row.complaint.id }));
    if (!namesFewStudents(query.q, named)) {
      /*
       * The planner cannot tell how many complaints a search matches (its estimate for a word it has
       * no statistics on is thousands, whatever the word): it either walks the queue's index in order
       * looking for a page, which reads all ten million rows when a word, number or address is rare
       * or absent, or reads every match through the search indexes and sorts them, which costs
       * hundreds of milliseconds for a common word. So both, bounded: the next SEARCH_WINDOW
       * complaints in order first (a page when matches are dense, as they are for a common word),
       * then, if they held less than a page, every match sorted (they are then sparse). The same rows
       * in the same order either way.
       */
      const olderThan = query.olderThanDays !== undefined ? lt(complaints.createdAt, sql`now() - make_interval(days => ${query.olderThanDays})`) : undefined;
      // Named like the table, so that the condition's columns ("complaints"."…") are the window's.
      const window = db.select().from(complaints).where(and(position, olderThan)).orderBy(...order.orderBy).limit(SEARCH_WINDOW).as('complaints');
      const walked = await select()
        .from(window)
        .leftJoin(assignee, eq(assignee.id, complaints.assigneeId))
        .where(condition)
        .orderBy(...order.orderBy)
        .limit(query.limit + 1);
      if (walked.length > query.limit) return pageOf(walked, query.limit, (row) => ({ createdAt: row.complaint.createdAt, id: row.complaint.id }));
    }
    const matched = await select()
      .from(complaints)
      .leftJoin(assignee, eq(assignee.id, complaints.assigneeId))
      .where(and(condition, position))
      // An expression no index provides: every match is read through the search indexes and sorted.
      .orderBy(...sorted)
      .limit(query.limit + 1);
    return pageOf(matched, query.limit, (row) => ({ createdAt: row.complaint.createdAt, id: row.complaint.id }));
  }
  const rows = await select()
    .from(complaints)
    .leftJoin(assignee, eq(assignee.id, complaints.assigneeId))
    .where(and(condition, position))
    // Due at the same time: the complaint more students follow first (it affects more of them).
    .orderBy(...(byDue ? [asc(complaints.dueAt), desc(complaints.followerCount), asc(complaints.id)] : order.orderBy))
    .limit(query.limit + 1);
  if (!byDue) return pageOf(rows, query.limit, (row) => ({ createdAt: row.complaint.createdAt, id: row.complaint.id }));
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const more = rows.length > query.limit && last !== undefined;
  return {
    items,
    nextCursor: more ? encodeDueCursor({ dueAt: last.complaint.dueAt, followers: last.complaint.followerCount, id: last.complaint.id }) : null,
  };
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

/** count(*) as a number on both drivers (a string on pg, a number on PGlite). */
const counted = sql<number>`count(*)::int`;

/** A sum over the rows that meet `where`, as a number on both drivers, 0 over no rows. */
const summed = (what: SQLWrapper, where: SQL | undefined) => sql<number>`coalesce(sum(${what}) filter (where ${where}), 0)::int`;

/**
 * The first screen's figures in the user's scope, in one statement (one snapshot: overdue is a
 * difference of two of its parts). New, reopened, unassigned and escalated are sums over the
 * trigger-kept complaint_counts rows of the scope (a few hundred at most, decision 61); overdue is
 * the open complaints there less those not yet due, which the due index holds only for the last
 * few days' filings; the user's own open work is read from the open-by-assignee index. None of
 * them counts the complaints of a scope, which at ten million are hundreds of thousands.
 */
export async function attentionCounts(db: Db, scope: Scope, user: Pick<UserRow, 'id'>, now: Date): Promise<Attention> {
  const inScope = scopeCondition(scope, complaints);
  const openCounts = oneOf(complaintCounts.status, OPEN_STATUSES);
  const notYetDue = db.select({ n: counted }).from(complaints).where(and(openOnly, sql`${complaints.dueAt} >= ${at(now)}`, inScope));
  const assignedToMe = db.select({ n: counted }).from(complaints).where(and(openOnly, eq(complaints.assigneeId, user.id), inScope));
  const [row] = await db
    .select({
      submitted: summed(complaintCounts.count, eq(complaintCounts.status, 'submitted')),
      reopened: summed(complaintCounts.count, eq(complaintCounts.status, 'reopened')),
      open: summed(complaintCounts.count, openCounts),
      unassigned: summed(complaintCounts.unassigned, openCounts),
      escalated: summed(complaintCounts.escalated, openCounts),
      notYetDue: sql<number>`(${notYetDue})`,
      assignedToMe: sql<number>`(${assignedToMe})`,
    })
    .from(complaintCounts)
    .where(scopeCondition(scope, complaintCounts));
  const figure = (value: number | undefined) => Number(value ?? 0);
  const unassigned = figure(row?.unassigned);
  return {
    new: figure(row?.submitted),
    mine: figure(row?.assignedToMe) + unassigned,
    overdue: figure(row?.open) - figure(row?.notYetDue),
    escalated: figure(row?.escalated),
    reopened: figure(row?.reopened),
    unassigned,
  };
}

export { assignee, complaintColumns };
