import { inflateSync } from 'node:zlib';

/*
 * A WOFF 1.0 font (W3C, "WOFF File Format 1.0") unpacked into the plain TrueType/OpenType file it
 * wraps. fontkit reads WOFF, but inflates a table again each time it reads from it: laying out and
 * embedding Devanagari in one PDF inflated the glyph tables thousands of times (about 0.4 s of CPU
 * for a one-page report, on the thread that answers requests). Unpacked once, the same PDF takes a
 * third of that and its bytes are the same.
 */

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/** The sfnt (TrueType or CFF OpenType) file inside a WOFF 1.0 file; throws on anything else. */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.length < WOFF_HEADER || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  if (woff.length < WOFF_HEADER + numTables * WOFF_ENTRY) throw new Error('WOFF table directory truncated');
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = WOFF_HEADER + i * WOFF_ENTRY;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    if (offset + compLength > woff.length) throw new Error('WOFF table outside the file');
    const stored = woff.subarray(offset, offset + compLength);
    // A table is stored compressed only when that made it smaller (the format's own rule).
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('WOFF table of the wrong length');
    return { tag: woff.subarray(entry, entry + 4), checksum: woff.readUInt32BE(entry + 16), data };
  });

  // The sfnt header's binary-search fields: the largest power of two not above numTables.
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = 2 ** entrySelector * SFNT_ENTRY;
  const header = Buffer.alloc(SFNT_HEADER + numTables * SFNT_ENTRY);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * SFNT_ENTRY - searchRange, 10);

  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = SFNT_HEADER + i * SFNT_ENTRY;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    // Each table starts on a four-byte boundary.
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}
