import { i18nFor, type I18n } from '../../i18n/index.js';
import { BOLD, REGULAR, heightOfMixed, printable, writeMixed, type Weight } from '../../lib/pdf-scripts.js';
import { NO_IDENTITIES, REPORT_TITLE, reportHeading, reportTables, type Cell, type ReportTable } from './sections.js';
import type { RaggingReport } from './service.js';

/*
 * The report as an A4 PDF (pdfkit): the university's name, the period, the tables of sections.ts,
 * when it was generated and "Page n of m" on every page, in the requester's language (Devanagari
 * set in the embedded Noto Sans Devanagari, lib/pdf-scripts). pdfkit is loaded the first time a report
 * is asked for (decision 33: a module most starts never need costs no start-up), and the document
 * is a stream the route sends as it is written.
 */

type Doc = PDFKit.PDFDocument;

const importPdfKit = () => import('pdfkit').then((m) => m.default);
let pdfkit: ReturnType<typeof importPdfKit> | undefined;
const loadPdfKit = () => (pdfkit ??= importPdfKit());

const MARGIN = 50;
const PAD = 4;
const BODY = 9;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const HEADER_FILL = '#e2e8f0';

/** Kept for the callers that printed text with the standard fonts before the shared module had it. */
export { printable };

// A cell's text as recorded: Devanagari in it is set in Noto Sans Devanagari (lib/pdf-scripts).
const cellText = (cell: Cell) => (cell === null ? '—' : String(cell));

/** The bottom of the page's writing area. */
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Column widths: a label and a figure, or the inspection log's date, hostel, findings and squad. */
function widthsOf(table: ReportTable, width: number): number[] {
  if (table.columns.length === 2) return [width - 90, 90];
  const rest = width - 95 - 85;
  return [95, 85, Math.round(rest * 0.65), rest - Math.round(rest * 0.65)];
}

function rowHeight(doc: Doc, cells: string[], widths: number[], font: Weight): number {
  return Math.max(...cells.map((text, i) => heightOfMixed(doc, text, font, BODY, (widths[i] ?? 0) - 2 * PAD))) + 2 * PAD;
}

function drawRow(doc: Doc, table: ReportTable, cells: string[], widths: number[], header: boolean): void {
  const font = header ? BOLD : REGULAR;
  const height = rowHeight(doc, cells, widths, font);
  const top = doc.y;
  const width = widths.reduce((a, b) => a + b, 0);
  if (header) doc.rect(MARGIN, top, width, height).fill(HEADER_FILL);
  let x = MARGIN;
  cells.forEach((text, i) => {
    const w = widths[i] ?? 0;
    const align = table.columns[i]?.numeric ? 'right' : 'left';
    doc.fillColor(INK);
    writeMixed(doc, text, font, BODY, { x: x + PAD, y: top + PAD, width: w - 2 * PAD, align });
    x += w;
  });
  doc.moveTo(MARGIN, top + height).lineTo(MARGIN + width, top + height).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.x = MARGIN;
  doc.y = top + height;
}

/** A table under its title; rows that do not fit go on to the next page under the header again. */
function drawTable(doc: Doc, table: ReportTable): void {
  const width = doc.page.width - 2 * MARGIN;
  const widths = widthsOf(table, width);
  const headers = table.columns.map((c) => c.header);
  const rows = table.rows.length ? table.rows.map((r) => r.map(cellText)) : [];
  const first = rows[0] ?? [];
  // The title stays with its header and first row.
  const titleHeight = heightOfMixed(doc, table.title, BOLD, 12, width) + (table.note ? heightOfMixed(doc, table.note, REGULAR, BODY, width) : 0);
  const startNeeds = titleHeight + 24 + rowHeight(doc, headers, widths, BOLD) + (first.length ? rowHeight(doc, first, widths, REGULAR) : 0);
  if (doc.y + startNeeds > bottom(doc)) doc.addPage();
  doc.moveDown(0.8);
  doc.fillColor(INK);
  writeMixed(doc, table.title, BOLD, 12, { x: MARGIN, y: doc.y, width });
  if (table.note) {
    doc.fillColor(MUTED);
    writeMixed(doc, table.note, REGULAR, BODY, { width });
  }
  doc.moveDown(0.4);
  drawRow(doc, table, headers, widths, true);
  if (!rows.length) {
    doc.fillColor(MUTED);
    writeMixed(doc, table.empty ?? '', REGULAR, BODY, { x: MARGIN + PAD, y: doc.y + PAD, width });
    return;
  }
  for (const cells of rows) {
    if (doc.y + rowHeight(doc, cells, widths, REGULAR) > bottom(doc)) {
      doc.addPage();
      drawRow(doc, table, headers, widths, true);
    }
    drawRow(doc, table, cells, widths, false);
  }
}

/** "Page n of m" and what the report is, under every page (written once all pages are known). */
function drawFooters(doc: Doc, report: RaggingReport, i18n: I18n): void {
  const { start, count } = doc.bufferedPageRange();
  const label = i18n._('{university} · {title}, {from} to {to}', { university: report.university, title: i18n._(REPORT_TITLE), from: report.from, to: report.to });
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 16;
    const width = doc.page.width - 2 * MARGIN;
    doc.fillColor(MUTED);
    writeMixed(doc, label, REGULAR, 8, { x: MARGIN, y, width: width - 80, lineBreak: false });
    writeMixed(doc, i18n._('Page {page} of {count}', { page: String(i - start + 1), count: String(count) }), REGULAR, 8, { x: MARGIN, y, width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/**
 * The report as a PDF stream. Pages are kept until the end (bufferPages) so that each can say how
 * many there are: a report with 40 inspections is five pages and 11 KB.
 */
export async function reportPdf(report: RaggingReport, i18n: I18n = i18nFor(null)): Promise<NodeJS.ReadableStream> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      // pdfkit writes text outside Latin-1 as UTF-16, which every reader shows (a Hindi title).
      Title: i18n._('{title}, {from} to {to}', { title: i18n._(REPORT_TITLE), from: report.from, to: report.to }),
      Author: report.university,
      Subject: i18n._("For the institution's and the district's anti-ragging committees"),
      CreationDate: report.generatedAt,
    },
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.fillColor(INK);
  writeMixed(doc, report.university, BOLD, 18, { width });
  writeMixed(doc, i18n._(REPORT_TITLE), BOLD, 14, { width });
  doc.moveDown(0.5);
  for (const [label, value] of reportHeading(report, i18n).slice(1)) {
    doc.fillColor(INK);
    writeMixed(doc, `${label}: `, BOLD, 10, { continued: true, width });
    writeMixed(doc, value, REGULAR, 10, {});
  }
  doc.moveDown(0.5);
  doc.fillColor(MUTED);
  writeMixed(doc, i18n._(NO_IDENTITIES), REGULAR, BODY, { width });
  for (const table of reportTables(report, i18n)) drawTable(doc, table);
  drawFooters(doc, report, i18n);
  doc.end();
  return doc;
}
