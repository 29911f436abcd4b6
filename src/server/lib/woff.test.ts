import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { sfntFromWoff } from './woff.js';

const woffFile = (weight: 400 | 700, format = 'woff') =>
  createRequire(import.meta.url).resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.${format}`);

/** OpenType's table checksum: the sum of the table's big-endian 32-bit words, the last one zero-padded. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** A PDF with a Devanagari line in the given face, with a fixed date so two runs can be compared byte for byte. */
function pdfWith(font: string | Buffer): Promise<Buffer> {
  const doc = new PDFDocument({ info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('Noto', font);
  doc.font('Noto').fontSize(12).text('रैगिंग विरोधी समिति की मासिक रिपोर्ट');
  doc.end();
  return ended;
}

describe('a WOFF font unpacked for PDFs', () => {
  it('gives every table back byte for byte: each matches the checksum the font recorded for it', () => {
    for (const weight of [400, 700] as const) {
      const sfnt = sfntFromWoff(readFileSync(woffFile(weight)));
      const numTables = sfnt.readUInt16BE(4);
      expect(numTables).toBeGreaterThan(5);
      let previousEnd = 12 + 16 * numTables;
      for (let i = 0; i < numTables; i++) {
        const record = 12 + 16 * i;
        const tag = sfnt.toString('latin1', record, record + 4);
        const recorded = sfnt.readUInt32BE(record + 4);
        const offset = sfnt.readUInt32BE(record + 8);
        const length = sfnt.readUInt32BE(record + 12);
        expect(offset % 4, tag).toBe(0);
        expect(offset, tag).toBeGreaterThanOrEqual(previousEnd);
        previousEnd = offset + length;
        const data = Buffer.from(sfnt.subarray(offset, offset + length));
        // 'head' is summed with its checkSumAdjustment field taken as zero.
        if (tag === 'head') data.writeUInt32BE(0, 8);
        expect(checksum(data), tag).toBe(recorded);
      }
    }
  });

  it('makes the same PDF as the WOFF file itself', async () => {
    const file = woffFile(700);
    expect(await pdfWith(sfntFromWoff(readFileSync(file)))).toEqual(await pdfWith(file));
  });

  it('refuses what is not WOFF 1.0, a WOFF2 file among them', () => {
    expect(() => sfntFromWoff(readFileSync(woffFile(400, 'woff2')))).toThrow('not a WOFF 1.0 font');
    expect(() => sfntFromWoff(Buffer.from('wOFF'))).toThrow('not a WOFF 1.0 font');
  });
});
