import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Readable } from 'node:stream';
import { STATUS_LABELS } from '../../../shared/constants.js';
import type { Insights, InsightsTable } from '../../../shared/insights.js';
import type { QueueQuery } from '../../../shared/staff.js';
import type { Db } from '../../db/client.js';
import { complaints, type UserRow } from '../../db/schema.js';
import { afterCursor, type KeysetPosition } from '../../lib/keyset.js';
import { recordIdentitySearch, Reporters, staffVisibleStudent } from '../confidentiality/index.js';
import { assignee, queueCondition, queueOrder } from '../staff/index.js';
import type { Scope } from '../access/index.js';
import { i18nFor, type I18n } from '../../i18n/index.js';

/**
 * CSV exports (issue 14). Rows are read in keyset batches and turned into text one batch at a
 * time; `Readable.from` asks for the next batch only when the client has taken the last one, so
 * memory stays flat however many rows there are and a slow reader slows the reads, not the heap.
 */

/** Rows per keyset batch: big enough that a million rows are 200 queries, small enough to stay a few MB. */
export const EXPORT_BATCH_ROWS = 5000;

const QUOTE_NEEDED = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180: quoted when it holds a quote, comma or line break, quotes doubled). Text
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
 * Written here rather than with csv-stringify: measured, its per-row cost alone was below the
 * export's 50,000 rows/s target on this machine (decision 28).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return QUOTE_NEEDED.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csv = (rows: Array<Array<string | number | null | undefined>>) => rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/** A header row in the reader's language (issue 28); the rows under it are data and stay as they are. */
const headerIn = (i18n: I18n, header: readonly string[]) => header.map((title) => i18n._(title));

/** Excel reads a UTF-8 file as UTF-8 only with the byte-order mark. */
const BOM = '\ufeff';

/** A timestamp as `2026-11-23 14:05:09` in UTC (what spreadsheets read as a date and time); '' for none. */
const utcText = (column: PgColumn) => sql`coalesce(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'), '')`;

/**
 * A file leaves the portal for good, so a confidential complaint's text stays out of it entirely
 * rather than scrubbed word by word as the console does (which also costs a regular expression per
 * identifying word, far too slow for a million rows).
 */
export const CONFIDENTIAL_MESSAGE = '[Confidential complaint: read it in the staff console]';

export const QUEUE_CSV_HEADER = [
  /*i18n*/ 'Number',
  /*i18n*/ 'Filed at (UTC)',
  /*i18n*/ 'Category',
  /*i18n*/ 'Sub-category',
  /*i18n*/ 'Hostel',
  /*i18n*/ 'Floor',
  /*i18n*/ 'Room',
  /*i18n*/ 'Status',
  /*i18n*/ 'Students affected',
  /*i18n*/ 'Assigned to',
  /*i18n*/ 'Due at (UTC)',
  /*i18n*/ 'Resolved at (UTC)',
  /*i18n*/ 'Rating',
  /*i18n*/ 'Student',
  /*i18n*/ 'Registration id',
  /*i18n*/ 'Student e-mail',
  /*i18n*/ 'Complaint',
];

/**
 * The staff queue with the filters the console shows, every page of it. Identity columns come from
 * the confidentiality guard: a confidential complaint's student is withheld in the file exactly as
 * on the screen (revealing stays a recorded, one-complaint action).
 */
export function queueCsv(
  db: Db,
  scope: Scope,
  user: Pick<UserRow, 'id'>,
  query: Omit<QueueQuery, 'cursor' | 'limit'>,
  /** The app's clock: what the view calls overdue or due today. */
  now: Date,
  mayRevealIdentity: boolean,
  /** The requester's language: the header row is in it; the data stays as it is. */
  i18n: I18n = i18nFor(null),
): Readable {
  const condition = queueCondition(scope, user, query, now, mayRevealIdentity);
  const order = queueOrder(query.sort);
  const batch = (after: KeysetPosition | undefined) =>
    // PostgreSQL writes the cells that say nothing about the student (csv_cell, migration 0012,
    // the same rules as csvCell): a row then arrives as a few strings instead of sixteen values
    // to parse and print again, which is what bounds a million-row export.
    db
      .select({
        id: complaints.id,
        keyTime: order.timeColumn,
        head: sql<string>`concat_ws(',', ${sql.join(
          [
            // Never needs quoting: numbers, category keys, times, labels the server writes.
            complaints.number,
            utcText(complaints.createdAt),
            complaints.category,
            // Free text an administrator or a student wrote: through csv_cell.
            sql`csv_cell(${complaints.subCategory})`,
            sql`csv_cell(${complaints.hostel})`,
            // A confidential complaint's room goes with its student's identity (staffVisibleRoom).
            sql`case when ${complaints.confidential} then 0 else ${complaints.floor} end`,
            // A common area's complaint names the area in the room's column (its name is kept in place_text).
            sql`csv_cell(case when ${complaints.confidential} then '' when ${complaints.commonAreaId} is not null then coalesce(${complaints.placeText}, '') else ${complaints.roomNo} end)`,
            statusLabel,
            // Its student and those who follow it (Me too, merged duplicates).
            sql`(${complaints.followerCount} + 1)::text`,
            sql`csv_cell(case when ${complaints.assigneeId} is null then '' else coalesce(nullif(${assignee.name}, ''), ${assignee.email}, '') end)`,
            // A clock waiting for the student has no due time (its stored one is the far end of time).
            sql`case when ${complaints.clockPausedAt} is not null then '' else ${utcText(complaints.dueAt)} end`,
            utcText(complaints.resolvedAt),
            // concat_ws skips NULLs, which would shift the columns: every cell here is text, never NULL.
            sql`coalesce(${complaints.rating}::text, '')`,
          ],
          sql`, `,
        )})`,
        tail: sql<string>`csv_cell(case when ${complaints.confidential} then ${CONFIDENTIAL_MESSAGE} else ${complaints.message} end)`,
        confidential: complaints.confidential,
        anonymous: complaints.anonymous,
        studentId: complaints.studentId,
        fname: complaints.fname,
        regId: complaints.regId,
        userEmail: complaints.userEmail,
        roomNo: complaints.roomNo,
        floor: complaints.floor,
        placeText: complaints.placeText,
        number: complaints.number,
      })
      .from(complaints)
      .leftJoin(assignee, eq(assignee.id, complaints.assigneeId))
      .where(and(condition, after ? afterCursor(complaints, after, order.direction, order.timeColumn) : undefined))
      .orderBy(...order.orderBy)
      .limit(EXPORT_BATCH_ROWS)
      // Started now (a drizzle query runs when awaited, and again on every await).
      .execute();
  async function* lines() {
    yield BOM + csv([headerIn(i18n, QUEUE_CSV_HEADER)]);
    let pending = batch(undefined);
    for (;;) {
      const rows = await pending;
      const last = rows[rows.length - 1];
      const more = rows.length === EXPORT_BATCH_ROWS && last !== undefined;
      // The next batch is read while this one goes out: at most two batches are ever in memory.
      // (If the client goes away first, that read's outcome no longer matters: it is marked handled.)
      if (more) {
        pending = batch({ createdAt: last.keyTime, id: last.id });
        pending.catch(() => undefined);
      }
      let text = '';
      // Who filed each: through the projection, as the console shows it (a query only for confidential rows).
      const reporters = await Reporters.load(db, rows);
      if (mayRevealIdentity && query.q) await recordIdentitySearch(db, user.id, query.q, rows);
      for (const c of rows) {
        const student = staffVisibleStudent(reporters.of(c), c);
        text += `${c.head},${csvCell(student.fname)},${csvCell(student.id)},${csvCell(student.userEmail)},${c.tail}\r\n`;
      }
      if (text) yield text;
      if (!more) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The status's label (STATUS_LABELS) in SQL. */
const statusLabel = sql.raw(
  `case complaints.status ${Object.entries(STATUS_LABELS)
    .map(([k, v]) => `when '${k}' then '${v.replaceAll("'", "''")}'`)
    .join(' ')} end`,
);

const hoursCell = (h: number | null) => (h === null ? '' : h.toFixed(1));
const shareCell = (s: number | null) => (s === null ? '' : (s * 100).toFixed(1));

/** One of the dashboard's tables as CSV, with the same figures the page shows (aggregates only: no identities). */
export function insightsTableCsv(figures: Insights, table: InsightsTable, i18n: I18n = i18nFor(null)): string {
  const withHeader = (rows: Array<Array<string | number | null | undefined>>) => csv([headerIn(i18n, rows[0] as string[]), ...rows.slice(1)]);
  const label = new Map(figures.categories.map((c) => [c.key, c.label]));
  const cat = (key: string) => label.get(key) ?? key;
  switch (table) {
    case 'open':
      return BOM + withHeader([[/*i18n*/ 'Hostel', /*i18n*/ 'Category', /*i18n*/ 'Open', /*i18n*/ 'Overdue'], ...figures.openCells.map((c) => [c.hostel, cat(c.category), c.open, c.overdue])]);
    case 'weekly':
      return BOM + withHeader([[/*i18n*/ 'Week (Monday)', /*i18n*/ 'Category', /*i18n*/ 'Filed'], ...figures.weekly.map((w) => [w.week, cat(w.category), w.filed])]);
    case 'rooms':
      return (
        BOM +
        csv([[/*i18n*/ 'Hostel', /*i18n*/ 'Place', /*i18n*/ 'Category', /*i18n*/ 'Complaints in 30 days'], ...figures.recurringRooms.map((r) => [r.hostel, r.area ? r.area.name : `Room ${r.roomNo}`, cat(r.category), r.count])])
      );
    case 'times':
      return (
        BOM +
        csv([
          [
            /*i18n*/ 'Hostel',
            /*i18n*/ 'Category',
            /*i18n*/ 'Filed',
            /*i18n*/ 'Acknowledged',
            /*i18n*/ 'Median hours to acknowledge',
            /*i18n*/ '90th percentile hours to acknowledge',
            /*i18n*/ 'Resolved',
            /*i18n*/ 'Median hours to resolve',
            /*i18n*/ '90th percentile hours to resolve',
            /*i18n*/ 'Resolved within target',
            /*i18n*/ 'Share within target (%)',
            /*i18n*/ 'Reopened',
            /*i18n*/ 'Reopen rate (%)',
            /*i18n*/ 'Ratings',
            /*i18n*/ 'Average rating',
          ],
          ...[...figures.times, figures.total].map((t) => [
            t.hostel,
            t.category === 'All' ? 'All' : cat(t.category),
            t.filed,
            t.acknowledged,
            hoursCell(t.ackMedianHours),
            hoursCell(t.ackP90Hours),
            t.resolved,
            hoursCell(t.resolveMedianHours),
            hoursCell(t.resolveP90Hours),
            t.resolvedOnTime,
            shareCell(t.onTimeShare),
            t.reopened,
            shareCell(t.reopenRate),
            t.ratings,
            t.ratingAverage === null ? '' : t.ratingAverage.toFixed(2),
          ]),
        ])
      );
  }
}
