import { describe, expect, it } from 'vitest';
import { addCalendarDays, addWorkingDays, dueAfter, resumedDue, timeLeft, workingTimeBetween, type WorkingCalendar } from './working-time.js';

// December 2026 in Kolkata (UTC+5:30, no clock changes): Fri 25 is a holiday, Sundays are off.
const kolkata: WorkingCalendar = { timeZone: 'Asia/Kolkata', weeklyDaysOff: [7], holidays: new Set(['2026-12-25']) };
const ist = (wall: string) => new Date(`${wall}+05:30`);
const H = 3_600_000;

describe('working days on the university calendar', () => {
  it('count from the day after, skip Sundays and holidays, and end at the last minute of the day', () => {
    // Received Wed 23 Dec: Thu 24 (1), Fri 25 holiday, Sat 26 (2), Sun 27 off, Mon 28 (3).
    expect(addWorkingDays(ist('2026-12-23T22:00:00'), 3, kolkata)).toEqual(new Date(ist('2026-12-29T00:00:00').getTime() - 1));
    // Fifteen working days from Tue 1 Dec: 2–5 (4), 7–12 (10), 14–15 (12), 16, 17, 18 (15).
    expect(addWorkingDays(ist('2026-12-01T10:00:00'), 15, kolkata)).toEqual(new Date(ist('2026-12-19T00:00:00').getTime() - 1));
  });

  it('refuse a calendar with no working day instead of looping', () => {
    expect(() => addWorkingDays(ist('2026-12-01T10:00:00'), 1, { ...kolkata, weeklyDaysOff: [1, 2, 3, 4, 5, 6, 7] })).toThrow(RangeError);
  });

  it('count plain days for an appeal window, holidays included', () => {
    expect(addCalendarDays(ist('2026-12-20T09:00:00'), 15, 'Asia/Kolkata')).toEqual(new Date(ist('2027-01-05T00:00:00').getTime() - 1));
  });
});

describe('working hours', () => {
  it('stand still on days off: 24 working hours from Saturday noon fall due on Monday noon', () => {
    expect(dueAfter(ist('2026-12-26T12:00:00'), 24, 'working_hours', kolkata)).toEqual(ist('2026-12-28T12:00:00'));
    expect(dueAfter(ist('2026-12-26T12:00:00'), 24, 'hours', kolkata)).toEqual(ist('2026-12-27T12:00:00'));
  });

  it('count only the hours of working days between two instants', () => {
    expect(workingTimeBetween(ist('2026-12-24T18:00:00'), ist('2026-12-28T06:00:00'), kolkata)).toBe((6 + 24 + 6) * H);
  });

  it('give a paused clock back the time it had', () => {
    const due = dueAfter(ist('2026-12-24T10:00:00'), 48, 'working_hours', kolkata); // Thu 10:00 + 48 → Mon 28 10:00
    expect(due).toEqual(ist('2026-12-28T10:00:00'));
    const left = timeLeft(ist('2026-12-24T16:00:00'), due, 'working_hours', kolkata);
    expect(left).toBe(42 * H);
    // Answered a week later, on Thu 31: 42 working hours from 09:00 is Sat 2 Jan 03:00.
    expect(resumedDue(ist('2026-12-31T09:00:00'), left, 'working_hours', kolkata)).toEqual(ist('2027-01-02T03:00:00'));
    // A clock already late stays as late as it was.
    expect(resumedDue(ist('2026-12-31T09:00:00'), -2 * H, 'working_hours', kolkata)).toEqual(ist('2026-12-31T07:00:00'));
  });
});
