import { z } from 'zod';
import { REPEAT_DAYS, REPEAT_MIN } from './place-facts.js';
import { boundedDate } from './text.js';

/**
 * Insights (issue 14): what the dashboard, its CSV tables and the digest mail show. The server
 * computes the figures once (modules/insights/figures.ts); every reader gets the same ones.
 */

/**
 * Upper bounds, in minutes, of the duration histogram buckets kept per rollup row (decision 26):
 * bucket 1 is under 5 minutes, bucket 27 is 30 days or more. Migration 0011's `insight_bucket`
 * holds the same list; a test checks they agree.
 */
export const INSIGHT_DURATION_BOUNDS_MINUTES = [
  5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 960, 1440, 2160, 2880, 4320, 5760, 7200, 10080, 14400, 20160, 30240, 43200,
] as const;
export const INSIGHT_BUCKETS = INSIGHT_DURATION_BOUNDS_MINUTES.length + 1;

/**
 * The p-th percentile (0–1) of a histogram, in hours, interpolated linearly inside the bucket it
 * falls in; null without data. The open last bucket answers with its lower bound. The estimate is
 * within the width of one bucket of the true value.
 */
export function histogramPercentile(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = p * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const here = counts[i] ?? 0;
    if (here > 0 && seen + here >= rank) {
      const lower = i === 0 ? 0 : (INSIGHT_DURATION_BOUNDS_MINUTES[i - 1] ?? 0);
      const upper = INSIGHT_DURATION_BOUNDS_MINUTES[i];
      if (upper === undefined) return lower / 60;
      const within = Math.max(0, Math.min(1, (rank - seen) / here));
      return (lower + (upper - lower) * within) / 60;
    }
    seen += here;
  }
  return (INSIGHT_DURATION_BOUNDS_MINUTES.at(-1) ?? 0) / 60;
}

/** A day between 2000-01-01 and 2999-12-31 (a real calendar date; the shared bounds every date filter uses). */
const isoDate = boundedDate();

/** The longest range the dashboard reads (days). */
export const INSIGHTS_MAX_RANGE_DAYS = 3 * 366;

export const insightsQuerySchema = z
  .object({
    from: isoDate.optional().describe('First day (UTC), inclusive; default 12 weeks before `to`'),
    to: isoDate.optional().describe('Last day (UTC), inclusive; default today'),
    hostel: z.string().trim().max(80).optional(),
    category: z.string().trim().max(40).optional(),
  });
// No `.meta({ id })` here: a query string given as a shared component is not turned into parameters by the OpenAPI generator.
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const hours = z.number().nullable().describe('Hours; null without data');

export const insightsCellSchema = z.object({
  hostel: z.string(),
  category: z.string(),
  open: z.number().int(),
  overdue: z.number().int(),
});

export const insightsTimesRowSchema = z.object({
  hostel: z.string(),
  category: z.string(),
  filed: z.number().int(),
  acknowledged: z.number().int(),
  ackMedianHours: hours,
  ackP90Hours: hours,
  resolved: z.number().int(),
  resolveMedianHours: hours,
  resolveP90Hours: hours,
  resolvedOnTime: z.number().int(),
  /** Share of resolutions within the due time (0–1), null when nothing was resolved. */
  onTimeShare: z.number().nullable(),
  reopened: z.number().int(),
  /** Reopens per resolution (0–1), null when nothing was resolved. */
  reopenRate: z.number().nullable(),
  ratings: z.number().int(),
  ratingAverage: z.number().nullable(),
});
export type InsightsTimesRow = z.infer<typeof insightsTimesRowSchema>;

export const insightsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Hostels and categories the reader may filter by (their scope). */
    hostels: z.array(z.string()),
    categories: z.array(z.object({ key: z.string(), label: z.string() })),
    /** Now, not in the range: open complaints and those past their due time, by hostel × category. */
    openCells: z.array(insightsCellSchema),
    /** Complaints filed per ISO week (Monday, UTC) and category, within the range. */
    weekly: z.array(z.object({ week: z.string(), category: z.string(), filed: z.number().int() })),
    /** Per hostel × category within the range. */
    times: z.array(insightsTimesRowSchema),
    /** All of the reader's scope within the range (same fields, hostel and category 'All'). */
    total: insightsTimesRowSchema.extend({ open: z.number().int(), overdue: z.number().int() }),
    /** How many ratings of 1, 2, 3, 4 and 5 stars. */
    ratingDistribution: z.array(z.number().int()).length(5),
    /**
     * Places (rooms, and common areas: `area` set, `roomNo` '') with at least RECURRING_ROOM_MIN
     * complaints of one category in the 30 days up to `to`, the most first (decision 46).
     */
    recurringRooms: z.array(
      z.object({
        hostel: z.string(),
        hostelCode: z.string().nullable().describe("The hostel's code, for the place's page in the staff console"),
        roomNo: z.string(),
        area: z.object({ code: z.string(), name: z.string().describe('As people read it: "Floor 3 washroom"') }).nullable(),
        category: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Insights' });
export type Insights = z.infer<typeof insightsSchema>;

/** The repeat rule of the staff console's places (decision 46): one rule, two names. */
export const RECURRING_ROOM_MIN = REPEAT_MIN;
export const RECURRING_ROOM_DAYS = REPEAT_DAYS;

/** The dashboard tables a CSV can be made of. */
export const INSIGHTS_TABLES = ['open', 'weekly', 'times', 'rooms'] as const;
export type InsightsTable = (typeof INSIGHTS_TABLES)[number];

export const insightsPreferencesSchema = z
  .object({ digest: z.boolean({ error: /*i18n*/ 'Choose whether to get the insights digest' }) })
  .meta({ id: 'InsightsPreferences' });

export const insightsPreferencesResponseSchema = insightsPreferencesSchema
  .extend({ everyDays: z.number().int().describe('Days between digests for everyone (INSIGHTS_DIGEST_DAYS); 0: none are sent') })
  .meta({ id: 'InsightsPreferencesResponse' });

/** A duration as the dashboard and the digest both print it: minutes under an hour, hours under two days, else days. */
export function formatHours(h: number | null): string {
  if (h === null) return '—';
  if (h < 1) return `${Math.round(h * 60)} min`;
  if (h < 48) return `${h.toFixed(1)} h`;
  return `${(h / 24).toFixed(1)} days`;
}

/** A share (0–1) as a whole percentage, or a dash without data. */
export const formatShare = (s: number | null): string => (s === null ? '—' : `${Math.round(s * 100)}%`);

/** An average rating with one decimal, or a dash. */
export const formatRating = (r: number | null): string => (r === null ? '—' : r.toFixed(1));
