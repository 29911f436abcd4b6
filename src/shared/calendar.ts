import { z } from 'zod';
import { boundedDate } from './text.js';
import { translationsInput, translationsView } from './translations.js';
import { hasWorkingDays } from './working-time.js';

/*
 * The admin console's working calendar (issue 44): the weekly days off and the holidays, a list
 * per year, that every clock counted in working hours reads.
 */

export const CALENDAR_YEAR_MIN = 2000;
export const CALENDAR_YEAR_MAX = 2999;
/** Enough for any university's year of holidays, and a bound on what one import may carry. */
export const HOLIDAYS_PER_YEAR_MAX = 120;
export const HOLIDAY_CSV_MAX_CHARS = 20_000;

/** ISO weekdays, Monday first: the order the console shows them in. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const holidayName = z
  .string({ error: /*i18n*/ 'Give the holiday a name' })
  .trim()
  .min(1, /*i18n*/ 'Give the holiday a name')
  .max(80, /*i18n*/ "A holiday's name is at most 80 characters")
  .regex(/^[^\p{Cc}]*$/u, /*i18n*/ "A holiday's name must be on one line");

export const calendarYearSchema = z.coerce
  .number({ error: /*i18n*/ 'Choose a year' })
  .int(/*i18n*/ 'Choose a year')
  .min(CALENDAR_YEAR_MIN, /*i18n*/ 'Choose a year between 2000 and 2999')
  .max(CALENDAR_YEAR_MAX, /*i18n*/ 'Choose a year between 2000 and 2999');

export const calendarQuerySchema = z.object({ year: calendarYearSchema.describe('The year whose holidays to list') });

export const weeklyDaysOffSchema = z
  .object({
    weeklyDaysOff: z
      .array(z.number().int().min(1, /*i18n*/ 'Days are 1 (Monday) to 7 (Sunday)').max(7, /*i18n*/ 'Days are 1 (Monday) to 7 (Sunday)'))
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b))
      .refine((days) => hasWorkingDays({ weeklyDaysOff: days }), /*i18n*/ 'Keep at least one working day in the week: with every day off no clock could ever run'),
  })
  .meta({ id: 'WeeklyDaysOff' });
export type WeeklyDaysOffBody = z.input<typeof weeklyDaysOffSchema>;

export const holidayCreateSchema = z
  .object({
    day: boundedDate(),
    name: holidayName,
    /** Left out or empty: none (the English shows). */
    translations: translationsInput('holiday').optional(),
  })
  .meta({ id: 'HolidayCreate' });
export type HolidayCreate = z.input<typeof holidayCreateSchema>;

export const holidayUpdateSchema = z
  .object({ name: holidayName, translations: translationsInput('holiday').optional() })
  .meta({ id: 'HolidayUpdate' });
export type HolidayUpdate = z.input<typeof holidayUpdateSchema>;

export const holidayDayParams = z.object({ day: boundedDate() });

export const holidaySchema = z
  .object({ day: z.string(), name: z.string(), translations: translationsView(['name']).optional() })
  .meta({ id: 'Holiday' });
export type Holiday = z.infer<typeof holidaySchema>;

export const calendarSchema = z
  .object({
    timeZone: z.string().describe("The university's time zone: where each day begins and ends"),
    weeklyDaysOff: z.array(z.number().int()).describe('ISO weekdays nobody works (1 Monday … 7 Sunday)'),
    year: z.number().int(),
    holidays: z.array(holidaySchema).describe("The year's holidays, in date order"),
  })
  .meta({ id: 'WorkingCalendar' });
export type CalendarView = z.infer<typeof calendarSchema>;

/**
 * How an import treats the year's list: `merge` adds the file's days and renames the ones it
 * names again, leaving the others; `replace` makes the year's list exactly the file's.
 */
export const HOLIDAY_IMPORT_MODES = ['merge', 'replace'] as const;
export type HolidayImportMode = (typeof HOLIDAY_IMPORT_MODES)[number];

export const holidayImportSchema = z
  .object({
    year: calendarYearSchema,
    /** `date,name` with an optional `name_hi`, a header line first. */
    csv: z
      .string({ error: /*i18n*/ 'Choose a CSV file' })
      .min(1, /*i18n*/ 'Choose a CSV file')
      .max(HOLIDAY_CSV_MAX_CHARS, /*i18n*/ 'The file is too long for a list of holidays'),
    mode: z.enum(HOLIDAY_IMPORT_MODES).default('merge'),
    /** Only say what would change (the preview): nothing is stored. */
    preview: z.boolean().default(false),
  })
  .meta({ id: 'HolidayImport' });
export type HolidayImport = z.input<typeof holidayImportSchema>;

export const holidayImportResultSchema = z
  .object({
    year: z.number().int(),
    mode: z.enum(HOLIDAY_IMPORT_MODES),
    stored: z.boolean().describe('false for a preview'),
    added: z.array(holidaySchema),
    renamed: z.array(holidaySchema),
    removed: z.array(holidaySchema).describe('Only with replace: the days the file no longer names'),
    unchanged: z.number().int(),
  })
  .meta({ id: 'HolidayImportResult' });
export type HolidayImportResult = z.infer<typeof holidayImportResultSchema>;
