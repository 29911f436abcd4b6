/*
 * Wall time on the university's clock (decision 53), in one place (issue 42): the day and the time
 * an instant falls on in a zone, the instant a wall time names there, and calendar days
 * ('YYYY-MM-DD') with their weekdays. Plain `Intl`, no library: the zone's rules are the
 * runtime's own, and these few functions are all the portal asks of them.
 */

/** An instant as a clock in some zone shows it. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Made once per zone: every notice, visit and list row reads a wall time. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  return format;
}

export function wallTimeIn(date: Date, timeZone: string): WallTime {
  const parts = formatIn(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** Days since 1970-01-01 of a wall time's date: two of them differ by the days between. */
export const dayNumber = (w: WallTime): number => Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;

export const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The instant the wall time `date` 'YYYY-MM-DD' at `time` 'HH:MM' names in `timeZone`, or null when
 * it is not one (2026-02-30). The zone's offset is read at the guess and again at the result, which
 * settles it across a change of offset (a time a clock change skips lands just after it).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(asUtc)) return null;
  const check = new Date(asUtc);
  if (check.getUTCDate() !== Number(d[3]) || check.getUTCMonth() !== Number(d[2]) - 1) return null;
  const offsetAt = (instant: number) => {
    const w = wallTimeIn(new Date(instant), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}

/** "2026-11-28T18:00": the wall time at `at` in `timeZone`, as a datetime-local input holds it. */
export function toZonedInputValue(at: Date, timeZone: string): string {
  const w = wallTimeIn(at, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The instant a datetime-local value ("2026-11-28T18:00") names in `timeZone`, or null when it is not one. */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  return match ? zonedInstant(match[1] ?? '', match[2] ?? '', timeZone) : null;
}

/** The calendar day 'YYYY-MM-DD' at `at` on `timeZone`'s clock. */
export function dayIn(at: Date, timeZone: string): string {
  const w = wallTimeIn(at, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

/** The time of day 'HH:MM' at `at` on `timeZone`'s clock. */
export function timeIn(at: Date, timeZone: string): string {
  const w = wallTimeIn(at, timeZone);
  return `${two(w.hour)}:${two(w.minute)}`;
}

/** Midnight UTC of a calendar day: the day's own arithmetic, whatever the zone. */
export const utcOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

export function addDays(day: string, days: number): string {
  const at = utcOf(day);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 Monday … 7 Sunday. */
export function weekdayOf(day: string): number {
  return ((utcOf(day).getUTCDay() + 6) % 7) + 1;
}

/** The first day on or after `from` that falls on `weekday`. */
export function nextWeekday(from: string, weekday: number): string {
  return addDays(from, (weekday - weekdayOf(from) + 7) % 7);
}

/** Formatters in a language and zone, made once: a page of rows writes a day on each. */
const worded = new Map<string, Intl.DateTimeFormat>();
function wordedIn(intlLocale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale} ${JSON.stringify(options)}`;
  let format = worded.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, options);
    worded.set(key, format);
  }
  return format;
}

/** "Fri 28 Nov" (with `year`, "Fri 28 Nov 2026"): the day `at` falls on in `timeZone`, in `intlLocale`'s words. */
export function dayText(at: Date, timeZone: string, intlLocale = 'en-GB', { year = false }: { year?: boolean } = {}): string {
  return wordedIn(intlLocale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}) }).format(at);
}

/** "Monday" for ISO weekday 1, in `intlLocale`'s words: 1 January 2024 was a Monday. */
export function weekdayName(weekday: number, intlLocale = 'en-GB'): string {
  return wordedIn(intlLocale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));
}
