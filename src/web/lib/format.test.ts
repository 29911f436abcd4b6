import { afterEach, describe, expect, it } from 'vitest';
import { displayTimeZone, setDisplayTimeZone } from './display-time-zone';
import { formatDate, formatDateTime, formatDay, formatNumber, formatPercent, formatShortDay, formatTime } from './format';
import { i18n } from './i18n';

/** The active language without loading a catalogue: formatting reads only its `Intl` tag. */
const speak = (locale: 'en' | 'hi') => i18n.loadAndActivate({ locale, messages: {} });

afterEach(() => {
  speak('en');
  setDisplayTimeZone(undefined);
});

// 22:00 UTC on the 26th is 03:30 on the 27th in Kolkata.
const LATE_EVENING_UTC = '2026-11-26T22:00:00.000Z';

describe("dates on the university's clock", () => {
  it('shows an instant on the day and time it is in Asia/Kolkata, whatever the device says', () => {
    expect(displayTimeZone()).toBe('Asia/Kolkata');
    expect(formatDate(LATE_EVENING_UTC)).toBe('27 Nov 2026');
    expect(formatDateTime(LATE_EVENING_UTC)).toMatch(/^27 Nov 2026, 3:30\sam$/i);
    expect(formatTime(LATE_EVENING_UTC)).toMatch(/^3:30\sam$/i);
  });

  it("follows the profile's zone once the catalogue gives it, and ignores one the browser does not know", () => {
    setDisplayTimeZone('UTC');
    expect(formatDate(LATE_EVENING_UTC)).toBe('26 Nov 2026');
    setDisplayTimeZone('Mars/Olympus');
    expect(displayTimeZone()).toBe('Asia/Kolkata');
    expect(formatDate(LATE_EVENING_UTC)).toBe('27 Nov 2026');
  });

  it('leaves a calendar day where it is, in any zone', () => {
    setDisplayTimeZone('America/New_York');
    expect(formatDay('2026-11-26')).toBe('26 Nov 2026');
    expect(formatShortDay('2026-11-26')).toBe('26 Nov');
  });

  it('gives back what is not a date as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDay('2026-13')).toBe('2026-13');
  });
});

describe("dates and numbers in the reader's language", () => {
  it('writes Hindi month names in Hindi', () => {
    speak('hi');
    expect(formatDate(LATE_EVENING_UTC)).toMatch(/^27 नव॰? 2026$/);
    expect(formatDay('2026-11-26')).toMatch(/^26 नव॰? 2026$/);
  });

  it('tells a Hindi reader the time on the 24-hour clock, with no Latin "am" or "pm"', () => {
    speak('hi');
    expect(formatTime(LATE_EVENING_UTC)).toBe('03:30');
    expect(formatDateTime('2026-11-26T11:21:00.000Z')).toMatch(/^26 नव॰? 2026, 16:51$/);
  });

  it('groups numbers the Indian way and writes shares as percentages', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatPercent(0.42)).toBe('42%');
    speak('hi');
    expect(formatNumber(1234567)).toBe('12,34,567');
  });
});
