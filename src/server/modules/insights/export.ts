import { stringify } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import { STATUS_LABELS } from '../../../shared/constants.js';
import type { Insights, InsightsTable } from '../../../shared/insights.js';
import type { QueueQuery } from '../../../shared/staff.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { staffVisibleStudent, withholdIdentity } from '../confidentiality/guard.js';
import { listQueue } from '../staff/queries.js';
import type { Scope } from '../staff/scope.js';

/**
 * CSV exports (issue 14). Rows are read in keyset batches and turned into text one batch at a
 * time; `Readable.from` asks for the next batch only when the client has taken the last one, so
 * memory stays flat however many rows there are and a slow reader slows the reads, not the heap.
 */

/** Rows per keyset batch: big enough that a million rows are 200 queries, small enough to stay a few MB. */
export const EXPORT_BATCH_ROWS = 5000;

/** Formula-looking cells (=, +, -, @, tab, CR) get a leading apostrophe so a spreadsheet never runs them. */
const csv = (rows: unknown[][]) => stringify(rows, { escape_formulas: true, record_delimiter: '\r\n' });

/** Excel reads a UTF-8 file as UTF-8 only with the byte-order mark. */
const BOM = '\ufeff';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export const QUEUE_CSV_HEADER = [
  'Number',
  'Filed at (UTC)',
  'Category',
  'Sub-category',
  'Hostel',
  'Floor',
  'Room',
  'Status',
  'Assigned to',
  'Due at (UTC)',
  'Resolved at (UTC)',
  'Rating',
  'Student',
  'Registration id',
  'Student e-mail',
  'Complaint',
];

/**
 * The staff queue with the filters the console shows, every page of it. Identity columns come from
 * the confidentiality guard: a confidential complaint's student is withheld in the file exactly as
 * on the screen (revealing stays a recorded, one-complaint action).
 */
export function queueCsv(db: Db, scope: Scope, user: Pick<UserRow, 'id'>, query: QueueQuery, mayRevealIdentity: boolean): Readable {
  async function* lines() {
    yield BOM + csv([QUEUE_CSV_HEADER]);
    let cursor: string | undefined;
    do {
      const page = await listQueue(db, scope, user, { ...query, cursor, limit: EXPORT_BATCH_ROWS }, mayRevealIdentity);
      const rows = page.items.map(({ complaint: c, assigneeName, assigneeEmail }) => {
        const student = staffVisibleStudent(c);
        return [
          c.number,
          iso(c.createdAt),
          c.category,
          c.subCategory,
          c.hostel,
          c.floor,
          c.roomNo,
          STATUS_LABELS[c.status],
          c.assigneeId ? assigneeName || assigneeEmail || '' : '',
          iso(c.dueAt),
          iso(c.resolvedAt),
          c.rating ?? '',
          student.fname,
          student.id,
          student.userEmail,
          withholdIdentity(c, c.message),
        ];
      });
      if (rows.length) yield csv(rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return Readable.from(lines(), { objectMode: false });
}

const hoursCell = (h: number | null) => (h === null ? '' : h.toFixed(1));
const shareCell = (s: number | null) => (s === null ? '' : (s * 100).toFixed(1));

/** One of the dashboard's tables as CSV, with the same figures the page shows (aggregates only: no identities). */
export function insightsTableCsv(figures: Insights, table: InsightsTable): string {
  const label = new Map(figures.categories.map((c) => [c.key, c.label]));
  const cat = (key: string) => label.get(key) ?? key;
  switch (table) {
    case 'open':
      return BOM + csv([['Hostel', 'Category', 'Open', 'Overdue'], ...figures.openCells.map((c) => [c.hostel, cat(c.category), c.open, c.overdue])]);
    case 'weekly':
      return BOM + csv([['Week (Monday)', 'Category', 'Filed'], ...figures.weekly.map((w) => [w.week, cat(w.category), w.filed])]);
    case 'rooms':
      return (
        BOM +
        csv([['Hostel', 'Room', 'Category', 'Complaints in 30 days'], ...figures.recurringRooms.map((r) => [r.hostel, r.roomNo, cat(r.category), r.count])])
      );
    case 'times':
      return (
        BOM +
        csv([
          [
            'Hostel',
            'Category',
            'Filed',
            'Acknowledged',
            'Median hours to acknowledge',
            '90th percentile hours to acknowledge',
            'Resolved',
            'Median hours to resolve',
            '90th percentile hours to resolve',
            'Resolved within target',
            'Share within target (%)',
            'Reopened',
            'Reopen rate (%)',
            'Ratings',
            'Average rating',
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
