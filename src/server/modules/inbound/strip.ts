import { MESSAGE_MAX_LENGTH } from '../../../shared/catalog.js';

/**
 * The new words of a reply, without what mail clients add below them: the quoted message
 * ("On … wrote:" and the "> " lines, Outlook's "Original Message" or From:/Sent: block), the
 * signature after "-- ", and "Sent from my phone" lines. What stays is what the person typed.
 * Written here rather than taken from a library: the well-known parsers need Node 22.
 */

/** Lines that start the quoted history; everything from them on goes. */
const SEPARATORS: RegExp[] = [/^-{2,}\s*(original message|forwarded message)\s*-{2,}/i, /^_{8,}\s*$/];
/** Outlook quotes with a header block: "From: …" then "Sent:", "To:" or "Subject:" within a few lines. */
function startsHeaderBlock(lines: string[], i: number): boolean {
  if (!/^(from|von|de):\s.+/i.test(lines[i]?.trim() ?? '')) return false;
  return lines.slice(i + 1, i + 5).some((l) => /^(sent|date|to|subject|gesendet|envoyé):\s/i.test(l.trim()));
}
const SIGNATURE_STARTS: RegExp[] = [/^--\s*$/, /^sent from my \w+/i, /^get outlook for /i, /^sent from (mail|outlook|yahoo mail)/i];

/** "On Mon, 23 Nov 2026 at 10:00, Someone <x@y> wrote:", perhaps folded over two lines by the client. */
function startsAttribution(lines: string[], i: number): boolean {
  const line = lines[i]?.trim() ?? '';
  const joined = `${line} ${lines[i + 1]?.trim() ?? ''}`;
  return (/^(on|am|le)\s.+/i.test(line) && (/wrote:\s*$/i.test(line) || /wrote:\s*$/i.test(joined))) || /^.{0,200}\swrote:\s*$/i.test(line);
}

export function stripReply(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    if (startsAttribution(lines, i)) break;
    if (SEPARATORS.some((re) => re.test(trimmed)) || startsHeaderBlock(lines, i)) break;
    if (SIGNATURE_STARTS.some((re) => re.test(line.trimEnd()))) break;
    if (trimmed.startsWith('>')) continue;
    kept.push(line.trimEnd());
  }
  const text = kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return text.length > MESSAGE_MAX_LENGTH ? `${text.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : text;
}
