import { CsvError, parse } from 'csv-parse/sync';
import { HOLIDAYS_PER_YEAR_MAX } from '../../../shared/calendar.js';
import { valued } from '../../../shared/valued-message.js';
import { AppError } from '../../lib/errors.js';
import { csvCell } from '../insights/index.js';

/** A holiday as a file gives it: its day, its English name and, when the file has one, its Hindi name. */
export interface HolidayLine {
  line: number;
  day: string;
  name: string;
  nameHi: string | undefined;
}

const NAME_MAX = 80;
const ONE_LINE = /^[^\p{Cc}]*$/u;
/** Excel reads a UTF-8 file as UTF-8 only with the byte-order mark. */
const BOM = '\ufeff';

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}

const problem = (line: number, what: string) => valued(/*i18n*/ 'Line {line}: {problem}', { line, problem: what }, ['problem']);

/**
 * A year's holidays from CSV (RFC 4180, read by csv-parse): a header line naming the columns
 * `date` and `name`, and `name_hi` for the Hindi name if wanted, in any order, then one holiday a
 * line. Every line is checked and every bad one reported with its line number in one 400 answer,
 * so a file is fixed in one go; a file with any bad line gives nothing to store.
 */
/** The file's holidays, and whether its header has a Hindi column (read from the parsed header, blank lines or a BOM before it included). */
export function parseHolidayCsv(text: string, year: number): { lines: HolidayLine[]; withHindi: boolean } {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it was read (csv-parse types the plain records only).
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : 1;
    throw invalid({ [`line ${line}`]: problem(line, /*i18n*/ 'the file cannot be read as CSV here (a quote that does not close?)') });
  }
  const [header, ...rows] = records;
  if (!header) throw invalid({ csv: /*i18n*/ 'The file is empty: give a header line "date,name" and a line per holiday' });
  const columns = header.record.map((c) => c.toLowerCase());
  const at = { date: columns.indexOf('date'), name: columns.indexOf('name'), nameHi: columns.indexOf('name_hi') };
  if (at.date < 0 || at.name < 0) {
    throw invalid({ [`line ${header.info.lines}`]: problem(header.info.lines, /*i18n*/ 'the header line must name the columns date and name (and name_hi for the Hindi name)') });
  }
  const problems: Record<string, string> = {};
  const seen = new Map<string, number>();
  const holidays: HolidayLine[] = [];
  for (const { record, info } of rows) {
    const line = info.lines;
    const cell = (index: number) => (index < 0 ? '' : (record[index] ?? ''));
    const day = cell(at.date);
    const name = cell(at.name);
    const nameHi = cell(at.nameHi);
    const wrong =
      !isCalendarDay(day)
        ? valued(/*i18n*/ '"{day}" is not a date written YYYY-MM-DD', { day })
        : !day.startsWith(`${year}-`)
          ? valued(/*i18n*/ '{day} is not in {year}', { day, year })
          : seen.has(day)
            ? valued(/*i18n*/ '{day} is already on line {other}', { day, other: seen.get(day) ?? 0 })
            : name === ''
              ? /*i18n*/ 'the holiday has no name'
              : name.length > NAME_MAX || nameHi.length > NAME_MAX
                ? /*i18n*/ "a holiday's name is at most 80 characters"
                : !ONE_LINE.test(name) || !ONE_LINE.test(nameHi)
                  ? /*i18n*/ "a holiday's name must be on one line"
                  : undefined;
    if (wrong) {
      problems[`line ${line}`] = problem(line, wrong);
      continue;
    }
    seen.set(day, line);
    holidays.push({ line, day, name, nameHi: nameHi || undefined });
  }
  if (Object.keys(problems).length) throw invalid(problems);
  if (holidays.length > HOLIDAYS_PER_YEAR_MAX) throw invalid({ csv: valued(/*i18n*/ 'At most {max} holidays a year', { max: HOLIDAYS_PER_YEAR_MAX }) });
  return { lines: holidays, withHindi: at.nameHi >= 0 };
}

function invalid(fields: Record<string, string>): AppError {
  const count = Object.keys(fields).length;
  return AppError.withValues(
    400,
    'validation_failed',
    /*i18n*/ '{count, plural, one {A line of the file is not right} other {# lines of the file are not right}}: nothing was imported. {first}',
    () => ({ count, first: Object.values(fields)[0] ?? '' }),
    fields,
  );
}

/** The year's holidays as a file the import reads back (`date,name,name_hi`). */
export function holidaysCsv(holidays: ReadonlyArray<{ day: string; name: string; nameHi: string | undefined }>): string {
  const line = (cells: Array<string | undefined>) => `${cells.map((c) => csvCell(c ?? '')).join(',')}\r\n`;
  return BOM + line(['date', 'name', 'name_hi']) + holidays.map((h) => line([h.day, h.name, h.nameHi])).join('');
}
