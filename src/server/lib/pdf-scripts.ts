import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sfntFromWoff } from './woff.js';

/*
 * Devanagari in pdfkit's PDFs (issue 28): the built-in fonts have no Devanagari, so Devanagari runs
 * are set in Noto Sans Devanagari (SIL Open Font License, the @fontsource package's WOFF files,
 * unpacked once per process by woff.ts, which pdfkit embeds as a subset). That font's files for
 * Devanagari hold no Latin letters, digits or spaces, so a line is written in runs: Devanagari in
 * Noto, the rest in Helvetica as before. Text without Devanagari is written exactly as it always was and embeds no font. Shared by
 * the QR label sheets and the anti-ragging report.
 */

type Doc = PDFKit.PDFDocument;

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export type Weight = typeof REGULAR | typeof BOLD;

const DEVANAGARI_FONT = { [REGULAR]: 'NotoSansDevanagari', [BOLD]: 'NotoSansDevanagari-Bold' } as const;
const fontFile = (weight: 400 | 700) =>
  createRequire(import.meta.url).resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`);
const unpacked = new Map<400 | 700, Buffer>();
/** The face as a plain font file, read and unpacked the first time a document needs it. */
function fontBytes(weight: 400 | 700): Buffer {
  let bytes = unpacked.get(weight);
  if (!bytes) {
    bytes = sfntFromWoff(readFileSync(fontFile(weight)));
    unpacked.set(weight, bytes);
  }
  return bytes;
}

/** How far below a line's top Helvetica's baseline sits, per point of size (its ascender, 718/1000). */
const HELVETICA_ASCENT = 0.718;

// The standard PDF fonts speak Windows-1252 only: Latin-1 and these. Anything else (an emoji in
// findings) prints as "?" rather than as a wrong glyph; a CSV keeps it.
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

/** Devanagari, its extensions, and the joiners and dotted circle its shaping uses. */
function isDevanagari(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x0900 && c <= 0x097f) || (c >= 0x1cd0 && c <= 0x1cff) || (c >= 0xa8e0 && c <= 0xa8ff) || c === 0x200c || c === 0x200d || c === 0x25cc;
}

export const hasDevanagari = (text: string) => [...text].some(isDevanagari);

interface Run {
  text: string;
  devanagari: boolean;
}

/** The text in runs of one script each: Devanagari as it is, the rest printable in Helvetica. */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const devanagari = isDevanagari(ch);
    const last = runs.at(-1);
    if (last && last.devanagari === devanagari) last.text += ch;
    else runs.push({ text: ch, devanagari });
  }
  return runs.map((run) => (run.devanagari ? run : { ...run, text: printable(run.text) }));
}

const fontOf = (run: Run, weight: Weight) => (run.devanagari ? DEVANAGARI_FONT[weight] : weight);

/** Registers the Devanagari faces once per document, when text first needs them. */
export function withDevanagari(doc: Doc & { hcpDevanagari?: boolean }): void {
  if (doc.hcpDevanagari) return;
  doc.registerFont(DEVANAGARI_FONT[REGULAR], fontBytes(400));
  doc.registerFont(DEVANAGARI_FONT[BOLD], fontBytes(700));
  doc.hcpDevanagari = true;
}

/** A mixed line's width at `size`. */
export function widthOfRuns(doc: Doc, text: string, weight: Weight, size: number): number {
  return runsOf(text).reduce((sum, run) => sum + doc.font(fontOf(run, weight)).fontSize(size).widthOfString(run.text), 0);
}

/** Writes a mixed line from its top-left corner, every run on Helvetica's baseline, never wrapped (undefined `color`: the current one). */
export function writeRuns(doc: Doc, text: string, weight: Weight, size: number, color: string | undefined, x: number, top: number): void {
  let at = x;
  const baseline = top + HELVETICA_ASCENT * size;
  for (const run of runsOf(text)) {
    doc.font(fontOf(run, weight)).fontSize(size);
    if (color !== undefined) doc.fillColor(color);
    doc.text(run.text, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
    at += doc.widthOfString(run.text);
  }
}

/** The taller of the two faces' lines at `size`: what a wrapped mixed line takes. */
function mixedLineHeight(doc: Doc, size: number, weight: Weight): number {
  const latin = doc.font(weight).fontSize(size).currentLineHeight(true);
  const devanagari = doc.font(DEVANAGARI_FONT[weight]).fontSize(size).currentLineHeight(true);
  return Math.max(latin, devanagari);
}

/**
 * The height of text wrapped to `width`, as heightOfString gives it for one font: a Devanagari
 * text's lines are counted word by word over the runs' widths, each as tall as the taller face's.
 */
export function heightOfMixed(doc: Doc, text: string, weight: Weight, size: number, width: number): number {
  if (!hasDevanagari(text)) return doc.font(weight).fontSize(size).heightOfString(printable(text), { width });
  withDevanagari(doc);
  let lines = 0;
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    lines += 1;
    let used = 0;
    for (const word of paragraph.split(' ')) {
      const w = widthOfRuns(doc, word, weight, size);
      const space = used > 0 ? widthOfRuns(doc, ' ', weight, size) : 0;
      if (used > 0 && used + space + w > width) {
        lines += 1;
        used = w;
      } else used += space + w;
    }
  }
  return lines * mixedLineHeight(doc, size, weight);
}

/**
 * Writes text wrapped to `width` as doc.text does, from (x, y) or where the document is. Text
 * without Devanagari goes to doc.text as it always did; a Devanagari text goes run by run
 * (pdfkit's `continued`), every run on Helvetica's baseline.
 */
export function writeMixed(
  doc: Doc,
  text: string,
  weight: Weight,
  size: number,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number },
): void {
  const { x, y, ...rest } = options;
  if (!hasDevanagari(text)) {
    doc.font(weight).fontSize(size);
    if (x === undefined || y === undefined) doc.text(printable(text), rest);
    else doc.text(printable(text), x, y, rest);
    return;
  }
  withDevanagari(doc);
  // pdfkit aligns each `continued` run on its own, so a right-aligned or centred line that fits is
  // placed whole: its runs measured together and written from where the line starts.
  const measured = widthOfRuns(doc, text, weight, size);
  if ((rest.align === 'right' || rest.align === 'center') && rest.width !== undefined && measured <= rest.width && !text.includes('\n')) {
    const left = x ?? doc.x;
    const top = y ?? doc.y;
    const shift = rest.align === 'right' ? rest.width - measured : (rest.width - measured) / 2;
    writeRuns(doc, text, weight, size, undefined, left + shift, top);
    doc.x = left;
    doc.y = top + mixedLineHeight(doc, size, weight);
    return;
  }
  const runs = runsOf(text);
  runs.forEach((run, i) => {
    doc.font(fontOf(run, weight)).fontSize(size);
    const own = { ...rest, baseline: -HELVETICA_ASCENT * size, continued: i < runs.length - 1 || rest.continued === true };
    if (i === 0 && x !== undefined && y !== undefined) doc.text(run.text, x, y, own);
    else doc.text(run.text, own);
  });
}
