import { encode } from 'uqr';
import { i18nFor, type I18n } from '../../i18n/index.js';
import { BOLD, REGULAR, hasDevanagari, printable, widthOfRuns, withDevanagari, writeRuns, type Weight } from '../../lib/pdf-scripts.js';

/*
 * Printable QR labels (issue 27): A4 sheets of 3 × 8 labels, one per room or common area, each with
 * the hostel's name, the place, the short address and a QR code of the absolute address. The QR
 * modules are drawn as vector rectangles (one filled path per code, a rectangle per run of dark
 * modules in a row), so a label prints sharp at any size and no image is made. pdfkit is loaded on
 * first use (decision 33), and pages are written as they are drawn: the route streams them, and
 * drawing waits while the client has not read what was written (memory stays flat).
 */

type Doc = PDFKit.PDFDocument;

const importPdfKit = () => import('pdfkit').then((m) => m.default);
let pdfkit: ReturnType<typeof importPdfKit> | undefined;
const loadPdfKit = () => (pdfkit ??= importPdfKit());

/** One label: what is printed on it. */
export interface Label {
  hostel: string;
  /** "Room 214", "Floor 3 washroom". */
  place: string;
  /** PUBLIC_URL's host and the place's path: "portal.example.edu/p/BLOCK2/214". */
  shortAddress: string;
  /** What the QR code holds: the absolute address. */
  url: string;
}

export const COLUMNS = 3;
export const ROWS = 8;
export const LABELS_PER_PAGE = COLUMNS * ROWS;

// A4 in points; the sheet's margin leaves room for a printer's unprintable edge.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 22;
const MARGIN_Y = 28;
const CELL_WIDTH = (PAGE_WIDTH - 2 * MARGIN_X) / COLUMNS;
const CELL_HEIGHT = (PAGE_HEIGHT - 2 * MARGIN_Y) / ROWS;
const PAD = 7;
const QR_SIZE = CELL_HEIGHT - 2 * PAD;
const INK = '#0f172a';
const MUTED = '#475569';
const CUT = '#94a3b8';

/** Past this many bytes written and not yet read, drawing waits for the client. */
const BACKLOG_BYTES = 256 * 1024;

/**
 * The QR code as dark runs: [row, first column, length] in modules, quiet zone included (border 2,
 * the cut lines leave the rest of the white around it). Medium error correction survives a scuffed label.
 */
function qrRuns(url: string): { size: number; runs: Array<[number, number, number]> } {
  const qr = encode(url, { ecc: 'M', border: 2 });
  const runs: Array<[number, number, number]> = [];
  qr.data.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= row.length; x += 1) {
      const dark = x < row.length && row[x] === true;
      if (dark && start < 0) start = x;
      else if (!dark && start >= 0) {
        runs.push([y, start, x - start]);
        start = -1;
      }
    }
  });
  return { size: qr.size, runs };
}

/** A number as PDF content writes it: at most three decimals, no exponent. */
const num = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * The code as one filled path, written straight into the page's content: the module grid is
 * scaled into place (cm) so each run is a short `x y w 1 re` in whole modules. Hundreds of runs a
 * code and thousands of codes a sheet: going through doc.rect() for each cost most of the time.
 */
function drawQr(doc: Doc, url: string, x: number, y: number, side: number): void {
  const { size, runs } = qrRuns(url);
  const module = side / size;
  // A hair wider than a module so neighbouring runs leave no seam when printed.
  const path = runs.map(([row, column, length]) => `${column} ${row} ${length}.04 1.04 re`).join('\n');
  doc.addContent(`q 0 0 0 rg ${num(module)} 0 0 ${num(module)} ${num(x)} ${num(y)} cm\n${path}\nf Q`);
}

/** Dashed lines between the labels and around the sheet, to cut along. */
function drawCutLines(doc: Doc): void {
  doc.save().lineWidth(0.4).dash(3, { space: 3 }).strokeColor(CUT);
  for (let c = 0; c <= COLUMNS; c += 1) {
    const x = MARGIN_X + c * CELL_WIDTH;
    doc.moveTo(x, MARGIN_Y - 8).lineTo(x, PAGE_HEIGHT - MARGIN_Y + 8);
  }
  for (let r = 0; r <= ROWS; r += 1) {
    const y = MARGIN_Y + r * CELL_HEIGHT;
    doc.moveTo(MARGIN_X - 8, y).lineTo(PAGE_WIDTH - MARGIN_X + 8, y);
  }
  doc.stroke().undash().restore();
}

/** A label with Devanagari on it: the same places and sizes, each line written in runs and made smaller to fit. */
function drawMixedLabel(doc: Doc, label: Label, scan: string, at: { textX: number; top: number; width: number }): void {
  withDevanagari(doc);
  const { textX, top, width } = at;
  const fitted = (text: string, weight: Weight, size: number, color: string, y: number, least = 4.5) => {
    const measured = widthOfRuns(doc, text, weight, size);
    const fit = measured > width ? Math.max(least, Math.floor(((size * width) / measured) * 4) / 4) : size;
    writeRuns(doc, text, weight, fit, color, textX, y);
  };
  const slash = label.shortAddress.indexOf('/');
  const host = slash < 0 ? label.shortAddress : label.shortAddress.slice(0, slash);
  const path = slash < 0 ? '' : label.shortAddress.slice(slash);
  fitted(label.hostel, BOLD, 8, MUTED, top + PAD + 2);
  fitted(label.place, BOLD, 12, INK, top + PAD + 16, 7);
  fitted(scan, REGULAR, 6.5, MUTED, top + CELL_HEIGHT - PAD - 32);
  fitted(host, REGULAR, 7, INK, top + CELL_HEIGHT - PAD - 22);
  fitted(path, BOLD, 8, INK, top + CELL_HEIGHT - PAD - 12);
}

function drawLabel(doc: Doc, label: Label, index: number, i18n: I18n): void {
  const column = index % COLUMNS;
  const row = Math.floor(index / COLUMNS) % ROWS;
  const left = MARGIN_X + column * CELL_WIDTH;
  const top = MARGIN_Y + row * CELL_HEIGHT;
  drawQr(doc, label.url, left + PAD, top + PAD, QR_SIZE);
  const textX = left + PAD + QR_SIZE + 4;
  const width = CELL_WIDTH - (textX - left) - PAD;
  const scan = i18n._('Scan to report a problem');
  if (hasDevanagari(`${label.hostel}${label.place}${scan}`)) {
    drawMixedLabel(doc, label, scan, { textX, top, width });
    return;
  }
  // One line each, never wrapped (pdfkit's line wrapper costs more than the rest of a label): a
  // long hostel name or place is cut with an ellipsis, the address made smaller to fit rather than cut.
  const line = (text: string, font: string, size: number, color: string, y: number) => {
    let shown = printable(text);
    doc.font(font).fontSize(size);
    if (doc.widthOfString(shown) > width) {
      while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
      shown = `${shown.trimEnd()}…`;
    }
    doc.fillColor(color).text(shown, textX, y, { lineBreak: false });
  };
  const fitted = (text: string, font: string, size: number, color: string, y: number) => {
    const shown = printable(text);
    const measured = doc.font(font).fontSize(size).widthOfString(shown);
    const fit = measured > width ? Math.max(4.5, Math.floor(((size * width) / measured) * 4) / 4) : size;
    doc.fontSize(fit).fillColor(color).text(shown, textX, y, { lineBreak: false });
  };
  const slash = label.shortAddress.indexOf('/');
  const host = slash < 0 ? label.shortAddress : label.shortAddress.slice(0, slash);
  const path = slash < 0 ? '' : label.shortAddress.slice(slash);
  line(label.hostel, BOLD, 8, MUTED, top + PAD + 2);
  // The place is what people read first: made smaller to fit one line, down to 9 points, then two lines.
  const place = printable(label.place);
  const placeWidth = doc.font(BOLD).fontSize(12).widthOfString(place);
  if (placeWidth <= width * (12 / 9)) {
    doc.fontSize(placeWidth > width ? Math.floor(((12 * width) / placeWidth) * 4) / 4 : 12).fillColor(INK).text(place, textX, top + PAD + 16, { lineBreak: false });
  } else {
    doc.fontSize(9).fillColor(INK).text(place, textX, top + PAD + 14, { width, height: 24, ellipsis: true });
  }
  line(scan, REGULAR, 6.5, MUTED, top + CELL_HEIGHT - PAD - 32);
  fitted(host, REGULAR, 7, INK, top + CELL_HEIGHT - PAD - 22);
  fitted(path, BOLD, 8, INK, top + CELL_HEIGHT - PAD - 12);
}

/** Waits while more than BACKLOG_BYTES of the document are written and unread; false once the reader is gone. */
async function readerKeepsUp(doc: Doc): Promise<boolean> {
  while (doc.readableLength > BACKLOG_BYTES) {
    if (doc.destroyed) return false;
    await new Promise<void>((resolve) => {
      const done = () => {
        doc.off('data', done);
        doc.off('close', done);
        resolve();
      };
      doc.on('data', done);
      doc.on('close', done);
    });
  }
  return !doc.destroyed;
}

/**
 * The labels as a PDF stream, drawn page by page as the reader takes them. `labels` is walked once,
 * so a caller may produce them lazily.
 */
export async function labelSheetPdf(
  labels: Iterable<Label>,
  info: { title: string; author: string },
  /** The language of the labels' own words (the requester's); the places come written in it. */
  i18n: I18n = i18nFor(null),
): Promise<Doc> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    // pdfkit writes a title outside Latin-1 as UTF-16, which every reader shows (a Hindi title).
    info: { Title: info.title, Author: info.author, CreationDate: new Date() },
  });
  const draw = async () => {
    let index = 0;
    for (const label of labels) {
      if (index % LABELS_PER_PAGE === 0) {
        if (index > 0 && !(await readerKeepsUp(doc))) return;
        doc.addPage();
        drawCutLines(doc);
      }
      drawLabel(doc, label, index, i18n);
      index += 1;
    }
    if (index === 0) doc.addPage();
    doc.end();
  };
  // Started once the caller has the stream to send; an error ends the stream with it.
  setImmediate(() => {
    draw().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  return doc;
}
