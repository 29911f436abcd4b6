import { describe, expect, it } from 'vitest';
import { dayLabel } from './cleaning-schedule.js';
import { noticeTimeText } from './incidents.js';
import { visitDateText, visitTimeText } from './visits.js';

/** The shared texts of dates take the reader's `Intl` tag; English, the default, reads as before. */
const ZONE = 'Asia/Kolkata';
const now = new Date('2026-11-26T06:00:00Z'); // 11:30 on Thursday 26 Nov in Kolkata
const at = (iso: string) => new Date(iso);

describe('dates in words', () => {
  it('say today and tomorrow in English by default, and in Hindi for hi-IN', () => {
    const start = at('2026-11-26T10:30:00Z');
    const end = at('2026-11-26T11:30:00Z');
    expect(visitTimeText(start, end, now, ZONE)).toBe('today 16:00–17:00');
    expect(visitTimeText(start, end, now, ZONE, 'hi-IN')).toBe('आज 16:00–17:00');
    expect(noticeTimeText(at('2026-11-27T04:00:00Z'), now, ZONE)).toBe('tomorrow 09:30');
    expect(noticeTimeText(at('2026-11-27T04:00:00Z'), now, ZONE, 'hi-IN')).toBe('कल 09:30');
  });

  it('name a later day in the language asked for', () => {
    const start = at('2026-11-28T10:30:00Z');
    const end = at('2026-11-28T11:30:00Z');
    expect(visitDateText(start, end, ZONE)).toBe('Sat 28 Nov, 16:00–17:00');
    expect(visitDateText(start, end, ZONE, 'hi-IN')).toMatch(/^शनि, 28 नव॰?, 16:00–17:00$/);
    expect(dayLabel('2026-12-01')).toBe('Tue 1 Dec');
    expect(dayLabel('2026-12-01', 'hi-IN')).toMatch(/^मंगल, 1 दिस॰?$/);
  });
});
