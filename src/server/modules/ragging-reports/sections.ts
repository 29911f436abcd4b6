import { ENQUIRY_DAYS, ENQUIRY_OUTCOME_LABELS, FIR_DECISION_HOURS, PLACE_KIND_LABELS } from '../../../shared/ragging.js';
import { RAGGING_CATEGORY, SOURCE_LOCALE } from '../../../shared/constants.js';
import { INTL_LOCALE } from '../../../shared/locale.js';
import { i18nFor, type I18n } from '../../i18n/index.js';
import type { Reader } from '../../i18n/readers.js';
import type { RaggingReport } from './service.js';

/*
 * The report as titled tables, the one shape both files are written from (pdf.ts, csv.ts): the PDF
 * and the CSV of a period say the same things in the same order. A null cell is "no figure" (a
 * median of nothing): a dash in the PDF, an empty cell in the CSV. The words are in the
 * requester's language (`i18n`); English dates keep the en-GB form the committees were first sent.
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

export const REPORT_TITLE = /*i18n*/ 'Anti-ragging report';

/** The promise the report keeps, printed on it so a reader knows what not to look for. */
export const NO_IDENTITIES =
  /*i18n*/ 'Counts only: this report names no student and gives no registration number, e-mail address, room, tracking code or words of a report.';

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

/** The report with its hostels and kinds named in the reader's language, as an administrator gave them (English when none). */
export function inReadersNames(report: RaggingReport, reader: Reader): RaggingReport {
  const kind = (sub: string) =>
    reader.local({ category: RAGGING_CATEGORY, complaintHead: '', subCategory: sub, hostel: '', commonAreaId: null, placeText: null }).subCategory || sub;
  const hostels = (tallies: RaggingReport['received']['byHostel']) => tallies.map((t) => ({ ...t, label: reader.hostel(t.label) }));
  return {
    ...report,
    received: { ...report.received, bySubCategory: report.received.bySubCategory.map((t) => ({ ...t, label: kind(t.label) })), byHostel: hostels(report.received.byHostel) },
    inspections: {
      ...report.inspections,
      byHostel: hostels(report.inspections.byHostel),
      list: report.inspections.list.map((i) => ({ ...i, hostel: reader.hostel(i.hostel) })),
    },
  };
}

/** The `Intl` locale of the report's dates: English as it always was, another language its own. */
export const dateLocale = (i18n: I18n) => (i18n.locale === SOURCE_LOCALE ? 'en-GB' : INTL_LOCALE[i18n.locale as keyof typeof INTL_LOCALE]);

/** The heading lines: whose report, which period, on which clock, made when. */
export function reportHeading(report: RaggingReport, i18n: I18n = i18nFor(null)): Array<[string, string]> {
  const intl = dateLocale(i18n);
  return [
    [i18n._('University'), report.university],
    [i18n._('Report'), i18n._("Anti-ragging report for the institution's and the district's anti-ragging committees")],
    [
      i18n._('Period'),
      i18n._('{from} to {to} (days on the {zone} clock)', { from: dayText(report.from, intl), to: dayText(report.to, intl), zone: report.timeZone }),
    ],
    [i18n._('Generated at'), i18n._('{time} ({zone})', { time: timeText(report.generatedAt, report.timeZone, intl), zone: report.timeZone })],
  ];
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const figure = (label: string, value: Cell): Cell[] => [label, value];
const figureColumns = (i18n: I18n) => [{ header: i18n._('Figure') }, { header: i18n._('Value'), numeric: true }];
const countOf = (i18n: I18n, what: string) => [{ header: what }, { header: i18n._('Reports'), numeric: true }];

/** Every table of the report, in the order both files print them. */
export function reportTables(report: RaggingReport, i18n: I18n = i18nFor(null)): ReportTable[] {
  const { received, fir, enquiry, escalations, inspections } = report;
  const of = i18n._('Of the ragging reports received in the period, as they stand when this report was generated.');
  const noReports = i18n._('No reports in the period.');
  const intl = dateLocale(i18n);
  return [
    {
      title: i18n._('Reports received'),
      note: i18n._('Ragging reports filed in the period, whatever became of them.'),
      columns: figureColumns(i18n),
      rows: [
        figure(i18n._('Received'), received.total),
        figure(i18n._('Filed anonymously'), received.anonymous),
        figure(i18n._('Filed with a name'), received.named),
        figure(i18n._('Withdrawn by the reporter'), received.withdrawn),
        figure(i18n._('Merged into another report (duplicates)'), received.merged),
        figure(i18n._('Rejected'), received.rejected),
      ],
    },
    {
      title: i18n._('Received by kind'),
      columns: countOf(i18n, i18n._('Kind')),
      rows: received.bySubCategory.map((t) => [t.label, t.count]),
      empty: noReports,
    },
    {
      title: i18n._('Received by hostel'),
      columns: countOf(i18n, i18n._('Hostel')),
      rows: received.byHostel.map((t) => [t.label, t.count]),
      empty: noReports,
    },
    {
      title: i18n._('Received by where it happened'),
      columns: countOf(i18n, i18n._('Where')),
      rows: received.byPlaceKind.map((p) => [
        p.placeKind === null
          ? i18n._('Not said (filed before ragging had its own form)')
          : p.placeKind in PLACE_KIND_LABELS
            ? i18n._(PLACE_KIND_LABELS[p.placeKind as keyof typeof PLACE_KIND_LABELS])
            : p.placeKind,
        p.count,
      ]),
      empty: noReports,
    },
    {
      title: i18n._('Decisions on a police report (FIR)'),
      note: `${of} ${i18n._('A decision is due within {hours} hours of the report.', { hours: String(FIR_DECISION_HOURS) })}`,
      columns: figureColumns(i18n),
      rows: [
        figure(i18n._('FIR to be filed'), fir.needed),
        figure(i18n._('No FIR needed'), fir.notNeeded),
        figure(i18n._('Decided within {hours} hours', { hours: String(FIR_DECISION_HOURS) }), fir.decidedInTime),
        figure(i18n._('Median time to decide (hours)'), oneDecimal(fir.medianHours)),
        figure(i18n._('Awaiting a decision, still in time'), fir.awaitingInTime),
        figure(i18n._('Awaiting a decision, overdue'), fir.awaitingOverdue),
        figure(i18n._('No decision: withdrawn, merged or rejected first, or filed before the deadlines existed'), fir.stopped),
      ],
    },
    {
      title: i18n._('Enquiries'),
      note: `${of} ${i18n._('An enquiry is due to close within {days} days of the report.', { days: String(ENQUIRY_DAYS) })}`,
      columns: figureColumns(i18n),
      rows: [
        figure(i18n._('Closed'), enquiry.closed),
        figure(i18n._('Closed within {days} days', { days: String(ENQUIRY_DAYS) }), enquiry.closedInTime),
        figure(i18n._('Median time to close (days)'), oneDecimal(enquiry.medianDays)),
        figure(i18n._('Still open, in time'), enquiry.openInTime),
        figure(i18n._('Still open, overdue'), enquiry.openOverdue),
        figure(i18n._('No enquiry: withdrawn, merged or rejected first, or filed before the deadlines existed'), enquiry.stopped),
      ],
    },
    {
      title: i18n._('Outcomes of the closed enquiries'),
      columns: countOf(i18n, i18n._('Outcome')),
      rows: enquiry.outcomes.map((o) => [i18n._(ENQUIRY_OUTCOME_LABELS[o.outcome]), o.count]),
    },
    {
      title: i18n._('Missed deadlines escalated'),
      note: i18n._('Reports whose deadline ran out with nothing recorded: the nodal officer is told at once, the head of the institution a day later.'),
      columns: figureColumns(i18n),
      rows: [
        figure(i18n._('FIR decision late: nodal officer told'), escalations.firNodalOfficer),
        figure(i18n._('FIR decision late: head of the institution told'), escalations.firHead),
        figure(i18n._('Enquiry late: nodal officer told'), escalations.enquiryNodalOfficer),
        figure(i18n._('Enquiry late: head of the institution told'), escalations.enquiryHead),
      ],
    },
    {
      title: i18n._('Inspections by the anti-ragging squad'),
      note: i18n._('Surprise checks of the hostels made in the period.'),
      columns: [{ header: i18n._('Hostel') }, { header: i18n._('Inspections'), numeric: true }],
      rows: [...inspections.byHostel.map((t): Cell[] => [t.label, t.count]), [i18n._('All hostels'), inspections.total]],
    },
    {
      title: i18n._('Inspection log'),
      columns: [{ header: i18n._('Date ({zone})', { zone: report.timeZone }) }, { header: i18n._('Hostel') }, { header: i18n._('Findings') }, { header: i18n._('Squad') }],
      rows: inspections.list.map((i) => [timeText(i.inspectedAt, report.timeZone, intl), i.hostel, i.findings, i.squad]),
      empty: i18n._('No inspection was recorded in the period.'),
    },
  ];
}
