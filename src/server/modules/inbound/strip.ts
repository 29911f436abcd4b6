import { MESSAGE_MAX_LENGTH } from '../../../shared/catalog.js';

/**
 * The new words of a reply, wherever the person typed them: above the quoted message (top-posting),
 * below it (bottom-posting) or between its lines (interleaved). What mail clients add goes: the
 * quote header ("On … wrote:", also folded over two or three lines, and its German, French, Spanish,
 * Italian and Dutch forms), the "> " lines, Outlook's "Original Message" separator and From:/Sent:
 * block, the signature after "-- " and "Sent from my …" lines. Where a quote was taken out between
 * two pieces of new text, a blank line keeps them apart as paragraphs.
 *
 * A quote is only cut to the end when nothing marks where it stops: Outlook-style clients put the
 * original under their header block without "> ", so what follows that block is history, unless
 * the lines under it are "> " quoted (only the block itself goes) or the original is the portal's
 * own mail, whose last sentence marks its end (what follows it was typed below the quote).
 * Written here rather than taken from a library: the well-known parsers need Node 22.
 */

/** The end of a quote header: "…, Someone <x@y> wrote:" and its translations. */
const WROTE = /\s(wrote|a\s+écrit|escribió|ha\s+scritto)\s*:\s*$/iu;
/** German and Dutch put the name after the verb: "Am 23.11.2026 um 10:00 schrieb Someone:". */
const NAME_AFTER_VERB = /^(am|op)\s.*\s(schrieb|schreef)\s.{1,200}:\s*$/iu;
/** How a quote header folded over several lines by the client starts: "On Mon, 23 Nov 2026 at 10:00, Someone <". */
const FOLDED_START = /^(on|am|le|el|il|op)\s/iu;
const ATTRIBUTION_MAX = 300;
const ATTRIBUTION_MAX_LINES = 3;

const SEPARATOR = /^-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine|mensaje original)\s*-{2,}$/iu;
/** Outlook's rule above its header block. Alone it is just a line someone drew. */
const RULE = /^_{8,}$/;
const FROM_FIELD = /^\*?(from|von|de|van)\s?\*?:\*?\s*\S/iu;
const OTHER_FIELD = /^\*?(sent|date|to|cc|subject|gesendet|datum|an|betreff|envoyé|à|objet|enviado|para|asunto|verzonden|aan|onderwerp)\s?\*?:\*?(\s|$)/iu;
/** Header fields beside From: that make a block without a separator above it a quote header, not someone's "From: …" line. */
const UNSEPARATED_FIELDS_MIN = 2;

/** Lines phones and webmail add under what was typed. Dropped only when a quote or the end follows. */
const DEVICE_SIGNATURE = /^(sent from my\s[\p{L}\p{N} ._'’-]{1,40}|sent from (mail|outlook|yahoo mail)\b[\p{L}\p{N} ._'’-]{0,40}|get outlook for\s[\p{L}\p{N} ._'’-]{1,30}|sent via\s[\p{L}\p{N} ._'’-]{1,40})\.?$/iu;

const isQuoted = (line: string) => line.trimStart().startsWith('>');
const isBlank = (line: string) => line.trim() === '';

function nextNonBlank(lines: readonly string[], from: number): number {
  let k = from;
  while (k < lines.length && isBlank(lines[k] ?? '')) k += 1;
  return k;
}

/** Whether the next non-blank line from `from` is quoted or there is none: what a quote header must be followed by. */
function quoteOrEndFrom(lines: readonly string[], from: number): boolean {
  const k = nextNonBlank(lines, from);
  return k >= lines.length || isQuoted(lines[k] ?? '');
}

/** How many lines the quote header starting at `i` takes ("On … wrote:" once folded), or 0 when there is none. */
function attributionAt(lines: readonly string[], i: number): number {
  const first = lines[i]?.trim() ?? '';
  if (first === '' || isQuoted(first)) return 0;
  const parts: string[] = [];
  for (let n = 1; n <= ATTRIBUTION_MAX_LINES && i + n - 1 < lines.length; n += 1) {
    const line = lines[i + n - 1]?.trim() ?? '';
    if (line === '' || isQuoted(line)) return 0;
    parts.push(line);
    const joined = parts.join(' ');
    if (joined.length > ATTRIBUTION_MAX) return 0;
    // Folded headers start like one and do not end a sentence on the way ("On Monday it broke." is prose).
    if (n > 1 && (!FOLDED_START.test(first) || /[.!?]$/.test(parts[n - 2] ?? ''))) return 0;
    if ((WROTE.test(joined) || NAME_AFTER_VERB.test(joined)) && quoteOrEndFrom(lines, i + n)) return n;
  }
  return 0;
}

/** The index after the From:/Sent:/To:/Subject: block starting at `i`, or undefined when `i` does not start one with `minOthers` fields beside From:. */
function headerBlockEnd(lines: readonly string[], i: number, minOthers: number): number | undefined {
  if (!FROM_FIELD.test(lines[i]?.trim() ?? '')) return undefined;
  let j = i + 1;
  let others = 0;
  for (; j < lines.length; j += 1) {
    const line = lines[j] ?? '';
    if (OTHER_FIELD.test(line.trim())) others += 1;
    // A long To: or Cc: list folded onto the next line.
    else if (!(others > 0 && /^\s+\S/.test(line))) break;
  }
  return others >= minOthers ? j : undefined;
}

/** Where the quoted history introduced at `i` by a separator or header block ends its header, or undefined when `i` starts none. */
function historyHeaderEnd(lines: readonly string[], i: number): number | undefined {
  const line = lines[i]?.trim() ?? '';
  if (SEPARATOR.test(line)) return headerBlockEnd(lines, nextNonBlank(lines, i + 1), 0) ?? i + 1;
  if (RULE.test(line)) return headerBlockEnd(lines, i + 1, 1);
  return headerBlockEnd(lines, i, UNSEPARATED_FIELDS_MIN);
}

/**
 * The last sentence of every portal mail one can answer (mail/outbox.ts adds it): "… your answer is
 * added to HC-2026-000123 on the portal." for the student, "… on the portal, where the student reads it
 * (your e-mail address is not shown to them)." for the team. A client may have wrapped it over lines.
 */
const PORTAL_MAIL_END = /your answer is added to [a-z]{1,5}-\d{4}-\d{1,10} on the portal(\.|, where the student reads it \(your e-mail address is not shown to them\)\.)\s*$/iu;
const PORTAL_MAIL_END_LINES = 4;

/** The index after the line that ends a portal mail quoted without "> " from `from` on, or undefined when none does. */
function endOfPortalMail(lines: readonly string[], from: number): number | undefined {
  for (let k = from; k < lines.length; k += 1) {
    const window = lines.slice(Math.max(from, k - PORTAL_MAIL_END_LINES + 1), k + 1).join(' ').replace(/\s+/g, ' ');
    if (PORTAL_MAIL_END.test(window)) return k + 1;
  }
  return undefined;
}

/** Whether something at `k` starts quoted history: a "> " line, a quote header, a separator or header block. */
function quoteStartsAt(lines: readonly string[], k: number): boolean {
  return isQuoted(lines[k] ?? '') || attributionAt(lines, k) > 0 || historyHeaderEnd(lines, k) !== undefined;
}

/** Whether nothing typed follows from `from` on: the end, a quote, or a "-- " signature. */
function endsTypedText(lines: readonly string[], from: number): boolean {
  const k = nextNonBlank(lines, from);
  return k >= lines.length || lines[k]?.trim() === '--' || quoteStartsAt(lines, k);
}

type Kind = 'text' | 'blank' | 'dropped';

function classify(lines: readonly string[]): Kind[] {
  const kinds: Kind[] = [];
  let inSignature = false;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? '';
    const trimmed = line.trim();
    const header = attributionAt(lines, i);
    const history = header ? undefined : historyHeaderEnd(lines, i);
    if (isQuoted(line) || header || history !== undefined) {
      // A quote ends a signature: what follows the quote may be new text again.
      inSignature = false;
      let end = history ?? i + Math.max(header, 1);
      if (history !== undefined && !quoteOrEndFrom(lines, history)) {
        // The original follows unmarked. When it is the portal's own mail, its last sentence says where
        // it ends and what follows was typed below it; otherwise everything from here on is history.
        const ours = endOfPortalMail(lines, history);
        if (ours === undefined) {
          while (kinds.length < lines.length) kinds.push('dropped');
          break;
        }
        end = ours;
      }
      for (; i < end; i += 1) kinds.push('dropped');
      continue;
    }
    if (trimmed === '--') inSignature = true;
    if (inSignature) kinds.push('dropped');
    else if (trimmed === '') kinds.push('blank');
    else kinds.push(DEVICE_SIGNATURE.test(trimmed) && endsTypedText(lines, i + 1) ? 'dropped' : 'text');
    i += 1;
  }
  return kinds;
}

export function stripReply(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const kinds = classify(lines);
  const kept: string[] = [];
  let gap = false;
  lines.forEach((line, i) => {
    const kind = kinds[i];
    if (kind === 'dropped') {
      gap = true;
    } else if (kind === 'blank') {
      if (kept.length) kept.push('');
    } else {
      // New text on both sides of something taken out: two paragraphs, not one run-on.
      if (gap && kept.length && kept[kept.length - 1] !== '') kept.push('');
      gap = false;
      kept.push(line.trimEnd());
    }
  });
  const text = kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return text.length > MESSAGE_MAX_LENGTH ? `${text.slice(0, MESSAGE_MAX_LENGTH - 1)}…` : text;
}
