import { ENQUIRY_DAYS, ENQUIRY_OUTCOME_LABELS, FIR_DECISION_HOURS, PLACE_KIND_LABELS } from '../../../shared/ragging.js';
import type { RaggingReport } from './service.js';

/*
 * The report as titled tables, the one shape both files are written from (pdf.ts, csv.ts): the PDF
 * and the CSV of a period say the same things in the same order. A null cell is "no figure" (a
 * median of nothing): a dash in the PDF, an empty cell in the CSV.
 */

export type Cell = string | number | null;

export interface ReportTable {
  title: string;
  /** One sentence under the title: what the figures are of. */
  note?: string;
  columns: Array<{ header: string; numeric?: boolean }>;
  rows: Cell[][];
  /** Said instead of the rows when there are none. */
  empty?: string;
}

export const REPORT_TITLE = 'Anti-ragging report';

/** The promise the report keeps, printed on it so a reader knows what not to look for. */
export const NO_IDENTITIES =
  'Counts only: this report names no student and gives no registration number, e-mail address, room, tracking code or words of a report.';

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** "1 Apr 2026" for the day 2026-04-01 (a calendar day: no time zone applies), in `intlLocale`'s words. */
export const dayText = (day: string, intlLocale = 'en-GB') =>
  (intlLocale === 'en-GB' ? dayFormat : new Intl.DateTimeFormat(intlLocale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })).format(
    new Date(`${day}T00:00:00Z`),
  );

/** "26 Nov 2026, 15:42" on the university's clock, in `intlLocale`'s words. */
export function timeText(at: Date, timeZone: string, intlLocale = 'en-GB'): string {
  return new Intl.DateTimeFormat(intlLocale, { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** The heading lines: whose report, which period, on which clock, made when. */
export function reportHeading(report: RaggingReport): Array<[string, string]> {
  return [
    ['University', report.university],
    ['Report', `${REPORT_TITLE} for the institution's and the district's anti-ragging committees`],
    ['Period', `${dayText(report.from)} to ${dayText(report.to)} (days on the ${report.timeZone} clock)`],
    ['Generated at', `${timeText(report.generatedAt, report.timeZone)} (${report.timeZone})`],
  ];
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const figure = (label: string, value: Cell): Cell[] => [label, value];
const FIGURE_COLUMNS = [{ header: 'Figure' }, { header: 'Value', numeric: true }];
const COUNT_OF = (what: string) => [{ header: what }, { header: 'Reports', numeric: true }];

/** Every table of the report, in the order both files print them. */
export function reportTables(report: RaggingReport): ReportTable[] {
  const { received, fir, enquiry, escalations, inspections } = report;
  const of = 'Of the ragging reports received in the period, as they stand when this report was generated.';
  return [
    {
      title: 'Reports received',
      note: 'Ragging reports filed in the period, whatever became of them.',
      columns: FIGURE_COLUMNS,
      rows: [
        figure('Received', received.total),
        figure('Filed anonymously', received.anonymous),
        figure('Filed with a name', received.named),
        figure('Withdrawn by the reporter', received.withdrawn),
        figure('Merged into another report (duplicates)', received.merged),
        figure('Rejected', received.rejected),
      ],
    },
    {
      title: 'Received by kind',
      columns: COUNT_OF('Kind'),
      rows: received.bySubCategory.map((t) => [t.label, t.count]),
      empty: 'No reports in the period.',
    },
    {
      title: 'Received by hostel',
      columns: COUNT_OF('Hostel'),
      rows: received.byHostel.map((t) => [t.label, t.count]),
      empty: 'No reports in the period.',
    },
    {
      title: 'Received by where it happened',
      columns: COUNT_OF('Where'),
      rows: received.byPlaceKind.map((p) => [
        p.placeKind === null ? 'Not said (filed before ragging had its own form)' : (PLACE_KIND_LABELS[p.placeKind as keyof typeof PLACE_KIND_LABELS] ?? p.placeKind),
        p.count,
      ]),
      empty: 'No reports in the period.',
    },
    {
      title: 'Decisions on a police report (FIR)',
      note: `${of} A decision is due within ${FIR_DECISION_HOURS} hours of the report.`,
      columns: FIGURE_COLUMNS,
      rows: [
        figure('FIR to be filed', fir.needed),
        figure('No FIR needed', fir.notNeeded),
        figure(`Decided within ${FIR_DECISION_HOURS} hours`, fir.decidedInTime),
        figure('Median time to decide (hours)', oneDecimal(fir.medianHours)),
        figure('Awaiting a decision, still in time', fir.awaitingInTime),
        figure('Awaiting a decision, overdue', fir.awaitingOverdue),
        figure('No decision: withdrawn, merged or rejected first, or filed before the deadlines existed', fir.stopped),
      ],
    },
    {
      title: 'Enquiries',
      note: `${of} An enquiry is due to close within ${ENQUIRY_DAYS} days of the report.`,
      columns: FIGURE_COLUMNS,
      rows: [
        figure('Closed', enquiry.closed),
        figure(`Closed within ${ENQUIRY_DAYS} days`, enquiry.closedInTime),
        figure('Median time to close (days)', oneDecimal(enquiry.medianDays)),
        figure('Still open, in time', enquiry.openInTime),
        figure('Still open, overdue', enquiry.openOverdue),
        figure('No enquiry: withdrawn, merged or rejected first, or filed before the deadlines existed', enquiry.stopped),
      ],
    },
    {
      title: 'Outcomes of the closed enquiries',
      columns: COUNT_OF('Outcome'),
      rows: enquiry.outcomes.map((o) => [ENQUIRY_OUTCOME_LABELS[o.outcome], o.count]),
    },
    {
      title: 'Missed deadlines escalated',
      note: 'Reports whose deadline ran out with nothing recorded: the nodal officer is told at once, the head of the institution a day later.',
      columns: FIGURE_COLUMNS,
      rows: [
        figure('FIR decision late: nodal officer told', escalations.firNodalOfficer),
        figure('FIR decision late: head of the institution told', escalations.firHead),
        figure('Enquiry late: nodal officer told', escalations.enquiryNodalOfficer),
        figure('Enquiry late: head of the institution told', escalations.enquiryHead),
      ],
    },
    {
      title: 'Inspections by the anti-ragging squad',
      note: 'Surprise checks of the hostels made in the period.',
      columns: [{ header: 'Hostel' }, { header: 'Inspections', numeric: true }],
      rows: [...inspections.byHostel.map((t): Cell[] => [t.label, t.count]), ['All hostels', inspections.total]],
    },
    {
      title: 'Inspection log',
      columns: [{ header: `Date (${report.timeZone})` }, { header: 'Hostel' }, { header: 'Findings' }, { header: 'Squad' }],
      rows: inspections.list.map((i) => [timeText(i.inspectedAt, report.timeZone), i.hostel, i.findings, i.squad]),
      empty: 'No inspection was recorded in the period.',
    },
  ];
}
