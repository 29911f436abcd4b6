import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { barAxisValues } from '../lib/axis';

/** Colours with at least 3:1 contrast on white, in the order series are given. */
export const SERIES_COLORS = ['#1d4ed8', '#b45309', '#047857', '#be123c', '#6d28d9', '#0e7490', '#4d7c0f', '#a21caf', '#475569'];

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
}

const HEIGHT = 260;

/**
 * Bars with uPlot, stacked when there is more than one series. uPlot has no stacking of its own:
 * each series is drawn as the running total up to it, tallest first, so each shorter bar covers the
 * one before and the visible band of a series is exactly its own value. The canvas is hidden from
 * screen readers; the page always has the same figures as a table (ChartFigure).
 */
export function BarChart({ labels, series }: { labels: string[]; series: BarSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || labels.length === 0 || series.length === 0) return;
    const running: number[][] = [];
    series.forEach((s, k) => running.push(labels.map((_, i) => (running[k - 1]?.[i] ?? 0) + (s.values[i] ?? 0))));
    const drawOrder = series.map((s, k) => ({ label: s.label, color: s.color, values: running[k] ?? [] })).reverse();
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const chart = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            stroke: '#334155',
            grid: { show: false },
            incrs: [1, 2, 4, 8, 13, 26],
            values: (_u, splits) => barAxisValues(labels, splits),
          },
          { stroke: '#334155', grid: { stroke: '#e2e8f0' }, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] },
        ],
        series: [{}, ...drawOrder.map((s) => ({ label: s.label, fill: s.color, stroke: s.color, width: 0, paths: bars, points: { show: false } }))],
      },
      [labels.map((_, i) => i), ...drawOrder.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series]);
  return <div ref={box} aria-hidden="true" className="w-full overflow-hidden" data-testid="bar-chart" />;
}
