const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bar's label on the axis: a week's date ("2026-09-07") without its year, which the range above
 * the chart already says; any other label ("3 stars") as it is.
 */
export const axisLabel = (label: string): string => (ISO_DATE.test(label) ? label.slice(5) : label);

/** The labels uPlot draws under a bar chart's bars, at the positions it asks for (`splits`): bars only. */
export function barAxisValues(labels: readonly string[], splits: readonly number[]): string[] {
  return splits.map((i) => (Number.isInteger(i) ? axisLabel(labels[i] ?? '') : ''));
}
