import { floorsText } from '../../../shared/incidents.js';
import { escapeHtml, oneLine } from './html.js';
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

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The one mail each person concerned gets when a notice is resolved, however many ways it
 * concerns them (their complaints, complaints they follow, the notice itself): it names the
 * notice, the team's note, and their own complaints with links, where they may still reopen one.
 */
export function incidentResolvedMail(m: IncidentResolvedMail): RenderedMail {
  const where = [m.incident.hostel, floorsText(m.incident.floors)].filter(Boolean).join(', ');
  const subject = oneLine(`Resolved: ${m.incident.title}`);
  const paragraphs = [
    `Hello${m.fname ? ` ${m.fname}` : ''},`,
    `the hostel team resolved “${m.incident.title}” (${where}).`,
    `Note from the hostel team: ${m.note}`,
    ...(m.own.length
      ? [
          `Your complaint${m.own.length === 1 ? '' : 's'} ${list(m.own.map((o) => o.number).sort())} ${m.own.length === 1 ? 'is' : 'are'} now resolved with it. ` +
            'If it is fixed, confirm it and rate the work; if not, reopen it and say why.',
        ]
      : []),
    ...(m.followed.length
      ? [`The complaint${m.followed.length === 1 ? '' : 's'} you follow, ${list(m.followed)}, ${m.followed.length === 1 ? 'is' : 'are'} resolved with it too.`]
      : []),
    ...(m.own.length === 0 && m.followed.length === 0 ? ['You said it affected you too, so you are told it is over.'] : []),
  ];
  const links = m.own.length ? m.own.map((o) => ({ url: o.url, text: `See ${o.number}` })) : [{ url: m.myComplaintsUrl, text: 'Open My complaints' }];
  const text = `${paragraphs.join('\n\n')}\n\n${links.map((l) => `${l.text}: ${l.url}`).join('\n')}\n\nHostel Complaint Portal\n`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">` +
    paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('') +
    links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></p>`).join('') +
    `</body></html>`;
  return { subject, text, html };
}
