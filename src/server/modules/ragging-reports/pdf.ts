import { NO_IDENTITIES, REPORT_TITLE, reportHeading, reportTables, type Cell, type ReportTable } from './sections.js';
import type { RaggingReport } from './service.js';

/*
 * The report as an A4 PDF (pdfkit): the university's name, the period, the tables of sections.ts,
 * when it was generated and "Page n of m" on every page. pdfkit is loaded the first time a report
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
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

// The standard PDF fonts speak Windows-1252 only: Latin-1 and these. Anything else (a hostel named
// in Devanagari, an emoji in findings) prints as "?" rather than as a wrong glyph; the CSV keeps it.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can print: tabs and other controls become spaces, line breaks stay. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0 && !WIN_ANSI_EXTRA.has(ch))) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

const cellText = (cell: Cell) => (cell === null ? '—' : printable(String(cell)));

/** The bottom of the page's writing area. */
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Column widths: a label and a figure, or the inspection log's date, hostel, findings and squad. */
function widthsOf(table: ReportTable, width: number): number[] {
  if (table.columns.length === 2) return [width - 90, 90];
  const rest = width - 95 - 85;
  return [95, 85, Math.round(rest * 0.65), rest - Math.round(rest * 0.65)];
}

function rowHeight(doc: Doc, cells: string[], widths: number[], font: string): number {
  doc.font(font).fontSize(BODY);
  return Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: (widths[i] ?? 0) - 2 * PAD }))) + 2 * PAD;
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
    doc.font(font).fontSize(BODY).fillColor(INK).text(text, x + PAD, top + PAD, { width: w - 2 * PAD, align });
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
  const headers = table.columns.map((c) => printable(c.header));
  const rows = table.rows.length ? table.rows.map((r) => r.map(cellText)) : [];
  const first = rows[0] ?? [];
  // The title stays with its header and first row.
  doc.font(BOLD).fontSize(12);
  const titleHeight = doc.heightOfString(table.title, { width }) + (table.note ? doc.font(REGULAR).fontSize(BODY).heightOfString(table.note, { width }) : 0);
  const startNeeds = titleHeight + 24 + rowHeight(doc, headers, widths, BOLD) + (first.length ? rowHeight(doc, first, widths, REGULAR) : 0);
  if (doc.y + startNeeds > bottom(doc)) doc.addPage();
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(12).fillColor(INK).text(printable(table.title), MARGIN, doc.y, { width });
  if (table.note) doc.font(REGULAR).fontSize(BODY).fillColor(MUTED).text(printable(table.note), { width });
  doc.moveDown(0.4);
  drawRow(doc, table, headers, widths, true);
  if (!rows.length) {
    doc.font(REGULAR).fontSize(BODY).fillColor(MUTED).text(printable(table.empty ?? ''), MARGIN + PAD, doc.y + PAD, { width });
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
function drawFooters(doc: Doc, report: RaggingReport): void {
  const { start, count } = doc.bufferedPageRange();
  const label = printable(`${report.university} · ${REPORT_TITLE}, ${report.from} to ${report.to}`);
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 16;
    const width = doc.page.width - 2 * MARGIN;
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    doc.text(label, MARGIN, y, { width: width - 80, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/**
 * The report as a PDF stream. Pages are kept until the end (bufferPages) so that each can say how
 * many there are: a report with 40 inspections is five pages and 11 KB.
 */
export async function reportPdf(report: RaggingReport): Promise<NodeJS.ReadableStream> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: printable(`${REPORT_TITLE}, ${report.from} to ${report.to}`),
      Author: printable(report.university),
      Subject: "For the institution's and the district's anti-ragging committees",
      CreationDate: report.generatedAt,
    },
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font(BOLD).fontSize(18).fillColor(INK).text(printable(report.university), { width });
  doc.font(BOLD).fontSize(14).text(REPORT_TITLE, { width });
  doc.moveDown(0.5);
  for (const [label, value] of reportHeading(report).slice(1)) {
    doc.font(BOLD).fontSize(10).fillColor(INK).text(`${label}: `, { continued: true, width });
    doc.font(REGULAR).text(printable(value));
  }
  doc.moveDown(0.5);
  doc.font(REGULAR).fontSize(BODY).fillColor(MUTED).text(NO_IDENTITIES, { width });
  for (const table of reportTables(report)) drawTable(doc, table);
  drawFooters(doc, report);
  doc.end();
  return doc;
}
