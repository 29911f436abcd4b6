import { describe, expect, it } from 'vitest';
import { lastMonth, reportHref } from './period';

describe('the default period', () => {
  it('is the whole month before, across a year end and a leap February', () => {
    expect(lastMonth('2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth('2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth('2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('downloads from the report route under the name the server gives it', () => {
    expect(reportHref('2026-10-01', '2026-10-31', 'pdf')).toEqual({
      href: '/api/ragging/report?from=2026-10-01&to=2026-10-31&format=pdf',
      fileName: 'anti-ragging-report-2026-10-01-to-2026-10-31.pdf',
    });
  });
});
