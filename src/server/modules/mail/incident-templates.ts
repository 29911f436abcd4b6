import { ENGLISH, type Reader } from '../../i18n/readers.js';
import { escapeHtml, greeting, htmlLang, oneLine } from './html.js';
import type { RenderedMail } from './templates.js';

export interface IncidentResolvedMail {
  /** The reader's first name, when known. */
  fname: string;
  incident: { title: string; hostel: string; floors: readonly number[] };
  note: string;
  /** The reader's own complaints this resolution resolved, each with the link to it. */
  own: ReadonlyArray<{ number: string; url: string }>;
  /** Other students' complaints the reader follows that it resolved. */
  followed: readonly string[];
  /** Where a reader without a complaint of their own follows their complaints. */
  myComplaintsUrl: string;
}

/** "A, B and C" in the reader's words. */
const list = ({ i18n }: Reader, items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : i18n._('{first} and {last}', { first: items.slice(0, -1).join(', '), last: items.at(-1) ?? '' });

/** "floor 2", "floors 1, 2 and 3" (shared/incidents' floorsText, in the reader's words). */
function floorsText(r: Reader, floors: readonly number[]): string {
  if (floors.length === 0) return '';
  if (floors.length === 1) return r.i18n._('floor {floor}', { floor: String(floors[0]) });
  return r.i18n._('floors {floors}', { floors: list(r, floors.map(String)) });
}

/**
 * The one mail each person concerned gets when a notice is resolved, however many ways it
 * concerns them (their complaints, complaints they follow, the notice itself): it names the
 * notice, the team's note, and their own complaints with links, where they may still reopen one.
 */
export function incidentResolvedMail(m: IncidentResolvedMail, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const hostel = r.hostel(m.incident.hostel);
  const where = [hostel, floorsText(r, m.incident.floors)].filter(Boolean).join(', ');
  const subject = oneLine(i18n._('Resolved: {title}', { title: m.incident.title }));
  const paragraphs = [
    greeting(r, m.fname),
    i18n._('the hostel team resolved “{title}” ({where}).', { title: m.incident.title, where }),
    i18n._('Note from the hostel team: {note}', { note: m.note }),
    ...(m.own.length
      ? [
          i18n._(
            '{count, plural, one {Your complaint {numbers} is now resolved with it. If it is fixed, confirm it and rate the work; if not, reopen it and say why.} other {Your complaints {numbers} are now resolved with it. If it is fixed, confirm it and rate the work; if not, reopen it and say why.}}',
            { count: m.own.length, numbers: list(r, m.own.map((o) => o.number).sort()) },
          ),
        ]
      : []),
    ...(m.followed.length
      ? [
          i18n._('{count, plural, one {The complaint you follow, {numbers}, is resolved with it too.} other {The complaints you follow, {numbers}, are resolved with it too.}}', {
            count: m.followed.length,
            numbers: list(r, m.followed),
          }),
        ]
      : []),
    ...(m.own.length === 0 && m.followed.length === 0 ? [i18n._('You said it affected you too, so you are told it is over.')] : []),
  ];
  const links = m.own.length
    ? m.own.map((o) => ({ url: o.url, text: i18n._('See {number}', { number: o.number }) }))
    : [{ url: m.myComplaintsUrl, text: i18n._('Open My complaints') }];
  const text = `${paragraphs.join('\n\n')}\n\n${links.map((l) => `${l.text}: ${l.url}`).join('\n')}\n\n${i18n._('Hostel Complaint Portal')}\n`;
  const html =
    `<!doctype html><html lang="${htmlLang(r)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">` +
    paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('') +
    links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></p>`).join('') +
    `</body></html>`;
  return { subject, text, html };
}
