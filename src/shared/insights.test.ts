import { describe, expect, it } from 'vitest';
import { INSIGHT_BUCKETS, formatHours, formatShare, histogramPercentile } from './insights.js';

const histogram = (entries: Record<number, number>) => Array.from({ length: INSIGHT_BUCKETS }, (_, i) => entries[i] ?? 0);

describe('percentiles from a duration histogram', () => {
  it('are null without data', () => {
    expect(histogramPercentile(histogram({}), 0.5)).toBeNull();
  });

  it('interpolate inside the bucket the rank falls in', () => {
    // Bucket 15 is [16 h, 24 h): ten durations there put the median half-way, at 20 hours.
    expect(histogramPercentile(histogram({ 15: 10 }), 0.5)).toBeCloseTo(20, 6);
    // The first bucket starts at zero: [0, 5 min).
    expect(histogramPercentile(histogram({ 0: 4 }), 0.5)).toBeCloseTo(2.5 / 60, 6);
  });

  it('walk the buckets in order, so a median is never above the 90th percentile', () => {
    const h = histogram({ 3: 50, 10: 30, 20: 20 });
    const median = histogramPercentile(h, 0.5) ?? NaN;
    const p90 = histogramPercentile(h, 0.9) ?? NaN;
    expect(median).toBeCloseTo(20 / 60, 6); // all of bucket 3 ([15, 20) min) is the lower half
    expect(p90).toBeGreaterThan(median);
    expect(p90).toBeGreaterThanOrEqual(4 * 24); // the top 20 % are in bucket 20 ([4 d, 5 d))
  });

  it('answer the open last bucket with its lower bound (30 days)', () => {
    expect(histogramPercentile(histogram({ [INSIGHT_BUCKETS - 1]: 3 }), 0.9)).toBe(720);
  });
});

describe('how figures are printed', () => {
  it('durations in minutes, hours or days; shares as whole percentages', () => {
    expect([0.5, 5.25, 72, null].map(formatHours)).toEqual(['30 min', '5.3 h', '3.0 days', '—']);
    expect([0, 0.456, 1, null].map(formatShare)).toEqual(['0%', '46%', '100%', '—']);
  });
});
