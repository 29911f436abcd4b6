import { STATUS_LABELS } from '../../../shared/constants.js';
import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, type NamedComplaint, type Reader } from '../../i18n/readers.js';
import { escapeHtml, htmlLang, oneLine } from './html.js';
import type { RenderedMail } from './templates.js';

/** The outbox purpose of the portal's answer to a mail it did not add to a complaint's thread. */
export const REFUSAL_PURPOSE = 'reply_refused';

/**
 * RFC 3834: the answer to a person's mail is `auto-replied`, everything else the portal sends is
 * `auto-generated`. Either way auto-responders stay quiet and the portal drops it if it comes back.
 */
export const autoSubmittedFor = (purpose: string): 'auto-replied' | 'auto-generated' =>
  purpose === REFUSAL_PURPOSE ? 'auto-replied' : 'auto-generated';

/** Why a genuine sender's mail was not added: the complaint is finished, or only quotes and signatures were in it. */
export type RefusalReason = 'finished' | 'empty';

export interface RefusalLinks {
  /** The complaint's page as the sender sees it (the student's page, or the staff console). */
  complaintUrl: string;
  /** Where the student files a new complaint; unset for the team, who do not file. */
  newComplaintUrl?: string | undefined;
}

type Paragraph = Array<string | { text: string; url: string }>;

function render(r: Reader, subject: string, paragraphs: Paragraph[]): RenderedMail {
  const asText = (p: Paragraph) => p.map((part) => (typeof part === 'string' ? part : part.url)).join('');
  const asHtml = (p: Paragraph) =>
    p.map((part) => (typeof part === 'string' ? escapeHtml(part) : `<a href="${escapeHtml(part.url)}">${escapeHtml(part.text)}</a>`)).join('');
  const text = `${paragraphs.map(asText).join('\n\n')}\n\n${r.i18n._('Hostel Complaint Portal')}\n`;
  const html =
    `<!doctype html><html lang="${htmlLang(r)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">` +
    paragraphs.map((p) => `<p style="white-space:pre-wrap">${asHtml(p)}</p>`).join('') +
    `</body></html>`;
  return { subject: oneLine(subject), text, html };
}

/**
 * The one answer a genuine sender gets when their mail was not added to the thread: why, and where
 * to go instead. It repeats nothing of their mail and names no student (it may go to the team of a
 * confidential complaint).
 */
export function refusalMail(
  complaint: Pick<ComplaintRow, 'number' | 'status' | 'complaintHead'> & Partial<NamedComplaint>,
  reason: RefusalReason,
  links: RefusalLinks,
  r: Reader = ENGLISH,
): RenderedMail {
  const { i18n } = r;
  const { number } = complaint;
  // The category's name in the reader's language when the row says which category it is.
  const head = complaint.category ? r.local({ ...complaint, category: complaint.category, subCategory: '', hostel: '', commonAreaId: null, placeText: null }).complaintHead : complaint.complaintHead;
  const about = `${number} (${head})`;
  const automatic = i18n._('This is an automatic answer to your mail; replying to it reaches nobody.');
  const page = { text: i18n._('Open {number}', { number }), url: links.complaintUrl };
  const paragraphs: Paragraph[] =
    reason === 'finished'
      ? [
          [
            i18n._('{number} is {status}, so your mail was not added.', { number, status: i18n._(STATUS_LABELS[complaint.status]).toLowerCase() }),
            ...(links.newComplaintUrl ? [` ${i18n._('File a new complaint:')} `, { text: links.newComplaintUrl, url: links.newComplaintUrl }] : []),
          ],
          links.newComplaintUrl
            ? [`${i18n._('If something about {about} is still wrong, say so in the new complaint. The complaint:', { about })} `, page]
            : [`${i18n._('Anything you still want to say about {about} can be added in the staff console:', { about })} `, page],
          [automatic],
        ]
      : [
          [i18n._('We could not find any new text in your mail about {about}: once the quoted message and the signature were taken out, nothing was left, so nothing was added.', { about })],
          [`${i18n._('Write your answer above or below the quoted message and send it again, or answer on the complaint’s page:')} `, page],
          [automatic],
        ];
  return render(r, i18n._('Your mail about {number} was not added', { number }), paragraphs);
}
