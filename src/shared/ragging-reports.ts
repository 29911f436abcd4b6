import { z } from 'zod';

/*
 * The anti-ragging committees' reports and the squad's inspection log (decision 42): what the duty
 * and the administrators send for a period, and the surprise checks of the hostels they record.
 * The period's days are days on the university's clock (the profile's time zone); the report counts, it never
 * names (no student, registration number, e-mail, room, tracking code or words of a report).
 */

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const INSPECTION_FINDINGS_MAX = 2000;
export const INSPECTION_SQUAD_MAX = 200;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The same day a year later (29 February → 1 March): a period must end before it. */
export function yearAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * Why a period cannot be reported, or null: both ends real days, the first not after the last, and
 * at most a year (1 April 2026 to 31 March 2027 is one; to 1 April 2027 is a day too many). The
 * server refuses with it and the page says it before offering the downloads.
 */
export function periodProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isCalendarDay(from)) return { field: 'from', message: /*i18n*/ 'Give the first day as a date' };
  if (!isCalendarDay(to)) return { field: 'to', message: /*i18n*/ 'Give the last day as a date' };
  if (from > to) return { field: 'to', message: /*i18n*/ 'The last day must not be before the first day' };
  if (to >= yearAfter(from)) return { field: 'to', message: /*i18n*/ 'Choose a period of at most one year' };
  return null;
}

const day = (what: 'first' | 'last') =>
  z
    .string({ error: `Give the ${what} day as a date` })
    .refine(isCalendarDay, `Give the ${what} day as a date (YYYY-MM-DD)`)
    .describe(`The ${what} day of the period (YYYY-MM-DD, on the university's clock)`);

/** GET /api/ragging/report: the period and the file wanted. */
export const raggingReportQuerySchema = z
  .object({
    from: day('first'),
    to: day('last'),
    format: z.enum(REPORT_FORMATS, { error: /*i18n*/ 'Choose pdf or csv' }).default('pdf'),
  })
  .superRefine((query, ctx) => {
    const problem = periodProblem(query.from, query.to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type RaggingReportQuery = z.infer<typeof raggingReportQuerySchema>;

/** The file's name: what it is and its period, so a committee's folder sorts them. */
export const reportFileName = (from: string, to: string, format: ReportFormat) => `anti-ragging-report-${from}-to-${to}.${format}`;

const FINDINGS_MISSING = /*i18n*/ 'Write what the squad found (“Nothing found” is a finding)';
const SQUAD_MISSING = /*i18n*/ 'Say who went';

/** POST /api/ragging/inspections: one surprise check of a hostel by the anti-ragging squad. */
export const inspectionCreateSchema = z
  .object({
    hostel: z.string({ error: /*i18n*/ 'Choose the hostel' }).trim().min(1, /*i18n*/ 'Choose the hostel').max(80, /*i18n*/ 'Choose the hostel'),
    inspectedAt: z
      .iso.datetime({ offset: true, error: /*i18n*/ 'Give the date and time of the inspection' })
      .describe('When the squad went (ISO 8601 with an offset); not in the future'),
    findings: z
      .string({ error: FINDINGS_MISSING })
      .trim()
      .min(1, FINDINGS_MISSING)
      .max(INSPECTION_FINDINGS_MAX, `Keep the findings within ${INSPECTION_FINDINGS_MAX} characters`)
      .describe("What the squad found; it goes into the committees' reports, so it names no student"),
    squad: z
      .string({ error: SQUAD_MISSING })
      .trim()
      .min(1, SQUAD_MISSING)
      .max(INSPECTION_SQUAD_MAX, `Keep it within ${INSPECTION_SQUAD_MAX} characters`)
      .regex(/^[^\p{Cc}]*$/u, /*i18n*/ 'Keep it on one line')
      .describe('Who went: names or roles, as the squad signs its report'),
  })
  .meta({ id: 'InspectionCreate' });
export type InspectionCreate = z.infer<typeof inspectionCreateSchema>;

export const inspectionListQuerySchema = z.object({
  hostel: z.string().trim().max(80).optional().describe('Only this hostel'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;

export const inspectionSchema = z
  .object({
    id: z.string(),
    hostel: z.string(),
    inspectedAt: z.string(),
    findings: z.string(),
    squad: z.string(),
    /** Who wrote it into the log (the name, else the address), null when that account is gone. */
    recordedBy: z.string().nullable(),
    recordedAt: z.string(),
  })
  .meta({ id: 'Inspection' });
export type Inspection = z.infer<typeof inspectionSchema>;

/** The log, the latest inspection first, page by page. */
export const inspectionListSchema = z
  .object({
    items: z.array(inspectionSchema),
    nextCursor: z.string().nullable(),
    timeZone: z.string().describe("The university's time zone: inspection times are given and shown in it"),
  })
  .meta({ id: 'InspectionList' });
export type InspectionList = z.infer<typeof inspectionListSchema>;
