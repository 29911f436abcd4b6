import { csvCell } from '../insights/index.js';
import { i18nFor, type I18n } from '../../i18n/index.js';
import { NO_IDENTITIES, reportHeading, reportTables, type Cell } from './sections.js';
import type { RaggingReport } from './service.js';

/** Excel reads a UTF-8 file as UTF-8 only with the byte-order mark. */
const BOM = '\ufeff';

const line = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The report as one CSV file: the heading as label/value lines, then each table under its title
 * with its own header row, a blank line between them (a spreadsheet shows them one under another).
 * Cells go through the exports' csvCell: quoted as RFC 4180 wants, formulas disarmed. The words are
 * in the requester's language (`i18n`), the data as it was recorded.
 */
export function reportCsv(report: RaggingReport, i18n: I18n = i18nFor(null)): string {
  let text = BOM + reportHeading(report, i18n).map(line).join('') + line([i18n._(NO_IDENTITIES)]);
  for (const table of reportTables(report, i18n)) {
    text += '\r\n' + line([table.title]);
    if (table.note) text += line([table.note]);
    text += line(table.columns.map((c) => c.header));
    text += table.rows.length ? table.rows.map(line).join('') : line([table.empty ?? '']);
  }
  return text;
}
