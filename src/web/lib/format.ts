const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function toDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12 Mar 2026, 14:05" in the reader's locale; the raw value if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = toDate(iso);
  return date ? dateTime.format(date) : iso;
}

/** "12 Mar 2026" in the reader's locale. */
export function formatDate(iso: string): string {
  const date = toDate(iso);
  return date ? dateOnly.format(date) : iso;
}
