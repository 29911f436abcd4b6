import { describe, expect, it } from 'vitest';
import { barAxisValues } from './axis';

describe("a bar chart's axis labels", () => {
  it('shows week dates without their year, one per bar', () => {
    expect(barAxisValues(['2026-09-07', '2026-09-14', '2026-09-21'], [0, 1, 2])).toEqual(['09-07', '09-14', '09-21']);
  });

  it('shows the satisfaction chart\'s star labels whole', () => {
    expect(barAxisValues(['1 star', '2 stars', '3 stars', '4 stars', '5 stars'], [0, 1, 2, 3, 4])).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
  });

  it('leaves the in-between positions uPlot may ask for blank', () => {
    expect(barAxisValues(['1 star', '2 stars'], [0, 0.5, 1, 2])).toEqual(['1 star', '', '2 stars', '']);
  });
});
