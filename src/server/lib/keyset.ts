import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './errors.js';

/**
 * Keyset pagination over (created_at, id), shared by every list. The cursor is opaque to clients;
 * the condition is a row comparison, which PostgreSQL turns into an index range on
 * (…, created_at, id) instead of a filter applied after a sort.
 */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export const encodeCursor = (row: KeysetPosition): string =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
// Any time the portal can have written: a cursor outside these years was made by hand.
const EARLIEST = Date.parse('2000-01-01T00:00:00.000Z');
const LATEST = Date.parse('3000-01-01T00:00:00.000Z');

/**
 * Strict: exactly what encodeCursor writes (a real ISO instant in a sane range and a canonical
 * UUID), so a forged cursor is a 400, never a database error.
 */
export function decodeCursor(cursor: string): KeysetPosition {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = new Date(match?.[1] ?? Number.NaN);
  const time = createdAt.getTime();
  if (!match?.[2] || Number.isNaN(time) || createdAt.toISOString() !== match[1] || time < EARLIEST || time >= LATEST) {
    throw new AppError(400, 'invalid_cursor', /*i18n*/ 'That page link is not valid; start from the first page.', { cursor: 'is not valid' });
  }
  return { createdAt, id: match[2] };
}

/**
 * Rows after the cursor in the given order. The position is read back from the row itself by its
 * key: timestamps are stored to the microsecond but a cursor's ISO string holds milliseconds, so
 * comparing with the cursor's time alone would skip rows filed within the same millisecond. The
 * cursor's own time only stands in when that row no longer exists.
 */
export function afterCursor(
  table: PgTable & { createdAt: PgColumn; id: PgColumn },
  after: KeysetPosition,
  order: 'desc' | 'asc' = 'desc',
  /** The time column the list is ordered by (created_at unless said otherwise, e.g. due_at). */
  timeColumn: PgColumn = table.createdAt,
): SQL {
  const time = sql.identifier(timeColumn.name);
  const id = sql.identifier(table.id.name);
  const exactTime = sql`(select k.${time} from ${table} as k where k.${id} = ${after.id}::uuid)`;
  const position = sql`(coalesce(${exactTime}, ${after.createdAt.toISOString()}::timestamptz), ${after.id}::uuid)`;
  return order === 'desc' ? sql`(${timeColumn}, ${table.id}) < ${position}` : sql`(${timeColumn}, ${table.id}) > ${position}`;
}

/** Splits the limit+1 rows a query fetched into a page and the next cursor. */
export function pageOf<T>(rows: T[], limit: number, position: (row: T) => KeysetPosition) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(position(last)) : null };
}
