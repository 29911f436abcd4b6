import { STATUS_LABELS } from '../../../shared/constants.js';
import type { ComplaintRow } from '../../db/schema.js';
import { escapeHtml, oneLine } from './html.js';
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

function render(subject: string, paragraphs: Paragraph[]): RenderedMail {
  const asText = (p: Paragraph) => p.map((part) => (typeof part === 'string' ? part : part.url)).join('');
  const asHtml = (p: Paragraph) =>
    p.map((part) => (typeof part === 'string' ? escapeHtml(part) : `<a href="${escapeHtml(part.url)}">${escapeHtml(part.text)}</a>`)).join('');
  const text = `${paragraphs.map(asText).join('\n\n')}\n\nHostel Complaint Portal\n`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
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
  complaint: Pick<ComplaintRow, 'number' | 'status' | 'complaintHead'>,
  reason: RefusalReason,
  links: RefusalLinks,
): RenderedMail {
  const about = `${complaint.number} (${complaint.complaintHead})`;
  const automatic = 'This is an automatic answer to your mail; replying to it reaches nobody.';
  const page = { text: `Open ${complaint.number}`, url: links.complaintUrl };
  const paragraphs: Paragraph[] =
    reason === 'finished'
      ? [
          [`${complaint.number} is ${STATUS_LABELS[complaint.status].toLowerCase()}, so your mail was not added.`, ...(links.newComplaintUrl ? [' File a new complaint: ', { text: links.newComplaintUrl, url: links.newComplaintUrl }] : [])],
          links.newComplaintUrl
            ? [`If something about ${about} is still wrong, say so in the new complaint. The complaint: `, page]
            : [`Anything you still want to say about ${about} can be added in the staff console: `, page],
          [automatic],
        ]
      : [
          [`We could not find any new text in your mail about ${about}: once the quoted message and the signature were taken out, nothing was left, so nothing was added.`],
          ['Write your answer above or below the quoted message and send it again, or answer on the complaint’s page: ', page],
          [automatic],
        ];
  return render(`Your mail about ${complaint.number} was not added`, paragraphs);
}
