/*
 * Working days and working hours on the university's calendar (issue 44): the weekly days off and
 * the holidays an administrator keeps, in the university's zone. Every clock the rules count in
 * working time reads these functions, on the server (deadlines, overdue, escalation) and on the web
 * (what a page says is left), so the two never disagree.
 *
 * A working day counts whole: a team that does not work on Sundays or holidays loses those days
 * from its clock, and its hours run round the clock on the days it works (decision 72). A deadline
 * counted in days ends at the last minute of its day; one counted in hours ends that many working
 * hours later.
 */
import { addDays, dayIn, weekdayOf, zonedInstant } from './time.js';

export interface WorkingCalendar {
  /** The university's IANA zone: where a day begins and ends. */
  timeZone: string;
  /** ISO weekdays (1 Monday … 7 Sunday) nobody works. */
  weeklyDaysOff: readonly number[];
  /** Holidays as calendar days 'YYYY-MM-DD' on the university's clock. */
  holidays: ReadonlySet<string>;
}

/** The unit a target is counted in: hours on the clock, or only the hours of working days. */
export const TARGET_UNITS = ['hours', 'working_hours'] as const;
export type TargetUnit = (typeof TARGET_UNITS)[number];

/**
 * A paused clock's due time as stored: the far end of time, so every "due before now" reading
 * (overdue, escalation, insights) skips it and due order puts it last, on the due indexes as they
 * are (decision 72). Its real time left is kept beside it; nothing shows this instant to anyone.
 */
export const PAUSED_DUE_AT = new Date('9999-12-31T00:00:00.000Z');

const HOUR_MS = 3_600_000;
/** More than any calendar could keep free in a row: a calendar with every day off has no working day. */
const SEARCH_DAYS = 3 * 366;

export function isWorkingDay(day: string, calendar: WorkingCalendar): boolean {
  return !calendar.weeklyDaysOff.includes(weekdayOf(day)) && !calendar.holidays.has(day);
}

/** The instant a calendar day begins on the university's clock. */
function startOf(day: string, timeZone: string): Date {
  const at = zonedInstant(day, '00:00', timeZone);
  if (!at) throw new RangeError(`not a day: ${day}`);
  return at;
}

/** Whether the calendar has any working day at all (a calendar an administrator could never save otherwise). */
export function hasWorkingDays(calendar: Pick<WorkingCalendar, 'weeklyDaysOff'>): boolean {
  return [1, 2, 3, 4, 5, 6, 7].some((weekday) => !calendar.weeklyDaysOff.includes(weekday));
}

/**
 * The end of the `days`-th working day after the day `from` falls on (that day itself does not
 * count, as a regulation's "within 15 working days of receipt" reads): its last millisecond on the
 * university's clock.
 */
export function addWorkingDays(from: Date, days: number, calendar: WorkingCalendar): Date {
  let day = dayIn(from, calendar.timeZone);
  let left = days;
  for (let step = 0; left > 0; step += 1) {
    if (step > SEARCH_DAYS * Math.max(1, days)) throw new RangeError('the calendar has no working days');
    day = addDays(day, 1);
    if (isWorkingDay(day, calendar)) left -= 1;
  }
  return new Date(startOf(addDays(day, 1), calendar.timeZone).getTime() - 1);
}

/** The end of the `days`-th calendar day after the day `from` falls on ("within 15 days of the decision"). */
export function addCalendarDays(from: Date, days: number, timeZone: string): Date {
  const day = addDays(dayIn(from, timeZone), days);
  return new Date(startOf(addDays(day, 1), timeZone).getTime() - 1);
}

/**
 * The stretches of working time in [from, to): the parts of working days. The walk goes a day at a
 * time on the university's clock, so a day that is not 24 hours long (a zone's clock change) counts
 * as long as it is.
 */
function* workingStretches(from: Date, calendar: WorkingCalendar): Generator<{ start: number; end: number }> {
  let day = dayIn(from, calendar.timeZone);
  let idle = 0;
  for (;;) {
    const next = addDays(day, 1);
    if (isWorkingDay(day, calendar)) {
      idle = 0;
      const start = Math.max(startOf(day, calendar.timeZone).getTime(), from.getTime());
      const end = startOf(next, calendar.timeZone).getTime();
      if (end > start) yield { start, end };
    } else if ((idle += 1) > SEARCH_DAYS) {
      throw new RangeError('the calendar has no working days');
    }
    day = next;
  }
}

/** The instant `ms` of working time after `from` (the clock stands still on days off and holidays). */
export function addWorkingTime(from: Date, ms: number, calendar: WorkingCalendar): Date {
  if (ms <= 0) return new Date(from.getTime());
  let left = ms;
  for (const { start, end } of workingStretches(from, calendar)) {
    if (end - start >= left) return new Date(start + left);
    left -= end - start;
  }
  // The walk above never ends on its own; a calendar without working days throws inside it.
  throw new RangeError('the calendar has no working days');
}

/** The working time between two instants (0 when `to` is not after `from`). */
export function workingTimeBetween(from: Date, to: Date, calendar: WorkingCalendar): number {
  if (to <= from) return 0;
  let total = 0;
  for (const { start, end } of workingStretches(from, calendar)) {
    if (start >= to.getTime()) break;
    total += Math.min(end, to.getTime()) - start;
  }
  return total;
}

/** When a target of `hours` in `unit` that starts at `from` falls due. */
export function dueAfter(from: Date, hours: number, unit: TargetUnit, calendar: WorkingCalendar): Date {
  return unit === 'working_hours' ? addWorkingTime(from, hours * HOUR_MS, calendar) : new Date(from.getTime() + hours * HOUR_MS);
}

/**
 * The time a clock had left when it stopped at `pausedAt`, to give back when it starts again:
 * counted in the target's own unit, so a clock of working hours paused on a Friday evening has the
 * same working time left on Monday.
 */
export function timeLeft(pausedAt: Date, due: Date, unit: TargetUnit, calendar: WorkingCalendar): number {
  if (due <= pausedAt) return due.getTime() - pausedAt.getTime();
  return unit === 'working_hours' ? workingTimeBetween(pausedAt, due, calendar) : due.getTime() - pausedAt.getTime();
}

/** The new due time of a clock that resumes at `resumedAt` with `left` of its time (negative: it was already late). */
export function resumedDue(resumedAt: Date, left: number, unit: TargetUnit, calendar: WorkingCalendar): Date {
  if (left <= 0 || unit === 'hours') return new Date(resumedAt.getTime() + left);
  return addWorkingTime(resumedAt, left, calendar);
}
