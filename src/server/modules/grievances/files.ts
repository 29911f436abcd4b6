import type { GrievanceReport } from '../../../shared/grievances.js';
import type { GrievanceRow } from '../../db/schema.js';
import type { Reader } from '../../i18n/readers.js';
import { BOLD, REGULAR, writeMixed } from '../../lib/pdf-scripts.js';
import { csvCell } from '../insights/index.js';
import { APPEAL_OUTCOME_LABELS, COMMITTEE_OUTCOME_LABELS } from '../mail/index.js';

/*
 * The ladder's documents (issue 44): the committee's decision and the Ombudsperson's order as dated
 * A4 PDFs, and the university's report as PDF and CSV. pdfkit is loaded when the first document
 * is asked for (decision 33); Devanagari is set in the embedded Noto Sans Devanagari
 * (lib/pdf-scripts). Text people wrote is drawn as text, never interpreted.
 */

type Doc = PDFKit.PDFDocument;

const importPdfKit = () => import('pdfkit').then((m) => m.default);
let pdfkit: ReturnType<typeof importPdfKit> | undefined;
const loadPdfKit = () => (pdfkit ??= importPdfKit());

const MARGIN = 56;
const INK = '#0f172a';
const MUTED = '#475569';

async function newDoc(title: string, author: string, at: Date): Promise<Doc> {
  const PDFDocument = await loadPdfKit();
  return new PDFDocument({ size: 'A4', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, info: { Title: title, Author: author, CreationDate: at } });
}

const widthOf = (doc: Doc) => doc.page.width - 2 * MARGIN;

function heading(doc: Doc, university: string, title: string) {
  doc.fillColor(INK);
  writeMixed(doc, university, BOLD, 16, { width: widthOf(doc) });
  writeMixed(doc, title, BOLD, 13, { width: widthOf(doc) });
  doc.moveDown(0.6);
}

function field(doc: Doc, label: string, value: string) {
  doc.fillColor(INK);
  writeMixed(doc, `${label}: `, BOLD, 10, { continued: true, width: widthOf(doc) });
  writeMixed(doc, value, REGULAR, 10, {});
}

function section(doc: Doc, title: string, text: string) {
  doc.moveDown(0.6);
  doc.fillColor(INK);
  writeMixed(doc, title, BOLD, 11, { width: widthOf(doc) });
  writeMixed(doc, text, REGULAR, 10, { width: widthOf(doc) });
}

export interface DecisionFacts {
  university: string;
  grievance: GrievanceRow;
  complaintNumber: string | null;
  student: { name: string; regNumber: string };
  /** Who issued it: the member's name and seat, or the Ombudsperson's name. */
  by: string;
  /** For the committee's decision: the Ombudsperson the student may appeal to. */
  ombudsperson: string | null;
}

/**
 * The committee's decision (`kind` decision) or the Ombudsperson's order (disposal) as a PDF:
 * dated, naming the university, the grievance and complaint numbers, the student, the findings,
 * the decision and who made it, and for a decision until when and to whom the student may appeal.
 */
export async function decisionPdf(kind: 'decision' | 'disposal', facts: DecisionFacts, r: Reader): Promise<NodeJS.ReadableStream> {
  const { i18n } = r;
  const g = facts.grievance;
  const decision = kind === 'decision';
  const at = (decision ? g.decidedAt : g.disposedAt) ?? new Date();
  const title = decision
    ? i18n._('Decision of the Student Grievance Redressal Committee on grievance {number}', { number: g.number })
    : i18n._('Order of the Ombudsperson on the appeal in grievance {number}', { number: g.number });
  const doc = await newDoc(title, facts.university, at);
  heading(doc, facts.university, title);
  field(doc, i18n._('Date'), r.time(at));
  field(doc, i18n._('Grievance'), g.number);
  field(doc, i18n._('Complaint'), facts.complaintNumber ?? i18n._('None (a hostel matter)'));
  field(doc, i18n._('Student'), facts.student.regNumber ? `${facts.student.name} (${facts.student.regNumber})` : facts.student.name);
  field(doc, i18n._('Hostel'), r.hostel(g.hostel));
  field(doc, i18n._('Subject'), g.subject);
  field(doc, i18n._('Received'), r.time(g.receivedAt));
  if (decision) {
    field(doc, i18n._('Outcome'), g.outcome ? i18n._(COMMITTEE_OUTCOME_LABELS[g.outcome]) : '');
    section(doc, i18n._('The grievance'), g.reason);
    section(doc, i18n._('Findings'), g.findings ?? '');
    section(doc, i18n._('Decision'), g.decision ?? '');
  } else {
    field(doc, i18n._('Appealed'), g.appealedAt ? r.time(g.appealedAt) : '');
    field(doc, i18n._('Outcome'), g.appealOutcome ? i18n._(APPEAL_OUTCOME_LABELS[g.appealOutcome]) : '');
    section(doc, i18n._('The committee’s decision'), g.decision ?? '');
    section(doc, i18n._('The appeal'), g.appealReason ?? '');
    section(doc, i18n._('Findings'), g.disposalFindings ?? '');
    section(doc, i18n._('Order'), g.disposalDecision ?? '');
  }
  doc.moveDown(0.8);
  field(doc, decision ? i18n._('Issued by') : i18n._('Ombudsperson'), facts.by);
  if (decision && g.appealUntil) {
    doc.moveDown(0.6);
    doc.fillColor(MUTED);
    writeMixed(
      doc,
      i18n._('The student may appeal against this decision to the Ombudsperson ({ombudsperson}) until {until}, through the grievance’s page on the portal.', {
        ombudsperson: facts.ombudsperson ?? i18n._('the Ombudsperson'),
        until: r.time(g.appealUntil),
      }),
      REGULAR,
      10,
      { width: widthOf(doc) },
    );
  }
  doc.end();
  return doc;
}

export const REPORT_TITLE = /*i18n*/ 'Student grievances';

/** The report's rows as label and figure, for both files. */
function reportRows(report: GrievanceReport, r: Reader): Array<{ title: string; rows: Array<Array<string | number>>; header: string[] }> {
  const { i18n } = r;
  const part = (rows: GrievanceReport['byHostel'] | GrievanceReport['byCategory'], name: (row: (typeof rows)[number]) => string) =>
    rows.map((row) => [name(row), row.received, row.decided, row.decidedWithinClock, row.appeals]);
  const partHeader = [i18n._('Received'), i18n._('Decided'), i18n._('Decided within 15 working days'), i18n._('Appeals')];
  return [
    {
      title: i18n._('Summary'),
      header: [i18n._('Figure'), i18n._('Count')],
      rows: [
        [i18n._('Grievances received'), report.received],
        [i18n._('Withdrawn before a decision'), report.withdrawn],
        [i18n._('Decided by the committee'), report.decided],
        [i18n._('Decided within 15 working days'), report.decidedWithinClock],
        [i18n._('Pending with the committee'), report.pendingWithCommittee],
        [i18n._('Appeals to the Ombudsperson'), report.appeals],
        [i18n._('Appeals disposed of'), report.disposed],
        [i18n._('Disposed of within 30 days'), report.disposedWithinClock],
        [i18n._('Pending with the Ombudsperson'), report.pendingWithOmbudsperson],
      ],
    },
    {
      title: i18n._('Committee’s outcomes'),
      header: [i18n._('Outcome'), i18n._('Count')],
      rows: Object.entries(COMMITTEE_OUTCOME_LABELS).map(([key, label]) => [i18n._(label), report.outcomes[key as keyof GrievanceReport['outcomes']]]),
    },
    {
      title: i18n._('Ombudsperson’s outcomes'),
      header: [i18n._('Outcome'), i18n._('Count')],
      rows: Object.entries(APPEAL_OUTCOME_LABELS).map(([key, label]) => [i18n._(label), report.appealOutcomes[key as keyof GrievanceReport['appealOutcomes']]]),
    },
    { title: i18n._('By hostel'), header: [i18n._('Hostel'), ...partHeader], rows: part(report.byHostel, (row) => ('hostel' in row ? row.hostel : '')) },
    { title: i18n._('By category'), header: [i18n._('Category'), ...partHeader], rows: part(report.byCategory, (row) => ('category' in row ? row.category : '')) },
  ];
}

const BOM = '\ufeff';
const line = (cells: Array<string | number>) => `${cells.map(csvCell).join(',')}\r\n`;

/** The report as one CSV file: the heading, then each table under its title (Excel reads it as UTF-8 with the BOM). */
export function reportCsv(report: GrievanceReport, university: string, r: Reader): string {
  const { i18n } = r;
  let text = BOM + line([university]) + line([i18n._(REPORT_TITLE)]) + line([i18n._('Period'), report.from, report.to]);
  text += line([i18n._('Each figure counts the grievances received in the period, as each stands now.')]);
  for (const table of reportRows(report, r)) {
    text += `\r\n${line([table.title])}${line(table.header)}${table.rows.map(line).join('')}`;
  }
  return text;
}

/** The report as an A4 PDF: a table per section, a figure in each row, as the SQL counted it. */
export async function reportPdf(report: GrievanceReport, university: string, r: Reader, at: Date): Promise<NodeJS.ReadableStream> {
  const { i18n } = r;
  const title = i18n._('{title}, {from} to {to}', { title: i18n._(REPORT_TITLE), from: report.from, to: report.to });
  const doc = await newDoc(title, university, at);
  heading(doc, university, title);
  doc.fillColor(MUTED);
  writeMixed(doc, i18n._('Each figure counts the grievances received in the period, as each stands now.'), REGULAR, 9, { width: widthOf(doc) });
  writeMixed(doc, i18n._('Generated {at}', { at: r.time(at) }), REGULAR, 9, { width: widthOf(doc) });
  const width = widthOf(doc);
  for (const table of reportRows(report, r)) {
    doc.moveDown(0.8);
    const columns = table.header.length;
    const first = columns === 2 ? width - 90 : width - 4 * 75;
    const widths = [first, ...Array<number>(columns - 1).fill(columns === 2 ? 90 : 75)];
    if (doc.y + 60 > doc.page.height - MARGIN) doc.addPage();
    doc.fillColor(INK);
    writeMixed(doc, table.title, BOLD, 12, { x: MARGIN, y: doc.y, width });
    for (const [index, cells] of [table.header, ...table.rows].entries()) {
      if (doc.y + 28 > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y + 2;
      let x = MARGIN;
      let bottom = top;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 75;
        writeMixed(doc, String(cell), index === 0 ? BOLD : REGULAR, 9, { x, y: top, width: w - 6, align: i === 0 ? 'left' : 'right' });
        bottom = Math.max(bottom, doc.y);
        x += w;
      });
      doc.x = MARGIN;
      doc.y = bottom;
    }
    if (!table.rows.length) {
      doc.fillColor(MUTED);
      writeMixed(doc, i18n._('None in this period.'), REGULAR, 9, { x: MARGIN, y: doc.y + 2, width });
    }
  }
  doc.end();
  return doc;
}
