import { reportFileName, type ReportFormat } from '../../../../shared/ragging-reports';

/** The calendar month before the one `today` (YYYY-MM-DD) is in: the period a committee usually asks for. */
export function lastMonth(today: string): { from: string; to: string } {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Where the report of a period downloads from, and the name the browser saves it under. */
export function reportHref(from: string, to: string, format: ReportFormat): { href: string; fileName: string } {
  const params = new URLSearchParams({ from, to, format });
  return { href: `/api/ragging/report?${params.toString()}`, fileName: reportFileName(from, to, format) };
}
