import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: every content stream inflated, and the strings of its text operators
 * (pdfkit writes them as hex) decoded, one line of the page per line, and the same with the lines
 * run together (a wrapped cell reads as one). Enough to search a PDF for words, not a general extractor.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const match of raw.matchAll(/<<((?:(?!>>)[^])*?)\/Length (\d+)((?:(?!>>)[^])*?)>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[2]));
    const dict = `${match[1]}${match[3]}`;
    if (dict.includes('/Subtype /Image') || dict.includes('/Length1')) continue;
    const content = (dict.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '').join('') : (op[2] ?? '');
      shown.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return `${shown.join('\n')}\n${shown.join(' ').replace(/\s+/g, ' ')}`;
}

/** How many pages a PDF has: pdfkit writes each page's object uncompressed. */
export const pdfPageCount = (pdf: Buffer): number => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
